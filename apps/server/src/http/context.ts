import type { Logger } from 'pino';

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** this response's Content-Security-Policy nonce (securityHeaders) */
    nonce: string;
  };
};
