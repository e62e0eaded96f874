/** Who may call an operation, and what the page says when the role may not (console/src/core/caller.ts). */
import { describe, expect, it } from 'vitest';
import { callerAllows, callerHelp, callerName, errorAdvice } from '../../console/src/core/caller.ts';
import type { CallResult } from '../../console/src/core/client.ts';
import { findOperation } from '../../console/src/core/operations.ts';

const visitorOp = findOperation('checkout.getCheckout')!;
const memberOp = findOperation('members.joinCommunity')!;
const adminOp = findOperation('orders.searchOrders')!;
const failed = (status: number, message = 'no'): CallResult => ({
  ok: false,
  status,
  ms: 1,
  headers: [],
  error: { name: 'SdkError', message, fields: [] },
});

describe('callerAllows', () => {
  it.each([
    ['checkout.getCheckout', 'none', true],
    ['checkout.getCheckout', 'elevated', true],
    ['members.joinCommunity', 'member', true],
    ['members.joinCommunity', 'visitor', false],
    ['orders.searchOrders', 'elevated', true],
    ['orders.searchOrders', 'member', false],
  ] as const)('%s as %s -> %s', (key, role, allowed) => {
    expect(callerAllows(findOperation(key)!, role)).toBe(allowed);
  });

  it('names the caller column in words', () => {
    expect(callerName(visitorOp)).toBe('visitor or member');
    expect(callerName(adminOp)).toBe('elevated');
  });
});

describe('help and advice', () => {
  it('sends a member operation to the member login and an admin one to the API key', () => {
    expect(callerHelp(memberOp)).toMatchObject({ part: 'member', action: 'Log in as a member…' });
    expect(callerHelp(adminOp)).toMatchObject({ part: 'elevated', action: 'Use the API key…' });
  });

  it('reads a 401 or 403 (or an "elevated" error) as the caller being wrong', () => {
    expect(errorAdvice(adminOp, failed(403))?.part).toBe('elevated');
    expect(errorAdvice(adminOp, failed(400, 'needs an elevated caller'))?.part).toBe('elevated');
    expect(errorAdvice(memberOp, failed(401))?.part).toBe('member');
  });

  it('gives no advice for an answer that is not about the caller', () => {
    expect(errorAdvice(memberOp, failed(404))).toBeUndefined();
    expect(errorAdvice(visitorOp, failed(403))).toBeUndefined();
    expect(errorAdvice(adminOp, { ok: true, status: 200, ms: 1, headers: [] })).toBeUndefined();
  });
});
