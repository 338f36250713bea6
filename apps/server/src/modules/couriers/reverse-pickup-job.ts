import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';
import type { CourierProvider } from './provider.ts';
import { bookDueReversePickups } from './reverse-pickups.ts';

/**
 * ADR-0058: books with the courier the reverse pickups of accepted returns whose product went out
 * with it, by one server process at a time (ADR-0019); a refused booking is asked again next round.
 */
export function reversePickupJob(
  db: Database,
  courier: CourierProvider,
  logger: Logger,
  { intervalMs = 30_000, clock = () => new Date() }: { intervalMs?: number; clock?: () => Date } = {},
): Job {
  return {
    name: 'courier-reverse-pickups',
    intervalMs,
    run: async () => {
      const booked = await bookDueReversePickups(db, courier, clock(), (error, refNo) =>
        logger.warn({ err: error, refNo }, 'reverse pickup not booked this time; asked again next round'),
      );
      if (booked.length > 0) logger.info({ requests: booked }, 'reverse pickups booked with the courier');
    },
  };
}
