import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { type Executor, orderItems, reasonQuestions, shipments, users } from '@marketplace/db';
import { maskContact } from '@marketplace/domain/accounts/codes';
import { CANCEL_LIMITS, CANCEL_MESSAGES, type CancelRequestInput } from '@marketplace/domain/orders/cancel';
import { transitionItem } from '@marketplace/domain/orders/state-machine';
import { hitLimit } from '../../http/rate-limit.ts';
import { issueCode, codeMessages } from '../accounts/index.ts';
import { itemState, openRequestOf } from '../fulfilment/index.ts';
import { enqueueMessages } from '../messages/index.ts';
import { ownOrder } from './cancel-form.ts';

/** What a cancellation code stands for, kept in the code row until the shopper confirms it. */
export type PendingCancellation = {
  cancellationId: string;
  orderId: number;
  lines: { itemId: number; quantity: number; reasonIds: number[] }[];
  additionalInfo: string | null;
};

export type RequestCancelResult =
  | { code: 'CODE_SENT'; sentTo: string; message: string }
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> }
  | { code: 'ILLEGAL'; message: string; itemId: number }
  | { code: 'RATE_LIMITED'; message: string; retryAfterSeconds: number };

/** Cancellation codes one shopper may ask for in an hour. */
export const CANCEL_CODES_PER_HOUR = 20;

/**
 * requirements#cancellation, first step (action order_cancelled): checks every chosen item against the
 * state machine and stores the cancellation with a code sent to the shopper's email and mobile.
 * Nothing changes on the order until the code is confirmed. A newer request replaces an earlier
 * unconfirmed one (only the latest code works).
 */
export async function requestCancellation(
  db: Executor,
  userId: number,
  input: CancelRequestInput,
  now: Date = new Date(),
): Promise<RequestCancelResult> {
  const order = await ownOrder(db, userId, input.orderNo);
  if (!order) return { code: 'NOT_FOUND', message: CANCEL_MESSAGES.orderNotFound };
  const ids = input.items.map((line) => line.itemId);
  const rows = await db
    .select({ item: orderItems, trackingStatus: shipments.status })
    .from(orderItems)
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, ids)));
  // another order's (or shopper's) item is answered like a missing one
  if (rows.length !== ids.length) return { code: 'NOT_FOUND', message: CANCEL_MESSAGES.itemNotInOrder };

  const reasonIds = [...new Set(input.items.flatMap((line) => line.reasonIds))];
  const known = await db
    .select({ id: reasonQuestions.id })
    .from(reasonQuestions)
    .where(and(eq(reasonQuestions.kind, 'cancel'), inArray(reasonQuestions.id, reasonIds)));
  if (known.length !== reasonIds.length) {
    const fields: Record<string, string> = {};
    input.items.forEach((line, i) => {
      if (line.reasonIds.some((id) => !known.some((k) => k.id === id)))
        fields[`items.${i}.reasonIds`] = CANCEL_MESSAGES.unknownReason;
    });
    return { code: 'INVALID', message: CANCEL_MESSAGES.unknownReason, fields };
  }

  for (const line of input.items) {
    const row = rows.find((r) => r.item.id === line.itemId);
    if (!row) return { code: 'NOT_FOUND', message: CANCEL_MESSAGES.itemNotInOrder };
    const state = itemState(row.item, row.trackingStatus, await openRequestOf(db, row.item.id));
    const checked = transitionItem(state, { type: 'request', kind: 'cancel', quantity: line.quantity }, now);
    if (!checked.ok) return { code: 'ILLEGAL', message: checked.error.message, itemId: line.itemId };
  }

  const [user] = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { code: 'NOT_FOUND', message: CANCEL_MESSAGES.orderNotFound };
  const limit = await hitLimit(
    db,
    { key: `cancel-code:${userId}`, max: CANCEL_CODES_PER_HOUR, windowMs: 3_600_000 },
    now,
  );
  if (!limit.allowed)
    return {
      code: 'RATE_LIMITED',
      message: 'Too many cancellation requests. Please try again later.',
      retryAfterSeconds: limit.retryAfterSeconds,
    };

  const pending: PendingCancellation = {
    cancellationId: randomUUID(),
    orderId: order.id,
    lines: input.items.map(({ itemId, quantity, reasonIds: reasons }) => ({
      itemId,
      quantity,
      reasonIds: [...new Set(reasons)],
    })),
    additionalInfo: input.additionalInfo ? input.additionalInfo : null,
  };
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, {
      purpose: 'order_cancel',
      target: user.email,
      length: CANCEL_LIMITS.codeLength,
      userId,
      payload: pending,
      now,
    });
    await enqueueMessages(
      tx,
      codeMessages('order-cancel-code', code, user).map((m) => ({ ...m, orderNo: order.orderNo })),
    );
  });
  // the code goes to the email and, when the account has one, the mobile: the shopper is told both
  const sentTo = user.mobile
    ? `${maskContact(user.email)} and ${maskContact(user.mobile)}`
    : maskContact(user.email);
  return { code: 'CODE_SENT', sentTo, message: CANCEL_MESSAGES.codeSent(sentTo) };
}
