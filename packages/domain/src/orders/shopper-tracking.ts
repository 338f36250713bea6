// requirements#tracking in the shopper's words: the courier's six statuses (and the four outcomes)
// stay as they are in the database and Seller Central (tracking.ts); shoppers read the four
// stages every Indian courier shows, Ordered → Shipped → Out for delivery → Delivered, or what
// stopped the parcel, each with the day it happened when it is known.
import { COURIER_SCANS, SCAN_NOTES, SCAN_TRACKING_STATUS } from './courier-scans.ts';
import { isTrackingSpecialStatus, type TrackingSpecialStatus, type TrackingStatus } from './tracking.ts';

export const SHOPPER_STAGES = ['ordered', 'shipped', 'out_for_delivery', 'delivered'] as const;
export type ShopperStage = (typeof SHOPPER_STAGES)[number];

export const SHOPPER_STAGE_NAMES: Record<ShopperStage, string> = {
  ordered: 'Ordered',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
};

/** What stopped a parcel on its way, in the shopper's words. */
export const SHOPPER_OUTCOME_NAMES: Record<TrackingSpecialStatus, string> = {
  delivery_failed: 'Delivery attempted',
  return_to_origin: 'Returning to seller',
  cancelled_by_seller: 'Cancelled by seller',
  lost_in_transit: 'Lost in transit',
};

/** Each courier status: the stage it belongs to, and the line a shopper reads in the updates. */
export const SHOPPER_TRACKING: Record<TrackingStatus, { stage: ShopperStage; word: string; detail: string }> =
  {
    manifested: { stage: 'ordered', word: 'Ordered', detail: 'The seller is packing your item.' },
    not_picked: {
      stage: 'ordered',
      word: 'Ordered',
      detail: 'Packed and waiting for the courier to pick it up.',
    },
    in_transit: { stage: 'shipped', word: 'Shipped', detail: 'Picked up by the courier and on its way.' },
    pending: { stage: 'shipped', word: 'Shipped', detail: 'Reached the delivery hub near you.' },
    dispatched: {
      stage: 'out_for_delivery',
      word: 'Out for delivery',
      detail: 'With the delivery agent, arriving today.',
    },
    delivered: { stage: 'delivered', word: 'Delivered', detail: 'Delivered to you.' },
    // the outcomes keep the stage the parcel had reached when they happened (see shopperTracking)
    delivery_failed: {
      stage: 'out_for_delivery',
      word: SHOPPER_OUTCOME_NAMES.delivery_failed,
      detail: 'The courier could not deliver the parcel and will try again.',
    },
    return_to_origin: {
      stage: 'shipped',
      word: SHOPPER_OUTCOME_NAMES.return_to_origin,
      detail: 'The parcel could not be delivered and is going back to the seller.',
    },
    cancelled_by_seller: {
      stage: 'ordered',
      word: SHOPPER_OUTCOME_NAMES.cancelled_by_seller,
      detail: 'The seller cancelled this shipment before it was picked up.',
    },
    lost_in_transit: {
      stage: 'shipped',
      word: SHOPPER_OUTCOME_NAMES.lost_in_transit,
      detail: 'The courier lost this parcel on its way to you.',
    },
  };

/**
 * What an outcome that stops the parcel means for the shopper's money: a parcel paid for before
 * delivery (online, or the replacement unit of a product already paid for) is refunded; a cash on
 * delivery parcel that never arrived was never paid for.
 */
export const SHOPPER_MONEY_AFTER_STOP = {
  refunded: 'Your money is refunded.',
  nothingPaid: 'It was cash on delivery, so you pay nothing.',
} as const;

const STOPPING_OUTCOMES: readonly TrackingStatus[] = [
  'return_to_origin',
  'cancelled_by_seller',
  'lost_in_transit',
];

/** A status's sentence for this parcel, with what happens to the money where the parcel stops. */
export function shopperTrackingDetail(status: TrackingStatus, paidBeforeDelivery: boolean): string {
  const { detail } = SHOPPER_TRACKING[status];
  if (!STOPPING_OUTCOMES.includes(status)) return detail;
  return `${detail} ${paidBeforeDelivery ? SHOPPER_MONEY_AFTER_STOP.refunded : SHOPPER_MONEY_AFTER_STOP.nothingPaid}`;
}

/** The shopper's one word for where a parcel is (My Orders' status line, a replacement's line). */
export const shopperTrackingWord = (status: TrackingStatus): string => SHOPPER_TRACKING[status].word;

export type ShopperTrackingStep = {
  /** a stage, or the outcome that stopped the parcel */
  key: ShopperStage | TrackingSpecialStatus;
  name: string;
  /** done: reached and passed; current: where the parcel is; upcoming: not yet; problem: an outcome */
  state: 'done' | 'current' | 'upcoming' | 'problem';
  /** when the parcel reached it (ISO), when known */
  at: string | null;
};

export type ShopperTracking = {
  /** the word for where the parcel is now */
  word: string;
  /** the sentence under it */
  detail: string;
  steps: ShopperTrackingStep[];
  /** 1-based position of the current step among `steps`, for a progress bar */
  currentIndex: number;
  /** the updates in the shopper's words, oldest first */
  events: { word: string; detail: string; at: string; location: string | null; note: string | null }[];
};

/**
 * A courier's words for the scan that brought the parcel to `status` say what the status's own
 * sentence says ("Delivered." under "Delivered to you."): they are left out, so each update reads
 * once. A further hub on the way, and whatever a seller typed, still show.
 */
function restatesStatus(status: TrackingStatus, note: string): boolean {
  return COURIER_SCANS.some(
    (scan) => scan !== 'in_transit' && SCAN_NOTES[scan] === note && SCAN_TRACKING_STATUS[scan] === status,
  );
}

/**
 * The tracking a shopper reads: the four stages with the day each was reached (the order's own
 * day for Ordered, the first courier update of a stage for the others), the current one marked;
 * an outcome that stops the parcel (returning to the seller, cancelled, lost) takes the place of
 * the stages not reached; a failed attempt shows beside the stages, Delivered still to come.
 */
export function shopperTracking(input: {
  status: TrackingStatus;
  orderedAt: string;
  /** paid online, or a replacement of a product already paid for: an outcome that stops it is refunded */
  paidBeforeDelivery: boolean;
  events: readonly { status: string; at: string; location?: string | null; note?: string | null }[];
}): ShopperTracking {
  const known = input.events.filter(
    (e): e is typeof e & { status: TrackingStatus } => e.status in SHOPPER_TRACKING,
  );
  const reachedAt = (stage: ShopperStage): string | null => {
    if (stage === 'ordered') return input.orderedAt;
    const first = known.find(
      (e) => !isTrackingSpecialStatus(e.status) && SHOPPER_TRACKING[e.status].stage === stage,
    );
    return first?.at ?? null;
  };
  const lastOf = (status: TrackingStatus) => known.findLast((e) => e.status === status)?.at ?? null;
  const current = SHOPPER_TRACKING[input.status];
  // the furthest stage the parcel reached by the regular steps
  const reached = Math.max(
    SHOPPER_STAGES.indexOf(current.stage),
    ...known
      .filter((e) => !isTrackingSpecialStatus(e.status))
      .map((e) => SHOPPER_STAGES.indexOf(SHOPPER_TRACKING[e.status].stage)),
  );
  const stage = (index: number, state: ShopperTrackingStep['state']): ShopperTrackingStep => {
    const key = SHOPPER_STAGES[index] ?? 'ordered';
    return { key, name: SHOPPER_STAGE_NAMES[key], state, at: state === 'upcoming' ? null : reachedAt(key) };
  };
  let steps: ShopperTrackingStep[];
  if (!isTrackingSpecialStatus(input.status)) {
    const at = SHOPPER_STAGES.indexOf(current.stage);
    steps = SHOPPER_STAGES.map((_, i) => stage(i, i < at ? 'done' : i === at ? 'current' : 'upcoming'));
  } else if (input.status === 'delivery_failed') {
    // another attempt follows: the stages stay, the attempt shows before Delivered
    steps = [
      ...SHOPPER_STAGES.slice(0, 3).map((_, i) => stage(i, 'done')),
      { key: input.status, name: current.word, state: 'problem', at: lastOf(input.status) },
      stage(3, 'upcoming'),
    ];
  } else {
    // the parcel stops here: the stages it reached, then the outcome in place of the rest
    steps = [
      ...SHOPPER_STAGES.slice(0, reached + 1).map((_, i) => stage(i, 'done')),
      { key: input.status, name: current.word, state: 'problem', at: lastOf(input.status) },
    ];
  }
  const currentIndex =
    steps.findIndex((s) => s.state === 'current' || s.state === 'problem') + 1 || steps.length;
  return {
    word: current.word,
    detail: shopperTrackingDetail(input.status, input.paidBeforeDelivery),
    steps,
    currentIndex,
    events: known.map((e) => ({
      word: SHOPPER_TRACKING[e.status].word,
      detail: shopperTrackingDetail(e.status, input.paidBeforeDelivery),
      at: e.at,
      location: e.location ?? null,
      note: e.note && !restatesStatus(e.status, e.note) ? e.note : null,
    })),
  };
}
