/**
 * What a sandbox accepts when started without options: its OAuth client id, API key and site id.
 * The console's forms start from them; they are the sandbox's, not seed data.
 */
export const DEFAULT_CLIENT_ID = 'sandbox-client';
export const DEFAULT_API_KEY = 'sandbox-api-key';
export const DEFAULT_SITE_ID = 'sandbox-site';
