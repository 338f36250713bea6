// The seller's fulfilment requests (requirements#seller-fulfilment) and their texts, shared by the API and its tests.
import { z } from 'zod';
import { ORDER_MESSAGES } from './messages.ts';
import { ORDER_ITEM_STATUSES, REQUEST_DECISIONS } from './state-machine.ts';
import { TRACKING_STATUSES } from './tracking.ts';

export const SELLER_ITEMS_PAGE_SIZE = 20;
const MAX_ITEMS_PER_SHIPMENT = 50;

export const FULFILMENT_MESSAGES = {
  notLoggedIn: 'Please log in with your seller account.',
  notSeller: 'Only seller accounts can use the seller API.',
  itemNotFound: 'This order item was not found.',
  orderNotFound: ORDER_MESSAGES.orderNotFound,
  shipmentNotFound: 'This shipment was not found.',
  requestNotFound: 'This request was not found.',
  orderNotPlaced: 'This order is waiting for its payment and cannot be shipped yet.',
  itemsOfOtherShipments: 'Some of these items already have an invoice; ship each item once.',
  decidedOtherwise: 'This request has already been decided differently.',
  noStockForReplacement: 'There is no stock left to send a replacement; reject with return instead.',
  nothingToReply: 'The shopper has not written about this item yet.',
  shipped: 'The invoice and shipment have been created.',
  replacementShipped: 'The replacement shipment has been created.',
  tracked: 'The shipment status has been updated.',
  courierTracks: 'The courier updates this shipment’s tracking by its scans.',
  cancelled: 'The item has been cancelled and the shopper informed.',
  decided: 'The decision has been recorded.',
  replied: 'Your reply has been sent.',
} as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} must not be empty.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const SellerItemsQuery = z.object({
  status: z.enum(ORDER_ITEM_STATUSES).optional(),
  page: z.coerce
    .number({ message: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(100_000, 'The page must be a whole number from 1.')
    .default(1),
});
export type SellerItemsQuery = z.infer<typeof SellerItemsQuery>;

const Quantity = z
  .number({ message: 'The quantity must be a whole number from 1.' })
  .int('The quantity must be a whole number from 1.')
  .min(1, 'The quantity must be a whole number from 1.')
  .max(1000, 'The quantity must be a whole number from 1.');
const ItemId = z
  .number({ message: 'Each item needs its id.' })
  .int('Each item needs its id.')
  .min(1, 'Each item needs its id.')
  .max(2_147_483_647, 'Each item needs its id.');

export const CreateShipmentInput = z.object({
  /** the items of the order that go in this parcel; a quantity below the open one splits the item */
  items: z
    .array(z.object({ itemId: ItemId, quantity: Quantity.optional() }))
    .min(1, 'Choose at least one item to ship.')
    .max(MAX_ITEMS_PER_SHIPMENT, `A shipment holds at most ${MAX_ITEMS_PER_SHIPMENT} items.`)
    .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, 'List each item once.'),
  carrier: text(60, 'The carrier').optional(),
  awbNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'The AWB number has 4 to 40 letters, digits or dashes.')
    .optional(),
});
export type CreateShipmentInput = z.infer<typeof CreateShipmentInput>;

export const TrackShipmentInput = z.object({
  status: z.enum(TRACKING_STATUSES, {
    message: `The status must be one of: ${TRACKING_STATUSES.join(', ')}.`,
  }),
  location: text(120, 'The location').optional(),
  note: text(500, 'The note').optional(),
});
export type TrackShipmentInput = z.infer<typeof TrackShipmentInput>;

const ALL_DECISIONS = [
  ...REQUEST_DECISIONS.cancel,
  ...REQUEST_DECISIONS.return.filter((d) => d !== 'rejected'),
  ...REQUEST_DECISIONS.replace,
] as const;
export const DecideRequestInput = z.object({
  decision: z.enum(ALL_DECISIONS, { message: `The decision must be one of: ${ALL_DECISIONS.join(', ')}.` }),
  /** requirements#seller-returns: why the seller decided so (kept with the request) */
  reason: text(500, 'The reason').optional(),
});
export type DecideRequestInput = z.infer<typeof DecideRequestInput>;

/** The replacement unit's parcel: its carrier and AWB number, as for any shipment. */
export const ShipReplacementInput = z.strictObject({
  carrier: text(60, 'The carrier').optional(),
  awbNo: CreateShipmentInput.shape.awbNo,
});
export type ShipReplacementInput = z.infer<typeof ShipReplacementInput>;

/** Which initiated replacements the seller lists: still to send, on their way, or finished. */
export const REPLACEMENT_STATES = ['to_send', 'on_the_way', 'finished'] as const;
export const SellerReplacementsQuery = z.object({
  state: z
    .enum(REPLACEMENT_STATES, { message: `The state must be one of: ${REPLACEMENT_STATES.join(', ')}.` })
    .optional(),
  page: SellerItemsQuery.shape.page,
});
export type SellerReplacementsQuery = z.infer<typeof SellerReplacementsQuery>;

export const SellerCancelInput = z.object({ reason: text(500, 'The reason').optional() });
export type SellerCancelInput = z.infer<typeof SellerCancelInput>;

export const SellerReplyInput = z.object({
  body: text(2000, 'The message'),
  // which of the shopper's conversations is answered: contact seller (default) or privilege claim
  topic: z.enum(['seller', 'privilege_claim']).default('seller'),
});
export type SellerReplyInput = z.infer<typeof SellerReplyInput>;
