/**
 * Identity: register and login (v1, v2), state tokens, verification codes, owner approval,
 * captcha, recovery, change password, sign-on, logout; redirect sessions and the hosted login
 * page. Members and credentials are stored through member-store.ts.
 */
import type { SandboxModule } from '../module.ts';

export const identityModule: SandboxModule = {
  name: 'identity',
  handlers: {},
};
