/** The built-in sandbox modules. Each file under handlers/ owns one area of the provider. */
import type { SandboxModule } from './module.ts';
import { catalogModule } from './handlers/catalog.ts';
import { commerceModule } from './handlers/commerce.ts';
import { identityModule } from './handlers/identity.ts';
import { membersModule } from './handlers/members.ts';
import { oauthModule } from './handlers/oauth.ts';
import { ordersModule } from './handlers/orders.ts';
import { redirectsModule } from './handlers/redirects.ts';
import { memberCartModule } from './seed/member-cart.ts';

export type { SandboxModule } from './module.ts';

// Members seed before the catalog (the demo member's wishlist points at it); the demo member's
// cart and checkout last (they are made from the catalog, after the orders took their stock).
export const modules: SandboxModule[] = [oauthModule, membersModule, identityModule, redirectsModule, catalogModule, commerceModule, ordersModule, memberCartModule(commerceModule.handlers!)];
