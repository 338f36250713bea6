import type { Logger } from 'pino';
import type { Executor } from '@marketplace/db';
import { pruneExpiredCounters } from '../../http/rate-limit.ts';
import { deliverDueMessages } from './outbox.ts';
import type { MessageSenders } from './senders.ts';

export type OutboxWorker = {
  /** a request queued messages: deliver soon rather than at the next tick */
  notify(): void;
  stop(): Promise<void>;
};

/** Delivers the outbox every few seconds, and right after a request queues something. */
export function startOutboxWorker(
  db: Executor,
  senders: MessageSenders,
  logger: Logger,
  intervalMs = 5_000,
): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDueMessages(db, senders, logger);
        } while (again && !stopped);
        await pruneExpiredCounters(db);
      } catch (error) {
        logger.warn({ err: error }, 'outbox delivery failed; retrying at the next tick');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    notify: () => setImmediate(run),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
