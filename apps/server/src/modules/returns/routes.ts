import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  AFTER_SALES_KINDS,
  AFTER_SALES_MESSAGES,
  AfterSalesForm,
  AfterSalesRequestCreated,
  AfterSalesRequestInput,
  CONVERSATION_TOPICS,
  ConversationMessageInput,
  ItemConversation,
  ItemRequestDetails,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
} from '@marketplace/domain/orders/returns';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, recordId } from '../../http/openapi.ts';
import { myConversation, sendShopperMessage } from './conversation.ts';
import { createAfterSalesRequest } from './create-request.ts';
import { itemRequestDetails } from './request-details.ts';
import { afterSalesForm } from './request-form.ts';

const tags = ['Returns and replacements'];
// the answers' schemas live in the domain beside the requests', shared with the return pages
const idParam = (name: string) =>
  recordId(`${name} must be a positive whole number.`).openapi({
    param: { name, in: 'query' },
    example: '12',
  });
const kindParam = z
  .enum(AFTER_SALES_KINDS, { error: 'kind must be return or replace.' })
  .openapi({ param: { name: 'kind', in: 'query' } });

const loginRequired = { 401: errorResponse('Not logged in') };

const formRoute = createRoute({
  method: 'get',
  path: '/item-requests/options',
  tags,
  summary: 'The return or replacement form for one seller’s part of an order',
  description:
    'Each item with its eligibility (window open, closed, no option, all processed), the units left and the pickup days (today + 3 through the by-date + 3, days in India); the reason questions; the requests of this kind already made.',
  request: {
    query: z.object({
      kind: kindParam,
      order: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,40}$/, 'order must be an order number.')
        .openapi({
          param: { name: 'order', in: 'query' },
          example: 'OD1234567890',
        }),
      seller: idParam('seller'),
    }),
  },
  responses: {
    200: json(AfterSalesForm, 'The form'),
    400: errorResponse('Malformed query'),
    ...loginRequired,
    404: errorResponse('No such order of this shopper with this seller'),
  },
});
const createRequestRoute = createRoute({
  method: 'post',
  path: '/item-requests',
  tags,
  summary: 'Ask to return (several products) or replace (one product) units of delivered items',
  description:
    'items: the products of one seller’s part of one order (a replacement: exactly one), each with its quantity (up to the units not yet returned, replaced or cancelled), one or more reasons of the kind and its additional info; shared by all of them: 1 to 5 image uploads and at most one video upload (keys from `POST /api/uploads` for any of these items) and a pickup day that every item’s window offers. One transaction: one request per product, all or none; a refusal names the product. One pending request per item: the same submission sent again answers 200 with the requests already made.',
  request: { body: { required: true, content: { 'application/json': { schema: AfterSalesRequestInput } } } },
  responses: {
    201: json(AfterSalesRequestCreated, 'Requested'),
    200: json(AfterSalesRequestCreated, 'The same submission was already made'),
    400: errorResponse(
      'A field is missing or invalid, products of several orders or sellers, the pickup day is outside an item’s window, or a file is not about these items',
    ),
    ...loginRequired,
    404: errorResponse('An order item is not this shopper’s'),
    409: errorResponse(
      'A request is pending on a product, its window is closed, it has no option, or all its units are processed',
    ),
  },
});
const detailsRoute = createRoute({
  method: 'get',
  path: '/item-requests',
  tags,
  summary: 'An item’s return or replacement requests, for the detail and return-in-process pages',
  request: { query: z.object({ kind: kindParam, item: idParam('item') }) },
  responses: {
    200: json(ItemRequestDetails, 'The item and its requests of the kind, newest first'),
    400: errorResponse('Malformed query'),
    ...loginRequired,
    404: errorResponse('No such order item of this shopper'),
  },
});
const topicParam = z
  .enum(CONVERSATION_TOPICS, { error: 'topic must be seller or privilege_claim.' })
  .openapi({ param: { name: 'topic', in: 'query' } });
const listMessagesRoute = createRoute({
  method: 'get',
  path: '/item-requests/messages',
  tags,
  summary: 'The contact-seller or privilege-claim conversation about an item',
  description:
    'Opening it marks the seller’s messages in it read for this shopper (they come back once with isNew); the shopper’s own messages stay unread until the seller opens it.',
  request: { query: z.object({ item: idParam('item'), topic: topicParam }) },
  responses: {
    200: json(ItemConversation, 'Oldest first'),
    400: errorResponse('Malformed query'),
    ...loginRequired,
    404: errorResponse('No such order item of this shopper'),
  },
});
const sendMessageRoute = createRoute({
  method: 'post',
  path: '/item-requests/messages',
  tags,
  summary: 'Write to the item’s seller (contact seller or privilege claim)',
  request: {
    body: { required: true, content: { 'application/json': { schema: ConversationMessageInput } } },
  },
  responses: {
    201: json(ItemConversation, 'Sent; the whole conversation'),
    400: errorResponse('Blank or too long'),
    ...loginRequired,
    404: errorResponse('No such order item of this shopper'),
  },
});

const notFound = (kind: 'return' | 'replace') =>
  kind === 'return' ? RETURN_MESSAGES.noReturns : REPLACEMENT_MESSAGES.noReplacements;

export function afterSalesRoutes(db: Executor) {
  const signedIn = requireShopper(db, AFTER_SALES_MESSAGES.notLoggedIn);
  return createRouter()
    .openapi(guarded(formRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const { kind, order, seller } = c.req.valid('query');
      const form = await afterSalesForm(db, shopper.id, { kind, orderNo: order, sellerId: seller });
      if (!form) return apiError(c, 'NOT_FOUND', notFound(kind));
      return c.json(form, 200);
    })
    .openapi(guarded(createRequestRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const input = c.req.valid('json');
      const result = await createAfterSalesRequest(db, shopper.id, input);
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', AFTER_SALES_MESSAGES.notFound);
        case 'REQUEST_OPEN':
        case 'NOT_ELIGIBLE':
          return apiError(c, 'CONFLICT', result.message);
        case 'INVALID':
          return apiError(c, 'VALIDATION_FAILED', result.message, { [result.field]: result.fieldMessage });
        case 'CREATED':
        case 'ALREADY_REQUESTED': {
          const { code, ...made } = result;
          const message =
            input.kind === 'return' ? RETURN_MESSAGES.submitted : REPLACEMENT_MESSAGES.submitted;
          return c.json({ success: true as const, message, ...made }, code === 'CREATED' ? 201 : 200);
        }
      }
    })
    .openapi(guarded(detailsRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const { kind, item } = c.req.valid('query');
      const details = await itemRequestDetails(db, shopper.id, item, kind);
      if (!details) return apiError(c, 'NOT_FOUND', AFTER_SALES_MESSAGES.notFound);
      return c.json(details, 200);
    })
    .openapi(guarded(listMessagesRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const { item, topic } = c.req.valid('query');
      const found = await myConversation(db, shopper.id, item, topic);
      if (!found) return apiError(c, 'NOT_FOUND', AFTER_SALES_MESSAGES.notFound);
      return c.json(found, 200);
    })
    .openapi(guarded(sendMessageRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const sent = await sendShopperMessage(db, shopper.id, c.req.valid('json'));
      if (!sent) return apiError(c, 'NOT_FOUND', AFTER_SALES_MESSAGES.notFound);
      return c.json(sent, 201);
    });
}
