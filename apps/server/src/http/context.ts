import type { Logger } from 'pino';
import type { SessionSeller, SessionShopper, SessionViewer } from './auth.ts';
import type { TrustedProxies } from './client-address.ts';

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** TRUST_PROXY: whose X-Forwarded-* headers are believed (set for every request by createApp) */
    trustedProxies: TrustedProxies | undefined;
    /** this response's Content-Security-Policy nonce (securityHeaders) */
    nonce: string;
    /** the logged-in account, on routes behind requireShopper() */
    shopper: SessionShopper;
    /** the logged-in seller, on routes behind requireSeller() */
    seller: SessionSeller;
    /** the session's account or null, on routes behind optionalShopper() */
    viewer: SessionViewer;
  };
};
