import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  CONVERSATION_TOPICS,
  ConversationsQuery,
  SELLER_MESSAGES_TEXTS,
  SellerConversation,
  SellerConversationList,
} from '@marketplace/domain/sellers/messages-api';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, recordId } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { listConversations, openConversation } from './conversations.ts';

const tags = ['Seller Central'];
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as an approved seller'),
};

const ConversationParams = z.object({
  itemId: recordId('The item id must be a positive whole number.').openapi({
    param: { name: 'itemId', in: 'path' },
    example: '12',
  }),
  topic: z
    .enum(CONVERSATION_TOPICS, { error: 'The topic must be seller or privilege_claim.' })
    .openapi({ param: { name: 'topic', in: 'path' }, example: 'seller' }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/seller/conversations',
  tags,
  summary: 'The seller’s conversations with shoppers, latest first, with unread counts',
  description:
    'One row per order item and topic (contact seller, privilege claim): its latest message and how many shopper messages the seller has not opened. `unread=1` keeps the conversations with unread messages. 20 a page.',
  request: { query: ConversationsQuery },
  responses: {
    200: json(SellerConversationList, 'A page of conversations'),
    400: errorResponse('Bad page'),
    ...sellerOnly,
  },
});

const openRoute = createRoute({
  method: 'post',
  path: '/seller/conversations/{itemId}/{topic}/open',
  tags,
  summary: 'Open one conversation: its messages, the shopper’s marked read',
  description:
    'Answers the whole conversation oldest first and marks the shopper’s unread messages read. Reply with `POST /api/seller/order-items/{id}/messages`.',
  request: { params: ConversationParams },
  responses: {
    200: json(SellerConversation, 'The conversation'),
    400: errorResponse('Bad item id or topic'),
    ...sellerOnly,
    404: errorResponse('No such conversation on this seller’s items'),
  },
});

/** requirements#seller-messages */
export function sellerMessageRoutes(db: Executor) {
  // requirements#operator-sellers: a suspended seller still fulfils its open orders
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .openapi(guarded(listRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const { page, unread } = c.req.valid('query');
      return c.json(await listConversations(db, sellerId, { page, unreadOnly: unread === '1' }), 200);
    })
    .openapi(guarded(openRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const { itemId, topic } = c.req.valid('param');
      const found = await openConversation(db, sellerId, itemId, topic);
      if (!found) return apiError(c, 'NOT_FOUND', SELLER_MESSAGES_TEXTS.conversationNotFound);
      return c.json(found, 200);
    });
}
