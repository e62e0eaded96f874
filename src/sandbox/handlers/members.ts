/**
 * Site members (`/members/v1/members...`): seeded members in every status and privacy state,
 * and the members API. Records and credentials live in member-store.ts (shared with identity).
 */
import type { SandboxModule } from '../module.ts';
import { DEMO_MEMBER_ID, putMember } from './member-store.ts';

export const membersModule: SandboxModule = {
  name: 'members',
  async seed({ db, now, options }) {
    await putMember(db, {
      id: DEMO_MEMBER_ID,
      email: options.memberEmail,
      password: options.memberPassword,
      loginEmailVerified: true,
      contact: { firstName: 'Dana', lastName: 'Demo' },
      profile: { nickname: 'Dana Demo', slug: 'dana-demo' },
      now,
    });
  },
  handlers: {},
};
