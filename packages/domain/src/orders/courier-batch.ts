// requirements#courier-batches: "Ship with Bazaar courier" for many orders at once: each order booked on its
// own (the one-order path), then one labels PDF, one manifest and one pickup for the batch.
import { z } from 'zod';
import { indianDayToMoment, momentToIndianDay } from '../marketing/promotions.ts';
import { formatCalendarDay } from '../text/dates.ts';
import { ORDER_NO_PATTERN } from './place-order.ts';

/** At most this many orders in one batch: one pickup's worth, and one request's work. */
export const COURIER_BATCH_LIMIT = 50;
/** A pickup can be asked for today or on one of the next days. */
export const PICKUP_DAYS_AHEAD = 6;

const SHIPMENT_REFERENCE = /^[A-Za-z0-9-]{1,40}$/;

export const COURIER_BATCH_MESSAGES = {
  nothingChosen: 'Choose the orders to ship.',
  tooMany: `Choose at most ${COURIER_BATCH_LIMIT} orders at once.`,
  badOrderNo: 'An order number is not valid.',
  badShipment: 'A shipment reference is not valid.',
  noShipments: 'Choose the booked shipments.',
  shipmentsNotFound: 'Some of these shipments are not yours or not booked with the Bazaar courier.',
  badPickupDay: `Choose a pickup day from today to ${PICKUP_DAYS_AHEAD} days ahead.`,
  booked: (count: number, of: number) =>
    `${count} of ${of} ${of === 1 ? 'order was' : 'orders were'} booked with the Bazaar courier.`,
  pickupScheduled: (day: string, count: number, reference: string) =>
    `Pickup of ${count} ${count === 1 ? 'parcel' : 'parcels'} scheduled for ${formatCalendarDay(day)} (reference ${reference}).`,
  pickupRefused: (reason: string) => `The courier did not schedule the pickup: ${reason}`,
  unavailable: 'The courier could not be reached. Please try again in a few minutes.',
} as const;

const OrderNo = z.string().regex(ORDER_NO_PATTERN, COURIER_BATCH_MESSAGES.badOrderNo);
const ShipmentRef = z.string().regex(SHIPMENT_REFERENCE, COURIER_BATCH_MESSAGES.badShipment);

/** The orders to book, each at most once. */
export const CourierBatchInput = z.object({
  orderNos: z
    .array(OrderNo)
    .min(1, COURIER_BATCH_MESSAGES.nothingChosen)
    .max(COURIER_BATCH_LIMIT, COURIER_BATCH_MESSAGES.tooMany),
});
export type CourierBatchInput = z.infer<typeof CourierBatchInput>;

/** One order of the batch: booked (or booked before), or why not, in the seller's words. */
export const CourierBatchLine = z.object({
  orderNo: z.string(),
  booked: z.boolean(),
  message: z.string(),
  invoiceNo: z.string().nullable(),
  awbNo: z.string().nullable(),
  chargePaise: z.number().int().nullable(),
});
export type CourierBatchLine = z.infer<typeof CourierBatchLine>;

export const CourierBatchView = z
  .object({
    message: z.string(),
    lines: z.array(CourierBatchLine),
    /** the booked shipments, for the labels, the manifest and the pickup */
    shipments: z.array(z.string()),
  })
  .meta({ id: 'CourierBatch' });
export type CourierBatchView = z.infer<typeof CourierBatchView>;

export const CourierShipmentsInput = z.object({
  shipments: z
    .array(ShipmentRef)
    .min(1, COURIER_BATCH_MESSAGES.noShipments)
    .max(COURIER_BATCH_LIMIT, COURIER_BATCH_MESSAGES.tooMany),
});

export const CourierPickupInput = CourierShipmentsInput.extend({
  pickupDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, COURIER_BATCH_MESSAGES.badPickupDay),
});
export type CourierPickupInput = z.infer<typeof CourierPickupInput>;

export const CourierPickupView = z
  .object({
    success: z.literal(true),
    message: z.string(),
    pickupReference: z.string(),
    pickupDate: z.string(),
  })
  .meta({ id: 'CourierPickup' });
export type CourierPickupView = z.infer<typeof CourierPickupView>;

/** The days a pickup can be asked for, Indian calendar days from today. */
export function pickupDays(now: Date): string[] {
  const today = momentToIndianDay(now);
  const start = indianDayToMoment(today);
  if (!start) return [today];
  return Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) =>
    momentToIndianDay(new Date(start.getTime() + i * 86_400_000 + 3_600_000)),
  );
}

export const isPickupDay = (day: string, now: Date) => pickupDays(now).includes(day);

/** What the orders list's "Ship with Bazaar courier" and pickup forms answer the page. */
export type CourierBatchAnswer = {
  kind: 'courier';
  tone: 'success' | 'error';
  message: string;
  /** each order, booked or why not (empty after a pickup was asked for) */
  lines: CourierBatchLine[];
  /** the batch's booked shipments: its labels, its manifest and its pickup */
  shipments: string[];
  /** the days a pickup can be asked for */
  days: string[];
  pickup: { tone: 'success' | 'error'; message: string } | null;
};
