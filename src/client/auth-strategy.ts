/** What createClient needs from an auth strategy (OAuthStrategy, ApiKeyStrategy, or your own). */
export interface AuthEnvironment {
  /** The configured API host, e.g. `https://www.wixapis.com` or the sandbox's URL. */
  host: string;
  /** The client's fetch (retries, timeout), for token requests. */
  fetch: typeof fetch;
}

export interface AuthStrategy {
  /** Headers that authorise one call to the configured API host. */
  getAuthHeaders(): Promise<{ headers: Record<string, string> }>;
  /** True for API-key clients: they may call elevated operations. */
  readonly elevated?: boolean;
  /** createClient hands the strategy its host and fetch. */
  attach?(env: AuthEnvironment): void;
  /** A call answered 401: renew if possible; true means "try the call once more". */
  onUnauthorized?(): Promise<boolean>;
}
