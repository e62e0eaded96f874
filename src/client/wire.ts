/**
 * What only some operations need on the wire, passed in by the modules whose operations need it
 * (src/modules.ts), so a page that calls none of them does not bundle it: the `.r` encoding of a
 * complex GET (query operations), and the address and bytes leaves of a shape (members'
 * addresses, login and recovery, Cart V2's bytes). Every operation has the basic leaves (dates,
 * floats, field masks). test/client/wire-features.test.ts checks that each module passes what its
 * operations' descriptors call for.
 */
import { encodeBase64Url } from '../normalise/base64url.ts';
import { needsDotR } from '../normalise/query.ts';
import { fromWire, toWire, type LeafFn } from '../normalise/shape.ts';

/** A complex GET's payload as the one base64url `.r` parameter, or undefined when plain parameters carry it. */
export type DotREncoder = (payload: Record<string, unknown>) => string | undefined;

export interface LeafCodecs {
  toWire: LeafFn;
  fromWire: LeafFn;
}

export interface WireFeatures {
  /** For operations marked `.r` (`dotR`). */
  dotR?: DotREncoder;
  /** For shapes with address or bytes leaves (the basic leaves otherwise). */
  leaves?: LeafCodecs;
}

/** The official SDK's rule: `.r` when the payload does not flatten to plain parameters. */
export const encodeDotR: DotREncoder = (payload) =>
  needsDotR(payload) ? encodeBase64Url(JSON.stringify(payload)) : undefined;

/** Every leaf kind, address and bytes included. */
export const ALL_LEAVES: LeafCodecs = { toWire, fromWire };

/** Everything: for a call whose descriptor is not known in advance (and in tests). */
export const ALL_WIRE_FEATURES: WireFeatures = { dotR: encodeDotR, leaves: ALL_LEAVES };
