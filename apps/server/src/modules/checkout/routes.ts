import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import {
  CheckoutQuote,
  DeliveryEstimate,
  DeliveryEstimateInput,
  QuoteInput,
} from '@marketplace/domain/orders/checkout';
import { PINCODE_MESSAGES } from '@marketplace/domain/location/pincode';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse } from '../../http/openapi.ts';
import { loadRateCard } from '../catalog/index.ts';
import type { CourierReach } from '../orders/index.ts';
import { estimateDelivery, quoteCheckout } from './quote.ts';

const NOT_LOGGED_IN = 'Please log in to check out.';
// the quote's schema lives in the domain, shared with the checkout pages
const Quote = CheckoutQuote;

const quoteRoute = createRoute({
  method: 'post',
  path: '/checkout/quote',
  tags: ['Checkout'],
  summary: 'Delivery options, amounts and the order summary for an address (checkout and Buy Now)',
  description:
    'Priced by the same code as POST /api/orders: per line its availability, delivery options (label, charge, arrival date, COD) and the chosen one (the sent deliveryType when offered, else standard, express, twodays, oneday, sameday); the summary with the PromoJun line, the total and whether COD is offered; and whether the shop takes online payment at all (false without a payment provider: Cash on Delivery only). Reads only.',
  request: { body: { required: true, content: { 'application/json': { schema: QuoteInput } } } },
  responses: {
    200: { content: { 'application/json': { schema: Quote } }, description: 'The quote' },
    400: errorResponse('Malformed body, quantity or ids'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such address of this shopper'),
  },
});

const estimateRoute = createRoute({
  method: 'post',
  path: '/checkout/estimate',
  tags: ['Checkout'],
  summary: 'The cart priced for a pincode before checkout (visitors too)',
  description:
    'The same pricing as the checkout quote and POST /api/orders, for the pincode the shopper delivers to: per line its availability, delivery options and the chosen one (the sent deliveryType when offered, else the default order) with its charge and arrival date; the summary with delivery, the PromoJun line and the total. Reads only.',
  request: { body: { required: true, content: { 'application/json': { schema: DeliveryEstimateInput } } } },
  responses: {
    200: { content: { 'application/json': { schema: DeliveryEstimate } }, description: 'The estimate' },
    400: errorResponse('Malformed body, pincode, quantity or ids'),
    404: errorResponse('A pincode the shop does not know'),
  },
});

export function checkoutRoutes(
  db: Executor,
  {
    isOnlinePaymentOffered,
    courier,
  }: {
    isOnlinePaymentOffered: boolean;
    /** requirements#courier-opt-in: asked whether it reaches the pincode for sellers who ship with it */
    courier?: CourierReach;
  },
) {
  return createRouter()
    .openapi(guarded(quoteRoute, requireShopper(db, NOT_LOGGED_IN)), async (c) => {
      const shopper = c.get('shopper');
      const result = await quoteCheckout(
        db,
        shopper.id,
        c.req.valid('json'),
        await loadRateCard(db),
        new Date(),
        courier,
      );
      if (result.code === 'ADDRESS_NOT_FOUND') return apiError(c, 'NOT_FOUND', ADDRESS_MESSAGES.notFound);
      return c.json({ ...result.quote, isOnlinePaymentOffered }, 200);
    })
    .openapi(estimateRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const estimate = await estimateDelivery(
        db,
        c.req.valid('json'),
        await loadRateCard(db),
        new Date(),
        courier,
      );
      if (!estimate) return apiError(c, 'NOT_FOUND', PINCODE_MESSAGES.unavailable);
      return c.json(estimate, 200);
    });
}
