import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import {
  BuyAgainList,
  SavedItemChanged,
  SavedList,
  SavedListTypeInput,
  SaveItemInput,
  SaveItemResult,
} from '@marketplace/domain/cart/saved-items';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { saveItem } from './save.ts';
import { listBuyAgain, listSaved, moveSavedToCart, removeSaved } from './service.ts';

const NOT_LOGGED_IN = 'Please log in to see your saved products.';
const NOT_FOUND = 'This saved product was not found.';
const NO_OFFER = 'No seller offers this product now.';
const OUT_OF_STOCK = 'This product is out of stock now. It stays on your list.';
const NOT_LOGGED_IN_TO_SAVE = 'Please log in to save products.';

// the answers' schemas live beside the request's in the domain (named there), shared with the web client
const tags = ['Saved items'];

const saveRoute = createRoute({
  method: 'post',
  path: '/saved-items',
  tags,
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

const listRoute = createRoute({
  method: 'get',
  path: '/saved-items',
  tags,
  summary: 'The shopper’s Save For Later list or wishlist',
  request: {
    query: z.object({
      type: SavedListTypeInput.meta({ example: 'wishlist' }),
    }),
  },
  responses: {
    200: json(SavedList, 'Newest first'),
    400: errorResponse('Unknown list type'),
    401: errorResponse('Not logged in'),
  },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/saved-items/{id}',
  tags,
  summary: 'Remove a product from the list',
  request: { params: RecordIdParams },
  responses: {
    200: json(SavedItemChanged, 'Removed'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such entry of this shopper'),
  },
});
const moveRoute = createRoute({
  method: 'post',
  path: '/saved-items/{id}/move-to-cart',
  tags,
  summary: 'Move a saved product into the cart',
  description:
    'Adds one unit of the remembered offer (else the cheapest in stock) to the cart and removes the entry.',
  request: { params: RecordIdParams },
  responses: {
    200: json(SavedItemChanged, 'Moved'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such entry of this shopper'),
    409: errorResponse('No seller offers the product now, or its offer is out of stock'),
  },
});
const buyAgainRoute = createRoute({
  method: 'get',
  path: '/buy-again',
  tags,
  summary: 'Products of the shopper’s delivered orders',
  responses: {
    200: json(BuyAgainList, 'The products'),
    401: errorResponse('Not logged in'),
  },
});

export function savedItemRoutes(db: Executor) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  const signedInToSave = requireShopper(db, NOT_LOGGED_IN_TO_SAVE);
  return createRouter()
    .openapi(guarded(saveRoute, signedInToSave), async (c) => {
      const user = c.get('shopper');
      const { productId, type, sellerId } = c.req.valid('json');
      const result = await saveItem(db, { userId: user.id, productId, list: type, sellerId });
      if (result.code === 'PRODUCT_NOT_FOUND')
        return apiError(c, 'NOT_FOUND', 'This product is no longer available.');
      return c.json({ success: true as const, created: result.created, message: result.message }, 200);
    })
    .openapi(guarded(listRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json({ items: await listSaved(db, shopper.id, c.req.valid('query').type) }, 200);
    })
    .openapi(guarded(deleteRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await removeSaved(db, shopper.id, c.req.valid('param').id);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', NOT_FOUND);
      const message =
        result.list === 'wishlist'
          ? CART_MESSAGES.removedFromWishlist
          : CART_MESSAGES.deletedFromSaveForLater;
      return c.json({ success: true as const, message }, 200);
    })
    .openapi(guarded(moveRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await moveSavedToCart(db, shopper.id, c.req.valid('param').id);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', NOT_FOUND);
      if (result.code === 'NO_OFFER') return apiError(c, 'CONFLICT', NO_OFFER);
      if (result.code === 'OUT_OF_STOCK') return apiError(c, 'CONFLICT', OUT_OF_STOCK);
      return c.json({ success: true as const, message: CART_MESSAGES.movedToCart }, 200);
    })
    .openapi(guarded(buyAgainRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json({ items: await listBuyAgain(db, shopper.id) }, 200);
    });
}
