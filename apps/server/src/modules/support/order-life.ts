import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  type Executor,
  itemRequestMedia,
  itemRequestReasons,
  itemRequests,
  orderItems,
  orders,
  outbox,
  payments,
  reasonQuestions,
  refunds,
  sellerMessages,
  sellers,
  shipments,
  trackingEvents,
  users,
} from '@marketplace/db';
import { lostRefusal, sentMessageLabel, type SupportOrder } from '@marketplace/domain/admin/support-api';
import { isRefundStatus, refundDestination, retryFailedRefund } from '@marketplace/domain/orders/refund-life';
import { openQuantity, transitionItem } from '@marketplace/domain/orders/state-machine';
import { itemState } from '../fulfilment/index.ts';
import { uploadUrl } from '../uploads/index.ts';
import { shownPaymentStatus } from '@marketplace/domain/orders/payment-status';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * requirements#operator-support: an order's whole life for support: items with what the state
 * machine lets staff do, payments with the provider's ids, shipments with their tracking, the
 * shopper's and sellers' requests with reasons and media, refunds with their attempts, the
 * shopper–seller messages and the messages sent to the shopper about it. Nothing staff do not need:
 * a bank account only by its last 4 digits (cards are never stored), a sent message without its
 * text (a one-time code stays the shopper's).
 */
export async function orderLife(db: Executor, orderNo: string): Promise<SupportOrder | null> {
  const [found] = await db
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderNo, orderNo));
  if (!found) return null;
  const { order, user } = found;

  const itemRows = await db
    .select({
      item: orderItems,
      seller: sellers.name,
      invoiceNo: shipments.invoiceNo,
      tracking: shipments.status,
    })
    .from(orderItems)
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const itemIds = itemRows.map((row) => row.item.id);
  const requestRows =
    itemIds.length === 0
      ? []
      : await db
          .select()
          .from(itemRequests)
          .where(inArray(itemRequests.orderItemId, itemIds))
          .orderBy(asc(itemRequests.createdAt), asc(itemRequests.id));
  const requestIds = requestRows.map((row) => row.id);
  const [reasonRows, mediaRows] =
    requestIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ requestId: itemRequestReasons.requestId, text: reasonQuestions.text })
            .from(itemRequestReasons)
            .innerJoin(reasonQuestions, eq(reasonQuestions.id, itemRequestReasons.reasonId))
            .where(inArray(itemRequestReasons.requestId, requestIds))
            .orderBy(asc(reasonQuestions.position)),
          db
            .select()
            .from(itemRequestMedia)
            .where(inArray(itemRequestMedia.requestId, requestIds))
            .orderBy(asc(itemRequestMedia.id)),
        ]);

  const items = itemRows.map(({ item, seller, invoiceNo, tracking }) => {
    const open = requestRows.find((r) => r.orderItemId === item.id && r.status === 'pending') ?? null;
    const state = itemState(item, tracking, open);
    const units = Math.max(openQuantity(state), 1);
    // the shopper's cancellation, granted at once: what staff may do for them
    const asked = transitionItem(state, { type: 'request', kind: 'cancel', quantity: units });
    const granted = asked.ok
      ? transitionItem(asked.next, { type: 'decide', kind: 'cancel', decision: 'completed' })
      : asked;
    return {
      id: item.id,
      productName: item.productName,
      sku: item.sku,
      seller,
      quantity: item.quantity,
      cancelledQuantity: item.cancelledQuantity,
      returnedQuantity: item.returnedQuantity,
      replacedQuantity: item.replacedQuantity,
      unitPricePaise: item.unitPricePaise,
      status: item.status,
      splitMode: item.splitMode,
      invoiceNo,
      tracking,
      cancellableQuantity: granted.ok ? openQuantity(state) : 0,
      cancelRefusal: granted.ok ? null : granted.error.message,
    };
  });

  const shipmentRows = await db
    .select({ shipment: shipments, seller: sellers.name })
    .from(shipments)
    .innerJoin(sellers, eq(sellers.id, shipments.sellerId))
    .where(eq(shipments.orderId, order.id))
    .orderBy(asc(shipments.id));
  const eventRows =
    shipmentRows.length === 0
      ? []
      : await db
          .select()
          .from(trackingEvents)
          .where(
            inArray(
              trackingEvents.shipmentId,
              shipmentRows.map((row) => row.shipment.id),
            ),
          )
          .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));

  const [paymentRows, refundRows, messageRows, reasons] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id)),
    itemIds.length === 0
      ? []
      : db
          .select({ message: sellerMessages, seller: sellers.name, productName: orderItems.productName })
          .from(sellerMessages)
          .innerJoin(sellers, eq(sellers.id, sellerMessages.sellerId))
          .innerJoin(orderItems, eq(orderItems.id, sellerMessages.orderItemId))
          .where(inArray(sellerMessages.orderItemId, itemIds))
          .orderBy(asc(sellerMessages.createdAt), asc(sellerMessages.id)),
    db
      .select({ id: reasonQuestions.id, text: reasonQuestions.text })
      .from(reasonQuestions)
      .where(eq(reasonQuestions.kind, 'cancel'))
      .orderBy(asc(reasonQuestions.position), asc(reasonQuestions.id)),
  ]);
  const sentRows = await db
    .select()
    .from(outbox)
    .where(
      and(
        sql`${outbox.payload}->>'orderNo' = ${order.orderNo}`,
        or(eq(outbox.recipient, user.email), eq(outbox.recipient, user.mobile ?? user.email)),
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id));

  const refNoOf = (requestId: number | null) => requestRows.find((r) => r.id === requestId)?.refNo ?? null;
  return {
    orderNo: order.orderNo,
    placedAt: order.createdAt.toISOString(),
    status: order.status,
    paymentMode: order.paymentMode,
    paymentStatus: shownPaymentStatus(
      order,
      itemRows.map((row) => row.item.status),
    ),
    itemsTotalPaise: order.itemsTotalPaise,
    couponDiscountPaise: order.couponDiscountPaise,
    deliveryChargePaise: order.deliveryChargePaise,
    promoDiscountPaise: order.promoDiscountPaise,
    totalPaise: order.totalPaise,
    shopper: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, mobile: user.mobile },
    deliverTo: {
      name: order.deliveryName,
      phone: order.deliveryPhone,
      address: order.deliveryAddress,
      city: order.deliveryCity,
      state: order.deliveryState,
      pincode: order.deliveryPincode,
    },
    items,
    payments: paymentRows.map((p) => ({
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      providerPaymentId: p.providerPaymentId,
      amountPaise: p.amountPaise,
      status: p.status,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
    })),
    shipments: shipmentRows.map(({ shipment, seller }) => ({
      invoiceNo: shipment.invoiceNo,
      seller,
      carrier: shipment.carrier,
      awbNo: shipment.awbNo,
      status: shipment.status,
      isReplacement: shipment.replacementRequestId !== null,
      createdAt: shipment.createdAt.toISOString(),
      deliveredAt: iso(shipment.deliveredAt),
      events: eventRows
        .filter((event) => event.shipmentId === shipment.id)
        .map((event) => ({
          status: event.status,
          location: event.location,
          note: event.note,
          at: event.occurredAt.toISOString(),
        })),
      lostRefusal: lostRefusal(shipment.status),
    })),
    requests: requestRows.map((request) => ({
      refNo: request.refNo,
      kind: request.kind,
      itemId: request.orderItemId,
      productName: itemRows.find((row) => row.item.id === request.orderItemId)?.item.productName ?? '',
      quantity: request.quantity,
      status: request.status,
      requestedBy: request.requestedBy,
      reasons: reasonRows.filter((r) => r.requestId === request.id).map((r) => r.text),
      additionalInfo: request.additionalInfo,
      decisionReason: request.decisionReason,
      pickupDate: request.pickupDate,
      pickedUpAt: iso(request.pickedUpAt),
      decidedAt: iso(request.decidedAt),
      createdAt: request.createdAt.toISOString(),
      media: mediaRows
        .filter((m) => m.requestId === request.id)
        .map((m) => ({ kind: m.kind, url: uploadUrl(m.path) })),
    })),
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      requestRefNo: refNoOf(refund.requestId),
      amountPaise: refund.amountPaise,
      status: refund.status,
      method: refund.method,
      destination: refundDestination(refund.method, refund.bankAccountLast4),
      attempt: refund.attempt,
      provider: refund.provider,
      providerRefundId: refund.providerRefundId,
      failureReason: refund.failureReason,
      createdAt: refund.createdAt.toISOString(),
      processedAt: iso(refund.processedAt),
      completedAt: iso(refund.completedAt),
      canRetry:
        isRefundStatus(refund.status) &&
        retryFailedRefund({
          status: refund.status,
          attempt: refund.attempt,
          providerRefundId: refund.providerRefundId,
        }).code === 'MOVED',
    })),
    sellerMessages: messageRows.map(({ message, seller, productName }) => ({
      productName,
      seller,
      author: message.author,
      topic: message.topic,
      body: message.body,
      at: message.createdAt.toISOString(),
    })),
    sentMessages: sentRows.map((row) => ({
      channel: row.channel,
      recipient: row.recipient,
      template: row.template,
      label: sentMessageLabel(row.template),
      status: row.status,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
    })),
    cancelReasons: reasons,
  };
}
