// requirements#item-actions and requirements#my-orders: which actions an
// item offers, where each leads (ids in the URL, requirements#ids-in-urls), and the under-dispatch text.
import { type ItemState, transitionItem } from './state-machine.ts';

export const ITEM_ACTIONS = [
  'cancel',
  'track',
  'return',
  'replace',
  'deliveryFeedback',
  'productFeedback',
  'sellerFeedback',
] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

/** The action's name on its button and in the breadcrumb 'My Order / {action name}'. */
export const ITEM_ACTION_NAMES: Record<ItemAction, string> = {
  cancel: 'Cancel Item',
  track: 'Track Item',
  return: 'Return Item',
  replace: 'Replace Item',
  deliveryFeedback: 'Delivery Feedback',
  productFeedback: 'Product Feedback',
  sellerFeedback: 'Seller Feedback',
};

export const ITEM_DETAIL_NAMES = {
  cancelled: 'Cancelled Item Details',
  returned: 'Return Details',
  replaced: 'Replacement Details',
} as const;
export type ItemDetail = keyof typeof ITEM_DETAIL_NAMES;

export const ORDER_LIST_MESSAGES = {
  /** requirements#my-orders: a split item that has no invoice yet */
  underDispatch: 'This product is under dispatch',
  /** ours: the spec shows no empty state for the orders page */
  noOrders: "You haven't placed any orders yet.",
  loadFailed: 'Failed to load your orders. Please try again.',
} as const;

/** requirements#my-orders: order list page size. */
export const ORDERS_PAGE_SIZE = 3;

/**
 * requirements#item-actions: cancel only when pending and nochange (and nothing already asked); track only once
 * shipped (an undelivered parcel stays trackable so the shopper sees why); return, replacement and
 * the three feedbacks only when delivered. Everything else shows dimmed.
 */
export function itemActions(item: ItemState): Record<ItemAction, boolean> {
  const isDelivered = item.status === 'delivered';
  return {
    cancel: transitionItem(item, { type: 'request', kind: 'cancel', quantity: 1 }).ok,
    track: item.tracking !== null && (item.status === 'shipped' || item.status === 'undelivered'),
    return: isDelivered,
    replace: isDelivered,
    deliveryFeedback: isDelivered,
    productFeedback: isDelivered,
    sellerFeedback: isDelivered,
  };
}

/**
 * requirements#item-actions on My Orders: the actions the item can take now lead, in the spec's
 * order; the rest of the spec's list stays reachable, dimmed, under a "More" disclosure.
 */
export function actionsNowAndMore(enabled: Record<ItemAction, { enabled: boolean }>): {
  now: ItemAction[];
  more: ItemAction[];
} {
  return {
    now: ITEM_ACTIONS.filter((action) => enabled[action].enabled),
    more: ITEM_ACTIONS.filter((action) => !enabled[action].enabled),
  };
}

/** The disclosure that keeps the actions an item cannot take now. */
export const MORE_ACTIONS_LABEL = 'More';

/** requirements#my-orders: a split item without an invoice shows 'This product is under dispatch'. */
export const isUnderDispatch = (item: Pick<ItemState, 'splitMode' | 'tracking' | 'status'>) =>
  item.splitMode === 'splitted' && item.tracking === null && item.status === 'pending';

export type ItemLinkIds = { orderNo: string; sellerId: number; itemId: number };

const query = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/**
 * Where each action leads. The pages take their data from these ids (requirements#ids-in-urls), so a reload or
 * a shared link shows the same page: the item for tracking and the item pages, the order and the
 * seller's group for the pages that list the group's items.
 */
export function itemActionHref(action: ItemAction, ids: ItemLinkIds): string {
  const group = query({ order: ids.orderNo, seller: ids.sellerId });
  switch (action) {
    case 'track':
      return `/trackitem?${query({ item: ids.itemId })}`;
    case 'cancel':
      return `/cancelitem?${group}&${query({ item: ids.itemId })}`;
    case 'return':
      return `/returnitem?${group}&${query({ item: ids.itemId })}`;
    case 'replace':
      return `/replacementitem?${group}&${query({ item: ids.itemId })}`;
    case 'deliveryFeedback':
      return `/deliveryfeedback?${group}&${query({ item: ids.itemId })}`;
    case 'sellerFeedback':
      return `/sellerfeedback?${group}&${query({ item: ids.itemId })}`;
    case 'productFeedback':
      return `/productfeedback?${group}&${query({ item: ids.itemId })}`;
  }
}

/** Each action with whether it is enabled and where it leads. */
export function itemActionLinks(
  item: ItemState,
  ids: ItemLinkIds,
): Record<ItemAction, { enabled: boolean; href: string }> {
  const enabled = itemActions(item);
  const link = (action: ItemAction) => ({ enabled: enabled[action], href: itemActionHref(action, ids) });
  return {
    cancel: link('cancel'),
    track: link('track'),
    return: link('return'),
    replace: link('replace'),
    deliveryFeedback: link('deliveryFeedback'),
    productFeedback: link('productFeedback'),
    sellerFeedback: link('sellerFeedback'),
  };
}

/** The tracking of an item's replacement unit: the item and that shipment in the URL (requirements#ids-in-urls). */
export const replacementTrackHref = (itemId: number, invoiceNo: string) =>
  `/trackitem?${query({ item: itemId, shipment: invoiceNo })}`;

export function itemDetailHref(detail: ItemDetail, itemId: number): string {
  const path = {
    cancelled: 'cancelleditemdetail',
    returned: 'returnitemdetail',
    replaced: 'replaceitemdetail',
  }[detail];
  return `/${path}?${query({ item: itemId })}`;
}

/** The page name of an action path, for the breadcrumb 'My Order / {action name}'. */
export function actionNameOfPath(pathname: string): string | null {
  const byPath: Record<string, string> = {
    '/trackitem': ITEM_ACTION_NAMES.track,
    '/cancelitem': ITEM_ACTION_NAMES.cancel,
    '/returnitem': ITEM_ACTION_NAMES.return,
    '/replacementitem': ITEM_ACTION_NAMES.replace,
    '/deliveryfeedback': ITEM_ACTION_NAMES.deliveryFeedback,
    '/productfeedback': ITEM_ACTION_NAMES.productFeedback,
    '/sellerfeedback': ITEM_ACTION_NAMES.sellerFeedback,
    '/cancelleditemdetail': ITEM_DETAIL_NAMES.cancelled,
    '/returnitemdetail': ITEM_DETAIL_NAMES.returned,
    '/replaceitemdetail': ITEM_DETAIL_NAMES.replaced,
    '/returninprocess': 'Return in Process',
    '/returninprocess/contactseller': 'Return in Process',
    '/returninprocess/previlageclaim': 'Return in Process',
  };
  return byPath[pathname.replace(/\/+$/, '').toLowerCase()] ?? null;
}
