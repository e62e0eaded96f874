/** The provider's API host. Paths never change with the host: the sandbox serves the same ones. */
export const DEFAULT_HOST = 'https://www.wixapis.com';
