import { and, asc, eq } from 'drizzle-orm';
import { type Executor, orderItems, orders, sellerMessages } from '@marketplace/db';

export type ConversationMessage = { id: number; author: 'shopper' | 'seller'; body: string; sentAt: string };
export type ReplyResult =
  { code: 'REPLIED'; messages: ConversationMessage[] } | { code: 'NOT_FOUND' } | { code: 'NOTHING_TO_REPLY' };

/** The messages between the shopper and the seller about one item, oldest first. */
export async function conversation(db: Executor, itemId: number): Promise<ConversationMessage[]> {
  const rows = await db
    .select()
    .from(sellerMessages)
    .where(eq(sellerMessages.orderItemId, itemId))
    .orderBy(asc(sellerMessages.createdAt), asc(sellerMessages.id));
  return rows.map((m) => ({
    id: m.id,
    author: m.author === 'seller' ? 'seller' : 'shopper',
    body: m.body,
    sentAt: m.createdAt.toISOString(),
  }));
}

/** The seller answers the shopper who wrote about one of its items. */
export async function replyToShopper(
  db: Executor,
  sellerId: number,
  itemId: number,
  body: string,
  now: Date = new Date(),
): Promise<ReplyResult> {
  const [item] = await db
    .select({ id: orderItems.id, userId: orders.userId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.sellerId, sellerId)));
  if (!item) return { code: 'NOT_FOUND' };
  const [asked] = await db
    .select({ id: sellerMessages.id })
    .from(sellerMessages)
    .where(and(eq(sellerMessages.orderItemId, itemId), eq(sellerMessages.author, 'shopper')))
    .limit(1);
  if (!asked) return { code: 'NOTHING_TO_REPLY' };
  await db.insert(sellerMessages).values({
    orderItemId: itemId,
    sellerId,
    userId: item.userId,
    author: 'seller',
    body,
    createdAt: now,
  });
  return { code: 'REPLIED', messages: await conversation(db, itemId) };
}
