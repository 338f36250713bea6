// ADR-0051: one interface for every courier. The built-in sandbox is the default; a
// real aggregator's adapter answers the same calls. Failures a seller can act on are values.
import type { CourierScan } from '@marketplace/domain/orders/courier-scans';

export type CourierAddress = {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string | null;
};

export type CourierParcel = {
  weightGrams: number;
  paymentMode: 'cod' | 'prepaid';
  /** cash the courier collects at the door; 0 when prepaid */
  codPaise: number;
};

export type CourierQuoteInput = CourierParcel & { pickupPincode: string; deliveryPincode: string };
export type CourierQuote =
  | { code: 'SERVICEABLE'; courierName: string; chargePaise: number; transitDays: number }
  | { code: 'NOT_SERVICEABLE'; reason: string };

export type CourierBooking = CourierParcel & {
  /** our shipment's reference (SHP-…): booking the same reference twice gives the same AWB */
  reference: string;
  orderNo: string;
  pickup: CourierAddress;
  delivery: CourierAddress;
  /** what the label lists, e.g. "Kurta × 1" */
  contents: string;
  bookedAt: Date;
};
export type CourierBooked =
  | { code: 'BOOKED'; awbNo: string; courierName: string; chargePaise: number }
  | { code: 'NOT_SERVICEABLE'; reason: string }
  | { code: 'UNAVAILABLE'; reason: string };

/** One scan as the courier reported it, in the marketplace's words (see courier-scans.ts). */
export type CourierTrackingEvent = {
  awbNo: string;
  /** the courier's own id of the event, so a repeat is recognised */
  eventKey: string;
  scan: CourierScan;
  location: string | null;
  occurredAt: Date;
};

export type CourierProvider = {
  /** stored on the shipment: which adapter's scans move it */
  name: 'sandbox' | 'shiprocket';
  quote(input: CourierQuoteInput): Promise<CourierQuote>;
  book(input: CourierBooking): Promise<CourierBooked>;
  /** the courier's own label, as a PDF; null for an AWB it does not know */
  label(awbNo: string): Promise<Uint8Array | null>;
  /** cancels a booking not yet picked up */
  cancel(awbNo: string): Promise<{ code: 'CANCELLED' } | { code: 'TOO_LATE' } | { code: 'NOT_FOUND' }>;
  /** every scan of the shipment so far (polling) */
  track(awbNo: string): Promise<CourierTrackingEvent[]>;
};
