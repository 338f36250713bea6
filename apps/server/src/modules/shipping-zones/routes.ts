import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  SHIPPING_ZONE_MESSAGES,
  ShippingZonesAnswer,
  ShippingZonesInput,
} from '@marketplace/domain/delivery/shipping-zones-api';
import { guarded, requireSeller } from '../../http/auth.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { saveShippingSettings, shippingSettingsOf } from './service.ts';

const tags = ['Seller shipping'];
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as a seller'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/seller/shipping-zones',
  tags,
  summary: 'The zones the logged-in seller ships to, and how it ships by default',
  responses: { 200: json(ShippingZonesAnswer, 'The zones, local first'), ...sellerOnly },
});

const putRoute = createRoute({
  method: 'put',
  path: '/seller/shipping-zones',
  tags,
  summary: 'Choose the zones the logged-in seller ships to (local is always kept) and how it ships',
  request: { body: { required: true, content: { 'application/json': { schema: ShippingZonesInput } } } },
  responses: {
    200: json(ShippingZonesAnswer, 'Saved; the zones as kept'),
    400: errorResponse('No zones, an unknown one, or an unknown shipping method'),
    ...sellerOnly,
  },
});

/** requirements#delivery-serviceability: a seller reads and chooses their own zones; the seller comes from the session only. */
export function shippingZoneRoutes(db: Executor) {
  const seller = requireSeller(db);
  return createRouter()
    .openapi(guarded(getRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      return c.json(await shippingSettingsOf(db, sellerId), 200);
    })
    .openapi(guarded(putRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const settings = await saveShippingSettings(db, sellerId, c.req.valid('json'));
      return c.json({ ...settings, message: SHIPPING_ZONE_MESSAGES.saved }, 200);
    });
}
