/**
 * Opening the authentication panel from elsewhere (an operation's caller note, an error's
 * advice): a window event the panel listens for, so no feature imports another.
 */
export const OPEN_AUTH_EVENT = 'sfk-open-auth';

/** The part of the panel that fixes a caller problem: member login, or the API key. */
export type AuthPart = 'member' | 'elevated';

/** Opens a part of the authentication panel (member login, or the API key) and moves focus there. */
export function openAuth(part: AuthPart): void {
  dispatchEvent(new CustomEvent(OPEN_AUTH_EVENT, { detail: part }));
}
