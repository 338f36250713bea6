import type { Database, Executor } from '@marketplace/db';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';
import { checkRefunds, type RefundProviders } from './check-refunds.ts';
import { sendPayouts } from './send-payouts.ts';
import { sendRefunds } from './send-refunds.ts';

/** How often the refund job runs by default (REFUND_JOB_INTERVAL_SECONDS). */
export const REFUND_JOB_INTERVAL_MS = 60_000;

export type RefundRun = {
  completed: number[];
  retried: number[];
  failed: number[];
  sent: number[];
  paidOut: number[];
  /** cash refunds waiting for the shopper to add a bank account */
  waiting: number[];
};

/**
 * One run of the refund job: first asks the providers about refunds they took (so one sent in this
 * run is reported on the next, and a shopper sees processed before completed), then sends initiated
 * refunds of online payments to the payment provider and cash refunds to bank accounts as payouts.
 * Safe to run on several servers at once: every send carries the refund's idempotency key and every
 * report is applied under the refund's row lock.
 */
export async function runRefunds(
  db: Executor,
  providers: RefundProviders,
  options: { now?: Date; onError?: (error: unknown, refundId: number) => void } = {},
): Promise<RefundRun> {
  const checked = await checkRefunds(db, providers, options);
  // without a provider, its refunds stay initiated until one is configured (ADR-0017)
  const sent = providers.payments ? await sendRefunds(db, providers.payments, options) : [];
  const payouts = providers.payouts
    ? await sendPayouts(db, providers.payouts, options)
    : { sent: [], waiting: [] };
  return { ...checked, sent, paidOut: payouts.sent, waiting: payouts.waiting };
}

/** The refund job, run every `intervalMs` by one server process at a time. */
export function refundJob(
  db: Database,
  providers: RefundProviders,
  logger: Logger,
  intervalMs = REFUND_JOB_INTERVAL_MS,
): Job {
  return {
    name: 'refunds',
    intervalMs,
    run: () =>
      runRefunds(db, providers, {
        onError: (error, refundId) =>
          logger.warn({ err: error, refundId }, 'refund not taken or not reported by the provider this time'),
      }).then(
        (run) => {
          const moved = run.completed.length + run.retried.length + run.sent.length + run.paidOut.length;
          if (moved > 0)
            logger.info(
              { completed: run.completed, retried: run.retried, sent: run.sent, paidOut: run.paidOut },
              'refunds moved on',
            );
          // an operator's work: the provider could not deliver it after the last attempt
          if (run.failed.length > 0)
            logger.error({ refunds: run.failed }, 'refunds failed after every attempt');
        },
        (error: unknown) => logger.warn({ err: error }, 'the refund job could not run this time'),
      ),
  };
}
