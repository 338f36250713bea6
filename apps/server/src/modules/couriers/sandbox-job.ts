import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';
import { applyScanOfAnyParcel } from './route-event.ts';
import { sendDueSandboxScans } from './sandbox.ts';

/**
 * ADR-0051: the sandbox courier's clock, by one server process at a time (ADR-0019): the scans
 * whose time has come are delivered as the courier's events, as a real courier's webhook would.
 */
export function sandboxCourierJob(
  db: Database,
  logger: Logger,
  { intervalMs = 5_000, clock = () => new Date() }: { intervalMs?: number; clock?: () => Date } = {},
): Job {
  return {
    name: 'sandbox-courier',
    intervalMs,
    run: async () => {
      const now = clock();
      const sent = await sendDueSandboxScans(db, now, async (event) => {
        const result = await applyScanOfAnyParcel(db, 'sandbox', event, now);
        if (result.code !== 'APPLIED')
          logger.info({ awbNo: event.awbNo, scan: event.scan, result }, 'courier scan kept, state unchanged');
      });
      if (sent > 0) logger.debug({ sent }, 'sandbox courier scans delivered');
    },
  };
}
