// The checkout in the browser (requirements#checkout-steps and requirements#buy-now,
// requirements#browser-storage, requirements#delivery-choice and requirements#order-placement): the chosen address and
// delivery types kept in local storage so a reload keeps them, the server's quote, and placing.
import type { Address } from '@marketplace/domain/accounts/addresses';
import { appliedCouponId, type CartItem, parseDiscountKeys } from '@marketplace/domain/cart/local-cart';
import { type DeliveryType, isDeliveryType } from '@marketplace/domain/delivery/constants';
import { parseStoredAddress } from '@marketplace/domain/location/pincode';
import { attemptFingerprint, CheckoutQuote, type QuoteLine } from '@marketplace/domain/orders/checkout';
import { PAYMENT_WINDOW_MS, PlacedOrder, type PlaceOrderLine } from '@marketplace/domain/orders/place-order';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type ApiResult, browserFetch, requestApi } from './account-api.ts';
import { storeDeliveryPlace } from '../components/delivery-location.tsx';
import { pushCart, readLocalCart, writeLocalCart } from './cart-store.ts';
import { readStoredJson, STORAGE_KEYS } from './storage.ts';
import { useHydrated } from './use-hydrated.ts';
import { useLocalPath } from '../i18n/intl.tsx';

/** The last pay attempt, so a retry or double click sends the same idempotency key. */
const ATTEMPT_KEY = 'checkoutAttempt';
/** An online order waiting for its payment: what to clear once it is paid. */
const PENDING_KEY = 'pendingOnlineOrder';

export type CheckoutSource = 'cart' | 'buynow';

export function appliedCouponKeys(): string[] {
  return parseDiscountKeys(readStoredJson(STORAGE_KEYS.discountData));
}

/** A line's delivery pick in the review's URL or form: `delivery.{productId}.{sellerId}=express`. */
export const deliveryField = (line: { productId: number; sellerId: number }) =>
  `delivery.${line.productId}.${line.sellerId}`;

/** A confirmed line in the final review's form: `{productId}.{sellerId}.{quantity}.{deliveryType}.{couponId}`. */
export const orderLineField = (line: PlaceOrderLine) =>
  [line.productId, line.sellerId, line.quantity, line.deliveryType, line.couponId ?? ''].join('.');

/** requirements#delivery-choice: the saved choice of a line (`buyNowItemDelivery-{product_id}`). */
export function savedDeliveryType(lineKey: string): DeliveryType | null {
  const stored = localStorage.getItem(STORAGE_KEYS.buyNowItemDelivery(lineKey));
  return isDeliveryType(stored) ? stored : null;
}

export function saveDeliveryType(lineKey: string, type: DeliveryType): void {
  localStorage.setItem(STORAGE_KEYS.buyNowItemDelivery(lineKey), type);
}

/** The quote lines of cart or buy-now items: the coupon only when applied (requirements#coupons). */
export function quoteLinesOf(items: readonly CartItem[], appliedKeys: readonly string[]): QuoteLine[] {
  return items
    .filter((item) => item.productId > 0 && item.sellerId > 0)
    .map((item) => ({
      productId: item.productId,
      sellerId: item.sellerId,
      quantity: item.quantity,
      couponId: appliedCouponId(item, appliedKeys),
      deliveryType: savedDeliveryType(item.product_id),
    }));
}

/**
 * The review pages' address comes in the URL (`?address=`), and becomes the browser's chosen one.
 * Without it (an old link): the browser's chosen address goes into the URL, and with none chosen
 * the shopper goes back to the cart (requirements#checkout-steps: no chosen address on the delivery pages).
 */
export function useAddressInUrl(address: Address, page: '/deliveryreview' | '/deliveryfinalreview') {
  const navigate = useNavigate();
  const local = useLocalPath();
  const [params] = useSearchParams();
  // requirements#languages: a Hindi shopper stays on the Hindi steps (the paths, not the function,
  // are the effect's inputs: useLocalPath gives a new function each render)
  const target = local(page);
  const cart = local('/cart');
  useEffect(() => {
    const stored = selectedAddressId();
    if (params.get('address') === String(address.id)) {
      if (stored !== address.id) selectAddress(address);
    } else if (!params.has('address')) {
      if (stored === null) void navigate(cart, { replace: true });
      else if (stored !== address.id) void navigate(`${target}?address=${stored}`, { replace: true });
    }
  }, [params, address, target, cart, navigate]);
}

/** The stored delivery address id (requirements#browser-storage: selectedAddress), or null. */
export function selectedAddressId(): number | null {
  return parseStoredAddress(localStorage.getItem(STORAGE_KEYS.selectedAddress))?.id ?? null;
}

/** Choosing a delivery address also makes its pincode the shopper's delivery location. */
export function selectAddress(address: Pick<Address, 'id' | 'pincode' | 'city'>): void {
  storeDeliveryPlace({ pincode: address.pincode, city: address.city }, address);
}

/** The address to preselect: the stored choice when it is still saved, else the default, else the first. */
export function preselectedAddress<T extends { id: number; isDefault: boolean }>(
  list: readonly T[],
): T | null {
  const stored = selectedAddressId();
  return list.find((a) => a.id === stored) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
}

export const fetchQuote = (addressId: number, lines: QuoteLine[]) =>
  requestApi(browserFetch, 'POST', '/api/checkout/quote', CheckoutQuote, { addressId, lines });

/**
 * The server's quote for an address and lines, asked again whenever they change. While a new
 * quote loads the previous one stays on screen, marked as loading (the pay buttons wait for it).
 */
export function useQuote(
  addressId: number | null,
  lines: QuoteLine[] | null,
  /** the quote the page's HTML was rendered with (the saved cart's), shown until the browser's is in */
  initial: CheckoutQuote | null = null,
) {
  const hydrated = useHydrated();
  // forKey: the address and lines the quote was asked for (null: the server's first one)
  const [state, setState] = useState<{
    quote: CheckoutQuote | null;
    error: string | null;
    forKey: string | null;
  }>({ quote: initial, error: null, forKey: null });
  const [asking, setAsking] = useState(false);
  const [version, setVersion] = useState(0);
  const asked = useRef(0);
  const key = addressId === null || lines === null ? null : JSON.stringify([addressId, lines]);
  useEffect(() => {
    if (key === null || addressId === null || lines === null || lines.length === 0) return;
    const ask = ++asked.current;
    setAsking(true);
    fetchQuote(addressId, lines)
      .then((result) => {
        if (ask !== asked.current) return;
        if (result.ok) setState({ quote: result.data, error: null, forKey: key });
        else
          setState({
            quote: null,
            error: result.kind === 'refused' ? result.message : 'network',
            forKey: key,
          });
      })
      .catch(() => {
        if (ask === asked.current) setState((s) => ({ ...s, error: 'network', forKey: key }));
      })
      .finally(() => {
        if (ask === asked.current) setAsking(false);
      });
    // the key names everything the quote depends on
  }, [key, version]);
  // before the scripts run the server's quote is the page's; after, only a quote of the browser's
  // own cart lets the shopper go on (the pay buttons wait for it)
  const loading = hydrated ? key === null || asking || state.forKey !== key : initial === null;
  return {
    quote: state.quote,
    error: state.error,
    loading,
    refresh: () => setVersion((v) => v + 1),
  };
}

type Attempt = { fingerprint: string; key: string; at: number };

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `co-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The idempotency key of this attempt: the same one again while nothing changed and it is fresh. */
function attemptKey(fingerprint: string): string {
  const stored = readStoredJson(ATTEMPT_KEY) as Partial<Attempt> | null;
  const fresh = typeof stored?.at === 'number' && Date.now() - stored.at < PAYMENT_WINDOW_MS;
  if (stored?.fingerprint === fingerprint && typeof stored.key === 'string' && fresh) return stored.key;
  const attempt: Attempt = { fingerprint, key: newKey(), at: Date.now() };
  localStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
  return attempt.key;
}

/** The form fields a business buyer's details travel in, read by both ways of placing the order. */
export const BUSINESS_FIELDS = { gstin: 'businessGstin', name: 'businessName' } as const;

/** The business buyer a form carries: null when both fields are empty, as typed otherwise (the server checks). */
export function businessOfForm(form: FormData | null): { gstin: string; name: string } | null {
  const read = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const gstin = read(BUSINESS_FIELDS.gstin);
  const name = read(BUSINESS_FIELDS.name);
  return gstin === '' && name === '' ? null : { gstin, name };
}

export type Placed = PlacedOrder;

/** POST /api/orders for the quoted lines; the answer of the server as a value. */
export function placeOrder(args: {
  addressId: number;
  paymentMode: 'cod' | 'online';
  lines: PlaceOrderLine[];
  business: { gstin: string; name: string } | null;
}): Promise<ApiResult<Placed>> {
  const idempotencyKey = attemptKey(attemptFingerprint(args));
  return requestApi(browserFetch, 'POST', '/api/orders', PlacedOrder, { idempotencyKey, ...args });
}

/**
 * requirements#order-placement, after success: the ordered lines leave the cart (here and on the
 * server), their saved delivery choices and the applied-coupon list are cleared; on the buy-now
 * path the buy-now item goes too.
 */
export async function clearAfterOrder(source: CheckoutSource, lineKeys: readonly string[]): Promise<void> {
  localStorage.removeItem(ATTEMPT_KEY);
  localStorage.removeItem(STORAGE_KEYS.discountData);
  for (const key of lineKeys) localStorage.removeItem(STORAGE_KEYS.buyNowItemDelivery(key));
  if (source === 'buynow') {
    localStorage.removeItem(STORAGE_KEYS.buyNowItem);
    return;
  }
  const left = readLocalCart().filter((item) => !lineKeys.includes(item.product_id));
  writeLocalCart(left);
  // the saved cart follows at once, so another device or a reload does not bring the lines back
  await pushCart('replace').catch((error: unknown) => console.warn('The cart could not be saved', error));
}

/** An online order on its way to the payment page: cleared by the thank-you page once paid. */
export function rememberPendingOrder(orderNo: string, source: CheckoutSource, lineKeys: readonly string[]) {
  localStorage.setItem(PENDING_KEY, JSON.stringify({ orderNo, source, lineKeys }));
}

/** The thank-you page of a paid order: clears what that order's checkout left behind, once. */
export async function settlePaidOrder(orderNo: string): Promise<void> {
  const pending = readStoredJson(PENDING_KEY) as {
    orderNo?: unknown;
    source?: unknown;
    lineKeys?: unknown;
  } | null;
  if (pending?.orderNo !== orderNo) return;
  localStorage.removeItem(PENDING_KEY);
  const lineKeys = Array.isArray(pending.lineKeys)
    ? pending.lineKeys.filter((k): k is string => typeof k === 'string')
    : [];
  await clearAfterOrder(pending.source === 'buynow' ? 'buynow' : 'cart', lineKeys);
}
