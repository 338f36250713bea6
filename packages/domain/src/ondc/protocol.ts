// ONDC retail, API contract 1.2.0 (docs/requirements.md#ondc): the codes and words the network
// uses, as pure data and rules. Sources: ONDC-Official/developer-docs
// protocol-network-extension/error-codes.md (error codes), ONDC-Official/ONDC-RET-Specifications
// (retail contract, cancellation reasons, fulfilment states).

export const ONDC_CORE_VERSION = '1.2.0';

/** The actions a seller-side app (BPP) answers, with the callback each one owes. */
export const BPP_ACTIONS = {
  search: 'on_search',
  select: 'on_select',
  init: 'on_init',
  confirm: 'on_confirm',
  status: 'on_status',
  cancel: 'on_cancel',
  track: 'on_track',
  update: 'on_update',
} as const;
export type BppAction = keyof typeof BPP_ACTIONS;
export const isBppAction = (value: string): value is BppAction => Object.hasOwn(BPP_ACTIONS, value);

/** Seller-app error codes of ONDC-RFC-001 the shop answers with. */
export const ONDC_ERRORS = {
  invalidRequest: { code: '30000', type: 'CONTEXT-ERROR', message: 'Invalid request error' },
  providerNotFound: { code: '30001', type: 'DOMAIN-ERROR', message: 'Provider not found' },
  itemNotFound: { code: '30004', type: 'DOMAIN-ERROR', message: 'Item not found' },
  dropoffNotServiceable: {
    code: '30009',
    type: 'DOMAIN-ERROR',
    message: 'Location Serviceability error: dropoff location not serviceable',
  },
  invalidCancellationReason: { code: '30012', type: 'POLICY-ERROR', message: 'Invalid cancellation reason' },
  invalidSignature: { code: '30016', type: 'CONTEXT-ERROR', message: 'Invalid Signature' },
  merchantUnavailable: { code: '30017', type: 'DOMAIN-ERROR', message: 'Merchant unavailable' },
  orderNotFound: { code: '30018', type: 'DOMAIN-ERROR', message: 'Invalid Order: order not found' },
  orderConfirmError: { code: '30019', type: 'DOMAIN-ERROR', message: 'Order Confirm Error' },
  staleRequest: { code: '30022', type: 'CONTEXT-ERROR', message: 'Stale Request' },
  actionNotApplicable: { code: '40001', type: 'DOMAIN-ERROR', message: 'Action not applicable' },
  quantityUnavailable: { code: '40002', type: 'DOMAIN-ERROR', message: 'Item quantity unavailable' },
  quoteUnavailable: { code: '40003', type: 'DOMAIN-ERROR', message: 'Quote unavailable' },
  paymentNotSupported: { code: '40004', type: 'DOMAIN-ERROR', message: 'Payment not supported' },
  cancellationNotPossible: { code: '50001', type: 'POLICY-ERROR', message: 'Cancellation not possible' },
} as const;
export type OndcErrorName = keyof typeof ONDC_ERRORS;

/** Cancellation reasons a buyer app may send (RET 1.2 cancellation codes used by the buyer side). */
export const BUYER_CANCELLATION_REASONS: Readonly<Record<string, string>> = {
  '001': 'Price of one or more items have changed due to which buyer was asked to make additional payment',
  '003': 'Product available at lower than order price',
  '006': 'Order not received as per buyer app TAT SLA',
  '009': 'Wrong product delivered',
  '010': 'Buyer wants to modify address / other order details',
};

/** Rupees as ONDC writes prices: a decimal string with two places, from integer paise. */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer paise from an ONDC price string; null for anything that is not a plain amount. */
export function paiseOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** ONDC order states (retail 1.2) from the states of an order's items in the shop. */
export type OndcOrderState = 'Created' | 'Accepted' | 'In-progress' | 'Completed' | 'Cancelled';
export function ondcOrderState(itemStatuses: readonly string[]): OndcOrderState {
  if (itemStatuses.length === 0 || itemStatuses.every((s) => s === 'cancelled')) return 'Cancelled';
  const live = itemStatuses.filter((s) => s !== 'cancelled');
  if (live.every((s) => s === 'delivered')) return 'Completed';
  if (live.some((s) => s === 'shipped' || s === 'delivered' || s === 'undelivered')) return 'In-progress';
  return 'Accepted';
}

/** The fulfilment state code (retail 1.2 "Pending", "Order-picked-up", …) of the shop's item and courier states. */
export function ondcFulfilmentState(
  itemStatuses: readonly string[],
  trackingStatuses: readonly (string | null)[],
) {
  if (itemStatuses.every((s) => s === 'cancelled')) return 'Cancelled';
  const live = itemStatuses.filter((s) => s !== 'cancelled');
  if (live.every((s) => s === 'delivered')) return 'Order-delivered';
  if (live.some((s) => s === 'undelivered')) return 'RTO-Initiated';
  // the courier's "Dispatched" step is its out-for-delivery scan (requirements#tracking)
  if (trackingStatuses.some((s) => s === 'dispatched')) return 'Out-for-delivery';
  if (live.some((s) => s === 'shipped')) return 'Order-picked-up';
  return 'Pending';
}

// Courier statuses (requirements#tracking) during which a parcel is on its way to the buyer.
const ON_ITS_WAY = new Set(['not_picked', 'in_transit', 'pending', 'dispatched']);
// From these on the parcel is at or near the buyer's end: its place is the delivery pincode's.
const AT_THE_BUYERS_END = new Set(['pending', 'dispatched', 'delivered', 'delivery_failed']);

/**
 * on_track (retail 1.2, `tracking.status`): "active" while the order's parcel is on its way (picked
 * up or waiting to be, not yet delivered or stopped), else "inactive"; and which end of the journey
 * its last known place is (the seller's pickup pincode, or the delivery pincode once it has reached
 * the buyer's hub). A courier that scans hubs, not riders, gives no finer place.
 */
export function ondcTracking(courierStatus: string | null): {
  status: 'active' | 'inactive';
  end: 'seller' | 'buyer';
} {
  return {
    status: courierStatus !== null && ON_ITS_WAY.has(courierStatus) ? 'active' : 'inactive',
    end: courierStatus !== null && AT_THE_BUYERS_END.has(courierStatus) ? 'buyer' : 'seller',
  };
}

/** A place as ONDC's `gps` text: "lat,lng" with six decimals, each whole part given two digits. */
export function ondcGps(latitude: number, longitude: number): string {
  const part = (value: number) => {
    const [whole = '0', fraction = '000000'] = Math.abs(value).toFixed(6).split('.');
    return `${value < 0 ? '-' : ''}${whole.padStart(2, '0')}.${fraction}`;
  };
  return `${part(latitude)},${part(longitude)}`;
}
