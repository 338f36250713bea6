// requirements#courier-batches: Seller Central's "Ship with Bazaar courier" for many orders: book them, then
// the batch's labels in one PDF, the courier's manifest and one pickup.
import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  COURIER_BATCH_LIMIT,
  COURIER_BATCH_MESSAGES,
  CourierBatchInput,
  CourierBatchView,
  CourierPickupInput,
  CourierPickupView,
  isPickupDay,
} from '@marketplace/domain/orders/courier-batch';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { bookCourierBatch, mergedLabels, sellerCourierAwbs } from './courier-batch.ts';
import type { CourierProvider } from './provider.ts';

const tags = ['Seller fulfilment'];
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as a seller'),
};
const ShipmentRef = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, COURIER_BATCH_MESSAGES.badShipment);
// `?shipment=A&shipment=B`: one value comes as a string, several as a list
const ShipmentsQuery = z.object({
  shipment: z
    .union([ShipmentRef, z.array(ShipmentRef)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(
      z
        .array(z.string())
        .min(1, COURIER_BATCH_MESSAGES.noShipments)
        .max(COURIER_BATCH_LIMIT, COURIER_BATCH_MESSAGES.tooMany),
    )
    .openapi({ param: { name: 'shipment', in: 'query' }, example: 'SHP-20261120107331-1' }),
});
const pdf = (description: string) => ({
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  description,
});

const batchRoute = createRoute({
  method: 'post',
  path: '/seller/courier-batches',
  tags,
  summary: 'Ship many orders with the Bazaar courier',
  description: `Books each order (at most ${COURIER_BATCH_LIMIT}) as "Ship with Bazaar courier" does for one: every item of the seller's still waiting to ship, in one parcel. Each order answers on its own line, booked or why not; an order of another seller reads as not found.`,
  request: { body: { required: true, content: { 'application/json': { schema: CourierBatchInput } } } },
  responses: {
    200: json(CourierBatchView, 'Each order, booked or why not'),
    400: errorResponse('No orders, too many, or a malformed order number'),
    ...sellerOnly,
  },
});
const labelsRoute = createRoute({
  method: 'get',
  path: '/seller/courier-labels',
  tags,
  summary: 'The courier’s labels of booked shipments, one PDF',
  request: { query: ShipmentsQuery },
  responses: {
    200: pdf('The labels, one after another'),
    400: errorResponse('No shipments, too many, or a malformed reference'),
    ...sellerOnly,
    404: errorResponse('A shipment is not this seller’s or not booked with the courier'),
  },
});
const manifestRoute = createRoute({
  method: 'get',
  path: '/seller/courier-manifest',
  tags,
  summary: 'The courier’s manifest of booked shipments, as a PDF for the pickup agent to sign',
  request: { query: ShipmentsQuery },
  responses: {
    200: pdf('The manifest'),
    400: errorResponse('No shipments, too many, or a malformed reference'),
    ...sellerOnly,
    404: errorResponse('A shipment is not this seller’s or not booked with the courier'),
  },
});
const pickupRoute = createRoute({
  method: 'post',
  path: '/seller/courier-pickups',
  tags,
  summary: 'Schedule one courier pickup of booked shipments on a day',
  request: { body: { required: true, content: { 'application/json': { schema: CourierPickupInput } } } },
  responses: {
    200: json(CourierPickupView, 'Scheduled'),
    400: errorResponse('No shipments, too many, a malformed reference or a day outside the next week'),
    ...sellerOnly,
    404: errorResponse('A shipment is not this seller’s or not booked with the courier'),
    422: errorResponse('The courier refused the pickup (a parcel already picked up or cancelled)'),
    503: errorResponse('The courier could not be reached'),
  },
});

const pdfResponse = (bytes: Uint8Array, filename: string) =>
  new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `inline; filename="${filename}"`,
    },
  });

export function courierBatchRoutes(
  db: Executor,
  courier: CourierProvider,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .openapi(guarded(batchRoute, seller), async (c) => {
      const { orderNos } = c.req.valid('json');
      const batch = await bookCourierBatch(db, courier, c.get('seller').sellerId, orderNos, now());
      return c.json(batch, 200);
    })
    .openapi(guarded(labelsRoute, seller), async (c) => {
      const parcels = await sellerCourierAwbs(
        db,
        courier,
        c.get('seller').sellerId,
        c.req.valid('query').shipment,
      );
      const merged = parcels
        ? await mergedLabels(
            courier,
            parcels.map((p) => p.awbNo),
          )
        : null;
      if (!merged) return apiError(c, 'NOT_FOUND', COURIER_BATCH_MESSAGES.shipmentsNotFound);
      return pdfResponse(merged, `labels-${parcels?.length ?? 0}.pdf`);
    })
    .openapi(guarded(manifestRoute, seller), async (c) => {
      const parcels = await sellerCourierAwbs(
        db,
        courier,
        c.get('seller').sellerId,
        c.req.valid('query').shipment,
      );
      const manifest = parcels ? await courier.manifest(parcels.map((p) => p.awbNo)) : null;
      if (!manifest) return apiError(c, 'NOT_FOUND', COURIER_BATCH_MESSAGES.shipmentsNotFound);
      return pdfResponse(manifest, 'manifest.pdf');
    })
    .openapi(guarded(pickupRoute, seller), async (c) => {
      const { shipments, pickupDate } = c.req.valid('json');
      if (!isPickupDay(pickupDate, now()))
        return apiError(c, 'VALIDATION_FAILED', COURIER_BATCH_MESSAGES.badPickupDay, {
          pickupDate: COURIER_BATCH_MESSAGES.badPickupDay,
        });
      const parcels = await sellerCourierAwbs(db, courier, c.get('seller').sellerId, shipments);
      if (!parcels) return apiError(c, 'NOT_FOUND', COURIER_BATCH_MESSAGES.shipmentsNotFound);
      const answer = await courier.schedulePickup({ awbNos: parcels.map((p) => p.awbNo), pickupDate });
      switch (answer.code) {
        case 'SCHEDULED':
          return c.json(
            {
              success: true as const,
              message: COURIER_BATCH_MESSAGES.pickupScheduled(
                answer.pickupDate,
                parcels.length,
                answer.pickupReference,
              ),
              pickupReference: answer.pickupReference,
              pickupDate: answer.pickupDate,
            },
            200,
          );
        case 'REFUSED':
          return apiError(c, 'UNPROCESSABLE', COURIER_BATCH_MESSAGES.pickupRefused(answer.reason));
        case 'UNAVAILABLE':
          return apiError(c, 'UPSTREAM_UNAVAILABLE', COURIER_BATCH_MESSAGES.unavailable);
      }
    });
}
