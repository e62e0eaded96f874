/** The guided flows, in the order the page lists them: Cart V2 first (the provider removes Cart V1 and Checkout V1 on 2027-02-01). */
import type { Flow } from '../../core/flow-run.ts';
import { capturePayment, memberSignUp } from './member-flows.ts';
import { visitorToOrder, visitorToOrderV2 } from './shopper-flows.ts';

export const FLOWS: Record<string, Flow> = { visitorToOrderV2, visitorToOrder, memberSignUp, capturePayment };
