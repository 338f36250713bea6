import { createContext, useContext } from 'react';

// The Content-Security-Policy nonce of this response (the server makes one per page, ADR-0018):
// set by entry.server.tsx, read by the root's script tags. Empty in the browser, which hides it.
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
