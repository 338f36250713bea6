import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { type Executor, sellerMessages } from '@marketplace/db';
import { CONVERSATION_TOPICS, type ConversationTopic } from '@marketplace/domain/orders/returns';

/** The seller's messages to this shopper that the shopper has not opened yet. */
export const unreadReplies = (userId: number) =>
  and(eq(sellerMessages.userId, userId), eq(sellerMessages.author, 'seller'), isNull(sellerMessages.readAt));

export type NewReplies = Record<ConversationTopic, number>;

/**
 * The seller's unread messages to this shopper about each of the items, by conversation (items
 * with none are left out): what My Orders and the return-in-process tabs count.
 */
export async function newSellerReplies(
  db: Executor,
  userId: number,
  itemIds: readonly number[],
): Promise<Map<number, NewReplies>> {
  const byItem = new Map<number, NewReplies>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ itemId: sellerMessages.orderItemId, topic: sellerMessages.topic, n: count() })
    .from(sellerMessages)
    .where(and(inArray(sellerMessages.orderItemId, [...itemIds]), unreadReplies(userId)))
    .groupBy(sellerMessages.orderItemId, sellerMessages.topic);
  for (const row of rows) {
    const counts = byItem.get(row.itemId) ?? { seller: 0, privilege_claim: 0 };
    const topic = CONVERSATION_TOPICS.find((t) => t === row.topic);
    if (topic) counts[topic] += row.n;
    byItem.set(row.itemId, counts);
  }
  return byItem;
}
