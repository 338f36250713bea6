// ADR-0051: Seller Central's "Ship with Bazaar courier": the rate, the booking and the label.
import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  COURIER_MESSAGES,
  CourierBookedView,
  CourierQuoteView,
  ShipWithCourierInput,
} from '@marketplace/domain/orders/courier';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { courierBatchRoutes } from './batch-routes.ts';
import type { CourierProvider } from './provider.ts';
import { courierRemittanceRoutes } from './remittance-routes.ts';
import { courierLabel, quoteOrder, shipsWithCourier, shipWithCourier } from './ship-with-courier.ts';

const tags = ['Seller fulfilment'];
const Reference = (name: string, example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, `The ${name} is 1 to 40 letters, digits or dashes.`)
    .openapi({ param: { name, in: 'path' }, example });
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as a seller'),
};
const OrderParams = z.object({ orderNo: Reference('orderNo', 'OD20261120107331') });

const quoteRoute = createRoute({
  method: 'get',
  path: '/seller/orders/{orderNo}/courier-quote',
  tags,
  summary: 'What the Bazaar courier charges for the seller’s items of the order still waiting to ship',
  request: { params: OrderParams },
  responses: {
    200: json(CourierQuoteView, 'The rate, or why the courier cannot take the parcel'),
    400: errorResponse('Malformed order number'),
    ...sellerOnly,
    404: errorResponse('No such order of this seller'),
    409: errorResponse('Nothing waits to ship'),
    503: errorResponse('The courier could not be reached'),
  },
});
const shipRoute = createRoute({
  method: 'post',
  path: '/seller/orders/{orderNo}/courier-shipments',
  tags,
  summary: 'Ship with the Bazaar courier: invoice, shipment and courier booking in one step',
  description:
    'Without items, every item of the seller’s still waiting to ship goes in one parcel. The shipment is booked with the courier, which answers with its AWB and label; from then on the courier’s scans move the tracking (the seller’s tracking form is closed for it). The same items again answer 200 with their booking.',
  request: {
    params: OrderParams,
    body: { required: false, content: { 'application/json': { schema: ShipWithCourierInput } } },
  },
  responses: {
    200: json(CourierBookedView, 'Already booked (a retry)'),
    201: json(CourierBookedView, 'Booked'),
    400: errorResponse('Malformed body'),
    ...sellerOnly,
    404: errorResponse('No such order or item of this seller'),
    409: errorResponse('Nothing to ship, not allowed in the item’s state, or shipped by the seller'),
    422: errorResponse('The courier cannot take this parcel'),
    503: errorResponse('The courier could not be reached'),
  },
});
const labelRoute = createRoute({
  method: 'get',
  path: '/seller/shipments/{invoiceNo}/courier-label',
  tags,
  summary: 'The courier’s shipping label of a booked shipment, as a PDF',
  request: { params: z.object({ invoiceNo: Reference('invoiceNo', 'SHP-20261120107331-1') }) },
  responses: {
    200: {
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      description: 'The label PDF',
    },
    400: errorResponse('Malformed reference'),
    ...sellerOnly,
    404: errorResponse('No such booked shipment of this seller'),
    503: errorResponse('The courier could not be reached'),
  },
});

export function courierRoutes(db: Executor, courier: CourierProvider, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .route('/', courierBatchRoutes(db, courier, options))
    .route('/', courierRemittanceRoutes(db, courier, options))
    .openapi(guarded(quoteRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const [result, isDefault] = await Promise.all([
        quoteOrder(db, courier, sellerId, c.req.valid('param').orderNo),
        shipsWithCourier(db, sellerId),
      ]);
      switch (result.code) {
        case 'ORDER_NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.orderNotFound);
        case 'NOTHING_TO_SHIP':
          return apiError(c, 'CONFLICT', COURIER_MESSAGES.nothingToShip);
        case 'UNAVAILABLE':
          return apiError(c, 'UPSTREAM_UNAVAILABLE', COURIER_MESSAGES.unavailable);
        case 'NOT_SERVICEABLE':
          return c.json(
            {
              serviceable: false,
              courierName: null,
              chargePaise: null,
              transitDays: null,
              reason: result.reason,
              isDefault,
            },
            200,
          );
        case 'SERVICEABLE':
          return c.json(
            {
              serviceable: true,
              courierName: result.courierName,
              chargePaise: result.chargePaise,
              transitDays: result.transitDays,
              reason: null,
              isDefault,
            },
            200,
          );
      }
    })
    .openapi(guarded(shipRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const result = await shipWithCourier(
        db,
        courier,
        sellerId,
        c.req.valid('param').orderNo,
        c.req.valid('json') ?? {},
        now(),
      );
      switch (result.code) {
        case 'ORDER_NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.orderNotFound);
        case 'ITEM_NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.itemNotFound);
        case 'ORDER_NOT_PLACED':
          return apiError(c, 'CONFLICT', FULFILMENT_MESSAGES.orderNotPlaced);
        case 'NOTHING_TO_SHIP':
          return apiError(c, 'CONFLICT', COURIER_MESSAGES.nothingToShip);
        case 'SHIPPED_YOURSELF':
          return apiError(c, 'CONFLICT', COURIER_MESSAGES.shippedYourself);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message);
        case 'NOT_SERVICEABLE':
          return apiError(c, 'UNPROCESSABLE', COURIER_MESSAGES.notServiceable(result.reason));
        case 'UNAVAILABLE':
          return apiError(c, 'UPSTREAM_UNAVAILABLE', COURIER_MESSAGES.unavailable);
        case 'BOOKED':
        case 'ALREADY_BOOKED': {
          const { code, ...booking } = result;
          return c.json(
            {
              success: true as const,
              message:
                code === 'BOOKED'
                  ? COURIER_MESSAGES.booked(booking.courierName, booking.awbNo)
                  : COURIER_MESSAGES.alreadyBooked(booking.courierName, booking.awbNo),
              ...booking,
              labelUrl: `/api/seller/shipments/${booking.invoiceNo}/courier-label`,
            },
            code === 'BOOKED' ? 201 : 200,
          );
        }
      }
    })
    .openapi(guarded(labelRoute, seller), async (c) => {
      const { invoiceNo } = c.req.valid('param');
      const label = await courierLabel(db, courier, c.get('seller').sellerId, invoiceNo);
      if (!label) return apiError(c, 'NOT_FOUND', COURIER_MESSAGES.labelNotFound);
      if ('code' in label) return apiError(c, 'UPSTREAM_UNAVAILABLE', COURIER_MESSAGES.unavailable);
      return new Response(new Uint8Array(label.pdf), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(label.pdf.length),
          'Cache-Control': 'private, no-store',
          'Content-Disposition': `inline; filename="label-${label.awbNo}.pdf"`,
        },
      });
    });
}
