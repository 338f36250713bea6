// ADR-0055: Redis, when REDIS_URL is set: the browsing limit's counts and the cache changes. It is
// optional: without it both go through the database.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type RedisConnection = {
  /** commands (counting, publishing) */
  client: Redis;
  /** a connection that only subscribes (Redis allows nothing else on it), opened when first asked for */
  subscriber(): Redis;
  close(): Promise<void>;
};

export function connectRedis(url: string, logger: Logger): RedisConnection {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const client = new Redis(url, options);
  let subscriber: Redis | null = null;
  // ioredis connects again by itself; a lost connection is logged, not thrown
  client.on('error', (error: Error) => logger.warn({ err: error }, 'redis connection'));
  return {
    client,
    subscriber() {
      if (!subscriber) {
        subscriber = client.duplicate();
        subscriber.on('error', (error: Error) => logger.warn({ err: error }, 'redis subscriber connection'));
      }
      return subscriber;
    },
    async close() {
      await Promise.all([client.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
    },
  };
}
