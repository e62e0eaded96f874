/** The built-in sandbox modules. Each file under handlers/ owns one area of the provider. */
import type { SandboxModule } from './module.ts';
import { catalogModule } from './handlers/catalog.ts';
import { commerceModule } from './handlers/commerce.ts';
import { oauthModule } from './handlers/oauth.ts';

export type { SandboxModule } from './module.ts';

export const modules: SandboxModule[] = [oauthModule, catalogModule, commerceModule];
