import { and, asc, eq, inArray } from 'drizzle-orm';
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
  type AfterSalesLine,
  type AfterSalesRequestInput,
  afterSalesEligibility,
  namedRefusal,
} from '@marketplace/domain/orders/returns';
import { TRANSITION_MESSAGES, transitionItem } from '@marketplace/domain/orders/state-machine';
import { itemState, lockOrder, openRequestOf, nextRefNo } from '../fulfilment/index.ts';
import { queueOrderNotices } from '../messages/index.ts';
import { uploadsOfItems } from '../uploads/index.ts';

export type MadeRequest = { refNo: string; itemId: number; quantity: number };

export type CreateRequestResult =
  | { code: 'CREATED' | 'ALREADY_REQUESTED'; kind: string; pickupDate: string; requests: MadeRequest[] }
  | { code: 'NOT_FOUND' }
  | { code: 'REQUEST_OPEN'; message: string }
  | { code: 'NOT_ELIGIBLE'; message: string }
  | { code: 'INVALID'; field: string; message: string; fieldMessage: string };

type RequestRow = typeof itemRequests.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

const invalid = (field: string, fieldMessage: string, productName?: string): CreateRequestResult => ({
  code: 'INVALID',
  field,
  message: productName ? namedRefusal(productName, fieldMessage) : fieldMessage,
  fieldMessage,
});

/** Whether the item's pending request is this very line sent again (a retry of the same submission). */
async function isSameRequest(
  tx: Executor,
  open: RequestRow,
  input: AfterSalesRequestInput,
  line: AfterSalesLine,
): Promise<boolean> {
  if (open.kind !== input.kind || open.quantity !== line.quantity || open.pickupDate !== input.pickupDate)
    return false;
  const [media, reasons] = await Promise.all([
    tx.select().from(itemRequestMedia).where(eq(itemRequestMedia.requestId, open.id)),
    tx.select().from(itemRequestReasons).where(eq(itemRequestReasons.requestId, open.id)),
  ]);
  const keys = [...input.images, ...(input.video ? [input.video] : [])];
  return (
    sameSet(
      media.map((m) => m.path),
      keys,
    ) &&
    sameSet(
      reasons.map((r) => r.reasonId),
      line.reasonIds,
    )
  );
}

/**
 * requirements#return-form and requirements#replacement-form (returnorders.php): the shopper asks to return (or replace)
 * units of delivered items of one seller's part of their order, each product with its own
 * quantity, reasons and info, the photos, video and pickup day shared. One transaction under the
 * order's lock checks every item (window, units left, one pending request per item), the pickup
 * day against every item's window, the reasons and that every file is the shopper's upload about
 * one of these items, then writes one request per item: all of them or none, and a refusal names
 * the product it is about. The same submission sent again answers with the requests already made.
 */
export async function createAfterSalesRequest(
  db: Executor,
  userId: number,
  input: AfterSalesRequestInput,
  now: Date = new Date(),
): Promise<CreateRequestResult> {
  const ids = input.items.map((line) => line.orderItemId);
  const owned = await db
    .select({ id: orderItems.id, orderId: orderItems.orderId, sellerId: orderItems.sellerId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.id, ids), eq(orders.userId, userId), eq(orders.status, 'placed')));
  const [first] = owned;
  if (!first || owned.length !== ids.length) return { code: 'NOT_FOUND' };
  // the photos are the shopper's about these items and their seller reads them: one order, one seller
  if (owned.some((row) => row.orderId !== first.orderId || row.sellerId !== first.sellerId))
    return invalid('items', AFTER_SALES_MESSAGES.oneOrderAndSeller);

  return db.transaction(async (tx): Promise<CreateRequestResult> => {
    const order = await lockOrder(tx, first.orderId);
    const rows = await tx
      .select({ item: orderItems, trackingStatus: shipments.status })
      .from(orderItems)
      .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
      .where(inArray(orderItems.id, ids))
      .orderBy(asc(orderItems.id));
    const lines: {
      line: AfterSalesLine;
      index: number;
      item: ItemRow;
      trackingStatus: string | null;
      open: RequestRow | null;
    }[] = [];
    for (const [index, line] of input.items.entries()) {
      const row = rows.find((r) => r.item.id === line.orderItemId);
      if (!row) return { code: 'NOT_FOUND' };
      lines.push({ line, index, ...row, open: await openRequestOf(tx, row.item.id) });
    }

    const repeats = [];
    for (const entry of lines)
      if (entry.open && (await isSameRequest(tx, entry.open, input, entry.line))) repeats.push(entry.open);
    if (repeats.length === lines.length)
      return {
        code: 'ALREADY_REQUESTED',
        kind: input.kind,
        pickupDate: input.pickupDate,
        requests: repeats.map((r) => ({ refNo: r.refNo, itemId: r.orderItemId, quantity: r.quantity })),
      };

    for (const { line, index, item, trackingStatus, open } of lines) {
      const name = item.productName;
      const state = itemState(item, trackingStatus, open);
      const moved = transitionItem(
        state,
        { type: 'request', kind: input.kind, quantity: line.quantity },
        now,
      );
      if (!moved.ok) {
        const { message } = moved.error;
        if (message === TRANSITION_MESSAGES.requestOpen)
          return { code: 'REQUEST_OPEN', message: namedRefusal(name, message) };
        if (message === TRANSITION_MESSAGES.requestQuantity)
          return invalid(`items.${index}.quantity`, AFTER_SALES_MESSAGES.quantity, name);
        return { code: 'NOT_ELIGIBLE', message: namedRefusal(name, message) };
      }
      const eligibility = afterSalesEligibility(state, input.kind, now);
      if (!eligibility.isEligible)
        return { code: 'NOT_ELIGIBLE', message: namedRefusal(name, eligibility.message) };
      // requirements#pickup-window: from 3 days after today through 3 days after its by-date
      if (!eligibility.pickupDates.includes(input.pickupDate))
        return invalid('pickupDate', AFTER_SALES_MESSAGES.pickupOutsideWindow, name);
    }

    const wanted = [...new Set(input.items.flatMap((line) => line.reasonIds))];
    const known = await tx
      .select({ id: reasonQuestions.id })
      .from(reasonQuestions)
      .where(and(eq(reasonQuestions.kind, input.kind), inArray(reasonQuestions.id, wanted)));
    const knownIds = new Set(known.map((r) => r.id));
    for (const { line, index, item } of lines)
      if (line.reasonIds.some((id) => !knownIds.has(id)))
        return invalid(`items.${index}.reasonIds`, AFTER_SALES_MESSAGES.unknownReason, item.productName);

    const keys = [...input.images, ...(input.video ? [input.video] : [])];
    const uploaded = await uploadsOfItems(tx, userId, ids, keys);
    const kindOf = new Map(uploaded.map((u) => [u.key, u.kind]));
    if (input.images.some((key) => kindOf.get(key) !== 'image'))
      return invalid('images', AFTER_SALES_MESSAGES.unknownUpload);
    if (input.video && kindOf.get(input.video) !== 'video')
      return invalid('video', AFTER_SALES_MESSAGES.unknownUpload);

    const made: MadeRequest[] = [];
    for (const { line, item } of lines) {
      const refNo = await nextRefNo(tx, input.kind, order.orderNo, item.id);
      const [created] = await tx
        .insert(itemRequests)
        .values({
          refNo,
          kind: input.kind,
          orderItemId: item.id,
          userId,
          quantity: line.quantity,
          status: 'pending',
          requestedBy: 'customer',
          additionalInfo: line.additionalInfo === '' ? null : line.additionalInfo,
          pickupDate: input.pickupDate,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: itemRequests.id });
      if (!created) throw new Error('the request was not saved');
      await tx
        .insert(itemRequestReasons)
        .values(line.reasonIds.map((reasonId) => ({ requestId: created.id, reasonId })));
      await tx
        .insert(itemRequestMedia)
        .values([
          ...input.images.map((path) => ({ requestId: created.id, kind: 'image', path, createdAt: now })),
          ...(input.video
            ? [{ requestId: created.id, kind: 'video', path: input.video, createdAt: now }]
            : []),
        ]);
      // requirements#order-notices: the seller is told of a return to answer
      if (input.kind === 'return')
        await queueOrderNotices(tx, { kind: 'return-requested', requestId: created.id });
      made.push({ refNo, itemId: item.id, quantity: line.quantity });
    }
    return { code: 'CREATED', kind: input.kind, pickupDate: input.pickupDate, requests: made };
  });
}
