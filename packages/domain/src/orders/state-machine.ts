// The life of one order item, from placing to after-sales (requirements#item-life;
// requirements#seller-fulfilment: sellers move items through it). Pure: the server loads the state, applies an event,
// and writes the next state and its effects (stock, refund, split) in one transaction.
import { isTrackingStep, TRACKING_NEXT, type TrackingStatus } from './tracking.ts';

export const ORDER_ITEM_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled', 'undelivered'] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];
export const isOrderItemStatus = (value: string): value is OrderItemStatus =>
  (ORDER_ITEM_STATUSES as readonly string[]).includes(value);
/** requirements#my-orders: product_cmode: 'splitted' once a seller ships part of an item and the rest waits. */
export const SPLIT_MODES = ['nochange', 'splitted'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];
export const REQUEST_KINDS = ['cancel', 'return', 'replace'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** requirements#seller-fulfilment: the decisions a seller takes on a shopper's request, per kind. */
export const REQUEST_DECISIONS = {
  cancel: ['completed', 'rejected'],
  return: ['refund-with-reverse', 'refund-without-reverse', 'rejected'],
  replace: ['initiate-replacement', 'reject-with-return', 'reject-without-return'],
} as const satisfies Record<RequestKind, readonly string[]>;
export type RequestDecision<K extends RequestKind = RequestKind> = (typeof REQUEST_DECISIONS)[K][number];

export type ItemState = {
  status: OrderItemStatus;
  splitMode: SplitMode;
  quantity: number;
  cancelledQuantity: number;
  returnedQuantity: number;
  replacedQuantity: number;
  /** the item's shipment status; null while it has no invoice */
  tracking: TrackingStatus | null;
  /** a shopper's request waiting for the seller's decision */
  openRequest: { kind: RequestKind; quantity: number } | null;
  deliveredAt: Date | null;
  returnWindowDays: number;
  replaceWindowDays: number;
};

export type ItemEvent =
  /** the seller creates the invoice and shipment for `quantity` of the item (the rest is split off) */
  | { type: 'ship'; quantity: number }
  /** the seller moves the shipment to the next step or to a special status */
  | { type: 'track'; to: TrackingStatus }
  /** the seller cannot fulfil the item before invoicing it */
  | { type: 'seller_cancel' }
  /** the online order was not paid in time (requirements#unpaid-orders): nothing was taken, nothing to refund */
  | { type: 'payment_expired' }
  /** the shopper asks to cancel, return or replace `quantity` */
  | { type: 'request'; kind: RequestKind; quantity: number }
  /** the seller decides the open request */
  | { type: 'decide'; kind: RequestKind; decision: string };

/** What the server must do besides writing the next state. */
export type ItemEffects = {
  /** units that go back to the offer's stock */
  restockQuantity: number;
  /** units that leave the stock again (a replacement unit is sent) */
  takeStockQuantity: number;
  /** units whose paid amount is refunded (when something was paid) */
  refundQuantity: number;
  /** units moved to a new item that waits for its own invoice ('This product is under dispatch') */
  splitQuantity: number;
  /** the item now counts as delivered (its return and replacement windows start) */
  isDelivered: boolean;
};

export type IllegalTransition = {
  code: 'ILLEGAL_TRANSITION';
  from: OrderItemStatus;
  event: ItemEvent['type'];
  message: string;
};

export type TransitionResult =
  { ok: true; next: ItemState; effects: ItemEffects } | { ok: false; error: IllegalTransition };

const DAY_MS = 24 * 60 * 60 * 1000;
export const NO_EFFECTS: ItemEffects = {
  restockQuantity: 0,
  takeStockQuantity: 0,
  refundQuantity: 0,
  splitQuantity: 0,
  isDelivered: false,
};

/** Units of the item not cancelled, returned or replaced. */
export const openQuantity = (item: ItemState) =>
  item.quantity - item.cancelledQuantity - item.returnedQuantity - item.replacedQuantity;

/** requirements#replacement-eligibility: returned plus replaced units; when it reaches the quantity, 'All items processed!'. */
export const processedQuantity = (item: Pick<ItemState, 'returnedQuantity' | 'replacedQuantity'>) =>
  item.returnedQuantity + item.replacedQuantity;

/** The last day a return (or replacement) may be asked for: delivery plus the window. */
export function windowEnd(deliveredAt: Date | null, windowDays: number): Date | null {
  if (!deliveredAt || windowDays <= 0) return null;
  return new Date(deliveredAt.getTime() + windowDays * DAY_MS);
}

export type WindowCheck = 'open' | 'closed' | 'none' | 'all_processed' | 'not_delivered';

/**
 * requirements#return-eligibility: no option when the window is 0 days, closed once its
 * date has passed, and nothing left when returned plus replaced reaches the ordered quantity.
 */
export function afterSalesWindow(item: ItemState, kind: 'return' | 'replace', now: Date): WindowCheck {
  if (item.status !== 'delivered') return 'not_delivered';
  const days = kind === 'return' ? item.returnWindowDays : item.replaceWindowDays;
  if (days === 0) return 'none';
  if (openQuantity(item) <= 0 || processedQuantity(item) >= item.quantity) return 'all_processed';
  const end = windowEnd(item.deliveredAt, days);
  if (!end || end.getTime() < now.getTime()) return 'closed';
  return 'open';
}

/** Which item status a shipment status leaves the item in. */
export function itemStatusForTracking(status: TrackingStatus): OrderItemStatus {
  if (status === 'delivered') return 'delivered';
  if (status === 'cancelled_by_seller') return 'cancelled';
  if (isTrackingStep(status)) return 'shipped';
  return 'undelivered';
}

export const TRANSITION_MESSAGES = {
  notPending: 'Only an item waiting for dispatch can be shipped.',
  alreadyShipped: 'This item already has an invoice and shipment.',
  openCancelRequest: 'The shopper has asked to cancel this item; decide the cancellation request first.',
  shipQuantity: 'The quantity to ship must be from 1 to the quantity still to be shipped.',
  noShipment: 'This item has no shipment yet; create its invoice and shipment first.',
  trackingFinished: 'This shipment has reached its final status and cannot change any more.',
  trackingStep: (from: string, to: string, allowed: readonly string[]) =>
    `A shipment at '${from}' cannot move to '${to}'. Next allowed: ${allowed.join(', ')}.`,
  sellerCancelShipped:
    'This item has been invoiced; cancel its shipment (cancelled_by_seller) before pickup instead.',
  sellerCancelNotPending: 'Only an item waiting for dispatch can be cancelled by the seller.',
  cancelRequest: 'Only an item waiting for dispatch and not split can be cancelled.',
  requestOpen: 'A request for this item is already waiting for the seller.',
  requestQuantity: 'The quantity must be from 1 to the quantity still open on this item.',
  returnWindow: {
    not_delivered: 'Only a delivered item can be returned.',
    none: "You don't have a Return option for the product",
    closed: 'Your Return window for the product is closed',
    all_processed: 'All items processed!',
  },
  replaceWindow: {
    not_delivered: 'Only a delivered item can be replaced.',
    none: "You don't have a Replacement option for the product",
    closed: 'Your Replacement window for the product is closed',
    all_processed: 'All items processed!',
  },
  noOpenRequest: (kind: RequestKind) => `There is no pending ${kind} request on this item.`,
  unknownDecision: (kind: RequestKind) =>
    `A ${kind} request is decided with one of: ${REQUEST_DECISIONS[kind].join(', ')}.`,
  cancelAfterShipping: 'The item has been shipped; the cancellation request can only be rejected.',
  paymentExpiredNotPending: 'Only an item of an order still waiting for its payment can expire unpaid.',
} as const;

const refuse = (item: ItemState, event: ItemEvent, message: string): TransitionResult => ({
  ok: false,
  error: { code: 'ILLEGAL_TRANSITION', from: item.status, event: event.type, message },
});
const done = (next: ItemState, effects: Partial<ItemEffects> = {}): TransitionResult => ({
  ok: true,
  next,
  effects: { ...NO_EFFECTS, ...effects },
});

function ship(item: ItemState, event: Extract<ItemEvent, { type: 'ship' }>): TransitionResult {
  if (item.tracking !== null) return refuse(item, event, TRANSITION_MESSAGES.alreadyShipped);
  if (item.status !== 'pending') return refuse(item, event, TRANSITION_MESSAGES.notPending);
  if (item.openRequest?.kind === 'cancel') return refuse(item, event, TRANSITION_MESSAGES.openCancelRequest);
  const open = openQuantity(item);
  if (!Number.isSafeInteger(event.quantity) || event.quantity < 1 || event.quantity > open)
    return refuse(item, event, TRANSITION_MESSAGES.shipQuantity);
  const splitQuantity = open - event.quantity;
  return done(
    {
      ...item,
      status: 'shipped',
      tracking: 'manifested',
      quantity: item.quantity - splitQuantity,
      splitMode: splitQuantity > 0 ? 'splitted' : item.splitMode,
    },
    { splitQuantity },
  );
}

function track(item: ItemState, event: Extract<ItemEvent, { type: 'track' }>): TransitionResult {
  if (item.tracking === null) return refuse(item, event, TRANSITION_MESSAGES.noShipment);
  const allowed = TRACKING_NEXT[item.tracking];
  if (allowed.length === 0) return refuse(item, event, TRANSITION_MESSAGES.trackingFinished);
  if (!allowed.includes(event.to))
    return refuse(item, event, TRANSITION_MESSAGES.trackingStep(item.tracking, event.to, allowed));
  const open = openQuantity(item);
  const next: ItemState = { ...item, tracking: event.to, status: itemStatusForTracking(event.to) };
  switch (event.to) {
    case 'delivered':
      return done(next, { isDelivered: true });
    case 'cancelled_by_seller':
      // the parcel never left the seller: the units go back on sale and any payment is refunded
      return done(
        { ...next, cancelledQuantity: item.cancelledQuantity + open, openRequest: null },
        { restockQuantity: open, refundQuantity: open },
      );
    case 'return_to_origin':
      // back at the seller undelivered: sellable again, payment refunded
      return done(next, { restockQuantity: open, refundQuantity: open });
    case 'lost_in_transit':
      // gone: nothing to restock, payment refunded
      return done(next, { refundQuantity: open });
    default:
      // the next step, a failed attempt, or a new attempt after one
      return done(next);
  }
}

function sellerCancel(item: ItemState, event: ItemEvent): TransitionResult {
  if (item.tracking !== null) return refuse(item, event, TRANSITION_MESSAGES.sellerCancelShipped);
  if (item.status !== 'pending' || openQuantity(item) <= 0)
    return refuse(item, event, TRANSITION_MESSAGES.sellerCancelNotPending);
  // the shopper's own request is answered first, so 'Cancelled by' stays true
  if (item.openRequest?.kind === 'cancel') return refuse(item, event, TRANSITION_MESSAGES.openCancelRequest);
  const open = openQuantity(item);
  return done(
    { ...item, status: 'cancelled', cancelledQuantity: item.cancelledQuantity + open, openRequest: null },
    { restockQuantity: open, refundQuantity: open },
  );
}

function paymentExpired(item: ItemState, event: ItemEvent): TransitionResult {
  if (item.status !== 'pending' || item.tracking !== null)
    return refuse(item, event, TRANSITION_MESSAGES.paymentExpiredNotPending);
  const open = openQuantity(item);
  // the stock it held goes back; no money was taken, so no refund
  return done(
    { ...item, status: 'cancelled', cancelledQuantity: item.cancelledQuantity + open, openRequest: null },
    { restockQuantity: open },
  );
}

function request(
  item: ItemState,
  event: Extract<ItemEvent, { type: 'request' }>,
  now: Date,
): TransitionResult {
  if (item.openRequest) return refuse(item, event, TRANSITION_MESSAGES.requestOpen);
  if (event.kind === 'cancel') {
    // requirements#item-actions: cancel only when pending and product_cmode is nochange
    if (item.status !== 'pending' || item.splitMode !== 'nochange' || item.tracking !== null)
      return refuse(item, event, TRANSITION_MESSAGES.cancelRequest);
  } else {
    const window = afterSalesWindow(item, event.kind, now);
    const texts =
      event.kind === 'return' ? TRANSITION_MESSAGES.returnWindow : TRANSITION_MESSAGES.replaceWindow;
    if (window !== 'open') return refuse(item, event, texts[window]);
  }
  const open = openQuantity(item);
  if (!Number.isSafeInteger(event.quantity) || event.quantity < 1 || event.quantity > open)
    return refuse(item, event, TRANSITION_MESSAGES.requestQuantity);
  return done({ ...item, openRequest: { kind: event.kind, quantity: event.quantity } });
}

function decide(item: ItemState, event: Extract<ItemEvent, { type: 'decide' }>): TransitionResult {
  const open = item.openRequest;
  if (!open || open.kind !== event.kind)
    return refuse(item, event, TRANSITION_MESSAGES.noOpenRequest(event.kind));
  if (!(REQUEST_DECISIONS[event.kind] as readonly string[]).includes(event.decision))
    return refuse(item, event, TRANSITION_MESSAGES.unknownDecision(event.kind));
  const closed: ItemState = { ...item, openRequest: null };
  const q = open.quantity;
  switch (event.decision) {
    case 'rejected':
      return done(closed);
    case 'completed': {
      // a cancellation is only granted while the item has not left the seller
      if (item.status !== 'pending' || item.tracking !== null)
        return refuse(item, event, TRANSITION_MESSAGES.cancelAfterShipping);
      const cancelledQuantity = item.cancelledQuantity + q;
      return done(
        {
          ...closed,
          cancelledQuantity,
          status: cancelledQuantity >= item.quantity ? 'cancelled' : 'pending',
        },
        { restockQuantity: q, refundQuantity: q },
      );
    }
    // requirements#return-pickup: a product that goes back is refunded once its pickup is recorded
    // (pickup.ts), not at the decision; one the shopper keeps is refunded now
    case 'refund-with-reverse': // approved: picked up, then refunded
      return done({ ...closed, returnedQuantity: item.returnedQuantity + q });
    case 'refund-without-reverse': // approved: the shopper keeps it and is refunded
      return done({ ...closed, returnedQuantity: item.returnedQuantity + q }, { refundQuantity: q });
    case 'initiate-replacement': // a new unit is sent in exchange for the picked-up one
      return done({ ...closed, replacedQuantity: item.replacedQuantity + q }, { takeStockQuantity: q });
    case 'reject-with-return': // out of stock: picked up, then refunded
      return done({ ...closed, replacedQuantity: item.replacedQuantity + q });
    case 'reject-without-return': // refunded; the shopper keeps it
      return done({ ...closed, replacedQuantity: item.replacedQuantity + q }, { refundQuantity: q });
    default:
      return refuse(item, event, TRANSITION_MESSAGES.unknownDecision(event.kind));
  }
}

/**
 * Applies one event to an order item. Every transition the product has goes through here; an
 * illegal one comes back as a value with a message the caller can show as it is.
 */
export function transitionItem(item: ItemState, event: ItemEvent, now: Date = new Date()): TransitionResult {
  switch (event.type) {
    case 'ship':
      return ship(item, event);
    case 'track':
      return track(item, event);
    case 'seller_cancel':
      return sellerCancel(item, event);
    case 'payment_expired':
      return paymentExpired(item, event);
    case 'request':
      return request(item, event, now);
    case 'decide':
      return decide(item, event);
  }
}
