import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  CreateShipmentInput,
  DecideRequestInput,
  FULFILMENT_MESSAGES,
  SellerCancelInput,
  SellerItemsQuery,
  SellerReplacementsQuery,
  SellerReplyInput,
  ShipReplacementInput,
  TrackShipmentInput,
} from '@marketplace/domain/orders/fulfilment';
import { PICKUP_MESSAGES } from '@marketplace/domain/orders/pickup';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { guarded, requireSeller } from '../../http/auth.ts';
import { sellerCancelItem } from './cancel-item.ts';
import { decideRequest } from './decide-request.ts';
import { recordRequestPickup } from './record-pickup.ts';
import { listReplacements } from './replacements.ts';
import { replyToShopper } from './reply.ts';
import { getSellerItem, listSellerItems } from './seller-items.ts';
import { shipReplacement } from './ship-replacement.ts';
import { createShipment } from './ship.ts';
import { advanceTracking } from './track.ts';

const tags = ['Seller fulfilment'];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const Reference = (name: string, example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, `The ${name} is 1 to 40 letters, digits or dashes.`)
    .openapi({ param: { name, in: 'path' }, example });
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as a seller'),
};

const SellerItemSchema = z
  .object({
    id: z.number().int(),
    orderNo: z.string(),
    placedAt: z.string(),
    paymentMode: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    productImage: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
    cancelledQuantity: z.number().int(),
    returnedQuantity: z.number().int(),
    replacedQuantity: z.number().int(),
    unitPricePaise: z.number().int(),
    status: z.string(),
    splitMode: z.string(),
    deliveryType: z.string(),
    invoiceNo: z.string().nullable(),
    trackingStatus: z.string().nullable(),
    shipToCity: z.string(),
    shipToPincode: z.string(),
    openRequest: z.object({ refNo: z.string(), kind: z.string(), quantity: z.number().int() }).nullable(),
  })
  .openapi('SellerOrderItem');
const Message = z.object({
  id: z.number().int(),
  author: z.enum(['shopper', 'seller']),
  topic: z.enum(['seller', 'privilege_claim']),
  body: z.string(),
  sentAt: z.string(),
});
const SellerItemDetail = SellerItemSchema.extend({
  shipTo: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
  trackingEvents: z.array(
    z.object({
      status: z.string(),
      location: z.string().nullable(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  requests: z.array(
    z.object({
      refNo: z.string(),
      kind: z.string(),
      quantity: z.number().int(),
      status: z.string(),
      requestedBy: z.string(),
      createdAt: z.string(),
      pickupDate: z
        .string()
        .nullable()
        .openapi({ description: 'The shopper’s pickup day (returns and replacements)' }),
      pickedUpAt: z.string().nullable().openapi({
        description:
          'When the pickup was recorded (`POST /api/seller/item-requests/{refNo}/pickup`); an accepted return is refunded then',
      }),
    }),
  ),
  replacementShipments: z
    .array(
      z.object({
        invoiceNo: z.string(),
        status: z.string(),
        refNo: z.string().openapi({ description: 'The replacement request the unit was sent for' }),
        deliveredAt: z.string().nullable(),
      }),
    )
    .openapi({ description: 'Shipments of replacement units sent for this item, oldest first' }),
  messages: z.array(Message),
}).openapi('SellerOrderItemDetail');
const Done = (name: string, shape: z.ZodRawShape) =>
  z.object({ success: z.literal(true), message: z.string(), ...shape }).openapi(name);
const Shipped = Done('ShipmentCreated', {
  invoiceNo: z.string(),
  status: z.string(),
  itemIds: z.array(z.number().int()),
  splitItemIds: z
    .array(z.number().int())
    .openapi({ description: 'New items holding the units not shipped yet' }),
});
const Tracked = Done('ShipmentTracked', {
  invoiceNo: z.string(),
  status: z.string(),
  refundPaise: z.number().int(),
});
const Cancelled = Done('ItemCancelledBySeller', { refNo: z.string(), refundPaise: z.number().int() });
const Decided = Done('RequestDecided', {
  refNo: z.string(),
  kind: z.string(),
  status: z.string(),
  refundPaise: z.number().int(),
});
const PickedUp = Done('PickupRecorded', {
  refNo: z.string(),
  kind: z.string(),
  status: z.string(),
  pickedUpAt: z.string().openapi({ description: 'When the pickup was recorded (the first time)' }),
  refundPaise: z
    .number()
    .int()
    .openapi({ description: 'The refund this pickup started (0 when none, or when recorded again)' }),
});
const Replied = Done('SellerReplied', { messages: z.array(Message) });
const ReplacementShipped = Done('ReplacementShipmentCreated', {
  invoiceNo: z.string(),
  status: z.string(),
  refNo: z.string(),
  itemId: z.number().int(),
  quantity: z.number().int(),
});
const SellerReplacement = z
  .object({
    refNo: z.string(),
    itemId: z.number().int(),
    orderNo: z.string(),
    productName: z.string(),
    productImage: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
    decidedAt: z.string().nullable(),
    pickupDate: z.string().nullable().openapi({ description: 'When the unit being replaced is picked up' }),
    shipTo: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
    shipment: z
      .object({
        invoiceNo: z.string(),
        status: z.string(),
        carrier: z.string().nullable(),
        awbNo: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'The replacement unit’s shipment; null while it is still to send' }),
  })
  .openapi('SellerReplacement');

const listRoute = createRoute({
  method: 'get',
  path: '/seller/order-items',
  tags,
  summary: 'The seller’s order items, newest first, 20 a page',
  request: { query: SellerItemsQuery },
  responses: {
    200: json(
      z
        .object({
          items: z.array(SellerItemSchema),
          page: z.number().int(),
          pageCount: z.number().int(),
          total: z.number().int(),
        })
        .openapi('SellerOrderItemPage'),
      'A page of items',
    ),
    400: errorResponse('Unknown status or bad page'),
    ...sellerOnly,
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/seller/order-items/{id}',
  tags,
  summary:
    'One of the seller’s items: ship-to address, tracking, requests, replacement shipments and messages',
  request: { params: RecordIdParams },
  responses: {
    200: json(SellerItemDetail, 'The item'),
    400: errorResponse('Malformed id'),
    ...sellerOnly,
    404: errorResponse('No such item of this seller'),
  },
});
const shipRoute = createRoute({
  method: 'post',
  path: '/seller/orders/{orderNo}/shipments',
  tags,
  summary: 'Create the invoice and shipment for some of the seller’s items of an order',
  description:
    'Each listed item moves to shipped (tracking: Manifested). A quantity below the item’s open quantity ships that many and splits the rest into a new item awaiting its own invoice. The same items again answer 200 with their shipment.',
  request: {
    params: z.object({ orderNo: Reference('orderNo', 'OD20261120107331') }),
    ...body(CreateShipmentInput),
  },
  responses: {
    200: json(Shipped, 'Already shipped together (a retry)'),
    201: json(Shipped, 'Created'),
    400: errorResponse('Malformed body'),
    ...sellerOnly,
    404: errorResponse('No such order or item of this seller'),
    409: errorResponse('Not allowed in the item’s state, or the order is unpaid'),
  },
});
const trackRoute = createRoute({
  method: 'post',
  path: '/seller/shipments/{invoiceNo}/tracking',
  tags,
  summary: 'Move a shipment one step on, or to a special status',
  description:
    'Steps: manifested, not_picked, in_transit, pending, dispatched, delivered, one at a time. Special: cancelled_by_seller (before pickup: items cancelled, stock back, refund), return_to_origin (after pickup: not delivered, stock back, refund), lost_in_transit (not delivered, refund), delivery_failed (from dispatched; then dispatched again or return_to_origin). The current status again changes nothing. A replacement unit’s shipment moves the same way; its item stays delivered, and a unit that never arrives is refunded on the replacement request instead.',
  request: {
    params: z.object({ invoiceNo: Reference('invoiceNo', 'SHP-20261120107331-1') }),
    ...body(TrackShipmentInput),
  },
  responses: {
    200: json(Tracked, 'Moved (or already there)'),
    400: errorResponse('Unknown status or malformed body'),
    ...sellerOnly,
    404: errorResponse('No such shipment of this seller'),
    409: errorResponse('Not the next step'),
  },
});
const cancelRoute = createRoute({
  method: 'post',
  path: '/seller/order-items/{id}/cancel',
  tags,
  summary: 'Cancel an item the seller cannot fulfil (before its invoice)',
  request: { params: RecordIdParams, ...body(SellerCancelInput) },
  responses: {
    200: json(Cancelled, 'Cancelled (or already cancelled by the seller)'),
    400: errorResponse('Malformed id or body'),
    ...sellerOnly,
    404: errorResponse('No such item of this seller'),
    409: errorResponse('Already invoiced, cancelled, or the shopper’s cancellation request waits'),
  },
});
const decideRoute = createRoute({
  method: 'post',
  path: '/seller/item-requests/{refNo}/decision',
  tags,
  summary: 'Accept or reject a cancellation, return or replacement request',
  description:
    'cancel: completed | rejected. return: refund-with-reverse | refund-without-reverse | rejected. replace: initiate-replacement | reject-with-return | reject-without-return.',
  request: {
    params: z.object({ refNo: Reference('refNo', 'RT20261120107331-12') }),
    ...body(DecideRequestInput),
  },
  responses: {
    200: json(Decided, 'Decided (or already decided the same way)'),
    400: errorResponse('Unknown decision'),
    ...sellerOnly,
    404: errorResponse('No such request on this seller’s items'),
    409: errorResponse(
      'Decided otherwise already, a decision of another kind, or no stock for a replacement',
    ),
  },
});
const pickupRoute = createRoute({
  method: 'post',
  path: '/seller/item-requests/{refNo}/pickup',
  tags,
  summary: 'Record that the product of an accepted return or replacement was picked up',
  description:
    'From the shopper’s pickup day on (a day in India). A return accepted with pickup (refund-with-reverse) and a replacement refused with return (reject-with-return) are refunded now, not at the decision; an initiated replacement’s old unit is only marked collected. The same call again → 200 with the first pickup and no new refund. Until a courier is connected, the server records due pickups itself on their day.',
  request: { params: z.object({ refNo: Reference('refNo', 'RT20261120107331-12') }) },
  responses: {
    200: json(PickedUp, 'Recorded (or recorded before)'),
    400: errorResponse('Malformed reference'),
    ...sellerOnly,
    404: errorResponse('No such request on this seller’s items'),
    409: errorResponse(
      'Nothing to pick up (pending, rejected, kept by the shopper) or before the pickup day',
    ),
  },
});
const replacementsRoute = createRoute({
  method: 'get',
  path: '/seller/replacements',
  tags,
  summary: 'The replacements the seller initiated, with their shipments, newest first, 20 a page',
  description:
    'state: to_send (no replacement shipment yet), on_the_way (shipped, not finished) or finished (delivered, cancelled by the seller, returned to the seller or lost); all when left out.',
  request: { query: SellerReplacementsQuery },
  responses: {
    200: json(
      z
        .object({
          replacements: z.array(SellerReplacement),
          page: z.number().int(),
          pageCount: z.number().int(),
          total: z.number().int(),
        })
        .openapi('SellerReplacementPage'),
      'A page of replacements',
    ),
    400: errorResponse('Unknown state or bad page'),
    ...sellerOnly,
  },
});
const shipReplacementRoute = createRoute({
  method: 'post',
  path: '/seller/item-requests/{refNo}/shipment',
  tags,
  summary: 'Create the invoice and shipment of an initiated replacement’s new unit',
  description:
    'The shipment (status manifested) carries the request; move it on with `POST /api/seller/shipments/{invoiceNo}/tracking` like any other. Cancelled by the seller, returned to the seller or lost in transit: the unit’s stock comes back where it applies and the shopper is refunded instead. The same request again → 200 with its shipment.',
  request: {
    params: z.object({ refNo: Reference('refNo', 'RP20261120107331-12') }),
    ...body(ShipReplacementInput),
  },
  responses: {
    200: json(ReplacementShipped, 'Already shipped (a retry)'),
    201: json(ReplacementShipped, 'Created'),
    400: errorResponse('Malformed body'),
    ...sellerOnly,
    404: errorResponse('No such request on this seller’s items'),
    409: errorResponse('Not a replacement the seller initiated'),
  },
});
const replyRoute = createRoute({
  method: 'post',
  path: '/seller/order-items/{id}/messages',
  tags,
  summary: 'Reply to the shopper who wrote about an item',
  request: { params: RecordIdParams, ...body(SellerReplyInput) },
  responses: {
    201: json(Replied, 'Sent; the whole conversation'),
    400: errorResponse('Empty or too long'),
    ...sellerOnly,
    404: errorResponse('No such item of this seller'),
    409: errorResponse('The shopper has not written'),
  },
});

export function sellerFulfilmentRoutes(db: Executor) {
  // requirements#operator-sellers: a suspended seller still fulfils its open orders
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .openapi(guarded(listRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      return c.json(await listSellerItems(db, sellerId, c.req.valid('query')), 200);
    })
    .openapi(guarded(getRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const item = await getSellerItem(db, sellerId, c.req.valid('param').id);
      if (!item) return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.itemNotFound);
      return c.json(item, 200);
    })
    .openapi(guarded(shipRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const result = await createShipment(db, sellerId, c.req.valid('param').orderNo, c.req.valid('json'));
      switch (result.code) {
        case 'ORDER_NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.orderNotFound);
        case 'ITEM_NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.itemNotFound);
        case 'ORDER_NOT_PLACED':
          return apiError(c, 'CONFLICT', FULFILMENT_MESSAGES.orderNotPlaced);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message);
        case 'SHIPPED':
        case 'ALREADY_SHIPPED': {
          const { code, ...shipment } = result;
          return c.json(
            { success: true as const, message: FULFILMENT_MESSAGES.shipped, ...shipment },
            code === 'SHIPPED' ? 201 : 200,
          );
        }
      }
    })
    .openapi(guarded(trackRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const result = await advanceTracking(db, sellerId, c.req.valid('param').invoiceNo, c.req.valid('json'));
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.shipmentNotFound);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message);
        case 'TRACKED':
        case 'UNCHANGED': {
          const { code: _code, ...tracked } = result;
          return c.json({ success: true as const, message: FULFILMENT_MESSAGES.tracked, ...tracked }, 200);
        }
      }
    })
    .openapi(guarded(cancelRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const result = await sellerCancelItem(db, sellerId, c.req.valid('param').id, c.req.valid('json'));
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.itemNotFound);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message);
        case 'CANCELLED':
        case 'ALREADY_CANCELLED': {
          const { code: _code, ...cancelled } = result;
          return c.json(
            { success: true as const, message: FULFILMENT_MESSAGES.cancelled, ...cancelled },
            200,
          );
        }
      }
    })
    .openapi(guarded(decideRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const { decision, reason } = c.req.valid('json');
      const result = await decideRequest(
        db,
        sellerId,
        c.req.valid('param').refNo,
        decision,
        new Date(),
        reason ?? null,
      );
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.requestNotFound);
        case 'DECIDED_OTHERWISE':
          return apiError(c, 'CONFLICT', FULFILMENT_MESSAGES.decidedOtherwise);
        case 'NO_STOCK':
          return apiError(c, 'CONFLICT', FULFILMENT_MESSAGES.noStockForReplacement);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message);
        case 'DECIDED':
        case 'ALREADY_DECIDED': {
          const { code: _code, ...decided } = result;
          return c.json({ success: true as const, message: FULFILMENT_MESSAGES.decided, ...decided }, 200);
        }
      }
    })
    .openapi(guarded(pickupRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const result = await recordRequestPickup(db, sellerId, c.req.valid('param').refNo);
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.requestNotFound);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message);
        case 'PICKED_UP':
        case 'ALREADY_PICKED_UP': {
          const { code: _code, ...picked } = result;
          return c.json({ success: true as const, message: PICKUP_MESSAGES.recorded, ...picked }, 200);
        }
      }
    })
    .openapi(guarded(replacementsRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      return c.json(await listReplacements(db, sellerId, c.req.valid('query')), 200);
    })
    .openapi(guarded(shipReplacementRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const result = await shipReplacement(db, sellerId, c.req.valid('param').refNo, c.req.valid('json'));
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.requestNotFound);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message);
        case 'SHIPPED':
        case 'ALREADY_SHIPPED': {
          const { code, ...shipment } = result;
          return c.json(
            { success: true as const, message: FULFILMENT_MESSAGES.replacementShipped, ...shipment },
            code === 'SHIPPED' ? 201 : 200,
          );
        }
      }
    })
    .openapi(guarded(replyRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const { body: text, topic } = c.req.valid('json');
      const result = await replyToShopper(db, sellerId, c.req.valid('param').id, text, new Date(), topic);
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.itemNotFound);
        case 'NOTHING_TO_REPLY':
          return apiError(c, 'CONFLICT', FULFILMENT_MESSAGES.nothingToReply);
        case 'REPLIED':
          return c.json(
            { success: true as const, message: FULFILMENT_MESSAGES.replied, messages: result.messages },
            201,
          );
      }
    });
}
