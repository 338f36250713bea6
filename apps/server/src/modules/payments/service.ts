import { and, desc, eq } from 'drizzle-orm';
import { type Executor, orders, payments } from '@marketplace/db';
import { queueOrderNotices } from '../messages/index.ts';
import type { CheckoutConfig, PaymentProvider } from './provider.ts';

export type PaymentPage = {
  orderNo: string;
  amountPaise: number;
  status: 'awaiting_payment' | 'paid' | 'cancelled';
  providerOrderId: string | null;
  checkout: CheckoutConfig | null;
  /** requirements#payments: the checkout opens with the name, email and phone prefilled */
  prefill: { name: string; email: string; contact: string };
};

const orderOf = async (db: Executor, userId: number, orderNo: string) => {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderNo, orderNo)));
  return order ?? null;
};

/**
 * What the payment page shows for one of the shopper's orders. An order awaiting payment gets a
 * provider order (reused while it is open), created here when placing could not create it.
 */
export async function paymentPage(
  db: Executor,
  provider: PaymentProvider,
  userId: number,
  orderNo: string,
): Promise<PaymentPage | null> {
  const order = await orderOf(db, userId, orderNo);
  if (!order || order.paymentMode !== 'prepaid') return null;
  const page = {
    orderNo,
    amountPaise: order.totalPaise,
    prefill: { name: order.deliveryName, email: order.deliveryEmail, contact: order.deliveryPhone },
  };
  if (order.status !== 'awaiting_payment') {
    const status = order.paymentStatus === 'paid' ? 'paid' : 'cancelled';
    return { ...page, status, providerOrderId: null, checkout: null };
  }
  const providerOrderId = await ensureProviderOrder(db, provider, order);
  return {
    ...page,
    status: 'awaiting_payment',
    providerOrderId,
    checkout: provider.checkout(providerOrderId),
  };
}

/**
 * The open provider order of an order awaiting payment, created with the provider when missing.
 * `isNew`: the order was placed just now, so it has none yet and nothing is looked up.
 */
export async function ensureProviderOrder(
  db: Executor,
  provider: PaymentProvider,
  order: { id: number; orderNo: string; totalPaise: number },
  { isNew = false }: { isNew?: boolean } = {},
): Promise<string> {
  const [open] = isNew
    ? []
    : await db
        .select({ providerOrderId: payments.providerOrderId })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.provider, provider.name),
            eq(payments.status, 'created'),
          ),
        )
        .orderBy(desc(payments.id))
        .limit(1);
  if (open) return open.providerOrderId;
  const { providerOrderId } = await provider.createOrder({
    amountPaise: order.totalPaise,
    receipt: order.orderNo,
  });
  await db.insert(payments).values({
    orderId: order.id,
    provider: provider.name,
    providerOrderId,
    amountPaise: order.totalPaise,
    status: 'created',
  });
  return providerOrderId;
}

export type ConfirmResult =
  | { code: 'PAID'; orderNo: string }
  | { code: 'ALREADY_PAID'; orderNo: string }
  | { code: 'NOT_FOUND' }
  | { code: 'EXPIRED' };

/**
 * requirements#server-prices: marks an order paid after the provider's signature was verified (by the caller).
 * Idempotent: a repeated confirmation answers ALREADY_PAID and changes nothing. `userId` limits
 * it to the shopper's own orders (the webhook, signed by Razorpay, passes none).
 */
export async function confirmPayment(
  db: Executor,
  provider: PaymentProvider,
  args: { providerOrderId: string; paymentId: string; userId?: number; orderNo?: string; now?: Date },
): Promise<ConfirmResult> {
  const now = args.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.provider, provider.name),
          eq(payments.providerOrderId, args.providerOrderId),
          args.userId === undefined ? undefined : eq(orders.userId, args.userId),
          args.orderNo === undefined ? undefined : eq(orders.orderNo, args.orderNo),
        ),
      )
      .for('update', { of: orders });
    if (!row) return { code: 'NOT_FOUND' as const };
    const { order } = row;
    if (order.paymentStatus === 'paid') return { code: 'ALREADY_PAID' as const, orderNo: order.orderNo };
    if (order.status !== 'awaiting_payment') return { code: 'EXPIRED' as const };
    await tx
      .update(payments)
      .set({ status: 'paid', providerPaymentId: args.paymentId, failureReason: null, updatedAt: now })
      .where(eq(payments.id, row.payment.id));
    await tx
      .update(orders)
      .set({ status: 'placed', paymentStatus: 'paid', updatedAt: now })
      .where(eq(orders.id, order.id));
    // requirements#order-notices: a prepaid order is placed once it is paid
    await queueOrderNotices(tx, { kind: 'order-placed', orderId: order.id });
    return { code: 'PAID' as const, orderNo: order.orderNo };
  });
}

/** A failed attempt is noted; the order keeps waiting for a payment until its window closes. */
export async function recordPaymentFailure(
  db: Executor,
  provider: PaymentProvider,
  providerOrderId: string,
  reason: string,
): Promise<{ orderNo: string } | null> {
  const [row] = await db
    .update(payments)
    .set({ failureReason: reason.slice(0, 200), updatedAt: new Date() })
    .where(
      and(
        eq(payments.provider, provider.name),
        eq(payments.providerOrderId, providerOrderId),
        eq(payments.status, 'created'),
      ),
    )
    .returning({ orderId: payments.orderId });
  if (!row) return null;
  const [order] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
  return order ?? null;
}
