import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  bankAccounts,
  type Executor,
  itemRequests,
  orderItems,
  orders,
  reasonQuestions,
  sellers,
  shipments,
} from '@marketplace/db';
import { itemDetailHref } from '@marketplace/domain/orders/item-actions';
import { type AfterSalesKind, afterSalesEligibility } from '@marketplace/domain/orders/returns';
import { itemState, refundFor } from '../fulfilment/index.ts';

/** The reason questions of a kind, in their order (requirements#return-form: id, name). */
export async function reasonsOf(db: Executor, kind: AfterSalesKind) {
  return db
    .select({ id: reasonQuestions.id, name: reasonQuestions.text })
    .from(reasonQuestions)
    .where(eq(reasonQuestions.kind, kind))
    .orderBy(asc(reasonQuestions.position), asc(reasonQuestions.id));
}

/**
 * What the return (or replacement) page needs for one seller's part of the shopper's order: each
 * item with its eligibility, the units left and the pickup days offered, the reasons, and the
 * requests of this kind already made (requirements#replacement-form). Another shopper's
 * order reads as missing.
 */
export async function afterSalesForm(
  db: Executor,
  userId: number,
  args: { kind: AfterSalesKind; orderNo: string; sellerId: number },
  now: Date = new Date(),
) {
  const rows = await db
    .select({
      item: orderItems,
      order: orders,
      sellerName: sellers.name,
      invoiceNo: shipments.invoiceNo,
      trackingStatus: shipments.status,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(
      and(
        eq(orders.orderNo, args.orderNo),
        eq(orders.userId, userId),
        eq(orders.status, 'placed'),
        eq(orderItems.sellerId, args.sellerId),
      ),
    )
    .orderBy(asc(orderItems.id));
  const first = rows[0];
  if (!first) return null;
  const requests = await db
    .select()
    .from(itemRequests)
    .where(
      and(
        inArray(
          itemRequests.orderItemId,
          rows.map((r) => r.item.id),
        ),
        eq(itemRequests.userId, userId),
      ),
    )
    .orderBy(desc(itemRequests.id));
  const reasons = await reasonsOf(db, args.kind);
  // requirements#refund-estimate: a cash refund goes to the shopper's default bank account
  const isPrepaid = first.order.paymentMode === 'prepaid';
  const [account] =
    args.kind !== 'return' || isPrepaid
      ? []
      : await db
          .select({ number: bankAccounts.accountNumber })
          .from(bankAccounts)
          .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)));
  const items = [];
  for (const { item, invoiceNo, trackingStatus } of rows) {
    const open = requests.find((r) => r.orderItemId === item.id && r.status === 'pending') ?? null;
    const state = itemState(item, trackingStatus, open);
    const eligibility = afterSalesEligibility(state, args.kind, now);
    // what returning 1, 2, … units refunds, by the very computation the refund will use
    const amounts: number[] = [];
    if (args.kind === 'return' && eligibility.isEligible)
      for (let units = 1; units <= eligibility.remaining; units++)
        amounts.push((await refundFor(db, first.order, item, units)).amount);
    items.push({
      id: item.id,
      productName: item.productName,
      productImage: item.productImage,
      invoiceNo,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      returnedQuantity: item.returnedQuantity,
      replacedQuantity: item.replacedQuantity,
      openRequest: open ? { refNo: open.refNo, kind: open.kind, quantity: open.quantity } : null,
      eligibility,
      refund: amounts.some((amount) => amount > 0)
        ? {
            amounts,
            method: isPrepaid ? ('original_payment' as const) : ('bank_account' as const),
            bankAccountLast4: account ? account.number.slice(-4) : null,
          }
        : null,
    });
  }
  return {
    kind: args.kind,
    orderNo: first.order.orderNo,
    sellerId: args.sellerId,
    sellerName: first.sellerName,
    reasons,
    items,
    requests: requests
      .filter((r) => r.kind === args.kind)
      .map((r) => {
        const row = rows.find((x) => x.item.id === r.orderItemId);
        return {
          id: r.id,
          refNo: r.refNo,
          itemId: r.orderItemId,
          productName: row?.item.productName ?? '',
          invoiceNo: row?.invoiceNo ?? null,
          quantity: r.quantity,
          status: r.status,
          addedAt: r.createdAt.toISOString(),
          detailHref: itemDetailHref(args.kind === 'return' ? 'returned' : 'replaced', r.orderItemId),
        };
      }),
  };
}
export type AfterSalesForm = NonNullable<Awaited<ReturnType<typeof afterSalesForm>>>;
