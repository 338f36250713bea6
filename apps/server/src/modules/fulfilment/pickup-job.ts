import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';
import { collectDuePickups } from './record-pickup.ts';

/** How often the simulated courier looks for pickups whose day has come. */
export const PICKUP_INTERVAL_MS = 5 * 60_000;

/**
 * requirements#return-pickup: the simulated courier records the pickups due today, by one server
 * process at a time (ADR-0019); `onCollected` lets the refund job send the refunds they started.
 */
export function pickupJob(
  db: Database,
  logger: Logger,
  { clock = () => new Date(), onCollected = () => {} }: { clock?: () => Date; onCollected?: () => void } = {},
): Job {
  return {
    name: 'return-pickups',
    intervalMs: PICKUP_INTERVAL_MS,
    run: () =>
      collectDuePickups(db, clock(), (error, requestId) =>
        logger.warn({ err: error, requestId }, 'pickup not recorded this time; tried again next round'),
      ).then((collected) => {
        if (collected.length === 0) return;
        logger.info({ requests: collected }, 'pickups recorded; their refunds start');
        onCollected();
      }),
  };
}
