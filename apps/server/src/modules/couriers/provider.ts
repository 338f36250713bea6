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

/** The core every courier answers: rate, book, label, cancel and track one parcel. */
export type CourierCore = {
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

// ---- Capabilities joined to the interface with the work that uses them (ADR-0051) ----
// Each group is implemented by the sandbox courier and by every real adapter; `CourierProvider`
// is the intersection of the groups that have landed.

/** Pickups and manifests (requirements#courier-batches): many booked parcels, one pickup, one manifest. */
export type CourierPickups = {
  /** asks the courier to collect these booked parcels from the pickup address on a day */
  schedulePickup(input: {
    awbNos: string[];
    /** the seller's pickup date (Indian calendar day, YYYY-MM-DD) */
    pickupDate: string;
  }): Promise<
    | { code: 'SCHEDULED'; pickupReference: string; pickupDate: string }
    | { code: 'REFUSED'; reason: string }
    | { code: 'UNAVAILABLE'; reason: string }
  >;
  /** the courier's manifest of these parcels, as one PDF; null when none is known */
  manifest(awbNos: string[]): Promise<Uint8Array | null>;
};

/** A reverse pickup for an accepted return (requirements#return-pickup): the courier collects from the shopper. */
export type CourierReverseBooking = {
  /** our return's reference (RET-…): booking it twice gives the same AWB */
  reference: string;
  orderNo: string;
  /** the shopper's address: where the courier collects */
  pickup: CourierAddress;
  /** the seller's return address */
  delivery: CourierAddress;
  weightGrams: number;
  contents: string;
  /** what the agent checks at the door before taking the parcel (quality check) */
  qualityCheckNotes: string[];
  bookedAt: Date;
};
export type CourierReturns = {
  bookReversePickup(input: CourierReverseBooking): Promise<CourierBooked>;
};

/** What a shopper or seller chose after a failed delivery attempt (requirements#ndr). */
export type CourierNdrAction =
  | { action: 're_attempt'; /** YYYY-MM-DD */ date: string }
  | { action: 'change_address'; address: string; pincode: string; phone: string | null }
  | { action: 'change_phone'; phone: string }
  | { action: 'return_to_origin' };
export type CourierNdr = {
  ndrAction(
    awbNo: string,
    action: CourierNdrAction,
  ): Promise<{ code: 'ACCEPTED' } | { code: 'REFUSED'; reason: string } | { code: 'NOT_FOUND' }>;
};

/** One COD transfer as the courier reports it, parcel by parcel (requirements#courier-remittance-import). */
export type CourierCodRemittance = {
  /** the bank's reference of the transfer */
  utr: string;
  /** YYYY-MM-DD, Indian calendar day the money was sent */
  remittedOn: string;
  /** what reached the bank, after the courier's deductions */
  amountPaise: number;
  parcels: { awbNo: string; codPaise: number; deductionPaise: number }[];
};
export type CourierRemittances = {
  /** the courier's remittances sent in [from, to] (YYYY-MM-DD, inclusive) */
  codRemittances(input: { from: string; to: string }): Promise<CourierCodRemittance[]>;
};

/** The interface the marketplace uses. Groups join here as their work lands. */
export type CourierProvider = CourierCore & CourierPickups & CourierNdr & CourierReturns & CourierRemittances;
