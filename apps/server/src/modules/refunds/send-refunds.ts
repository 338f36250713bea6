import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { type Executor, payments, refunds } from '@marketplace/db';
import type { PaymentProvider } from '../payments/index.ts';
import { recordRefundEvent } from './record-refund-event.ts';

const BATCH = 50;

/**
 * Razorpay wants 10+ letters, digits, - or _. The refund's own id keeps every retry of an attempt
 * the same refund (or payout); an attempt after a provider failure is a new one with its own key.
 */
export const refundIdempotencyKey = (refundId: number, attempt = 1) =>
  attempt === 1 ? `bazaar-refund-${refundId}` : `bazaar-refund-${refundId}-${attempt}`;

/**
 * Sends initiated refunds of online payments to the payment provider (all of one order, or the
 * oldest waiting ones). The idempotency key (refund id and attempt) means a retry, or two servers
 * sending the same refund, never refunds twice. One the provider takes is marked processed with its
 * refund id; one it refuses or cannot take now stays initiated and is tried again. Returns the ids
 * sent.
 */
export async function sendRefunds(
  db: Executor,
  provider: PaymentProvider,
  options: { orderId?: number; now?: Date; onError?: (error: unknown, refundId: number) => void } = {},
): Promise<number[]> {
  const due = await db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amountPaise: refunds.amountPaise,
      attempt: refunds.attempt,
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'initiated'),
        eq(refunds.method, 'original_payment'),
        ...(options.orderId === undefined ? [] : [eq(refunds.orderId, options.orderId)]),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(BATCH);
  const sent: number[] = [];
  for (const refund of due) {
    const [payment] = await db
      .select({ paymentId: payments.providerPaymentId })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, refund.orderId),
          eq(payments.status, 'paid'),
          eq(payments.provider, provider.name),
          isNotNull(payments.providerPaymentId),
        ),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    // paid with another provider than the one configured now: left for that provider
    if (!payment?.paymentId) continue;
    try {
      const made = await provider.refund({
        paymentId: payment.paymentId,
        amountPaise: refund.amountPaise,
        idempotencyKey: refundIdempotencyKey(refund.id, refund.attempt),
        receipt: `refund-${refund.id}`,
      });
      await recordRefundEvent(
        db,
        { refundId: refund.id, attempt: refund.attempt },
        { type: 'accepted', providerRefundId: made.providerRefundId },
        { provider: provider.name, now: options.now },
      );
      sent.push(refund.id);
    } catch (error) {
      options.onError?.(error, refund.id);
    }
  }
  return sent;
}
