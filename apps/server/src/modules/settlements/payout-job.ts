import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import { payoutCycleEnd } from '@marketplace/domain/settlement/cycle';
import type { Job } from '../../jobs.ts';
import type { PayoutProvider } from '../payments/index.ts';
import { demoPayoutRefusal } from '../payout-accounts/index.ts';
import { checkSellerPayouts, runPayoutCycle, sendSellerPayouts } from './payouts.ts';

/** How often the payout job looks for a cycle to pay and payouts to send or check. */
export const PAYOUT_JOB_INTERVAL_MS = 15 * 60_000;

/**
 * requirements#settlement: one run: the latest weekly cut-off's payouts are made (once: a cut-off
 * already paid makes nothing new), sent to the payout provider, and earlier ones asked about.
 */
export async function runSellerPayouts(
  db: Database,
  provider: PayoutProvider,
  options: { now?: Date; cycleDays?: number; logger?: Logger } = {},
) {
  const now = options.now ?? new Date();
  // ADR-0044: never real money to the demo seed's sellers
  const refused = await demoPayoutRefusal(db, provider.name);
  if (refused) {
    options.logger?.error(refused);
    return { created: [], sent: [], refused };
  }
  const cycle = await runPayoutCycle(db, payoutCycleEnd(now, options.cycleDays), { now });
  const sent = await sendSellerPayouts(db, provider, {
    now,
    onError: (error, payoutId) =>
      options.logger?.warn({ err: error, payoutId }, 'seller payout not taken by the provider this time'),
  });
  await checkSellerPayouts(db, provider, { now });
  return { created: cycle.created, sent: sent.sent, refused: null };
}

/** The payout job, run by one server process at a time; without a payout provider, payouts wait. */
export function sellerPayoutJob(
  db: Database,
  provider: PayoutProvider | null,
  logger: Logger,
  options: { cycleDays?: number; intervalMs?: number } = {},
): Job {
  return {
    name: 'seller-payouts',
    intervalMs: options.intervalMs ?? PAYOUT_JOB_INTERVAL_MS,
    run: async () => {
      if (!provider) return;
      const run = await runSellerPayouts(db, provider, { ...options, logger });
      if (run.created.length + run.sent.length > 0)
        logger.info({ created: run.created.length, sent: run.sent.length }, 'seller payouts made and sent');
    },
  };
}
