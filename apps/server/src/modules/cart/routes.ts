import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { AvailabilityInput, Cart, CartAvailability, CartInput } from '@marketplace/domain/cart/cart-api';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { guarded, requireShopper } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { loadRateCard } from '../catalog/index.ts';
import { checkAvailability } from './availability.ts';
import { loadCart, mergeCart, replaceCart } from './service.ts';

// the answers' schemas live beside the requests' in the domain, shared with the web app
const cartBody = { body: { required: true, content: { 'application/json': { schema: CartInput } } } };
const tags = ['Cart'];
const writeResponses = {
  200: json(Cart, 'The saved cart'),
  400: errorResponse('Malformed lines'),
  401: errorResponse('Not logged in'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/cart',
  tags,
  summary: 'The shopper’s saved cart with live prices, stock and coupons',
  responses: { 200: json(Cart, 'The cart'), 401: errorResponse('Not logged in') },
});
const putRoute = createRoute({
  method: 'put',
  path: '/cart',
  tags,
  summary: 'Replace the shopper’s cart',
  description:
    'Lines name an offer (product and seller), a quantity and optionally a coupon. Unknown offers are dropped, quantities are clamped to 1..min(stock, maximum per order), coupons not belonging to the product are cleared. Prices are never taken from the browser.',
  request: cartBody,
  responses: writeResponses,
});
const mergeRoute = createRoute({
  method: 'post',
  path: '/cart/merge',
  tags,
  summary: 'Merge the browser’s cart into the saved one (at login)',
  description:
    'A line in both keeps the larger quantity (never the sum, so the same browser cart sent again changes nothing), capped by stock and the maximum per order; the browser’s coupon wins when it chose one.',
  request: cartBody,
  responses: writeResponses,
});
const availabilityRoute = createRoute({
  method: 'post',
  path: '/cart/availability',
  tags,
  summary: 'Whether each cart line can be delivered to a pincode (visitors too)',
  request: { body: { required: true, content: { 'application/json': { schema: AvailabilityInput } } } },
  responses: {
    200: json(CartAvailability, 'Per line: Available or Unavailable, with current stock and prices'),
    400: errorResponse('Malformed pincode or lines'),
  },
});

export function cartRoutes(db: Executor) {
  const signedIn = requireShopper(db, CART_MESSAGES.loginRequired);
  return createRouter()
    .openapi(guarded(getRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json({ lines: await loadCart(db, shopper.id) }, 200);
    })
    .openapi(guarded(putRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json({ lines: await replaceCart(db, shopper.id, c.req.valid('json').lines) }, 200);
    })
    .openapi(guarded(mergeRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json({ lines: await mergeCart(db, shopper.id, c.req.valid('json').lines) }, 200);
    })
    .openapi(availabilityRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const lines = await checkAvailability(db, await loadRateCard(db), c.req.valid('json'));
      return c.json({ lines }, 200);
    });
}
