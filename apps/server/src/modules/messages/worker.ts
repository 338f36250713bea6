import type { Logger } from 'pino';
import type { Executor } from '@marketplace/db';
import { pruneExpiredCounters } from '../../http/rate-limit.ts';
import type { Job } from '../../jobs.ts';
import { deliverDueMessages } from './outbox.ts';
import type { MessageSenders } from './senders.ts';

/**
 * Delivers the outbox every few seconds, and right after a request queues something (the runner's
 * runSoon). Every server process runs it: messages are claimed with SKIP LOCKED, so none is sent
 * twice, and a process that queued a code delivers it at once instead of waiting for another.
 */
export function outboxJob(db: Executor, senders: MessageSenders, logger: Logger, intervalMs = 5_000): Job {
  return {
    name: 'outbox',
    intervalMs,
    sharing: 'rows',
    run: async () => {
      try {
        await deliverDueMessages(db, senders, logger);
        await pruneExpiredCounters(db);
      } catch (error) {
        logger.warn({ err: error }, 'outbox delivery failed; retrying at the next tick');
      }
    },
  };
}
