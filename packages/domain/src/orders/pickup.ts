// The pickup of a returned (or exchanged) product and what waits for it (requirements#return-pickup,
// ADR-0011): a refund for a product that goes back starts only once the pickup is recorded, never
// at the seller's decision; a product the shopper keeps is refunded at the decision.
import { indiaDate, type WaitingStep } from './returns.ts';

export type { WaitingStep };

/** Decisions after which the courier collects the product from the shopper. */
export const PICKUP_DECISIONS = [
  'refund-with-reverse',
  'initiate-replacement',
  'reject-with-return',
] as const;
/** Of those, the decisions whose refund starts when the pickup is recorded (a replacement sends a new unit instead). */
export const REFUND_AT_PICKUP_DECISIONS = ['refund-with-reverse', 'reject-with-return'] as const;

export const needsPickup = (status: string) => (PICKUP_DECISIONS as readonly string[]).includes(status);
export const refundsAtPickup = (status: string) =>
  (REFUND_AT_PICKUP_DECISIONS as readonly string[]).includes(status);

/** Texts of the pickup steps (ours: the spec shows none for after-sales pickups). */
export const PICKUP_MESSAGES = {
  notAwaitingPickup:
    'This request has no pickup waiting: only an accepted return or replacement is picked up.',
  beforePickupDay: (day: string) => `The pickup is on ${day}; it can be recorded from that day.`,
  recorded: 'Pickup recorded.',
} as const;

/** The shopper's texts for the step a request waits for (ours; `date` comes formatted). */
export const WAITING_STEP_TEXTS = {
  seller: 'Waiting for the seller’s decision',
  pickup: (date: string) => `Waiting for pickup on ${date}`,
  pickupDue: 'Waiting for pickup',
  refundAfterPickup: 'Refund starts after pickup',
  pickedUp: (date: string) => `Picked up on ${date}`,
} as const;

export type PickupRequest = {
  kind: string;
  status: string;
  /** the day the shopper chose (YYYY-MM-DD) */
  pickupDate: string | null;
  pickedUpAt: Date | null;
  quantity: number;
};

export type PickupResult =
  /** record it now; refund this many units (0: nothing waits for the pickup but the exchange) */
  | { code: 'PICKED_UP'; refundQuantity: number }
  | { code: 'ALREADY_PICKED_UP' }
  | { code: 'NOT_AWAITING_PICKUP'; message: string }
  | { code: 'BEFORE_PICKUP_DAY'; message: string };

/**
 * Recording the pickup of a request's product (the seller or the courier marks it). Only an
 * accepted return or replacement that sends the product back is picked up, and not before the
 * shopper's pickup day (a day in India); recording it again changes nothing.
 */
export function recordPickup(request: PickupRequest, now: Date): PickupResult {
  if (request.kind === 'cancel' || !needsPickup(request.status))
    return { code: 'NOT_AWAITING_PICKUP', message: PICKUP_MESSAGES.notAwaitingPickup };
  if (request.pickedUpAt) return { code: 'ALREADY_PICKED_UP' };
  if (request.pickupDate && indiaDate(now) < request.pickupDate)
    return { code: 'BEFORE_PICKUP_DAY', message: PICKUP_MESSAGES.beforePickupDay(request.pickupDate) };
  return { code: 'PICKED_UP', refundQuantity: refundsAtPickup(request.status) ? request.quantity : 0 };
}

/**
 * The step a return or replacement waits for: the seller's decision while pending; the pickup
 * once accepted with a pickup (and the refund after it, for a return or a refused replacement);
 * done once picked up, or when the shopper keeps the product.
 */
export function waitingStep(request: Omit<PickupRequest, 'quantity'>): WaitingStep {
  if (request.status === 'pending') return { step: 'seller' };
  if (!needsPickup(request.status)) return { step: 'none' };
  if (request.pickedUpAt) return { step: 'picked_up', pickedUpAt: request.pickedUpAt.toISOString() };
  return {
    step: 'pickup',
    pickupDate: request.pickupDate,
    isRefundAfterPickup: refundsAtPickup(request.status),
  };
}
