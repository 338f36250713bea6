// The replacement unit's journey (requirements#replacement-shipment): once the seller initiates a replacement, the new unit
// travels in its own shipment through the same tracking steps and special statuses as any parcel,
// under the same state machine. See docs/decisions/0012-replacement-shipments.md.
import { SHOPPER_TRACKING } from './shopper-tracking.ts';
import { type ItemState, itemStatusForTracking, transitionItem } from './state-machine.ts';
import { isTrackingSpecialStatus, isTrackingStep, type TrackingStatus } from './tracking.ts';

export const REPLACEMENT_SHIPMENT_MESSAGES = {
  notInitiated: 'Only a replacement the seller has initiated can be shipped.',
  created: 'The replacement shipment has been created.',
} as const;

/** A replacement request the seller has initiated, as the database keeps it. */
export const REPLACEMENT_INITIATED = { kind: 'replace', status: 'initiate-replacement' } as const;

/**
 * requirements#replacement-shipment: the seller has initiated this replacement, so its new unit is
 * to be sent (only then can it be shipped, listed to send, or tracked by the shopper).
 */
export function isReplacementInitiated(request: { kind: string; status: string }): boolean {
  return request.kind === REPLACEMENT_INITIATED.kind && request.status === REPLACEMENT_INITIATED.status;
}

/** The replacement unit seen by the order item machine: `quantity` units on their way, nothing else. */
export function replacementUnitState(quantity: number, tracking: TrackingStatus): ItemState {
  return {
    status: itemStatusForTracking(tracking),
    splitMode: 'nochange',
    quantity,
    cancelledQuantity: 0,
    returnedQuantity: 0,
    replacedQuantity: 0,
    tracking,
    openRequest: null,
    deliveredAt: null,
    // the replacement unit opens no window of its own: the item's units are already processed
    returnWindowDays: 0,
    replaceWindowDays: 0,
  };
}

export type ReplacementTrackResult =
  | { ok: true; restockQuantity: number; refundQuantity: number; isDelivered: boolean }
  | { ok: false; message: string };

/**
 * Moves a replacement shipment of `quantity` units from `from` to `to` by the parcel rules
 * (TRACKING_NEXT): delivered closes it; cancelled by the seller before pickup or returned to the
 * seller puts the unit back in stock and refunds the shopper instead; lost in transit refunds.
 */
export function trackReplacement(
  quantity: number,
  from: TrackingStatus,
  to: TrackingStatus,
): ReplacementTrackResult {
  const moved = transitionItem(replacementUnitState(quantity, from), { type: 'track', to });
  if (!moved.ok) return { ok: false, message: moved.error.message };
  const { restockQuantity, refundQuantity, isDelivered } = moved.effects;
  return { ok: true, restockQuantity, refundQuantity, isDelivered };
}

/** The shopper's words for where the replacement is. */
export const REPLACEMENT_SHIPMENT_TEXTS = {
  preparing: 'Replacement being prepared',
  shipped: 'Replacement shipped',
  delivered: 'Replacement delivered',
  track: 'Track replacement',
  cancelled_by_seller: 'Replacement cancelled by the seller',
  return_to_origin: 'Replacement returned to the seller',
  lost_in_transit: 'Replacement lost in transit',
  delivery_failed: 'Replacement delivery failed',
  refunded: 'Your money will be refunded instead.',
  retry: 'Another delivery attempt will be made.',
} as const;

export type ReplacementLine = { title: string; detail: string; tone: 'ok' | 'wait' | 'bad' };

/** The one line My Orders and the detail page show for an initiated replacement and its shipment. */
export function replacementLine(shipmentStatus: TrackingStatus | null): ReplacementLine {
  const t = REPLACEMENT_SHIPMENT_TEXTS;
  if (shipmentStatus === null) return { title: t.preparing, detail: '', tone: 'wait' };
  if (shipmentStatus === 'delivered') return { title: t.delivered, detail: '', tone: 'ok' };
  // requirements#tracking in the shopper's words: packed but not yet with the courier is still being prepared
  if (isTrackingStep(shipmentStatus))
    return SHOPPER_TRACKING[shipmentStatus].stage === 'ordered'
      ? { title: t.preparing, detail: SHOPPER_TRACKING[shipmentStatus].detail, tone: 'wait' }
      : { title: t.shipped, detail: SHOPPER_TRACKING[shipmentStatus].detail, tone: 'ok' };
  if (isTrackingSpecialStatus(shipmentStatus)) {
    if (shipmentStatus === 'delivery_failed')
      return { title: t[shipmentStatus], detail: t.retry, tone: 'wait' };
    return { title: t[shipmentStatus], detail: t.refunded, tone: 'bad' };
  }
  return { title: shipmentStatus, detail: '', tone: 'wait' };
}
