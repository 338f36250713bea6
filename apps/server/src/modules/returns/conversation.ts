import type { Executor } from '@marketplace/db';
import { sellerMessages } from '@marketplace/db';
import type { ConversationMessageInput, ConversationTopic } from '@marketplace/domain/orders/returns';
import { conversation } from '../fulfilment/index.ts';
import { myOrderItem } from './request-details.ts';

/**
 * requirements#return-in-process: the contact-seller and privilege-claim conversations about one of
 * the shopper's items, kept on the server (the seller answers through the seller API).
 */
export async function myConversation(db: Executor, userId: number, itemId: number, topic: ConversationTopic) {
  const found = await myOrderItem(db, userId, itemId);
  if (!found) return null;
  return { sellerName: found.sellerName, messages: await conversation(db, itemId, topic) };
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
  return { sellerName: found.sellerName, messages: await conversation(db, found.item.id, input.topic) };
}
