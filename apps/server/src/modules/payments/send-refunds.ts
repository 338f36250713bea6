import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { type Database, type Executor, payments, refunds } from '@marketplace/db';
import type { Logger } from 'pino';
import type { PaymentProvider } from './provider.ts';

/** How often the server retries refunds the payment provider has not taken yet. */
export const REFUND_INTERVAL_MS = 60_000;
const BATCH = 50;

/** Razorpay wants 10+ letters, digits, - or _; the refund's own id keeps every retry the same refund. */
export const refundIdempotencyKey = (refundId: number) => `bazaar-refund-${refundId}`;

/**
 * Sends initiated refunds of online payments to the payment provider (all of one order, or the
 * oldest waiting ones). The refund row's id is the idempotency key, so a retry, or two servers
 * sending the same refund, never refunds twice. One the provider settles is marked processed; one it
 * refuses or cannot take now stays initiated and is tried again. Returns the ids sent.
 */
export async function sendRefunds(
  db: Executor,
  provider: PaymentProvider,
  options: { orderId?: number; onError?: (error: unknown, refundId: number) => void } = {},
): Promise<number[]> {
  const due = await db
    .select({ id: refunds.id, orderId: refunds.orderId, amountPaise: refunds.amountPaise })
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
        idempotencyKey: refundIdempotencyKey(refund.id),
        receipt: `refund-${refund.id}`,
      });
      if (made.status === 'processed')
        await db
          .update(refunds)
          .set({ status: 'processed', updatedAt: new Date() })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'initiated')));
      sent.push(refund.id);
    } catch (error) {
      options.onError?.(error, refund.id);
    }
  }
  return sent;
}

/**
 * Retries waiting refunds every minute until stopped: refunds written by a seller's cancellation
 * or decision, and ones the provider could not take at the time.
 */
export function startRefundSender(db: Database, provider: PaymentProvider, logger: Logger) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sendRefunds(db, provider, {
      onError: (error, refundId) =>
        logger.warn({ err: error, refundId }, 'refund not taken by the provider yet'),
    }).then(
      (sent) => {
        if (sent.length > 0) logger.info({ refunds: sent }, 'refunds sent to the payment provider');
      },
      (error: unknown) => logger.warn({ err: error }, 'refunds could not be sent this time'),
    );
  }, REFUND_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
