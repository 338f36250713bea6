import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  type Executor,
  itemRequestReasons,
  itemRequests,
  oneTimeCodes,
  orderItems,
  shipments,
} from '@marketplace/db';
import { CANCEL_MESSAGES } from '@marketplace/domain/orders/cancel';
import { transitionItem } from '@marketplace/domain/orders/state-machine';
import { codeMatches, useCode } from '../accounts/index.ts';
import {
  applyEffects,
  itemState,
  lockOrder,
  openRequestOf,
  saveItemState,
  nextRefNo,
} from '../fulfilment/index.ts';
import type { PendingCancellation } from './request-cancel.ts';

export type CancelledLine = { itemId: number; refNo: string; quantity: number; refundPaise: number };

export type ConfirmCancelResult =
  | { code: 'CANCELLED'; orderNo: string; cancelled: CancelledLine[]; refundPaise: number }
  | { code: 'WRONG_CODE' | 'CODE_LOCKED' | 'CODE_USED'; message: string }
  | { code: 'ILLEGAL'; message: string; itemId: number };

class Refused extends Error {
  constructor(readonly result: ConfirmCancelResult) {
    super('cancellation refused');
  }
}

const isPending = (payload: unknown): payload is PendingCancellation =>
  typeof payload === 'object' &&
  payload !== null &&
  'cancellationId' in payload &&
  'orderId' in payload &&
  'lines' in payload &&
  Array.isArray(payload.lines);

/**
 * requirements#cancellation, second step (action otpcheck). One transaction checks the code and cancels
 * every chosen unit at once (an item not yet invoiced has not left the seller, so, as on the big
 * marketplaces, no seller decision is needed): the request is recorded as the shopper's and
 * completed, the units go back to stock, and an online payment gets its refund record. Either all
 * chosen items are cancelled or none: an item that changed meanwhile refuses the whole
 * cancellation. A wrong code counts a try; the fifth locks it. A code works once: sending it again
 * changes nothing and is refused as used.
 */
export async function confirmCancellation(
  db: Executor,
  user: { id: number; email: string },
  code: string,
  now: Date = new Date(),
): Promise<ConfirmCancelResult> {
  // one transaction: a wrong try is counted (its failure is a value, not a rollback), and a right
  // code is used up together with the cancellation it confirms, so a second try waits on the code
  // row and then reads it as used
  return db.transaction(async (tx): Promise<ConfirmCancelResult> => {
    const used = await useCode(tx, { purpose: 'order_cancel', target: user.email, code, now });
    if (!used.ok) {
      if (used.code === 'CODE_LOCKED') return { code: 'CODE_LOCKED', message: used.message };
      return (await wasUsed(tx, user, code))
        ? { code: 'CODE_USED', message: CANCEL_MESSAGES.codeUsed }
        : { code: 'WRONG_CODE', message: used.message };
    }
    const pending = used.row.payload;
    if (used.row.userId !== user.id || !isPending(pending))
      return { code: 'WRONG_CODE', message: CANCEL_MESSAGES.invalidOtp };
    try {
      // a savepoint: an item that changed meanwhile undoes every line, and the code stays used
      const result = await tx.transaction((lines) => cancelLines(lines, user.id, pending, now));
      // marks the code as the one that cancelled, so typing it again reads as used (not as wrong)
      await tx
        .update(oneTimeCodes)
        .set({ payload: { ...pending, confirmedAt: now.toISOString() } })
        .where(eq(oneTimeCodes.id, used.row.id));
      return result;
    } catch (error) {
      if (error instanceof Refused) return error.result;
      throw error;
    }
  });
}

/** True when the code typed is one this shopper already used for a cancellation. */
async function wasUsed(tx: Executor, user: { id: number; email: string }, code: string) {
  const recent = await tx
    .select({ codeHash: oneTimeCodes.codeHash })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, 'order_cancel'),
        eq(oneTimeCodes.target, user.email),
        eq(oneTimeCodes.userId, user.id),
        isNotNull(oneTimeCodes.consumedAt),
        sql`${oneTimeCodes.payload}->>'confirmedAt' IS NOT NULL`,
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(5);
  return recent.some((row) => codeMatches(code, row.codeHash));
}

/**
 * requirements#operator-support: support staff cancel items on the shopper's behalf with the same
 * rule as the shopper's own confirmed cancellation (recorded as the shopper's, completed at once,
 * stock back, refund started), without the code. Call it in the transaction that also writes the
 * staff member's audit entry; a refused line undoes every line (a savepoint) and comes back as a
 * value.
 */
export async function cancelForShopper(
  tx: Executor,
  input: {
    userId: number;
    orderId: number;
    lines: PendingCancellation['lines'];
    additionalInfo: string | null;
  },
  now: Date = new Date(),
): Promise<ConfirmCancelResult> {
  try {
    return await tx.transaction((lines) => cancelLines(lines, input.userId, input, now));
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

async function cancelLines(
  tx: Executor,
  userId: number,
  pending: Pick<PendingCancellation, 'orderId' | 'lines' | 'additionalInfo'>,
  now: Date,
): Promise<ConfirmCancelResult> {
  const order = await lockOrder(tx, pending.orderId);
  if (order.userId !== userId) throw new Refused({ code: 'WRONG_CODE', message: CANCEL_MESSAGES.invalidOtp });
  const cancelled: CancelledLine[] = [];
  for (const line of pending.lines) {
    const [row] = await tx
      .select({ item: orderItems, trackingStatus: shipments.status })
      .from(orderItems)
      .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
      .where(and(eq(orderItems.id, line.itemId), eq(orderItems.orderId, order.id)));
    if (!row)
      throw new Refused({ code: 'ILLEGAL', message: CANCEL_MESSAGES.itemNotInOrder, itemId: line.itemId });
    const state = itemState(row.item, row.trackingStatus, await openRequestOf(tx, row.item.id));
    // the shopper's request, granted at once: the machine's own request and 'completed' decision
    const asked = transitionItem(state, { type: 'request', kind: 'cancel', quantity: line.quantity }, now);
    const granted = asked.ok
      ? transitionItem(asked.next, { type: 'decide', kind: 'cancel', decision: 'completed' }, now)
      : asked;
    if (!granted.ok)
      throw new Refused({ code: 'ILLEGAL', message: granted.error.message, itemId: line.itemId });
    const refNo = await nextRefNo(tx, 'cancel', order.orderNo, row.item.id);
    const [request] = await tx
      .insert(itemRequests)
      .values({
        refNo,
        kind: 'cancel',
        orderItemId: row.item.id,
        userId,
        quantity: line.quantity,
        status: 'completed',
        requestedBy: 'customer',
        additionalInfo: pending.additionalInfo,
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: itemRequests.id });
    if (!request) throw new Error('the cancellation was not inserted');
    if (line.reasonIds.length > 0)
      await tx
        .insert(itemRequestReasons)
        .values(line.reasonIds.map((reasonId) => ({ requestId: request.id, reasonId })));
    const effects = await applyEffects(tx, {
      order,
      item: row.item,
      effects: granted.effects,
      requestId: request.id,
      now,
    });
    await saveItemState(tx, row.item.id, granted.next, now);
    const refundPaise = 'refundPaise' in effects ? effects.refundPaise : 0;
    cancelled.push({ itemId: row.item.id, refNo, quantity: line.quantity, refundPaise });
  }
  return {
    code: 'CANCELLED',
    orderNo: order.orderNo,
    cancelled,
    refundPaise: cancelled.reduce((sum, line) => sum + line.refundPaise, 0),
  };
}
