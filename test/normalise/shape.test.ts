import { describe, expect, it } from 'vitest';
import type { Shape } from '../../generated/runtime-types.ts';
import { fromWire, mapShape, toWire } from '../../src/normalise/shape.ts';

const shape: Shape = {
  o: {
    createdDate: 'date',
    weight: 'float',
    fieldMask: 'mask',
    lineItems: { i: { o: { serviceProperties: { o: { scheduledDate: 'date' } }, price: 'float' } } },
    customFields: { a: { r: 'Value' } },
  },
};
const named: Record<string, Shape> = { Value: { o: { dateValue: 'date', listValue: { o: { value: { i: { r: 'Value' } } } } } } };

describe('request normalisation (toWire)', () => {
  it.each([
    { given: { createdDate: new Date('2026-01-02T03:04:05.000Z') }, want: { createdDate: '2026-01-02T03:04:05.000Z' } },
    { given: { createdDate: '2026-01-02T03:04:05Z' }, want: { createdDate: '2026-01-02T03:04:05Z' } },
    { given: { weight: NaN }, want: { weight: 'NaN' } },
    { given: { weight: Infinity }, want: { weight: 'Infinity' } },
    { given: { weight: -Infinity }, want: { weight: '-Infinity' } },
    { given: { weight: 1.5 }, want: { weight: 1.5 } },
    { given: { fieldMask: ['buyerNote', 'tags'] }, want: { fieldMask: 'buyerNote,tags' } },
    { given: { fieldMask: 'buyerNote' }, want: { fieldMask: 'buyerNote' } },
    {
      given: { lineItems: [{ price: NaN, serviceProperties: { scheduledDate: new Date(0) } }] },
      want: { lineItems: [{ price: 'NaN', serviceProperties: { scheduledDate: '1970-01-01T00:00:00.000Z' } }] },
    },
    {
      given: { customFields: { a: { listValue: { value: [{ dateValue: new Date(0) }] } } } },
      want: { customFields: { a: { listValue: { value: [{ dateValue: '1970-01-01T00:00:00.000Z' }] } } } },
    },
    { given: { other: new Date(0) }, want: { other: new Date(0) } },
  ])('$given -> $want', ({ given, want }) => {
    expect(mapShape(given, shape, named, toWire, true)).toEqual(want);
  });

  it('never changes the caller objects', () => {
    const given = { lineItems: [{ price: NaN }], createdDate: new Date(0) };
    mapShape(given, shape, named, toWire, true);
    expect(given.lineItems[0].price).toBeNaN();
    expect(given.createdDate).toBeInstanceOf(Date);
  });

  it('copies only the objects on the way to a rewritten value; what has nothing to rewrite is passed as it is', () => {
    const untouched = { serviceProperties: { scheduledDate: '2026-01-02T03:04:05Z' }, price: 2 };
    const rewritten = { serviceProperties: { scheduledDate: new Date(0) }, price: 3 };
    const given = { lineItems: [untouched, rewritten], name: 'kept' };
    const out = mapShape(given, shape, named, toWire, true) as typeof given;
    expect(out).not.toBe(given);
    expect(out.lineItems).not.toBe(given.lineItems);
    expect(out.lineItems[0]).toBe(untouched);
    expect(out.lineItems[1]).not.toBe(rewritten);
    expect(out.lineItems[1].serviceProperties.scheduledDate).toBe('1970-01-01T00:00:00.000Z');
    expect(rewritten.serviceProperties.scheduledDate).toBeInstanceOf(Date);
    const plain = { lineItems: [untouched], createdDate: '2026-01-02T03:04:05Z' };
    expect(mapShape(plain, shape, named, toWire, true)).toBe(plain);
  });
});

describe('response normalisation (fromWire)', () => {
  it.each([
    { given: { createdDate: '2026-01-02T03:04:05.000Z' }, want: { createdDate: new Date('2026-01-02T03:04:05.000Z') } },
    { given: { createdDate: 'not a date' }, want: { createdDate: 'not a date' } },
    { given: { weight: 'NaN' }, want: { weight: NaN } },
    { given: { weight: 'Infinity' }, want: { weight: Infinity } },
    { given: { weight: '-Infinity' }, want: { weight: -Infinity } },
    { given: { weight: '12' }, want: { weight: '12' } },
    { given: { lineItems: [{ price: 'Infinity' }] }, want: { lineItems: [{ price: Infinity }] } },
    {
      given: { customFields: { x: { listValue: { value: [{ dateValue: '1970-01-01T00:00:00.000Z' }] } } } },
      want: { customFields: { x: { listValue: { value: [{ dateValue: new Date(0) }] } } } },
    },
  ])('$given -> $want', ({ given, want }) => {
    expect(mapShape(given, shape, named, fromWire, false)).toEqual(want);
  });
});

describe('identity addresses (x-sfk-address): the official SDK\'s names in the client, the wire\'s on the wire', () => {
  // The shape the generator writes for an identity profile's addresses.
  const geocode: Shape = { o: { latitude: 'float', longitude: 'float' } };
  const profile: Shape = { o: { addresses: { i: { o: { address: { o: { geocode, location: geocode }, k: 'address' } } } } } };
  const sdk = { addresses: [{ tag: 'HOME', address: { country: 'US', addressLine1: '235 W 23rd St', addressLine2: '3A', formatted: '235 W 23rd St, New York', location: { latitude: 40.7448, longitude: NaN } } }] };
  const wire = { addresses: [{ tag: 'HOME', address: { country: 'US', addressLine: '235 W 23rd St', addressLine2: '3A', formattedAddress: '235 W 23rd St, New York', geocode: { latitude: 40.7448, longitude: 'NaN' } } }] };

  it('a request goes out under the wire names, floats as text, the caller\'s object unchanged', () => {
    const given = structuredClone(sdk);
    expect(mapShape(given, profile, undefined, toWire, true)).toEqual(wire);
    expect(given).toEqual(sdk);
  });

  it('a request already under the wire names goes out as it is', () => {
    expect(mapShape(structuredClone(wire), profile, undefined, toWire, true)).toEqual(wire);
  });

  it('an answer comes back under the SDK names, floats as numbers', () => {
    expect(mapShape(structuredClone(wire), profile, undefined, fromWire, false)).toEqual(sdk);
  });
});

describe('bytes (contentEncoding: base64)', () => {
  const page: Shape = { o: { body: 'bytes' } };
  it('an answer\'s base64 text comes back as the decoded bytes', () => {
    const out = mapShape({ body: 'PGh0bWw+PC9odG1sPg==' }, page, undefined, fromWire, false) as { body: Uint8Array };
    expect(new TextDecoder().decode(out.body)).toBe('<html></html>');
  });
  it('bytes in a request go out as base64 text', () => {
    expect(mapShape({ body: new TextEncoder().encode('<html></html>') }, page, undefined, toWire, true)).toEqual({ body: 'PGh0bWw+PC9odG1sPg==' });
  });
});
