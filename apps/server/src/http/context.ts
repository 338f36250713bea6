import type { Logger } from 'pino';

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
  };
};
