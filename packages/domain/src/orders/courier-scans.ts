// A courier's scans as the marketplace reads them (ADR-0051). Every courier adapter translates its
// own status codes into these; each maps onto one of the shipment's tracking statuses
// (requirements#tracking), and a scan is applied only when it moves the parcel forward.
import { TRACKING_NEXT, type TrackingStatus } from './tracking.ts';

export const COURIER_SCANS = [
  'booked',
  'pickup_scheduled',
  'picked_up',
  'in_transit',
  'reached_destination_hub',
  'out_for_delivery',
  'delivered',
  'delivery_attempted',
  'rto_initiated',
  /** the parcel sent back has reached the seller (ADR-0058) */
  'rto_delivered',
  'lost',
  /** a reverse pickup's agent refused the product at the shopper's door (ADR-0058) */
  'qc_failed',
] as const;
export type CourierScan = (typeof COURIER_SCANS)[number];
export const isCourierScan = (code: string): code is CourierScan =>
  (COURIER_SCANS as readonly string[]).includes(code);

/** The tracking status a scan puts the shipment at. */
export const SCAN_TRACKING_STATUS: Record<CourierScan, TrackingStatus> = {
  booked: 'manifested',
  pickup_scheduled: 'not_picked',
  picked_up: 'in_transit',
  in_transit: 'in_transit',
  reached_destination_hub: 'pending',
  out_for_delivery: 'dispatched',
  delivered: 'delivered',
  delivery_attempted: 'delivery_failed',
  rto_initiated: 'return_to_origin',
  // the return trip ends where it began: the status stays, the arrival closes the parcel
  rto_delivered: 'return_to_origin',
  lost: 'lost_in_transit',
  // a reverse pickup's scan only: a forward shipment refuses it (apply-event.ts)
  qc_failed: 'not_picked',
};

/** What the shopper reads under a scan's place: the scan in words, never the courier's code. */
export const SCAN_NOTES: Record<CourierScan, string> = {
  booked: 'Shipment booked with the courier.',
  pickup_scheduled: 'Pickup scheduled from the seller.',
  picked_up: 'Picked up from the seller.',
  in_transit: 'Passed through a courier hub.',
  reached_destination_hub: 'Arrived at the delivery hub.',
  out_for_delivery: 'Out for delivery with the delivery agent.',
  delivered: 'Delivered.',
  delivery_attempted: 'The delivery agent could not deliver the parcel.',
  rto_initiated: 'Returning to the seller.',
  rto_delivered: 'Returned to the seller.',
  lost: 'Reported lost by the courier.',
  qc_failed: 'The product did not pass the courier’s check at pickup.',
};

/**
 * The statuses a shipment walks through from `from` to reach `to`, one allowed step at a time
 * (the courier may skip scans: a parcel picked up and at the delivery hub in one poll walks
 * In Transit then Pending). Empty when the shipment is already there (a further scan at the same
 * status); null when `to` cannot be reached forward from `from` (an old or out-of-order scan),
 * which never moves a shipment back. Cancelled by the seller is not the courier's to set.
 */
export function trackingPath(from: TrackingStatus, to: TrackingStatus): TrackingStatus[] | null {
  if (from === to) return [];
  const seen = new Set<TrackingStatus>([from]);
  let frontier: TrackingStatus[][] = [[from]];
  while (frontier.length > 0) {
    const next: TrackingStatus[][] = [];
    for (const path of frontier) {
      const last = path[path.length - 1] ?? from;
      for (const step of TRACKING_NEXT[last]) {
        if (step === 'cancelled_by_seller' || seen.has(step)) continue;
        // a failed attempt is a scan of its own: a path never passes through one
        if (step === 'delivery_failed' && step !== to) continue;
        const longer = [...path, step];
        if (step === to) return longer.slice(1);
        seen.add(step);
        next.push(longer);
      }
    }
    frontier = next;
  }
  return null;
}

export type ScanDecision =
  { kind: 'move'; path: TrackingStatus[] } | { kind: 'same' } | { kind: 'stale' } | { kind: 'backward' };

/**
 * Whether a scan moves the shipment: an event older than the last one applied is stale (events
 * arrive out of order), one whose status lies behind the shipment's is backward; both are kept
 * for the record and change nothing. A scan at the shipment's own status only adds its place.
 */
export function decideScan(input: {
  current: TrackingStatus;
  scan: CourierScan;
  occurredAt: Date;
  lastAppliedAt: Date | null;
}): ScanDecision {
  if (input.lastAppliedAt && input.occurredAt.getTime() < input.lastAppliedAt.getTime())
    return { kind: 'stale' };
  const path = trackingPath(input.current, SCAN_TRACKING_STATUS[input.scan]);
  if (path === null) return { kind: 'backward' };
  return path.length === 0 ? { kind: 'same' } : { kind: 'move', path };
}
