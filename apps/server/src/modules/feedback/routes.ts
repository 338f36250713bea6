import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  FEEDBACK_MESSAGES,
  FeedbackInput,
  FeedbackSaved,
  ItemFeedback,
} from '@marketplace/domain/orders/feedback';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, recordId } from '../../http/openapi.ts';
import { feedbackOfItem, saveFeedback } from './service.ts';

const NOT_LOGGED_IN = 'Please log in to give feedback.';
const tags = ['Feedback'];
// the answers' schemas live in the domain beside the request's, shared with the feedback pages

const ItemQuery = z.object({
  orderItem: recordId('orderItem must be an order item id.').openapi({
    param: { name: 'orderItem', in: 'query' },
    example: '12',
  }),
});

const getRoute = createRoute({
  method: 'get',
  path: '/feedback',
  tags,
  summary: 'An order item and the shopper’s feedback on it (to fill the feedback forms)',
  request: { query: ItemQuery },
  responses: {
    200: json(ItemFeedback, 'The item and its seller, delivery and product feedback (null when not given)'),
    400: errorResponse('Malformed order item id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order item of this shopper'),
  },
});
const putRoute = createRoute({
  method: 'put',
  path: '/feedback',
  tags,
  summary: 'Give or edit seller, delivery or product feedback on a delivered order item',
  description:
    'One feedback of each kind per order item: sending again edits it. Stars 1 to 5, text up to 2,000 characters; a product feedback may carry up to 5 image uploads and one video upload (keys from `POST /api/uploads` for the same item) and is published as a review of the product, with the product’s star counts kept in step. Seller feedback feeds the seller’s rating.',
  request: { body: { required: true, content: { 'application/json': { schema: FeedbackInput } } } },
  responses: {
    200: json(FeedbackSaved, 'Saved'),
    400: errorResponse('A field is missing or invalid, or an upload is not this item’s'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order item of this shopper'),
    409: errorResponse('The item is not delivered yet'),
  },
});

export function feedbackRoutes(db: Executor) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  return createRouter()
    .openapi(guarded(getRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const found = await feedbackOfItem(db, shopper.id, c.req.valid('query').orderItem);
      if (!found) return apiError(c, 'NOT_FOUND', FEEDBACK_MESSAGES.notFound);
      return c.json(found, 200);
    })
    .openapi(guarded(putRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await saveFeedback(db, shopper.id, c.req.valid('json'));
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FEEDBACK_MESSAGES.notFound);
        case 'NOT_DELIVERED':
          return apiError(c, 'CONFLICT', FEEDBACK_MESSAGES.notDelivered);
        case 'UNKNOWN_UPLOAD':
          return apiError(c, 'VALIDATION_FAILED', FEEDBACK_MESSAGES.unknownUpload, {
            [result.field]: FEEDBACK_MESSAGES.unknownUpload,
          });
        case 'OK':
          return c.json({ feedback: result.feedback, message: FEEDBACK_MESSAGES.saved }, 200);
      }
    });
}
