import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type Executor,
  itemRequestReasons,
  itemRequests,
  orderItems,
  orders,
  reasonQuestions,
  refunds,
} from '@marketplace/db';
import { isRefundShown } from '@marketplace/domain/orders/cancel';
import { refundBreakdownFor } from '../fulfilment/index.ts';
import { invoiceNumbersOfShipments } from '../invoices/index.ts';
import { hasDefaultBankAccount, shopperRefund } from '../refunds/index.ts';

/**
 * /cancelleditemdetail (requirements#cancel-status): one
 * of the shopper's order items with each cancellation on it, who made it, its reasons and, once
 * initiated, its refund. Null for an item that is not the shopper's.
 */
export async function cancelledItemDetail(db: Executor, userId: number, itemId: number) {
  const [row] = await db
    .select({
      item: orderItems,
      order: orders,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)));
  if (!row) return null;
  const requests = await db
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.orderItemId, itemId), eq(itemRequests.kind, 'cancel')))
    .orderBy(asc(itemRequests.id));
  const ids = requests.map((r) => r.id);
  const reasons =
    ids.length === 0
      ? []
      : await db
          .select({ requestId: itemRequestReasons.requestId, text: reasonQuestions.text })
          .from(itemRequestReasons)
          .innerJoin(reasonQuestions, eq(reasonQuestions.id, itemRequestReasons.reasonId))
          .where(inArray(itemRequestReasons.requestId, ids))
          .orderBy(asc(reasonQuestions.position), asc(reasonQuestions.id));
  const refundRows =
    ids.length === 0 ? [] : await db.select().from(refunds).where(inArray(refunds.requestId, ids));
  const hasBankAccount = refundRows.some((r) => r.method === 'bank_account')
    ? await hasDefaultBankAccount(db, userId)
    : true;
  const { item } = row;
  // requirements#gst-invoices: the parcel's GST invoice by its number; the shipment's reference is not an invoice
  const invoiceNumbers = await invoiceNumbersOfShipments(
    db,
    item.shipmentId === null ? [] : [item.shipmentId],
  );
  return {
    item: {
      id: item.id,
      orderNo: row.order.orderNo,
      invoiceNo: invoiceNumbers.get(item.shipmentId ?? 0) ?? null,
      productId: item.productId,
      productName: item.productName,
      productImage: item.productImage,
      quantity: item.quantity,
      cancelledQuantity: item.cancelledQuantity,
      unitPricePaise: item.unitPricePaise,
      paymentMode: row.order.paymentMode,
    },
    cancellations: await Promise.all(
      requests.map(async (request) => {
        const refund = refundRows.find((r) => r.requestId === request.id);
        // requirements#refund-estimate: every deduction from the refund explained in a line
        const breakdown = refund
          ? await refundBreakdownFor(db, row.order, item.id, request.quantity, refund.amountPaise)
          : null;
        return {
          refNo: request.refNo,
          quantity: request.quantity,
          cancelledBy: request.requestedBy === 'seller' ? ('seller' as const) : ('customer' as const),
          status: request.status,
          reasons: reasons.filter((r) => r.requestId === request.id).map((r) => r.text),
          additionalInfo: request.additionalInfo,
          requestedAt: request.createdAt.toISOString(),
          decidedAt: request.decidedAt?.toISOString() ?? null,
          // requirements#seller-returns: the reason the seller gave with its decision, for the shopper to read
          decisionReason: request.status === 'pending' ? null : (request.decisionReason ?? null),
          // requirements#cancel-status: the refund shows when initiated, processed or completed
          refund:
            refund && isRefundShown(refund.status) ? shopperRefund(refund, hasBankAccount, breakdown) : null,
        };
      }),
    ),
  };
}
