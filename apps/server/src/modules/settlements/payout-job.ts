import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import { payoutCycleEnd } from '@marketplace/domain/settlement/cycle';
import type { Job } from '../../jobs.ts';
import type { PayoutProvider } from '../payments/index.ts';
import { demoPayoutRefusal } from '../payout-accounts/index.ts';
import { checkSellerPayouts, retryAfterBankChange, runPayoutCycle, sendSellerPayouts } from './payouts.ts';

/** How often the payout job looks for a cycle to pay and payouts to send or check. */
export const PAYOUT_JOB_INTERVAL_MS = 15 * 60_000;

/**
 * requirements#settlement, requirements#seller-payouts-rail: one run: the latest weekly cut-off's
 * payouts are made (once: a cut-off already paid makes nothing new, and one behind a seller's latest
 * payout is refused, so a clock stepped back or a server whose clock is behind pays nobody again),
 * held payouts whose seller changed its bank account are retried, payouts are sent to the payout
 * provider (a refusal gives the amount back and holds the seller), and earlier ones asked about.
 */
export async function runSellerPayouts(
  db: Database,
  provider: PayoutProvider,
  options: { now?: Date; cycleDays?: number; logger?: Logger } = {},
) {
  const now = options.now ?? new Date();
  // ADR-0049: never real money to the demo seed's sellers
  const stopped = await demoPayoutRefusal(db, provider.name);
  if (stopped) {
    options.logger?.error(stopped);
    return { created: [], behind: [], held: [], retried: [], sent: [], refused: [], returned: [], stopped };
  }
  const cutoff = payoutCycleEnd(now, options.cycleDays);
  const cycle = await runPayoutCycle(db, cutoff, { now });
  if (cycle.behind.length > 0)
    options.logger?.info(
      { cutoff, sellers: cycle.behind.length },
      'payout cut-off behind some sellers’ latest payouts: not paid again',
    );
  const retried = await retryAfterBankChange(db, now);
  const sent = await sendSellerPayouts(db, provider, {
    now,
    onError: (error, payoutId) =>
      options.logger?.warn({ err: error, payoutId }, 'seller payout not taken by the provider this time'),
    onRefused: (reason, payoutId) =>
      options.logger?.error(
        { payoutId, reason },
        'seller payout refused by the payout provider: its amount is back on the seller’s balance until finance retries it',
      ),
  });
  const checked = await checkSellerPayouts(db, provider, { now });
  return {
    created: cycle.created,
    behind: cycle.behind,
    held: cycle.held,
    retried: retried.flatMap((r) => (r.code === 'RETRIED' && r.payoutId !== null ? [r.payoutId] : [])),
    sent: sent.sent,
    refused: sent.refused,
    returned: checked.returned,
    stopped: null,
  };
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
