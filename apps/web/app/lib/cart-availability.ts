// requirements#cart-availability: availability is rechecked 300 ms after load and whenever the pincode changes.
import { hasMissingPrice, type LiveOffer } from '@marketplace/domain/cart/cart-money';
import { appliedCouponId, type CartItem } from '@marketplace/domain/cart/local-cart';
import type { DeliveryEstimate } from '@marketplace/domain/orders/checkout';
import { AVAILABILITY_DELAY_MS } from '@marketplace/domain/cart/messages';
import { DEFAULT_PINCODE, PINCODE_PATTERN } from '@marketplace/domain/location/pincode';
import { useEffect, useState } from 'react';
import { PINCODE_UPDATED_EVENT } from '../components/delivery-location.tsx';
import { STORAGE_KEYS } from './storage.ts';
import { readCartAvailability, readDeliveryEstimate } from './storefront-answers.ts';

/** A line's answer: whether it reaches the pincode, its stock, and the offer as it is now (null when gone). */
export type LineStatus = { available: boolean; stock: number; live: LiveOffer | null };
/** Per cart line key; a line missing from the map has not been checked yet. */
export type Availability = ReadonlyMap<string, LineStatus>;

function currentPincode(): string {
  const stored = localStorage.getItem(STORAGE_KEYS.pincode) ?? '';
  return PINCODE_PATTERN.test(stored) ? stored : DEFAULT_PINCODE;
}

async function check(items: readonly CartItem[]): Promise<Map<string, LineStatus>> {
  const lines = items.filter((i) => i.productId > 0 && i.sellerId > 0);
  const res = await fetch('/api/cart/availability', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      pincode: currentPincode(),
      lines: lines.map((i) => ({ productId: i.productId, sellerId: i.sellerId })),
    }),
  });
  if (!res.ok) throw new Error(`availability: ${res.status}`);
  const reply = await readCartAvailability(res);
  const result = new Map<string, LineStatus>();
  reply.lines.forEach((answer, index) => {
    const item = lines[index];
    if (!item) return;
    const live =
      answer.salePricePaise !== null && answer.mrpPaise !== null && answer.maxPerOrder !== null
        ? {
            salePricePaise: answer.salePricePaise,
            mrpPaise: answer.mrpPaise,
            stock: answer.stock,
            maxPerOrder: answer.maxPerOrder,
          }
        : null;
    result.set(item.product_id, { available: answer.status === 'Available', stock: answer.stock, live });
  });
  // a line the server cannot even name is unavailable
  for (const item of items)
    if (!result.has(item.product_id)) result.set(item.product_id, { available: false, stock: 0, live: null });
  return result;
}

export function useAvailability(items: readonly CartItem[] | null): Availability {
  const [availability, setAvailability] = useState<Availability>(new Map());
  const key = items?.map((item) => item.product_id).join('|') ?? null;
  useEffect(() => {
    if (key === null || items === null) return;
    let stopped = false;
    const run = () => {
      check(items)
        .then((result) => {
          if (!stopped) setAvailability(result);
        })
        .catch((error: unknown) => console.warn('Availability could not be checked', error));
    };
    const timer = window.setTimeout(run, AVAILABILITY_DELAY_MS);
    window.addEventListener(PINCODE_UPDATED_EVENT, run);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener(PINCODE_UPDATED_EVENT, run);
    };
    // the lines (not their quantities) decide what to ask about
  }, [key]);
  return availability;
}

/**
 * requirements#cart-availability: what keeps a cart from checkout: lines that cannot reach the
 * pincode (or are gone), lines above what may be ordered now, lines without a price.
 */
export function checkoutBlockers(items: readonly CartItem[], availability: Availability) {
  const unavailable = items.filter((item) => availability.get(item.product_id)?.available === false);
  const overStock = items.filter((item) => {
    const status = availability.get(item.product_id);
    return (
      status?.available === true &&
      item.quantity > Math.min(status.stock, status.live?.maxPerOrder ?? Number.MAX_SAFE_INTEGER)
    );
  });
  const blocked =
    items.length === 0 || unavailable.length > 0 || overStock.length > 0 || items.some(hasMissingPrice);
  return { unavailable, overStock, blocked };
}

/**
 * requirements#cart-estimate: the cart priced for the shopper's pincode with the checkout's own
 * pricing (delivery per line, the PromoJun line, the total), asked again whenever the lines,
 * quantities, applied coupons or the pincode change. Null until the first answer.
 */
export function useDeliveryEstimate(
  items: readonly CartItem[] | null,
  appliedKeys: readonly string[],
): DeliveryEstimate | null {
  const [estimate, setEstimate] = useState<DeliveryEstimate | null>(null);
  const lines = (items ?? [])
    .filter((item) => item.productId > 0 && item.sellerId > 0 && item.quantity > 0)
    .map((item) => ({
      productId: item.productId,
      sellerId: item.sellerId,
      quantity: item.quantity,
      couponId: appliedCouponId(item, appliedKeys),
    }));
  const key = JSON.stringify(lines);
  useEffect(() => {
    if (lines.length === 0) return setEstimate(null);
    const controller = new AbortController();
    const run = () => {
      fetch('/api/checkout/estimate', {
        method: 'POST',
        signal: controller.signal,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pincode: currentPincode(), lines }),
      })
        .then(async (res) => {
          if (!res.ok) throw new Error(`estimate: ${res.status}`);
          setEstimate(await readDeliveryEstimate(res));
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('The delivery estimate could not be had', error);
        });
    };
    run();
    window.addEventListener(PINCODE_UPDATED_EVENT, run);
    return () => {
      controller.abort();
      window.removeEventListener(PINCODE_UPDATED_EVENT, run);
    };
    // the lines as sent decide what to ask
  }, [key]);
  return estimate;
}
