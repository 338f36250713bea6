// ADR-0051: "Ship with Bazaar courier": what the seller sends and reads back, shared by the API and
// Seller Central's order page.
import { z } from 'zod';
import { CreateShipmentInput } from './fulfilment.ts';

export const COURIER_MESSAGES = {
  booked: (courier: string, awbNo: string) =>
    `Booked with ${courier}: AWB ${awbNo}. Print the label and pack the parcel.`,
  alreadyBooked: (courier: string, awbNo: string) =>
    `This shipment is already booked with ${courier}: AWB ${awbNo}.`,
  nothingToShip: 'Nothing of this order is waiting to ship.',
  shippedYourself: 'This parcel was shipped with your own courier; book the rest separately.',
  notServiceable: (reason: string) => `The courier cannot take this parcel: ${reason}`,
  unavailable: 'The courier could not be reached. Please try again in a few minutes.',
  labelNotFound: 'This shipment has no courier label.',
} as const;

/** The items to book (all the seller's items still waiting to ship when left out). */
export const ShipWithCourierInput = z.object({
  items: CreateShipmentInput.shape.items.optional(),
});
export type ShipWithCourierInput = z.infer<typeof ShipWithCourierInput>;

export const CourierQuoteView = z
  .object({
    serviceable: z.boolean(),
    courierName: z.string().nullable(),
    chargePaise: z.number().int().nullable(),
    transitDays: z.number().int().nullable(),
    reason: z.string().nullable(),
    /** requirements#courier-opt-in: the seller ships with Bazaar courier by default (else "Ship myself" comes first) */
    isDefault: z.boolean(),
  })
  .meta({ id: 'CourierQuote' });
export type CourierQuoteView = z.infer<typeof CourierQuoteView>;

export const CourierBookedView = z
  .object({
    success: z.literal(true),
    message: z.string(),
    invoiceNo: z.string(),
    awbNo: z.string(),
    courierName: z.string(),
    chargePaise: z.number().int(),
    labelUrl: z.string(),
  })
  .meta({ id: 'CourierBooked' });
export type CourierBookedView = z.infer<typeof CourierBookedView>;
