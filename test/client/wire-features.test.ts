/**
 * Each module of src/modules.ts passes in what its operations need on the wire (src/client/wire.ts),
 * and nothing else: the `.r` encoder where an operation is marked `.r`, every leaf codec where a
 * shape has an address or bytes leaf. A module without them would send a complex query as plain
 * parameters or answer an address in the wire's names; one with them for nothing would bundle them.
 */
import { describe, expect, it } from 'vitest';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import type { ModuleFeatures } from '../../src/client/define-module.ts';
import { ALL_LEAVES, encodeDotR } from '../../src/client/wire.ts';
import * as modules from '../../src/modules.ts';

type ModuleFunction = { descriptor: OperationDescriptor; features: ModuleFeatures };

/** Whether a shape (or a named-shape map) has an address or bytes leaf anywhere. */
const hasRichLeaf = (shape: unknown): boolean =>
  shape === 'bytes' ||
  (typeof shape === 'object' &&
    shape !== null &&
    (('k' in shape && shape.k === 'address') || Object.values(shape).some(hasRichLeaf)));

describe('module wire features', () => {
  for (const [name, module] of Object.entries(modules)) {
    const fns = Object.values(module as unknown as Record<string, ModuleFunction>);
    it(`${name}: the .r encoder and the leaf codecs exactly where its operations need them`, () => {
      const needsDotR = fns.some((f) => f.descriptor.dotR);
      const needsLeaves = fns.some((f) =>
        [f.descriptor.request, f.descriptor.response, f.descriptor.shapes].some(hasRichLeaf),
      );
      for (const f of fns) {
        expect(f.features.dotR, `${f.descriptor.key}: .r encoder`).toBe(needsDotR ? encodeDotR : undefined);
        expect(f.features.leaves, `${f.descriptor.key}: leaf codecs`).toBe(needsLeaves ? ALL_LEAVES : undefined);
      }
    });
  }

  it('finds both kinds of need somewhere (the check above is not empty)', () => {
    const all = Object.values(modules).flatMap((m) => Object.values(m as unknown as Record<string, ModuleFunction>));
    expect(all.some((f) => f.descriptor.dotR)).toBe(true);
    expect(all.some((f) => hasRichLeaf(f.descriptor.response) || hasRichLeaf(f.descriptor.shapes))).toBe(true);
  });
});
