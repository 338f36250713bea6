// The checkout's review steps rendered on the server (ADR-0013): the chosen address and the
// delivery picks travel in the URL (requirements#ids-in-urls), the lines come from the shopper's saved cart,
// and the server's quote prices them, so the pages have their content in the first HTML and work
// without scripts. With scripts the browser's cart and stored picks take over, as before.
import { type Address, AddressList } from '@marketplace/domain/accounts/addresses';
import { Cart, type CartLineInput } from '@marketplace/domain/cart/cart-api';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import { type DeliveryType, isDeliveryType } from '@marketplace/domain/delivery/constants';
import { CheckoutQuote, type QuoteLine } from '@marketplace/domain/orders/checkout';
import {
  PlacedOrder,
  type PlaceOrderLine,
  PlaceOrderLine as PlaceOrderLineSchema,
} from '@marketplace/domain/orders/place-order';
import type { AppLoadContext } from 'react-router';
import { requestApi } from './account-api.ts';
import { businessOfForm, deliveryField } from './checkout.ts';
import { savedCartItems } from './cart.server.ts';
import { actionApi, formFields, loadFromApi } from './page-api.server.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';

function picksOf(params: URLSearchParams | FormData): Map<string, DeliveryType> {
  const picks = new Map<string, DeliveryType>();
  for (const [name, value] of params.entries()) {
    if (/^delivery\.[1-9][0-9]{0,9}\.[1-9][0-9]{0,9}$/.test(name) && isDeliveryType(value))
      picks.set(name, value);
  }
  return picks;
}

type Line = { productId: number; sellerId: number; quantity: number };

const quoteLinesFrom = (items: readonly Line[], picks: Map<string, DeliveryType>): QuoteLine[] =>
  items.map((item) => ({
    productId: item.productId,
    sellerId: item.sellerId,
    quantity: item.quantity,
    couponId: null,
    deliveryType: picks.get(deliveryField(item)) ?? null,
  }));

export type ReviewStep = {
  address: Address | null;
  saved: CartItem[];
  quote: CheckoutQuote | null;
};

/** The review step of the URL: its address (else the default), the saved cart and its quote. */
export async function loadReviewStep(context: AppLoadContext, request: Request): Promise<ReviewStep> {
  const url = new URL(request.url);
  const list = await loadFromApi(context, request, '/api/addresses', AddressList);
  const addresses = list?.addresses ?? [];
  const named = url.searchParams.get('address');
  const address =
    addresses.find((a) => String(a.id) === named) ??
    addresses.find((a) => a.isDefault) ??
    addresses[0] ??
    null;
  const saved = (await savedCartItems(context, request)) ?? [];
  if (!address || saved.length === 0) return { address, saved, quote: null };
  const quoted = await requestApi(context.api, 'POST', '/api/checkout/quote', CheckoutQuote, {
    addressId: address.id,
    lines: quoteLinesFrom(saved, picksOf(url.searchParams)),
  });
  return { address, saved, quote: quoted.ok ? quoted.data : null };
}

export type PlaceResult =
  | { ok: true; next: string; paymentMode: 'cod' | 'prepaid'; headers: Headers }
  | { ok: false; status: number; message: string | null; fields?: Record<string, string> };

function parseOrderLine(value: string): PlaceOrderLine | null {
  const [productId, sellerId, quantity, deliveryType, couponId] = value.split('.');
  const parsed = PlaceOrderLineSchema.safeParse({
    productId: Number(productId),
    sellerId: Number(sellerId),
    quantity: Number(quantity),
    deliveryType,
    couponId: couponId ? Number(couponId) : null,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Pay COD or Pay Now posted without scripts: the lines the shopper confirmed (as the page showed
 * them) are ordered with the page's idempotency key, so a second click places nothing new and
 * gets the same order; the server prices them again. A COD order's lines leave the saved cart.
 */
export async function placeConfirmedLines(context: AppLoadContext, form: FormData): Promise<PlaceResult> {
  const { addressId, paymentMode, idempotencyKey } = formFields(form, [
    'addressId',
    'paymentMode',
    'idempotencyKey',
  ]);
  const posted = form.getAll('line').filter((value): value is string => typeof value === 'string');
  const lines = posted.slice(0, 100).map(parseOrderLine);
  if (
    !isRecordId(addressId) ||
    (paymentMode !== 'cod' && paymentMode !== 'online') ||
    lines.length === 0 ||
    lines.some((line) => line === null)
  )
    return { ok: false, status: 400, message: null };
  const confirmed = lines.filter((line): line is PlaceOrderLine => line !== null);
  const api = actionApi(context);
  const placed = await api.call('POST', '/api/orders', PlacedOrder, {
    idempotencyKey,
    addressId: Number(addressId),
    paymentMode,
    lines: confirmed,
    business: businessOfForm(form),
  });
  if (!placed.ok)
    return {
      ok: false,
      status: placed.kind === 'refused' ? placed.status : 503,
      message: placed.kind === 'refused' ? placed.message : null,
      fields: placed.kind === 'refused' ? placed.fields : {},
    };
  if (placed.data.paymentMode === 'cod') {
    // requirements#order-placement: the ordered lines leave the cart
    const cart = await api.call('GET', '/api/cart', Cart);
    const ordered = new Set(confirmed.map((line) => `${line.productId}.${line.sellerId}`));
    if (cart.ok) {
      const left: CartLineInput[] = cart.data.lines
        .filter((line) => !ordered.has(`${line.productId}.${line.sellerId}`))
        .map((line) => ({ productId: line.productId, sellerId: line.sellerId, quantity: line.quantity }));
      await api.call('PUT', '/api/cart', Cart, { lines: left });
    }
  }
  return { ok: true, next: placed.data.next, paymentMode: placed.data.paymentMode, headers: api.headers };
}
