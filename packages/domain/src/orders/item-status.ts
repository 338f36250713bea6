// The one sentence a shopper reads about where an item stands (requirements#cancel-status,
// requirements#return-status, requirements#replacement-status, requirements#return-pickup,
// requirements#refund-life): derived from the request's state in the item's machine, its pickup,
// and its refund's state together, so no page says "refund to follow" above "Refund completed".
import { REFUND_ESTIMATE } from './returns.ts';
import { needsPickup, refundsAtPickup } from './pickup.ts';
import { isRefundStatus, REFUND_STATUSES, type RefundStatus } from './refund-life.ts';

export type StatusTone = 'ok' | 'wait' | 'bad';
export type StatusSentence = { title: string; detail: string; tone: StatusTone };

/** A shopper's request on an item as the status pages know it. */
export type RequestFacts = {
  kind: 'cancel' | 'return' | 'replace';
  /** the request's state: pending, then the seller's decision */
  status: string;
  requestedBy: 'customer' | 'seller';
  /** the pickup day the shopper chose (YYYY-MM-DD) */
  pickupDate: string | null;
  /** when the pickup was recorded (ISO) */
  pickedUpAt: string | null;
};

/**
 * The refund of the request: none (nothing was paid, so nothing goes back), due (it will be
 * initiated at the next step: the decision or the pickup), or the refund's own state.
 */
export type RefundFacts =
  | { status: 'none' | 'due' }
  | { status: RefundStatus; completedAt: string | null; needsBankAccount: boolean };

export const REFUND_FACT_STATUSES = ['none', 'due', ...REFUND_STATUSES] as const;

/** How the caller writes days: `day` an instant (ISO), `date` a calendar day (YYYY-MM-DD). */
export type DayFormat = { day: (iso: string) => string; date: (day: string) => string };

export const ITEM_STATUS_TITLES = {
  cancelRequested: 'Cancellation requested',
  cancelRejected: 'Cancellation rejected',
  cancelled: 'Cancelled',
  cancelledBySeller: 'Cancelled by the seller',
  returnRequested: 'Return requested',
  returnRejected: 'Return rejected',
  returnApproved: 'Return approved',
  returned: 'Returned',
  replaceRequested: 'Replacement requested',
  replaceApproved: 'Replacement approved',
  replaceImpossible: 'Replacement not possible',
  refunded: 'Refunded',
} as const;

/** What the refund's state adds to the sentence, or null when no refund goes back. */
function refundClause(refund: RefundFacts, f: DayFormat): { text: string; tone: StatusTone } | null {
  switch (refund.status) {
    case 'none':
      return null;
    case 'due':
      return { text: 'Your refund will be initiated.', tone: 'wait' };
    case 'initiated':
      return refund.needsBankAccount
        ? { text: 'Add a bank account to receive your refund.', tone: 'wait' }
        : { text: 'Your refund has been initiated.', tone: 'wait' };
    case 'processed':
      return { text: `Your refund is on its way and reaches you in ${REFUND_ESTIMATE.text}.`, tone: 'wait' };
    case 'completed':
      return {
        text: refund.completedAt ? `Refunded on ${f.day(refund.completedAt)}.` : 'Your refund is complete.',
        tone: 'ok',
      };
    case 'failed':
      return { text: 'Your refund could not be sent; our support team is on it.', tone: 'bad' };
  }
}

const sentence = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

function cancelSentence(request: RequestFacts, refund: RefundFacts, f: DayFormat): StatusSentence {
  const t = ITEM_STATUS_TITLES;
  if (request.status === 'pending')
    return { title: t.cancelRequested, detail: 'Waiting for the seller to confirm.', tone: 'wait' };
  if (request.status === 'rejected')
    return {
      title: t.cancelRejected,
      detail: 'The seller could not cancel this item; it stays on its way to you.',
      tone: 'bad',
    };
  const title = request.requestedBy === 'seller' ? t.cancelledBySeller : t.cancelled;
  const clause = refundClause(refund, f);
  if (!clause) return { title, detail: 'Nothing was charged for this item.', tone: 'ok' };
  return {
    title: refund.status === 'completed' ? `${title} and refunded` : title,
    detail: clause.text,
    tone: clause.tone,
  };
}

/** A return, or a refused replacement: what the seller decided, the pickup, then the refund. */
function returnSentence(request: RequestFacts, refund: RefundFacts, f: DayFormat): StatusSentence {
  const t = ITEM_STATUS_TITLES;
  const isReturn = request.kind === 'return';
  if (request.status === 'pending')
    return {
      title: isReturn ? t.returnRequested : t.replaceRequested,
      detail: 'Waiting for the seller’s decision.',
      tone: 'wait',
    };
  if (request.status === 'rejected')
    return { title: t.returnRejected, detail: 'The seller did not accept this return.', tone: 'bad' };
  const outOfStock = isReturn ? null : 'The product is out of stock.';
  const decided = isReturn ? t.returnApproved : t.replaceImpossible;
  const clause = refundClause(refund, f);
  // requirements#return-pickup: a product that goes back is refunded only once it is picked up
  // (a refund already under way says the pickup is behind it, even where no pickup was recorded)
  const isRefundUnderWay = refund.status !== 'none' && refund.status !== 'due';
  if (refundsAtPickup(request.status) && !request.pickedUpAt && !isRefundUnderWay) {
    const pickup = request.pickupDate
      ? `Pickup on ${f.date(request.pickupDate)}.`
      : 'Pickup to be scheduled.';
    const then = clause ? 'Your refund starts once the product is picked up.' : null;
    return { title: decided, detail: sentence(outOfStock, pickup, then), tone: 'wait' };
  }
  const pickedUp = request.pickedUpAt ? `Picked up on ${f.day(request.pickedUpAt)}.` : null;
  const kept = needsPickup(request.status) ? null : 'You keep the product.';
  const title =
    refund.status === 'completed' ? t.refunded : isReturn && request.pickedUpAt ? t.returned : decided;
  return {
    title,
    detail: sentence(outOfStock, pickedUp, kept, clause?.text),
    tone: clause?.tone ?? 'ok',
  };
}

function replaceSentence(request: RequestFacts, refund: RefundFacts, f: DayFormat): StatusSentence {
  if (request.status !== 'initiate-replacement') return returnSentence(request, refund, f);
  const t = ITEM_STATUS_TITLES;
  // a new unit that never arrived is refunded instead (docs/decisions/0012)
  const clause = refund.status === 'none' || refund.status === 'due' ? null : refundClause(refund, f);
  if (clause)
    return {
      title: refund.status === 'completed' ? t.refunded : t.replaceApproved,
      detail: sentence('Your new unit could not be delivered.', clause.text),
      tone: clause.tone,
    };
  if (!request.pickedUpAt)
    return {
      title: t.replaceApproved,
      detail: request.pickupDate
        ? `Pickup on ${f.date(request.pickupDate)}; your new unit is sent in exchange.`
        : 'Your new unit is sent in exchange for the product.',
      tone: 'wait',
    };
  return {
    title: t.replaceApproved,
    detail: `Picked up on ${f.day(request.pickedUpAt)}; your new unit is sent in exchange.`,
    tone: 'ok',
  };
}

/**
 * The status of a cancellation, return or replacement in one sentence, from its state, its
 * pickup and its refund's state: every page that shows an item's request says this and nothing
 * else about where it stands.
 */
export function requestStatusSentence(
  request: RequestFacts,
  refund: RefundFacts,
  format: DayFormat,
): StatusSentence {
  switch (request.kind) {
    case 'cancel':
      return cancelSentence(request, refund, format);
    case 'return':
      return returnSentence(request, refund, format);
    case 'replace':
      return replaceSentence(request, refund, format);
  }
}

/**
 * A refund as the pages receive it (ShopperRefund, or the request details' refund with its
 * not_applicable and pending states) as the facts the sentence reads; `withoutRefund` says what
 * no refund at all means for the request (nothing was paid, or the refund is still to come).
 */
export function refundFacts(
  refund: { status: string; completedAt?: string | null; needsBankAccount?: boolean } | null,
  withoutRefund: 'none' | 'due',
): RefundFacts {
  if (!refund) return { status: withoutRefund };
  if (refund.status === 'not_applicable') return { status: 'none' };
  if (refund.status === 'pending') return { status: 'due' };
  return {
    status: isRefundStatus(refund.status) ? refund.status : 'initiated',
    completedAt: refund.completedAt ?? null,
    needsBankAccount: refund.needsBankAccount ?? false,
  };
}
