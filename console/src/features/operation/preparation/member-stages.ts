/** The stages of the member operations: a registration half-way, a recovery e-mail, a logged-in new member. */
import { finishAuthentication, oauthStrategy, send } from '../../../core/client.ts';
import { findOperation } from '../../../core/operations.ts';
import type { Preparation, Stage, Values } from '../../../core/preparation.ts';
import { AS_SHOPPER, control, mailTo } from './steps.ts';

/** A registration the site stops at e-mail verification: its state token (and the e-mailed code). */
export const pendingRegistration: Stage = {
  needs: 'a registration waiting for e-mail verification',
  changes:
    "registers a new member while the sandbox asks for e-mail verification (its setting is put back after), and reads the code from the sandbox's outbox",
  steps: [
    {
      says: 'ask for e-mail verification (sandbox setting), registerV2 a new member, read the code from the outbox',
      async run() {
        const before = await control('GET', '/__sandbox/settings');
        await control('PATCH', '/__sandbox/settings', { requireEmailVerification: true });
        try {
          const email = `new-${crypto.randomUUID().slice(0, 8)}@storefront.test`;
          const d = findOperation('authentication.registerV2')!;
          const r = await send(d, [], { loginId: { email }, password: `pw-${crypto.randomUUID()}` }, AS_SHOPPER);
          const stateToken = (r.result as Values | undefined)?.stateToken;
          if (!r.ok || !stateToken)
            throw new Error(
              `registerV2 answered ${r.status ?? 'nothing'} without a state token${r.error ? `: ${r.error.message}` : ''}`,
            );
          return { stateToken, code: (await mailTo(email, 'verification')).code };
        } finally {
          await control('PATCH', '/__sandbox/settings', {
            requireEmailVerification: Boolean(before.requireEmailVerification),
          });
        }
      },
    },
  ],
};

export const recoveryMail: Stage = {
  needs: 'a recovery token',
  changes:
    "sends a recovery e-mail to the demo member (sendRecoveryEmail) and reads its token from the sandbox's outbox",
  steps: [
    {
      says: "sendRecoveryEmail to the demo member, read the token from the sandbox's outbox",
      async run() {
        const { demoMember } = await control('GET', '/__sandbox/info');
        const r = await send(findOperation('recovery.sendRecoveryEmail')!, [], { email: demoMember.email }, AS_SHOPPER);
        if (!r.ok) throw new Error(`sendRecoveryEmail answered ${r.status ?? 'nothing'}: ${r.error?.message}`);
        return { recoveryToken: (await mailTo(demoMember.email, 'recovery')).recoveryToken };
      },
    },
  ],
};

/** A member's own operations: a new member registers and is logged in (the demo member is left as it is). */
export const asNewMember: Preparation = {
  why: 'It is called as a logged-in member; you are not one yet.',
  offeredTo: (role) => role !== 'member',
  stages: [
    {
      needs: 'a logged-in member',
      changes: 'registers a new member (a made-up e-mail) and logs in as it; the demo member is left as it is',
      steps: [
        {
          says: 'register a new member and log in',
          async run() {
            const email = `member-${crypto.randomUUID().slice(0, 8)}@storefront.test`;
            const password = `pw-${crypto.randomUUID()}`;
            const said = await finishAuthentication('Register', await oauthStrategy().register({ email, password }));
            if (!said.includes('logged in')) throw new Error(said);
            return { email, password };
          },
        },
      ],
    },
  ],
  fill: () => ({}),
};
