/**
 * Plain ajv over the bundled spec (JSON Schema 2020-12, strict mode, no type coercion, nothing
 * of the sandbox's): what any tool reading the published spec would accept. The OpenAPI
 * keywords around the schemas and the spec's own `x-sfk-*` markers are declared as annotations,
 * so strict mode still refuses any other unknown keyword.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { loadBundles, walk, type Json } from '../support/spec.ts';

const bundles = loadBundles();
const OPENAPI_KEYWORDS = ['openapi', 'info', 'servers', 'paths', 'webhooks', 'components', 'tags', 'security', 'jsonSchemaDialect', 'externalDocs', 'example', 'discriminator', 'xml'];

function markers(): string[] {
  const found = new Set<string>();
  for (const doc of Object.values(bundles)) walk(doc, (node) => Object.keys(node).forEach((k) => k.startsWith('x-') && found.add(k)));
  return [...found];
}

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, validateFormats: true, strictRequired: false });
addFormats.default(ajv);
ajv.addVocabulary([...OPENAPI_KEYWORDS, ...markers()]);
for (const [service, doc] of Object.entries(bundles)) ajv.addSchema(doc, service);

const cache = new Map<string, ValidateFunction>();
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The operation's JSON body schema; for a GET, its query parameters as one object (the `.r` payload). */
function validatorFor(d: OperationDescriptor): ValidateFunction {
  let v = cache.get(d.key);
  if (v) return v;
  const base = `${d.service}#/paths/${escape(d.path)}/${d.method.toLowerCase()}`;
  const op = ((bundles[d.service].paths as Json)[d.path] as Json)[d.method.toLowerCase()] as Json;
  if (op.requestBody) {
    v = ajv.compile({ $ref: `${base}/requestBody/content/application~1json/schema` });
  } else {
    const properties: Json = {};
    ((op.parameters ?? []) as Json[]).forEach((p, i) => p.in === 'query' && (properties[p.name as string] = { $ref: `${base}/parameters/${i}/schema` }));
    v = ajv.compile({ type: 'object', properties });
  }
  cache.set(d.key, v);
  return v;
}

/** The errors of a payload (a JSON body, or a decoded `.r`) of operation `d`; empty when valid. */
export function specErrors(d: OperationDescriptor, payload: unknown): ErrorObject[] {
  const v = validatorFor(d);
  return v(payload) ? [] : [...(v.errors ?? [])];
}
