import type { Server } from 'node:http';
import type { Logger } from 'pino';

type Closeable = { close(): Promise<void> };

/**
 * Stops accepting connections, lets in-flight requests finish (cutting them off after
 * `timeoutMs`), then closes the database. Safe to call more than once.
 */
export function createShutdown({
  server,
  database,
  logger,
  timeoutMs,
}: {
  server: Server;
  database: Closeable;
  logger: Logger;
  timeoutMs: number;
}): (signal: string) => Promise<void> {
  let done: Promise<void> | undefined;
  return (signal) => {
    done ??= (async () => {
      logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => {
        logger.warn(
          { timeoutMs },
          'requests still running at the shutdown deadline: closing their connections',
        );
        server.closeAllConnections();
      }, timeoutMs);
      await closed;
      clearTimeout(timer);
      await database.close();
      logger.info('shut down cleanly');
    })();
    return done;
  };
}
