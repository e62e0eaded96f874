import type { OperationDescriptor } from '../../../src/console-data.ts';

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
