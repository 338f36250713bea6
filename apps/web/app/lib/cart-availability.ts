// requirements#cart-availability: availability is rechecked 300 ms after load and whenever the pincode changes.
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import { AVAILABILITY_DELAY_MS } from '@marketplace/domain/cart/messages';
import { DEFAULT_PINCODE, PINCODE_PATTERN } from '@marketplace/domain/location/pincode';
import { useEffect, useState } from 'react';
import { PINCODE_UPDATED_EVENT } from '../components/delivery-location.tsx';
import { STORAGE_KEYS } from './storage.ts';
import { readCartAvailability } from './storefront-answers.ts';

export type LineStatus = { available: boolean; stock: number };
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
    if (item) result.set(item.product_id, { available: answer.status === 'Available', stock: answer.stock });
  });
  // a line the server cannot even name is unavailable
  for (const item of items)
    if (!result.has(item.product_id)) result.set(item.product_id, { available: false, stock: 0 });
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
