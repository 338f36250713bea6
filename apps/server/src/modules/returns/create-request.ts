import { and, eq, inArray } from 'drizzle-orm';
import {
  type Executor,
  itemRequestMedia,
  itemRequestReasons,
  itemRequests,
  orderItems,
  orders,
  reasonQuestions,
  shipments,
} from '@marketplace/db';
import {
  AFTER_SALES_MESSAGES,
  type AfterSalesRequestInput,
  afterSalesEligibility,
} from '@marketplace/domain/orders/returns';
import { TRANSITION_MESSAGES, transitionItem } from '@marketplace/domain/orders/state-machine';
import { itemState, lockOrder, openRequestOf } from '../fulfilment/item-state.ts';
import { nextRefNo } from '../fulfilment/requests.ts';
import { uploadsOfItem } from '../uploads/service.ts';

export type CreateRequestResult =
  | {
      code: 'CREATED' | 'ALREADY_REQUESTED';
      refNo: string;
      kind: string;
      quantity: number;
      pickupDate: string;
    }
  | { code: 'NOT_FOUND' }
  | { code: 'REQUEST_OPEN'; message: string }
  | { code: 'NOT_ELIGIBLE'; message: string }
  | { code: 'INVALID'; field: string; message: string };

const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * spec §5 Return and Replacement: the shopper asks to return (or replace) units of a delivered
 * item of theirs. One transaction under the order's lock checks the item's state (window, units
 * left, one pending request per item), the pickup day, the reasons and that every file is the
 * shopper's upload about this item, then writes the request with its reasons and files. The same
 * request sent again (a retry) answers with the one already made.
 */
export async function createAfterSalesRequest(
  db: Executor,
  userId: number,
  input: AfterSalesRequestInput,
  now: Date = new Date(),
): Promise<CreateRequestResult> {
  const [owned] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, input.orderItemId), eq(orders.userId, userId), eq(orders.status, 'placed')));
  if (!owned) return { code: 'NOT_FOUND' };

  return db.transaction(async (tx): Promise<CreateRequestResult> => {
    const order = await lockOrder(tx, owned.orderId);
    const [row] = await tx
      .select({ item: orderItems, trackingStatus: shipments.status })
      .from(orderItems)
      .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
      .where(eq(orderItems.id, input.orderItemId));
    if (!row) return { code: 'NOT_FOUND' };
    const open = await openRequestOf(tx, row.item.id);

    if (
      open &&
      open.kind === input.kind &&
      open.quantity === input.quantity &&
      open.pickupDate === input.pickupDate
    ) {
      const [media, reasons] = await Promise.all([
        tx.select().from(itemRequestMedia).where(eq(itemRequestMedia.requestId, open.id)),
        tx.select().from(itemRequestReasons).where(eq(itemRequestReasons.requestId, open.id)),
      ]);
      const keys = [...input.images, ...(input.video ? [input.video] : [])];
      if (
        sameSet(
          media.map((m) => m.path),
          keys,
        ) &&
        sameSet(
          reasons.map((r) => r.reasonId),
          input.reasonIds,
        )
      )
        return {
          code: 'ALREADY_REQUESTED',
          refNo: open.refNo,
          kind: open.kind,
          quantity: open.quantity,
          pickupDate: input.pickupDate,
        };
    }

    const state = itemState(row.item, row.trackingStatus, open);
    const moved = transitionItem(state, { type: 'request', kind: input.kind, quantity: input.quantity }, now);
    if (!moved.ok) {
      const { message } = moved.error;
      if (message === TRANSITION_MESSAGES.requestOpen) return { code: 'REQUEST_OPEN', message };
      if (message === TRANSITION_MESSAGES.requestQuantity)
        return { code: 'INVALID', field: 'quantity', message: AFTER_SALES_MESSAGES.quantity };
      return { code: 'NOT_ELIGIBLE', message };
    }
    const eligibility = afterSalesEligibility(state, input.kind, now);
    if (!eligibility.isEligible) return { code: 'NOT_ELIGIBLE', message: eligibility.message };
    // spec §9: pickup from 3 days after today through 3 days after the by-date
    if (!eligibility.pickupDates.includes(input.pickupDate))
      return { code: 'INVALID', field: 'pickupDate', message: AFTER_SALES_MESSAGES.pickupOutsideWindow };

    const known = await tx
      .select({ id: reasonQuestions.id })
      .from(reasonQuestions)
      .where(and(eq(reasonQuestions.kind, input.kind), inArray(reasonQuestions.id, input.reasonIds)));
    if (known.length !== input.reasonIds.length)
      return { code: 'INVALID', field: 'reasonIds', message: AFTER_SALES_MESSAGES.unknownReason };

    const keys = [...input.images, ...(input.video ? [input.video] : [])];
    const uploaded = await uploadsOfItem(tx, userId, row.item.id, keys);
    const kindOf = new Map(uploaded.map((u) => [u.key, u.kind]));
    if (input.images.some((key) => kindOf.get(key) !== 'image'))
      return { code: 'INVALID', field: 'images', message: AFTER_SALES_MESSAGES.unknownUpload };
    if (input.video && kindOf.get(input.video) !== 'video')
      return { code: 'INVALID', field: 'video', message: AFTER_SALES_MESSAGES.unknownUpload };

    const refNo = await nextRefNo(tx, input.kind, order.orderNo, row.item.id);
    const [created] = await tx
      .insert(itemRequests)
      .values({
        refNo,
        kind: input.kind,
        orderItemId: row.item.id,
        userId,
        quantity: input.quantity,
        status: 'pending',
        requestedBy: 'customer',
        additionalInfo: input.additionalInfo === '' ? null : input.additionalInfo,
        pickupDate: input.pickupDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: itemRequests.id });
    if (!created) throw new Error('the request was not saved');
    await tx
      .insert(itemRequestReasons)
      .values(input.reasonIds.map((reasonId) => ({ requestId: created.id, reasonId })));
    await tx
      .insert(itemRequestMedia)
      .values([
        ...input.images.map((path) => ({ requestId: created.id, kind: 'image', path, createdAt: now })),
        ...(input.video ? [{ requestId: created.id, kind: 'video', path: input.video, createdAt: now }] : []),
      ]);
    return {
      code: 'CREATED',
      refNo,
      kind: input.kind,
      quantity: input.quantity,
      pickupDate: input.pickupDate,
    };
  });
}
