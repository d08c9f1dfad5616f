import { createContext, useContext } from 'react';

/**
 * The page's Content-Security-Policy nonce, which entry.server.tsx hands in as it renders the page: inline
 * scripts run only with it. In the browser it is undefined (browsers hide nonces from the page), and the
 * scripts that carry it are already in the document.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
