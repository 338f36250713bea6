// requirements#seller-messages: the contact-seller and privilege-claim conversations of a seller's
// order items, one per item and topic, with the shopper's unread messages counted.
import { z } from 'zod';

export const CONVERSATION_TOPICS = ['seller', 'privilege_claim'] as const;
export type ConversationTopic = (typeof CONVERSATION_TOPICS)[number];
/** How the seller's pages name each topic. */
export const TOPIC_LABELS: Record<ConversationTopic, string> = {
  seller: 'Contact seller',
  privilege_claim: 'Privilege claim',
};
export const CONVERSATIONS_PAGE_SIZE = 20;

export const SELLER_MESSAGES_TEXTS = {
  conversationNotFound: 'This conversation was not found.',
  empty: 'No shopper has written to you yet.',
} as const;

export const ConversationsQuery = z.object({
  page: z.coerce
    .number({ message: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(10_000, 'The page must be a whole number from 1.')
    .default(1),
  unread: z.enum(['1']).optional(),
});

const Message = z.object({
  id: z.number().int(),
  author: z.enum(['shopper', 'seller']),
  body: z.string(),
  sentAt: z.string(),
  /** When the other party read it (null: not yet). */
  readAt: z.string().nullable(),
});

const ConversationHead = z.object({
  itemId: z.number().int(),
  topic: z.enum(CONVERSATION_TOPICS),
  orderNo: z.string(),
  productName: z.string(),
  productImage: z.string(),
  shopperName: z.string(),
});

export const SellerConversationList = z
  .object({
    conversations: z.array(
      ConversationHead.extend({
        lastMessage: Message.pick({ author: true, body: true, sentAt: true }),
        unread: z.number().int().nonnegative(),
      }),
    ),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    /** All the shopper messages the seller has not opened yet, in every conversation. */
    unreadTotal: z.number().int().nonnegative(),
  })
  .meta({ id: 'SellerConversationList' });
export type SellerConversationList = z.infer<typeof SellerConversationList>;

export const SellerConversation = z
  .object({
    ...ConversationHead.shape,
    messages: z.array(Message),
    /** Shopper messages this opening marked read. */
    markedRead: z.number().int().nonnegative(),
  })
  .meta({ id: 'SellerConversation' });
export type SellerConversation = z.infer<typeof SellerConversation>;

/** What the reply endpoint answers, as much of it as the seller's page reads. */
export const SellerReplyAnswer = z.object({ success: z.literal(true), message: z.string() });

export const SellerUnreadCount = z.object({ unreadMessages: z.number().int().nonnegative() });
