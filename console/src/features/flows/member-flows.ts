/** A member's sign-up, and the site owner's capture of a payment. */
import { LoginState } from '../../../../src/auth/index.ts';
import { finishAuthentication, oauthStrategy, send } from '../../core/client.ts';
import type { Flow } from '../../core/flow-run.ts';
import { findOperation } from '../../core/operations.ts';
import { currentRole } from '../../core/state.ts';
import { AS_SHOPPER, amountOf, operationStep, reached, skipped, verificationCodeFor } from './flow-steps.ts';

export const memberSignUp: Flow = {
  title: 'Member sign-up',
  about:
    "A new member registers; with the site's policies on, verifies the e-mailed code and waits for the owner's approval; then is logged in.",
  steps: [
    {
      title: 'Register a new member',
      calls: 'authentication.registerV2',
      async run() {
        const email = `shopper-${crypto.randomUUID().slice(0, 8)}@storefront.test`;
        const password = `pw-${crypto.randomUUID()}`;
        return reached(this.title, await oauthStrategy().register({ email, password }), { email, password });
      },
    },
    {
      title: 'Verify the e-mail with the code from the outbox',
      calls: 'verification.verifyDuringAuthentication',
      async run(v) {
        if (v.machine.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED)
          return skipped('the site does not ask for e-mail verification');
        return reached(
          this.title,
          await oauthStrategy().processVerification(
            { verificationCode: await verificationCodeFor(v.email) },
            v.machine,
          ),
        );
      },
    },
    {
      title: 'The site owner approves the member',
      calls: 'members.approveMember (API key), authentication.loginV2',
      async run(v) {
        if (v.machine.loginState !== LoginState.OWNER_APPROVAL_REQUIRED)
          return skipped('the site does not ask for owner approval');
        const approve = await send(
          findOperation('members.approveMember')!,
          [v.machine.data.identity.id],
          {},
          { elevated: true },
        );
        if (!approve.ok)
          throw new Error(`${approve.status ?? 'no answer'} ${approve.error?.name}: ${approve.error?.message}`);
        return reached(this.title, await oauthStrategy().login({ email: v.email, password: v.password }));
      },
    },
    {
      title: 'Log in: member tokens for the session',
      calls: 'redirects.createRedirectSession, oauth2/token',
      async run(v) {
        const said = await finishAuthentication('Sign-up', v.machine);
        if (currentRole() !== 'member') throw new Error(said);
        return { status: 'member', detail: said };
      },
    },
    operationStep(
      "Read the member's own record",
      'members.getCurrentMember',
      () => ({ path: [], options: { fieldsets: ['FULL'] } }),
      (r) => ({ memberId: r.member?.id }),
      AS_SHOPPER,
    ),
  ],
  done: (v) => `Signed up and logged in as ${v.email} (member ${v.memberId})`,
};

export const capturePayment: Flow = {
  title: 'Admin: capture a payment',
  about: 'The site owner finds an order whose payment is only authorized and captures it.',
  steps: [
    operationStep(
      'Find an order with an authorized payment',
      'orders.searchOrders',
      () => ({ path: [], options: { search: { cursorPaging: { limit: 100 } } } }),
      (r) => {
        const order = (r.orders ?? []).find(
          (o: any) => o.status !== 'CANCELED' && amountOf(o.balanceSummary?.authorized) > 0,
        );
        if (!order) throw new Error('no order has an authorized payment left to capture');
        const created = (order.activities ?? []).filter(
          (a: any) => a.type === 'AUTHORIZED_PAYMENT_CREATED' && a.paymentId,
        );
        if (!created.length)
          throw new Error(`order ${order.id} shows no AUTHORIZED_PAYMENT_CREATED activity with a payment id`);
        return {
          orderId: order.id,
          paymentIds: created.map((a: any) => a.paymentId),
          paymentStatusBefore: order.paymentStatus,
        };
      },
      { elevated: true },
    ),
    operationStep(
      'Capture the authorized payments',
      'orders.captureAuthorizedPayments',
      (v) => ({ path: [v.orderId], options: { payments: v.paymentIds.map((paymentId: string) => ({ paymentId })) } }),
      (r) => ({
        captured: (r.orderTransactions?.payments ?? [])
          .map((p: any) => `${p.id}: ${p.regularPaymentDetails?.status}`)
          .join(', '),
      }),
      { elevated: true },
    ),
    operationStep(
      "Read the order's payment status",
      'orders.getOrder',
      (v) => ({ path: [v.orderId], options: {} }),
      (r) => ({ paymentStatus: r.order?.paymentStatus, paid: r.order?.balanceSummary?.paid?.formattedAmount }),
      { elevated: true },
    ),
  ],
  done: (v) =>
    `Payment captured: order ${v.orderId} went from ${v.paymentStatusBefore} to ${v.paymentStatus} (paid ${v.paid}; payments ${v.captured})`,
};
