import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  type Executor,
  itemRequestMedia,
  itemRequestReasons,
  itemRequests,
  orderItems,
  orders,
  reasonQuestions,
  refunds,
  sellers,
  shipments,
} from '@marketplace/db';
import { replacementTrackHref } from '@marketplace/domain/orders/item-actions';
import { waitingStep } from '@marketplace/domain/orders/pickup';
import { isReplacementInitiated, replacementLine } from '@marketplace/domain/orders/replacement';
import type { RefundBreakdown } from '@marketplace/domain/orders/refund';
import { type AfterSalesKind, refundEstimate } from '@marketplace/domain/orders/returns';
import { isTrackingStatus } from '@marketplace/domain/orders/tracking';
import { refundBreakdownFor, refundFor } from '../fulfilment/index.ts';
import { invoiceNumbersOfShipments } from '../invoices/index.ts';
import { hasDefaultBankAccount, shopperRefund } from '../refunds/index.ts';
import { uploadUrl } from '../uploads/index.ts';
import { newSellerReplies } from './new-replies.ts';

/** The shopper's own order item with its order and seller (another shopper's reads as missing). */
export async function myOrderItem(db: Executor, userId: number, itemId: number) {
  const [row] = await db
    .select({ item: orderItems, order: orders, sellerName: sellers.name, invoiceNo: shipments.invoiceNo })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId), eq(orders.status, 'placed')))
    .limit(1);
  return row ?? null;
}

/**
 * requirements#item-details: the item (ref no, order no, invoice
 * no, item id, quantity, price) and its requests of a kind, newest first, each with its status,
 * reasons, additional info, photos and video, and its refund: the amount initiated by the
 * seller's decision with the 7 to 10 business day estimate, where it goes, when it completed and
 * whether it waits for a bank account, or, while a return waits, the amount it would refund.
 */
export async function itemRequestDetails(db: Executor, userId: number, itemId: number, kind: AfterSalesKind) {
  const found = await myOrderItem(db, userId, itemId);
  if (!found) return null;
  const { item, order } = found;
  const rows = await db
    .select({ request: itemRequests, refund: refunds })
    .from(itemRequests)
    .leftJoin(refunds, eq(refunds.requestId, itemRequests.id))
    .where(
      and(eq(itemRequests.orderItemId, itemId), eq(itemRequests.kind, kind), eq(itemRequests.userId, userId)),
    )
    .orderBy(desc(itemRequests.id));
  const ids = rows.map((r) => r.request.id);
  const [reasons, media, parcels] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({ requestId: itemRequestReasons.requestId, name: reasonQuestions.text })
            .from(itemRequestReasons)
            .innerJoin(reasonQuestions, eq(reasonQuestions.id, itemRequestReasons.reasonId))
            .where(inArray(itemRequestReasons.requestId, ids))
            .orderBy(asc(reasonQuestions.position)),
          db
            .select()
            .from(itemRequestMedia)
            .where(inArray(itemRequestMedia.requestId, ids))
            .orderBy(asc(itemRequestMedia.id)),
          db.select().from(shipments).where(inArray(shipments.replacementRequestId, ids)),
        ]);

  const hasBankAccount = rows.some((r) => r.refund?.method === 'bank_account')
    ? await hasDefaultBankAccount(db, userId)
    : true;
  const requests = [];
  for (const { request, refund } of rows) {
    let refundView = {
      status: 'not_applicable',
      amountPaise: 0,
      method: order.paymentMode === 'prepaid' ? 'original_payment' : 'bank_account',
      bankAccountLast4: null as string | null,
      completedAt: null as string | null,
      needsBankAccount: false,
      breakdown: null as RefundBreakdown | null,
    };
    const waiting = waitingStep(request);
    if (refund) {
      refundView = shopperRefund(
        refund,
        hasBankAccount,
        await refundBreakdownFor(db, order, item.id, request.quantity, refund.amountPaise),
      );
    } else if (request.status === 'pending' && kind === 'return') {
      // what approving it would refund now (requirements#item-details: the real amount, not a sample)
      refundView.status = 'pending';
      refundView.amountPaise = (await refundFor(db, order, item, request.quantity)).amount;
    } else if (waiting.step === 'pickup' && waiting.isRefundAfterPickup) {
      // requirements#return-pickup: what the pickup will refund; the decision counted these units already
      const before =
        kind === 'return'
          ? { ...item, returnedQuantity: Math.max(0, item.returnedQuantity - request.quantity) }
          : { ...item, replacedQuantity: Math.max(0, item.replacedQuantity - request.quantity) };
      refundView.status = 'pending';
      refundView.amountPaise = (await refundFor(db, order, before, request.quantity)).amount;
    }
    // requirements#refund-estimate: every deduction from the refund explained in a line
    if (!refund && refundView.amountPaise > 0)
      refundView.breakdown = await refundBreakdownFor(
        db,
        order,
        item.id,
        request.quantity,
        refundView.amountPaise,
      );
    const files = media.filter((m) => m.requestId === request.id);
    const parcel = parcels.find((p) => p.replacementRequestId === request.id);
    const parcelStatus = parcel && isTrackingStatus(parcel.status) ? parcel.status : null;
    requests.push({
      refNo: request.refNo,
      quantity: request.quantity,
      status: request.status,
      reasons: reasons.filter((r) => r.requestId === request.id).map((r) => r.name),
      additionalInfo: request.additionalInfo ?? '',
      pickupDate: request.pickupDate,
      images: files.filter((m) => m.kind === 'image').map((m) => uploadUrl(m.path)),
      video: files.filter((m) => m.kind === 'video').map((m) => uploadUrl(m.path))[0] ?? null,
      requestedAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
      // requirements#seller-returns: the reason the seller gave with its decision, for the shopper to read
      decisionReason: request.status === 'pending' ? null : (request.decisionReason ?? null),
      waiting,
      refund: { ...refundView, estimate: refund ? refundEstimate(refund.createdAt) : null },
      // the new unit of an initiated replacement: being prepared, then its shipment to track
      replacement: isReplacementInitiated(request)
        ? {
            ...replacementLine(parcelStatus),
            invoiceNo: parcel?.invoiceNo ?? null,
            status: parcelStatus,
            deliveredAt: parcel?.deliveredAt?.toISOString() ?? null,
            trackHref: parcel ? replacementTrackHref(item.id, parcel.invoiceNo) : null,
          }
        : null,
    });
  }
  // requirements#gst-invoices: the parcel's GST invoice by its number; the shipment's reference is not an invoice
  const invoiceNumbers = await invoiceNumbersOfShipments(
    db,
    item.shipmentId === null ? [] : [item.shipmentId],
  );
  return {
    item: {
      id: item.id,
      orderNo: order.orderNo,
      invoiceNo: invoiceNumbers.get(item.shipmentId ?? 0) ?? null,
      productName: item.productName,
      productImage: item.productImage,
      sellerName: found.sellerName,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      paymentMode: order.paymentMode,
      newReplies: (await newSellerReplies(db, userId, [item.id])).get(item.id) ?? {
        seller: 0,
        privilege_claim: 0,
      },
    },
    requests,
  };
}
export type ItemRequestDetails = NonNullable<Awaited<ReturnType<typeof itemRequestDetails>>>;
