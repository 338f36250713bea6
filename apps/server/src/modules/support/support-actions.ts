// requirements#operator-support: what support staff change on an order, each through the same domain
// functions the shopper's and seller's APIs use, and each written to the audit log in its own
// transaction with before and after.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Executor, orderItems, orders, reasonQuestions, shipments, users } from '@marketplace/db';
import { SUPPORT_MESSAGES, type SupportCancelInput } from '@marketplace/domain/admin/support-api';
import { formatInr } from '@marketplace/domain/money/money';
import { cancelForShopper } from '../cancellations/index.ts';
import { lockOrder, moveShipment } from '../fulfilment/index.ts';
import { enqueueMessages } from '../messages/index.ts';
import { retryRefund } from '../refunds/index.ts';
import { type AuditActor, writeAudit } from '../staff/index.ts';

export type SupportActionResult =
  | { code: 'DONE'; message: string; orderId: number; refundPaise: number }
  | { code: 'NOT_FOUND' | 'INVALID' | 'ILLEGAL'; message: string; fields?: Record<string, string> };

const itemsOf = (tx: Executor, ids: number[]) =>
  tx
    .select({
      id: orderItems.id,
      status: orderItems.status,
      quantity: orderItems.quantity,
      cancelledQuantity: orderItems.cancelledQuantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.id, ids))
    .orderBy(asc(orderItems.id));

/**
 * Cancels items for the shopper (they called or wrote in): the shopper's own cancellation rule
 * without its code, with the shopper's reason and the staff member's note; stock goes back and a
 * paid order's refund starts. The shopper is emailed that support cancelled them.
 */
export async function cancelItemsForShopper(
  db: Executor,
  actor: AuditActor,
  orderNo: string,
  input: SupportCancelInput,
  now: Date = new Date(),
): Promise<SupportActionResult> {
  const [found] = await db
    .select({ id: orders.id, userId: orders.userId, status: orders.status })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  if (!found) return { code: 'NOT_FOUND', message: SUPPORT_MESSAGES.orderNotFound };
  // as for the shopper: an order waiting for its payment (or whose payment failed) is not theirs to cancel
  if (found.status !== 'placed') return { code: 'ILLEGAL', message: SUPPORT_MESSAGES.orderNotPlaced };
  const [reason] = await db
    .select({ text: reasonQuestions.text })
    .from(reasonQuestions)
    .where(and(eq(reasonQuestions.id, input.reasonId), eq(reasonQuestions.kind, 'cancel')));
  if (!reason)
    return {
      code: 'INVALID',
      message: SUPPORT_MESSAGES.unknownReason,
      fields: { reasonId: SUPPORT_MESSAGES.unknownReason },
    };
  const ids = input.items.map((line) => line.itemId);
  return db.transaction(async (tx): Promise<SupportActionResult> => {
    const order = await lockOrder(tx, found.id);
    const before = await itemsOf(tx, ids);
    if (before.length !== ids.length || (await ofOrder(tx, ids)) !== order.id)
      return { code: 'NOT_FOUND', message: SUPPORT_MESSAGES.itemNotInOrder };
    const result = await cancelForShopper(
      tx,
      {
        userId: order.userId,
        orderId: order.id,
        lines: input.items.map((line) => ({ ...line, reasonIds: [input.reasonId] })),
        additionalInfo: input.note ? input.note : null,
      },
      now,
    );
    if (result.code === 'ILLEGAL') return { code: 'ILLEGAL', message: result.message };
    if (result.code !== 'CANCELLED') return { code: 'ILLEGAL', message: SUPPORT_MESSAGES.itemNotInOrder };
    const after = await itemsOf(tx, ids);
    await writeAudit(
      tx,
      actor,
      {
        action: 'order.cancel',
        targetType: 'order',
        targetId: order.orderNo,
        before: { items: before },
        after: {
          items: after,
          reason: reason.text,
          note: input.note ?? null,
          requests: result.cancelled.map((line) => line.refNo),
          refundPaise: result.refundPaise,
        },
      },
      now,
    );
    const [shopper] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, order.userId));
    const units = result.cancelled.reduce((sum, line) => sum + line.quantity, 0);
    if (shopper)
      await enqueueMessages(tx, [
        {
          channel: 'email',
          recipient: shopper.email,
          subject: SUPPORT_MESSAGES.cancelledEmailSubject(order.orderNo),
          body: `Hello ${shopper.firstName}, as you asked our support team, ${units === 1 ? '1 item' : `${units} items`} of your order ${order.orderNo} ${units === 1 ? 'was' : 'were'} cancelled (reason: ${reason.text}).${result.refundPaise > 0 ? ` A refund of ${formatInr(result.refundPaise)} has started; it reaches your original payment method in 7 to 10 business days.` : ''} You can see it in My Orders.`,
          template: 'order-cancelled-by-support',
          orderNo: order.orderNo,
        },
      ]);
    const message = SUPPORT_MESSAGES.cancelled(units);
    return {
      code: 'DONE',
      message:
        result.refundPaise > 0
          ? `${message} ${SUPPORT_MESSAGES.refundStarted(formatInr(result.refundPaise))}`
          : message,
      orderId: order.id,
      refundPaise: result.refundPaise,
    };
  });
}

/** The one order all `ids` belong to, or null when they span orders. */
async function ofOrder(tx: Executor, ids: number[]) {
  const rows = await tx
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(inArray(orderItems.id, ids));
  return rows.length === 1 ? (rows[0]?.orderId ?? null) : null;
}

/** Sends a refund left failed once more (ADR-0011), as its next attempt. */
export async function retryFailedRefund(
  db: Executor,
  actor: AuditActor,
  refundId: number,
  now: Date = new Date(),
): Promise<SupportActionResult> {
  return db.transaction(async (tx): Promise<SupportActionResult> => {
    const result = await retryRefund(tx, refundId, now);
    if (result.code === 'NOT_FOUND') return { code: 'NOT_FOUND', message: SUPPORT_MESSAGES.refundNotFound };
    if (result.code === 'REFUSED') return { code: 'ILLEGAL', message: result.message };
    const view = (row: typeof result.before) => ({
      status: row.status,
      attempt: row.attempt,
      provider: row.provider,
      providerRefundId: row.providerRefundId,
      failureReason: row.failureReason,
    });
    await writeAudit(
      tx,
      actor,
      {
        action: 'refund.retry',
        targetType: 'refund',
        targetId: result.after.id,
        before: view(result.before),
        after: view(result.after),
      },
      now,
    );
    return {
      code: 'DONE',
      message: SUPPORT_MESSAGES.refundRetried(result.after.attempt),
      orderId: result.after.orderId,
      refundPaise: result.after.method === 'original_payment' ? result.after.amountPaise : 0,
    };
  });
}

/**
 * Marks a shipment lost in transit: the tracking step the courier would report, through the same
 * move as the seller's tracking form; the state machine decides what follows (a paid item's
 * refund; a replacement unit's own rule).
 */
export async function markShipmentLost(
  db: Executor,
  actor: AuditActor,
  invoiceNo: string,
  note: string | undefined,
  now: Date = new Date(),
): Promise<SupportActionResult> {
  const [found] = await db
    .select({ id: shipments.id, orderId: shipments.orderId, status: shipments.status })
    .from(shipments)
    .where(eq(shipments.invoiceNo, invoiceNo));
  if (!found) return { code: 'NOT_FOUND', message: SUPPORT_MESSAGES.shipmentNotFound };
  return db.transaction(async (tx): Promise<SupportActionResult> => {
    await lockOrder(tx, found.orderId);
    const [current] = await tx
      .select({ status: shipments.status })
      .from(shipments)
      .where(eq(shipments.id, found.id));
    const result = await moveShipment(
      tx,
      found,
      { status: 'lost_in_transit', ...(note ? { note } : {}) },
      now,
    );
    if (result.code === 'NOT_FOUND') return { code: 'NOT_FOUND', message: SUPPORT_MESSAGES.shipmentNotFound };
    if (result.code === 'ILLEGAL') return { code: 'ILLEGAL', message: result.message };
    if (result.code === 'UNCHANGED')
      return { code: 'DONE', message: SUPPORT_MESSAGES.shipmentLost, orderId: found.orderId, refundPaise: 0 };
    await writeAudit(
      tx,
      actor,
      {
        action: 'shipment.lost',
        targetType: 'shipment',
        targetId: invoiceNo,
        before: { status: current?.status ?? found.status },
        after: { status: result.status, note: note ?? null, refundPaise: result.refundPaise },
      },
      now,
    );
    const message =
      result.refundPaise > 0
        ? `${SUPPORT_MESSAGES.shipmentLost} ${SUPPORT_MESSAGES.refundStarted(formatInr(result.refundPaise))}`
        : SUPPORT_MESSAGES.shipmentLost;
    return { code: 'DONE', message, orderId: found.orderId, refundPaise: result.refundPaise };
  });
}
