import { eq } from 'drizzle-orm';
import { type Executor, refunds } from '@marketplace/db';
import { isRefundStatus, retryFailedRefund } from '@marketplace/domain/orders/refund-life';

type RefundRow = typeof refunds.$inferSelect;

export type RetryRefundResult =
  | { code: 'NOT_FOUND' }
  | { code: 'REFUSED'; message: string }
  | { code: 'RETRIED'; before: RefundRow; after: RefundRow };

/**
 * requirements#operator-support (ADR-0011): an operator sends a refund left failed once more, under
 * its row lock in the caller's transaction (the one that writes the audit entry). It goes back to
 * initiated as the next attempt, like a provider failure before the limit: a new provider
 * reference, and a cash refund reads the shopper's default bank account again.
 */
export async function retryRefund(
  tx: Executor,
  refundId: number,
  now: Date = new Date(),
): Promise<RetryRefundResult> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!row || !isRefundStatus(row.status)) return { code: 'NOT_FOUND' };
  const step = retryFailedRefund({
    status: row.status,
    attempt: row.attempt,
    providerRefundId: row.providerRefundId,
  });
  if (step.code === 'REFUSED') return step;
  const [after] = await tx
    .update(refunds)
    .set({
      status: step.next.status,
      attempt: step.next.attempt,
      providerRefundId: step.next.providerRefundId,
      provider: null,
      processedAt: null,
      bankAccountId: null,
      updatedAt: now,
    })
    .where(eq(refunds.id, row.id))
    .returning();
  if (!after) throw new Error(`refund ${row.id} vanished under its lock`);
  return { code: 'RETRIED', before: row, after };
}
