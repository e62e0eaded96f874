/**
 * An elevated client: an API key with the site (or account) it acts on. The provider takes the
 * key raw in Authorization and the site in `wix-site-id` (or the account in `wix-account-id`).
 */
import type { AuthStrategy } from '../client/auth-strategy.ts';

export interface ApiKeyOptions {
  apiKey: string;
  siteId?: string;
  accountId?: string;
}

export function ApiKeyStrategy(options: ApiKeyOptions): AuthStrategy & { readonly elevated: true } {
  if (!options.apiKey) throw new TypeError('ApiKeyStrategy: apiKey is required');
  if (!options.siteId && !options.accountId) throw new TypeError('ApiKeyStrategy: siteId or accountId is required');
  const headers: Record<string, string> = { authorization: options.apiKey };
  if (options.siteId) headers['wix-site-id'] = options.siteId;
  if (options.accountId) headers['wix-account-id'] = options.accountId;
  return {
    elevated: true,
    getAuthHeaders: async () => ({ headers: { ...headers } }),
  };
}
