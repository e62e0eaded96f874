/** The Wix Stores app's id: the catalog that products in a cart or checkout come from. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
