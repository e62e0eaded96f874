/**
 * Every example in the spec validates against its schema (ajv, JSON Schema 2020-12): media-type
 * examples against the media type's schema, parameter examples against the parameter's
 * schema, and schema-level examples against the schema they sit on.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadBundles, walk, type Json } from '../support/spec.ts';

interface ExampleCase {
  name: string;
  schemaPointer: string;
  value: unknown;
}

const bundles = loadBundles();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
for (const [service, doc] of Object.entries(bundles)) ajv.addSchema(doc, service);

function casesOf(service: string, doc: Json): ExampleCase[] {
  const cases: ExampleCase[] = [];
  walk(doc, (node, pointer) => {
    const isMediaOrParam = pointer.includes('/content/') || /\/parameters\/\d+$/.test(pointer);
    if (node.schema && typeof node.schema === 'object' && isMediaOrParam) {
      if ('example' in node) cases.push({ name: `${service}${pointer}/example`, schemaPointer: `${pointer}/schema`, value: node.example });
      for (const [k, ex] of Object.entries((node.examples ?? {}) as Record<string, Json>)) {
        if ('value' in ex) cases.push({ name: `${service}${pointer}/examples/${k}`, schemaPointer: `${pointer}/schema`, value: ex.value });
      }
    }
    const isSchema = /\/(schema|schemas\/[^/]+|properties\/[^/]+|items)$/.test(pointer);
    if (isSchema && 'example' in node && !isMediaOrParamNode(node)) {
      cases.push({ name: `${service}${pointer}`, schemaPointer: pointer, value: node.example });
    }
  });
  return cases;
}

function isMediaOrParamNode(node: Json): boolean {
  return 'schema' in node && typeof node.schema === 'object';
}

const cases = Object.entries(bundles).flatMap(([service, doc]) => casesOf(service, doc));

describe('spec examples validate against their schemas', () => {
  it('finds examples in every service', () => {
    for (const service of Object.keys(bundles)) {
      expect(cases.some((c) => c.name.startsWith(service + '/')), service).toBe(true);
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const service = c.name.split('/')[0];
    const validate = ajv.getSchema(`${service}#${c.schemaPointer}`);
    expect(validate, `schema at ${c.schemaPointer}`).toBeDefined();
    const ok = validate!(c.value);
    expect(ok ? [] : validate!.errors).toEqual([]);
  });
});
