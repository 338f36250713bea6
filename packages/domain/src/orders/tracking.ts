// requirements#tracking (Shipment tracking): six steps in order, then four special outcomes
// (numbered 7 to 10) that show a single labelled icon instead of the progress bar.

export const TRACKING_STEPS = [
  'manifested',
  'not_picked',
  'in_transit',
  'pending',
  'dispatched',
  'delivered',
] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

export const TRACKING_SPECIAL_STATUSES = [
  'cancelled_by_seller',
  'return_to_origin',
  'lost_in_transit',
  'delivery_failed',
] as const;
export type TrackingSpecialStatus = (typeof TRACKING_SPECIAL_STATUSES)[number];

export const TRACKING_STATUSES = [...TRACKING_STEPS, ...TRACKING_SPECIAL_STATUSES] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** requirements#tracking: each step's name and the label under it on the tracking page. */
export const TRACKING_STEP_LABELS: Record<TrackingStep, { name: string; label: string }> = {
  manifested: { name: 'Manifested', label: 'Order Received' },
  not_picked: { name: 'Not Picked', label: 'Waiting for Picked Up' },
  in_transit: { name: 'In Transit', label: 'In Transit' },
  pending: { name: 'Pending', label: 'Waiting for Dispatch' },
  dispatched: { name: 'Dispatched', label: 'Out for Delivery' },
  delivered: { name: 'Delivered', label: 'Delivered' },
};

/** Ours (the spec does not name statuses 7 to 10): the label beside the single icon. */
export const TRACKING_SPECIAL_LABELS: Record<TrackingSpecialStatus, { name: string; label: string }> = {
  cancelled_by_seller: {
    name: 'Cancelled by Seller',
    label: 'The seller cancelled this shipment before it was picked up.',
  },
  return_to_origin: {
    name: 'Returned to Seller',
    label: 'The parcel could not be delivered and is going back to the seller.',
  },
  lost_in_transit: {
    name: 'Lost in Transit',
    label: 'The courier lost this parcel on its way to you.',
  },
  delivery_failed: {
    name: 'Delivery Failed',
    label: 'The courier could not deliver the parcel. Another attempt will be made.',
  },
};

export const TRACKING_MESSAGES = {
  /** requirements#tracking */
  noOrderData: 'No order data found',
  /** requirements#tracking */
  fetchFailed: 'Failed to fetch tracking information',
} as const;

export const isTrackingStep = (status: string): status is TrackingStep =>
  (TRACKING_STEPS as readonly string[]).includes(status);
export const isTrackingSpecialStatus = (status: string): status is TrackingSpecialStatus =>
  (TRACKING_SPECIAL_STATUSES as readonly string[]).includes(status);
export const isTrackingStatus = (status: string): status is TrackingStatus =>
  (TRACKING_STATUSES as readonly string[]).includes(status);

/**
 * Where a shipment may go next. Steps move one at a time; the seller may cancel only while the
 * parcel is still with it; once picked up a parcel can be lost or sent back; a failed delivery is
 * tried again (back to Dispatched) or sent back.
 */
export const TRACKING_NEXT: Record<TrackingStatus, readonly TrackingStatus[]> = {
  manifested: ['not_picked', 'cancelled_by_seller'],
  not_picked: ['in_transit', 'cancelled_by_seller'],
  in_transit: ['pending', 'lost_in_transit', 'return_to_origin'],
  pending: ['dispatched', 'lost_in_transit', 'return_to_origin'],
  dispatched: ['delivered', 'delivery_failed', 'lost_in_transit', 'return_to_origin'],
  delivery_failed: ['dispatched', 'return_to_origin'],
  delivered: [],
  cancelled_by_seller: [],
  return_to_origin: [],
  lost_in_transit: [],
};

/** The tracking page's view of a status: how many steps the progress bar fills, or the special outcome. */
export function trackingProgress(
  status: TrackingStatus,
):
  | { kind: 'step'; stepIndex: number; stepCount: number }
  | { kind: 'special'; status: TrackingSpecialStatus } {
  if (isTrackingStep(status))
    return { kind: 'step', stepIndex: TRACKING_STEPS.indexOf(status), stepCount: TRACKING_STEPS.length };
  return { kind: 'special', status };
}
