// ADR-0055: tells every server process that something its caches keep has changed, so a change
// made through one process shows on every other within a second. The caches' time limits stay,
// to catch a change whose message was lost (a listening connection that dropped for a moment).
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '@marketplace/db';
import type { RedisConnection } from './redis.ts';

const CHANNEL = 'bazaar_cache_changes';

/** What changed: each topic names the caches to load afresh. */
export type ChangeTopic = 'content' | 'catalog';

export type ChangeBus = {
  /** Tells every process, this one included, that `topic` changed. */
  publish(topic: ChangeTopic): void;
  /** Calls `onChange` whenever any process publishes `topic`. */
  subscribe(topic: ChangeTopic, onChange: () => void): void;
  /** Settles once this process hears the others (or could not start to: then the time limits apply). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

function isTopic(text: string): text is ChangeTopic {
  return text === 'content' || text === 'catalog';
}

/** Local delivery plus a transport to the other processes: messages from this process are not heard twice. */
function busOver(
  send: (message: string) => Promise<void>,
  start: (onMessage: (message: string) => void) => Promise<() => Promise<void>>,
  logger: Logger,
): ChangeBus {
  const origin = randomUUID();
  const subscribers = new Map<ChangeTopic, Set<() => void>>();
  const deliver = (topic: ChangeTopic) => {
    for (const onChange of subscribers.get(topic) ?? []) {
      try {
        onChange();
      } catch (error) {
        logger.error({ err: error, topic }, 'a cache change could not be applied');
      }
    }
  };
  let stop: Promise<(() => Promise<void>) | null> | null = null;
  const listen = () => {
    stop ??= start((message) => {
      const [from, topic] = message.split(' ');
      if (from !== origin && topic && isTopic(topic)) deliver(topic);
    }).catch((error: unknown) => {
      logger.error(
        { err: error },
        'cache changes from other processes cannot be heard; their time limits still apply',
      );
      return null;
    });
    return stop;
  };
  return {
    publish(topic) {
      deliver(topic);
      send(`${origin} ${topic}`).catch((error: unknown) =>
        logger.error({ err: error, topic }, 'a cache change could not be sent to other processes'),
      );
    },
    subscribe(topic, onChange) {
      const set = subscribers.get(topic) ?? new Set();
      set.add(onChange);
      subscribers.set(topic, set);
      void listen();
    },
    async ready() {
      await listen();
    },
    async close() {
      const stopping = await stop;
      await stopping?.();
    },
  };
}

/** Through the database: NOTIFY and LISTEN on PostgreSQL, PGlite's own notifications in its one process. */
export function databaseChangeBus(
  database: Pick<DatabaseHandle, 'listen' | 'notify'>,
  logger: Logger,
): ChangeBus {
  return busOver(
    (message) => database.notify(CHANNEL, message),
    (onMessage) => database.listen(CHANNEL, onMessage),
    logger,
  );
}

/** Through Redis publish and subscribe (REDIS_URL), on a subscribing connection of its own. */
export function redisChangeBus(redis: RedisConnection, logger: Logger): ChangeBus {
  return busOver(
    async (message) => {
      await redis.client.publish(CHANNEL, message);
    },
    async (onMessage) => {
      const subscriber = redis.subscriber();
      subscriber.on('message', (channel: string, message: string) => {
        if (channel === CHANNEL) onMessage(message);
      });
      await subscriber.subscribe(CHANNEL);
      return async () => {
        await subscriber.unsubscribe(CHANNEL).catch(() => undefined);
      };
    },
    logger,
  );
}

/** Changes heard only in this process: a server with no other process to tell. */
export function localChangeBus(logger: Logger): ChangeBus {
  return busOver(
    () => Promise.resolve(),
    () => Promise.resolve(() => Promise.resolve()),
    logger,
  );
}
