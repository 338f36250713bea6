import { and, asc, desc, eq, sql, sum } from 'drizzle-orm';
import {
  bankAccounts,
  type Executor,
  itemRequests,
  orderItems,
  orders,
  refunds,
  shipments,
} from '@marketplace/db';
import { isRefundDue, paidShares, refundBreakdown, refundPaise } from '@marketplace/domain/orders/refund';
import { itemPayableAt } from '@marketplace/domain/settlement/documents';
import {
  type ItemEffects,
  type ItemState,
  isOrderItemStatus,
  type RequestKind,
} from '@marketplace/domain/orders/state-machine';
import { isTrackingStatus } from '@marketplace/domain/orders/tracking';
import { issueCreditNote } from '../invoices/index.ts';
import { restoreStock, takeStock } from '../inventory/index.ts';
import { queueOrderNotices } from '../messages/index.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type RequestRow = typeof itemRequests.$inferSelect;

/** Locks the order row: every write on an order's items runs one at a time. */
export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished under its lock`);
  return order;
}

/** The request of the item still waiting for a decision, if any. */
export async function openRequestOf(tx: Executor, itemId: number): Promise<RequestRow | null> {
  const [row] = await tx
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.orderItemId, itemId), eq(itemRequests.status, 'pending')))
    .orderBy(desc(itemRequests.id))
    .limit(1);
  return row ?? null;
}

const asRequestKind = (kind: string): RequestKind =>
  kind === 'cancel' || kind === 'return' || kind === 'replace' ? kind : 'cancel';

/** The state machine's view of an item row. */
export function itemState(item: ItemRow, trackingStatus: string | null, open: RequestRow | null): ItemState {
  const tracking = trackingStatus !== null && isTrackingStatus(trackingStatus) ? trackingStatus : null;
  return {
    // the table's CHECK allows only these; an unknown one would be a bug, read as cancelled (no action)
    status: isOrderItemStatus(item.status) ? item.status : 'cancelled',
    splitMode: item.splitMode === 'splitted' ? 'splitted' : 'nochange',
    quantity: item.quantity,
    cancelledQuantity: item.cancelledQuantity,
    returnedQuantity: item.returnedQuantity,
    replacedQuantity: item.replacedQuantity,
    tracking,
    openRequest: open ? { kind: asRequestKind(open.kind), quantity: open.quantity } : null,
    deliveredAt: item.deliveredAt,
    returnWindowDays: item.returnWindowDays,
    replaceWindowDays: item.replaceWindowDays,
  };
}

/** An item of the seller with its state, read inside the transaction after the order lock. */
export async function loadSellerItem(tx: Executor, sellerId: number, itemId: number) {
  const [row] = await tx
    .select({ item: orderItems, trackingStatus: shipments.status })
    .from(orderItems)
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.sellerId, sellerId)));
  if (!row) return null;
  const open = await openRequestOf(tx, itemId);
  return { item: row.item, open, state: itemState(row.item, row.trackingStatus, open) };
}

/** Writes the machine's next state onto the item row. */
export async function saveItemState(tx: Executor, itemId: number, next: ItemState, now: Date) {
  await tx
    .update(orderItems)
    .set({
      status: next.status,
      splitMode: next.splitMode,
      quantity: next.quantity,
      cancelledQuantity: next.cancelledQuantity,
      returnedQuantity: next.returnedQuantity,
      replacedQuantity: next.replacedQuantity,
      deliveredAt: next.deliveredAt,
      // requirements#settlement: the seller may be paid once the item's windows closed after delivery,
      // or at once when it ended undelivered; the first such moment stays
      payableAt: sql`coalesce(${orderItems.payableAt}, ${itemPayableAt(next, now)?.toISOString() ?? null}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(orderItems.id, itemId));
}

export type StockShortage = { code: 'NO_STOCK' };

/**
 * What refunding `units` more units of the item would pay back now: its part of what was paid,
 * never more than the order's total still unrefunded, and nothing when no money was taken.
 * Also the order's unrefunded total (`left`).
 */
export async function refundFor(tx: Executor, order: OrderRow, item: ItemRow, units: number) {
  if (units <= 0 || !isRefundDue(order, item.deliveredAt !== null)) return { amount: 0, left: 0 };
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const shares = paidShares(order.totalPaise, lines);
  const share = shares[lines.findIndex((line) => line.id === item.id)] ?? 0;
  const before = item.cancelledQuantity + item.returnedQuantity + item.replacedQuantity;
  const [refunded] = await tx
    .select({ total: sum(refunds.amountPaise).mapWith(Number) })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  const left = order.totalPaise - (refunded?.total ?? 0);
  const amount = Math.max(0, Math.min(left, refundPaise(share, item.quantity, before, units)));
  return { amount, left };
}

/**
 * How a refund of `amountPaise` for `units` units of the item is made up (its price, coupon,
 * delivery and promo share), by the same split refundFor computes it with; null when nothing
 * was refunded.
 */
export async function refundBreakdownFor(
  db: Executor,
  order: OrderRow,
  itemId: number,
  units: number,
  amountPaise: number,
) {
  if (amountPaise <= 0 || units <= 0) return null;
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return refundBreakdown({
    orderTotalPaise: order.totalPaise,
    promoName: order.promoName,
    promoDiscountPaise: order.promoDiscountPaise,
    lines,
    index: lines.findIndex((line) => line.id === itemId),
    units,
    amountPaise,
  });
}

/**
 * Carries out a transition's stock and refund effects. The refund is the item's part of what was
 * paid for those units, never more than the order's total still unrefunded; it is written only
 * when money was taken (online paid, or cash paid at delivery).
 */
export async function applyEffects(
  tx: Executor,
  input: {
    order: OrderRow;
    item: ItemRow;
    effects: ItemEffects;
    requestId: number | null;
    now: Date;
  },
): Promise<{ refundPaise: number } | StockShortage> {
  const { order, item, effects, requestId, now } = input;
  await restoreStock(tx, item.offerId, effects.restockQuantity, now);
  if (!(await takeStock(tx, item.offerId, effects.takeStockQuantity, now))) return { code: 'NO_STOCK' };
  // requirements#gst-invoices: the units taken back leave the seller's invoice by a credit note
  await issueCreditNote(tx, { item, units: effects.refundQuantity, requestId, now });
  const { amount, left } = await refundFor(tx, order, item, effects.refundQuantity);
  if (amount === 0) return { refundPaise: 0 };
  const isPrepaid = order.paymentMode === 'prepaid';
  // cash paid at the door goes back to the shopper's default bank account (shown by its last 4 digits)
  const [account] = isPrepaid
    ? []
    : await tx
        .select({ number: bankAccounts.accountNumber })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, order.userId), eq(bankAccounts.isDefault, true)));
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      requestId,
      amountPaise: amount,
      status: 'initiated',
      method: isPrepaid ? 'original_payment' : 'bank_account',
      bankAccountLast4: account ? account.number.slice(-4) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refunds.id });
  // requirements#order-notices: the shopper is told the refund has started
  if (refund) await queueOrderNotices(tx, { kind: 'refund-started', refundId: refund.id });
  if (order.paymentMode === 'prepaid') {
    await tx
      .update(orders)
      .set({ paymentStatus: amount >= left ? 'refunded' : 'partially_refunded', updatedAt: now })
      .where(eq(orders.id, order.id));
  }
  return { refundPaise: amount };
}
