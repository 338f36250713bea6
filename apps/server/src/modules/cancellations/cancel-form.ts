import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type Executor,
  itemRequests,
  orderItems,
  orders,
  reasonQuestions,
  sellers,
  shipments,
} from '@marketplace/db';
import { openQuantity, transitionItem } from '@marketplace/domain/orders/state-machine';
import { itemState } from '../fulfilment/index.ts';

/** The cancel reasons in the order the shopper sees them (requirements#cancel-form: orderquestions.php, type cancel). */
export function cancelReasons(db: Executor) {
  return db
    .select({ id: reasonQuestions.id, text: reasonQuestions.text })
    .from(reasonQuestions)
    .where(eq(reasonQuestions.kind, 'cancel'))
    .orderBy(asc(reasonQuestions.position), asc(reasonQuestions.id));
}

/** A placed order of the shopper by its number; null for anyone else's. */
export async function ownOrder(db: Executor, userId: number, orderNo: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), eq(orders.status, 'placed')));
  return order ?? null;
}

/**
 * What /cancelitem shows (requirements#cancellation): the items of one of the shopper's orders (one seller's
 * group when a seller is given), each with what is still open and whether it can be cancelled, the
 * cancel reasons, and whether the order was paid online (the transaction-fee warning, requirements#cancel-form).
 */
export async function cancelForm(db: Executor, userId: number, orderNo: string, sellerId: number | null) {
  const order = await ownOrder(db, userId, orderNo);
  if (!order) return null;
  const rows = await db
    .select({ item: orderItems, sellerName: sellers.name, trackingStatus: shipments.status })
    .from(orderItems)
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(
      and(
        eq(orderItems.orderId, order.id),
        ...(sellerId === null ? [] : [eq(orderItems.sellerId, sellerId)]),
      ),
    )
    .orderBy(asc(orderItems.id));
  if (rows.length === 0) return null;
  const pending = await db
    .select()
    .from(itemRequests)
    .where(
      and(
        inArray(
          itemRequests.orderItemId,
          rows.map((r) => r.item.id),
        ),
        eq(itemRequests.status, 'pending'),
      ),
    );
  const items = rows.map(({ item, sellerName, trackingStatus }) => {
    const open = pending.find((r) => r.orderItemId === item.id) ?? null;
    const state = itemState(item, trackingStatus, open);
    return {
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      productImage: item.productImage,
      sellerId: item.sellerId,
      sellerName,
      quantity: item.quantity,
      openQuantity: openQuantity(state),
      unitPricePaise: item.unitPricePaise,
      status: state.status,
      // requirements#item-actions: cancel only when pending and nochange, and nothing else asked meanwhile
      isCancellable: transitionItem(state, { type: 'request', kind: 'cancel', quantity: 1 }).ok,
    };
  });
  return {
    orderNo: order.orderNo,
    placedAt: order.createdAt.toISOString(),
    paymentMode: order.paymentMode,
    isPrepaid: order.paymentMode === 'prepaid',
    items,
    reasons: await cancelReasons(db),
  };
}
