// requirements#courier-shiprocket: Shiprocket's shipment status codes (the "sr-status" of a scan,
// `current_status_id` of a tracking webhook, `shipment_status` of a tracking answer), as its API
// documentation's Tracking section lists them, each read as one of our courier scans. Only the
// scans reach the database; a status that is no step of the parcel's journey (the order's own
// states, the seller's cancellation, pickup exceptions, packing in a fulfilment centre) maps to
// null and is left out.
import type { CourierScan } from '@marketplace/domain/orders/courier-scans';

export const SHIPROCKET_STATUSES: Record<number, { label: string; scan: CourierScan | null }> = {
  0: { label: 'New', scan: null },
  1: { label: 'AWB Assigned', scan: 'booked' },
  2: { label: 'Label Generated', scan: 'booked' },
  3: { label: 'Pickup Scheduled/Generated', scan: 'pickup_scheduled' },
  4: { label: 'Pickup Queued', scan: 'pickup_scheduled' },
  5: { label: 'Manifest Generated', scan: 'pickup_scheduled' },
  6: { label: 'Shipped', scan: 'in_transit' },
  7: { label: 'Delivered', scan: 'delivered' },
  8: { label: 'Cancelled', scan: null },
  9: { label: 'RTO Initiated', scan: 'rto_initiated' },
  10: { label: 'RTO Delivered', scan: 'rto_delivered' },
  11: { label: 'Pending', scan: null },
  12: { label: 'Lost', scan: 'lost' },
  13: { label: 'Pickup Error', scan: null },
  14: { label: 'RTO Acknowledged', scan: 'rto_initiated' },
  15: { label: 'Pickup Rescheduled', scan: 'pickup_scheduled' },
  16: { label: 'Cancellation Requested', scan: null },
  17: { label: 'Out For Delivery', scan: 'out_for_delivery' },
  18: { label: 'In Transit', scan: 'in_transit' },
  19: { label: 'Out For Pickup', scan: 'pickup_scheduled' },
  20: { label: 'Pickup Exception', scan: null },
  21: { label: 'Undelivered', scan: 'delivery_attempted' },
  22: { label: 'Delayed', scan: 'in_transit' },
  23: { label: 'Partial Delivered', scan: null },
  24: { label: 'Destroyed', scan: 'lost' },
  25: { label: 'Damaged', scan: null },
  26: { label: 'Fulfilled', scan: null },
  27: { label: 'Pickup Booked', scan: 'pickup_scheduled' },
  38: { label: 'Reached at Destination Hub', scan: 'reached_destination_hub' },
  39: { label: 'Misrouted', scan: 'in_transit' },
  40: { label: 'RTO NDR', scan: 'rto_initiated' },
  41: { label: 'RTO OFD', scan: 'rto_initiated' },
  42: { label: 'Picked Up', scan: 'picked_up' },
  43: { label: 'Self Fulfilled', scan: null },
  44: { label: 'Disposed Off', scan: 'lost' },
  45: { label: 'Cancelled Before Dispatched', scan: null },
  46: { label: 'RTO In Transit', scan: 'rto_initiated' },
  47: { label: 'QC Failed', scan: 'qc_failed' },
  48: { label: 'Reached Warehouse', scan: 'in_transit' },
  49: { label: 'Custom Cleared', scan: 'in_transit' },
  50: { label: 'In Flight', scan: 'in_transit' },
  51: { label: 'Handover to Courier', scan: 'picked_up' },
  52: { label: 'Shipment Booked', scan: 'booked' },
  54: { label: 'In Transit Overseas', scan: 'in_transit' },
  55: { label: 'Connection Aligned', scan: 'in_transit' },
  56: { label: 'Reached Overseas Warehouse', scan: 'in_transit' },
  57: { label: 'Custom Cleared Overseas', scan: 'in_transit' },
  59: { label: 'Box Packing', scan: null },
  60: { label: 'FC Allocated', scan: null },
  61: { label: 'Picklist Generated', scan: null },
  62: { label: 'Ready To Pack', scan: null },
  63: { label: 'Packed', scan: null },
  67: { label: 'FC Manifest Generated', scan: null },
  68: { label: 'Processed at Warehouse', scan: null },
  71: { label: 'Handover Exception', scan: null },
  72: { label: 'Packed Exception', scan: null },
  75: { label: 'RTO Lock', scan: 'rto_initiated' },
  76: { label: 'Untraceable', scan: 'lost' },
  77: { label: 'Issue Related to the Recipient', scan: 'delivery_attempted' },
  78: { label: 'Reached Back at Seller City', scan: 'rto_initiated' },
};

/** Our scan for a Shiprocket status code (a number, or its digits as a string); null for none. */
export function shiprocketScan(code: unknown): CourierScan | null {
  const n =
    typeof code === 'number' ? code : typeof code === 'string' && /^\d{1,3}$/.test(code) ? Number(code) : NaN;
  return Number.isInteger(n) ? (SHIPROCKET_STATUSES[n]?.scan ?? null) : null;
}

/**
 * Shiprocket's times are Indian Standard Time without a zone: "2022-07-19 11:37:00" in tracking
 * answers and scans, "23 05 2023 11:43:52" (day month year) as a webhook's current_timestamp.
 */
export function shiprocketTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  const dmy = iso ? null : /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6] ?? '00']
    : dmy
      ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]
      : null;
  if (!parts) return null;
  const [y, m, d, hh, mm, ss] = parts;
  const date = new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss}+05:30`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The same scan has the same key whether it came by webhook or by polling: a repeat is no change. */
export const shiprocketEventKey = (awbNo: string, code: string | number, at: Date) =>
  `shiprocket:${awbNo}:${String(code)}:${at.toISOString()}`;
