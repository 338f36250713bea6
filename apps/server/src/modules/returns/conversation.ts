import { and, eq } from 'drizzle-orm';
import type { Executor } from '@marketplace/db';
import { sellerMessages } from '@marketplace/db';
import type { ConversationMessageInput, ConversationTopic } from '@marketplace/domain/orders/returns';
import { conversation } from '../fulfilment/index.ts';
import { unreadReplies } from './new-replies.ts';
import { myOrderItem } from './request-details.ts';

/**
 * requirements#return-in-process: the contact-seller and privilege-claim conversations about one of
 * the shopper's items, kept on the server (the seller answers through the seller API). Opening one
 * marks the seller's messages in it read, for this shopper's own item only, in the same
 * transaction; the ones it marked come back as new. The shopper's own messages stay unread until
 * the seller opens the conversation (requirements#seller-messages).
 */
export async function myConversation(
  db: Executor,
  userId: number,
  itemId: number,
  topic: ConversationTopic,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const found = await myOrderItem(tx, userId, itemId);
    if (!found) return null;
    const marked = await tx
      .update(sellerMessages)
      .set({ readAt: now })
      .where(
        and(
          eq(sellerMessages.orderItemId, found.item.id),
          eq(sellerMessages.topic, topic),
          unreadReplies(userId),
        ),
      )
      .returning({ id: sellerMessages.id });
    const isNew = new Set(marked.map((m) => m.id));
    const messages = await conversation(tx, found.item.id, topic);
    return {
      sellerName: found.sellerName,
      messages: messages.map((m) => ({ ...m, isNew: isNew.has(m.id) })),
    };
  });
}

/** The shopper writes to the item's seller; the answer is the whole conversation of that topic. */
export async function sendShopperMessage(
  db: Executor,
  userId: number,
  input: ConversationMessageInput,
  now: Date = new Date(),
) {
  const found = await myOrderItem(db, userId, input.orderItemId);
  if (!found) return null;
  await db.insert(sellerMessages).values({
    orderItemId: found.item.id,
    sellerId: found.item.sellerId,
    userId,
    author: 'shopper',
    topic: input.topic,
    body: input.body,
    createdAt: now,
  });
  const messages = await conversation(db, found.item.id, input.topic);
  return { sellerName: found.sellerName, messages: messages.map((m) => ({ ...m, isNew: false })) };
}
