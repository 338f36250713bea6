import type { Logger } from 'pino';

/** The reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY). */
export type TrustedProxies = { has(address: string): boolean };

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** TRUST_PROXY: whose X-Forwarded-* headers are believed (set for every request by createApp) */
    trustedProxies: TrustedProxies | undefined;
    /** this response's Content-Security-Policy nonce (securityHeaders) */
    nonce: string;
  };
};
