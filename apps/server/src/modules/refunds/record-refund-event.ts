import { and, eq, type SQL } from 'drizzle-orm';
import { type Executor, refunds } from '@marketplace/db';
import { queueOrderNotices } from '../messages/index.ts';
import { isRefundStatus, nextRefund, type RefundEvent } from '@marketplace/domain/orders/refund-life';

export type RefundTarget =
  { refundId: number; attempt?: number } | { provider: string; providerRefundId: string };

export type RecordedRefundEvent =
  | { code: 'MOVED'; refundId: number; status: string }
  | { code: 'UNCHANGED'; refundId: number }
  | { code: 'ILLEGAL'; refundId: number; reason: string }
  | { code: 'NOT_FOUND' };

/**
 * Applies a provider's report (taken, settled, failed) to one refund under its row lock, by the
 * refund's id (optionally only while it is still on the given attempt) or by the provider's id of
 * it (webhooks). The same report twice changes nothing. `provider` names who took it on
 * `accepted`.
 */
export async function recordRefundEvent(
  db: Executor,
  target: RefundTarget,
  event: RefundEvent,
  options: { provider?: string; now?: Date } = {},
): Promise<RecordedRefundEvent> {
  const now = options.now ?? new Date();
  const where: SQL | undefined =
    'refundId' in target
      ? eq(refunds.id, target.refundId)
      : and(eq(refunds.provider, target.provider), eq(refunds.providerRefundId, target.providerRefundId));
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(where).for('update');
    if (!row || !isRefundStatus(row.status)) return { code: 'NOT_FOUND' as const };
    // a send of an earlier attempt answering late: the refund has moved on
    if ('refundId' in target && target.attempt !== undefined && target.attempt !== row.attempt)
      return { code: 'UNCHANGED' as const, refundId: row.id };
    const step = nextRefund(
      { status: row.status, attempt: row.attempt, providerRefundId: row.providerRefundId },
      event,
    );
    if (step.code === 'UNCHANGED') return { code: 'UNCHANGED' as const, refundId: row.id };
    if (step.code === 'ILLEGAL') return { code: 'ILLEGAL' as const, refundId: row.id, reason: step.reason };
    const { next } = step;
    const isRetry = next.status === 'initiated';
    await tx
      .update(refunds)
      .set({
        status: next.status,
        attempt: next.attempt,
        providerRefundId: next.providerRefundId,
        ...(event.type === 'accepted'
          ? { provider: options.provider ?? row.provider, processedAt: now }
          : {}),
        ...(event.type === 'settled' ? { completedAt: now } : {}),
        ...(event.type === 'failed' ? { failureReason: event.reason.slice(0, 500) } : {}),
        // the next attempt is a new refund: a new provider reference, and a cash refund reads the
        // shopper's default bank account again (they may have changed it since it bounced)
        ...(isRetry ? { provider: null, processedAt: null, bankAccountId: null } : {}),
        updatedAt: now,
      })
      .where(eq(refunds.id, row.id));
    // requirements#order-notices: the money has reached the shopper
    if (next.status === 'completed')
      await queueOrderNotices(tx, { kind: 'refund-completed', refundId: row.id });
    return { code: 'MOVED' as const, refundId: row.id, status: next.status };
  });
}
