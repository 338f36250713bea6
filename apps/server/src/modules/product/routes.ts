import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { SaveItemInput, SaveItemResult } from '@marketplace/domain/cart/saved-items';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
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
    400: errorResponse('Invalid input'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such product'),
  },
});

export function productRoutes(db: Executor) {
  const signedIn = requireShopper(db, 'Please log in to save products.');
  return createRouter().openapi(guarded(saveRoute, signedIn), async (c) => {
    const user = c.get('shopper');
    const { productId, type, sellerId } = c.req.valid('json');
    const result = await saveItem(db, { userId: user.id, productId, list: type, sellerId });
    if (result.code === 'PRODUCT_NOT_FOUND')
      return apiError(c, 'NOT_FOUND', 'This product is no longer available.');
    return c.json({ success: true as const, created: result.created, message: result.message }, 200);
  });
}
