import { and, asc, eq, or, sql } from 'drizzle-orm';
import { type Executor, refunds } from '@marketplace/db';
import type { RefundEvent } from '@marketplace/domain/orders/refund-life';
import type { PayoutProvider, PaymentProvider, ProviderRefundReport } from '../payments/index.ts';
import { recordRefundEvent } from './record-refund-event.ts';

const BATCH = 100;

/** null: none is configured, and its refunds wait for one (ADR-0017) */
export type RefundProviders = { payments: PaymentProvider | null; payouts: PayoutProvider | null };

const eventOf = (report: ProviderRefundReport, providerRefundId: string): RefundEvent | null =>
  report.state === 'settled'
    ? { type: 'settled', providerRefundId }
    : report.state === 'failed'
      ? { type: 'failed', providerRefundId, reason: report.reason }
      : null;

/**
 * Asks the providers about refunds they took (processed) and records what they report: settled
 * ones become completed, failed ones go back to initiated for the next attempt (or failed after the
 * last). The webhook usually gets there first; this catches the ones it missed. Refunds taken by a
 * provider that is not configured now are left alone.
 */
export async function checkRefunds(
  db: Executor,
  providers: RefundProviders,
  options: { now?: Date; onError?: (error: unknown, refundId: number) => void } = {},
): Promise<{ completed: number[]; retried: number[]; failed: number[] }> {
  const taken = await db
    .select({
      id: refunds.id,
      method: refunds.method,
      providerRefundId: refunds.providerRefundId,
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'processed'),
        or(
          providers.payments
            ? and(eq(refunds.method, 'original_payment'), eq(refunds.provider, providers.payments.name))
            : sql`false`,
          providers.payouts
            ? and(eq(refunds.method, 'bank_account'), eq(refunds.provider, providers.payouts.name))
            : sql`false`,
        ),
      ),
    )
    .orderBy(asc(refunds.processedAt), asc(refunds.id))
    .limit(BATCH);
  const result = { completed: [] as number[], retried: [] as number[], failed: [] as number[] };
  for (const refund of taken) {
    const providerRefundId = refund.providerRefundId;
    if (!providerRefundId) continue;
    try {
      const report =
        refund.method === 'bank_account'
          ? await providers.payouts?.payoutStatus(providerRefundId)
          : await providers.payments?.refundStatus(providerRefundId);
      if (!report) continue;
      const event = eventOf(report, providerRefundId);
      if (!event) continue;
      const recorded = await recordRefundEvent(db, { refundId: refund.id }, event, { now: options.now });
      if (recorded.code !== 'MOVED') continue;
      if (recorded.status === 'completed') result.completed.push(refund.id);
      else if (recorded.status === 'initiated') result.retried.push(refund.id);
      else if (recorded.status === 'failed') result.failed.push(refund.id);
    } catch (error) {
      options.onError?.(error, refund.id);
    }
  }
  return result;
}
