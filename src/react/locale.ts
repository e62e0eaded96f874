/**
 * The locale `<Money>` formats in. Its own module, apart from the provider: a page that shows
 * prices but holds no store (a product page whose cart loads on first tap) bundles no store.
 */
import { createContext, useContext } from 'react';

export const LocaleContext = /* @__PURE__ */ createContext('en-US');

/** The provider's `locale`; 'en-US' outside a provider. */
export const useLocale = (): string => useContext(LocaleContext);
