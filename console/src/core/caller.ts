/** Who may call an operation (its caller column) and what the page says when the current role may not. */
import type { OperationDescriptor } from '../../../src/console-data.ts';
import type { CallResult } from './client.ts';
import type { AuthPart } from './open-auth.ts';

const ALLOWED: Record<OperationDescriptor['caller'], string[]> = {
  visitorOrMember: ['none', 'visitor', 'member', 'elevated'],
  member: ['member'],
  elevated: ['elevated'],
  anyone: ['none', 'visitor', 'member', 'elevated'],
};

/**
 * Whether the current role may call an operation (its caller column). No role yet counts as a
 * visitor: the client gets visitor tokens on the first call.
 */
export function callerAllows(d: OperationDescriptor, role: string): boolean {
  return ALLOWED[d.caller].includes(role);
}

/** The caller column in words, for a role it allows. */
export const callerName = (d: OperationDescriptor) => (d.caller === 'visitorOrMember' ? 'visitor or member' : d.caller);

/** What the page says when the role may not call `d`, the part of the authentication panel that fixes it, and its button. */
export function callerHelp(d: OperationDescriptor): { says: string; part: AuthPart; action: string } {
  return d.caller === 'member'
    ? {
        says: 'This operation is for a logged-in member; you call as a visitor now.',
        part: 'member',
        action: 'Log in as a member…',
      }
    : {
        says: "This is an admin call: it needs the site's API key (elevated), which you are not using now.",
        part: 'elevated',
        action: 'Use the API key…',
      };
}

/** The plain-words reading of an answer that says the caller is wrong, with the way to fix it. */
export function errorAdvice(d: OperationDescriptor, r: CallResult): { says: string; part: AuthPart } | undefined {
  const text = `${r.error?.name} ${r.error?.message}`;
  if (r.ok) return undefined;
  if (d.caller === 'elevated' && (r.status === 401 || r.status === 403 || /elevated/i.test(text))) {
    return {
      says: "This call needs the site's API key: turn on “Call as elevated” under Authentication.",
      part: 'elevated',
    };
  }
  if (d.caller === 'member' && (r.status === 401 || r.status === 403)) {
    return {
      says: 'This call needs a logged-in member: log in under Authentication (the sandbox fills in its demo member).',
      part: 'member',
    };
  }
  return undefined;
}
