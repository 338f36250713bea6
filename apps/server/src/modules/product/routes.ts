import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { SaveItemInput, SaveItemResult } from '@marketplace/domain/cart/saved-items';
import { apiError, ErrorResponse } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { findSessionUser } from '../accounts/sessions.ts';
import { saveItem } from './saved-items.ts';

const saveRoute = createRoute({
  method: 'post',
  path: '/saved-items',
  tags: ['Saved items'],
  summary: 'Save a product for later or to the wishlist',
  description:
    'Adds the product to the logged-in shopper’s Save For Later list or wishlist. Saving a product already on the list succeeds without adding it twice. The shopper comes from the session cookie.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: SaveItemInput,
        },
      },
    },
  },
  responses: {
    200: {
      content: {
        'application/json': {
          schema: SaveItemResult,
        },
      },
      description: 'Saved (created is false when it was already on the list)',
    },
    400: { content: { 'application/json': { schema: ErrorResponse } }, description: 'Invalid input' },
    401: { content: { 'application/json': { schema: ErrorResponse } }, description: 'Not logged in' },
    404: { content: { 'application/json': { schema: ErrorResponse } }, description: 'No such product' },
  },
});

export function productRoutes(db: Executor) {
  return createRouter().openapi(saveRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = await findSessionUser(db, c.req.raw);
    if (!user) return apiError(c, 'UNAUTHENTICATED', 'Please log in to save products.');
    const { productId, type, sellerId } = c.req.valid('json');
    const result = await saveItem(db, { userId: user.id, productId, list: type, sellerId });
    if (result.code === 'PRODUCT_NOT_FOUND')
      return apiError(c, 'NOT_FOUND', 'This product is no longer available.');
    return c.json({ success: true as const, created: result.created, message: result.message }, 200);
  });
}
