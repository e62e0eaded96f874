/** The answer's CSP nonce for the inline scripts the layout writes (server.ts makes one per answer). */
import { createContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);
