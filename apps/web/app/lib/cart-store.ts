// The cart in the browser (requirements#cart-page): local storage for everyone; for a logged-in shopper the
// server's copy is the saved one, merged at login, pushed on change and every 30 s while changed.
import { readCart } from '@marketplace/domain/cart/cart-money';
import { cartLinesCookie } from '@marketplace/domain/cart/cart-lines-cookie';
import { type CartItem, cartLineId, couponKey } from '@marketplace/domain/cart/local-cart';
import type { CartLine, CartLineInput } from '@marketplace/domain/cart/cart-api';
import { CART_SYNC_INTERVAL_MS } from '@marketplace/domain/cart/messages';
import { useEffect, useState } from 'react';
import { CART_UPDATED_EVENT, readStoredJson, STORAGE_KEYS } from './storage.ts';

/** Whose saved cart the stored one mirrors (a visitor's cart has none and is merged at login). */
const OWNER_KEY = 'cartOwner';
/** requirements#cart-sync: cartChanged: the stored cart has changes the server has not taken yet. */
const CHANGED_KEY = 'cartChanged';

/** A line of the shopper's saved cart, as the cart API answers it (the schema is the domain's). */
export type ServerCartLine = CartLine;

export function readLocalCart(): CartItem[] {
  return readCart(readStoredJson(STORAGE_KEYS.cartItems));
}

/** Mirrors how many lines the stored cart holds, for the cart page's first HTML. */
function mirrorCartLines(lines: number) {
  const cookie = cartLinesCookie(lines);
  if (!document.cookie.split('; ').includes(cookie.split(';')[0] ?? '')) document.cookie = cookie;
}

let writingFromServer = false;

/** Stores the cart and tells the page and the header; a shopper's own change marks it for the server. */
export function writeLocalCart(items: readonly CartItem[], fromServer = false): void {
  localStorage.setItem(STORAGE_KEYS.cartItems, JSON.stringify(items));
  mirrorCartLines(items.length);
  if (!fromServer) localStorage.setItem(CHANGED_KEY, '1');
  writingFromServer = fromServer;
  try {
    window.dispatchEvent(new Event(CART_UPDATED_EVENT));
  } finally {
    writingFromServer = false;
  }
}

/** The cart line of a server line, keeping what the browser knew of availability. */
export function fromServerLine(line: ServerCartLine, before?: CartItem): CartItem {
  const coupon = line.coupon;
  return {
    product_id: cartLineId(line.productId, line.sellerId, line.sku),
    productId: line.productId,
    sellerId: line.sellerId,
    seller_name: line.sellerName,
    name: line.name,
    assured: line.isAssured,
    image: line.image,
    quantity: line.quantity,
    price: line.salePricePaise,
    mrp: line.mrpPaise,
    product_quantity: line.stock,
    maximum_qty_per_order: line.maxPerOrder,
    seller_pincode: line.sellerPincode,
    warranty: line.warranty,
    coupon: coupon ? String(coupon.id) : '',
    couponname: coupon?.name ?? '',
    couponid: coupon?.id ?? null,
    couponoffertype: coupon?.offerType ?? '',
    couponoffervalue: coupon?.value ?? 0,
    couponactivestatus: coupon ? 'Active' : '',
    available: before?.available ?? true,
    arriving_days: before?.arriving_days ?? null,
    coupon_data: coupon ? couponKey(line.productId, line.sellerId, coupon.id) : null,
    finalPrice: before?.finalPrice ?? line.salePricePaise,
    isDiscountApplied: before?.isDiscountApplied ?? false,
  };
}

export const toLineInput = (item: CartItem): CartLineInput => ({
  productId: item.productId,
  sellerId: item.sellerId,
  quantity: item.quantity,
  couponId: item.couponid,
});

async function cartCall(method: 'GET' | 'PUT' | 'POST', path: string, lines?: CartItem[]) {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: lines ? { 'content-type': 'application/json' } : {},
    ...(lines
      ? {
          body: JSON.stringify({
            lines: lines.filter((l) => l.productId > 0 && l.sellerId > 0).map(toLineInput),
          }),
        }
      : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  // the answer is checked against the cart API's schema, loaded only now: every page shows the
  // cart badge, and its first scripts stay free of the validation library
  const { Cart } = await import('@marketplace/domain/cart/cart-api');
  return Cart.parse(await res.json()).lines;
}

/** Stores the server's answer, unless the shopper changed the cart meanwhile. */
function adopt(sent: string, lines: ServerCartLine[]) {
  if ((localStorage.getItem(STORAGE_KEYS.cartItems) ?? '') !== sent) return;
  const before = new Map(readLocalCart().map((item) => [item.product_id, item]));
  writeLocalCart(
    lines.map((line) => {
      const item = fromServerLine(line);
      return fromServerLine(line, before.get(item.product_id));
    }),
    true,
  );
  localStorage.removeItem(CHANGED_KEY);
}

/** Sends the stored cart: merged into the saved one after login, else replacing it. */
export async function pushCart(mode: 'merge' | 'replace'): Promise<void> {
  const sent = localStorage.getItem(STORAGE_KEYS.cartItems);
  const lines = readLocalCart();
  const answer = await cartCall(
    mode === 'merge' ? 'POST' : 'PUT',
    mode === 'merge' ? '/api/cart/merge' : '/api/cart',
    lines,
  );
  adopt(sent ?? '', answer);
}

/** Re-reads the saved cart (after the server changed it, e.g. a saved product moved to the cart). */
export async function fetchCart(): Promise<void> {
  const sent = localStorage.getItem(STORAGE_KEYS.cartItems) ?? '';
  adopt(sent, await cartCall('GET', '/api/cart'));
}

/** A sync under way per shopper: a second start (the shell's effect run again) joins it. */
const syncing = new Map<number, Promise<void>>();

/** The first sync of a shopper's cart in this page, once (a second merge changes nothing, ADR-0037, but costs a request). */
function syncOnce(userId: number): Promise<void> {
  const running = syncing.get(userId);
  if (running) return running;
  const started = syncOnLoad(userId).finally(() => syncing.delete(userId));
  syncing.set(userId, started);
  return started;
}

/**
 * Shoppers whose cart this page has merged already. Logging out reloads the page, so within one
 * page a shopper's browser cart is merged once, even if the shell briefly saw no shopper
 * meanwhile (which forgets the stored owner).
 */
const mergedInThisPage = new Set<number>();

async function syncOnLoad(userId: number) {
  const owner = localStorage.getItem(OWNER_KEY);
  if (owner !== String(userId) && mergedInThisPage.has(userId)) {
    localStorage.setItem(OWNER_KEY, String(userId));
    await (localStorage.getItem(CHANGED_KEY) ? pushCart('replace') : fetchCart());
  } else if (owner !== String(userId)) {
    // requirements#cart-sync: on login the cart is sent to the server (a line in both keeps the larger quantity)
    await pushCart('merge');
    mergedInThisPage.add(userId);
    localStorage.setItem(OWNER_KEY, String(userId));
  } else if (localStorage.getItem(CHANGED_KEY)) {
    await pushCart('replace');
  } else {
    await fetchCart(); // requirements#cart-sync: fetched when a user exists and the cart is not yet loaded
  }
}

/** Mounted once in the shell: keeps a logged-in shopper's cart in step with the server. */
export function CartSync({ userId }: { userId: number | null }) {
  useEffect(() => {
    if (userId === null) {
      localStorage.removeItem(OWNER_KEY); // a visitor's cart is merged at the next login
      return;
    }
    let stopped = false;
    let busy = false;
    const push = async () => {
      if (busy || stopped || !localStorage.getItem(CHANGED_KEY)) return;
      busy = true;
      try {
        await pushCart('replace');
      } catch (error) {
        console.warn('The cart could not be saved', error); // requirements#failures-only-logged: cart sync failures are only logged
      } finally {
        busy = false;
      }
    };
    // any write but the server's own (product page, cart page, other tabs) is a change to push
    const onChange = () => {
      if (writingFromServer) return;
      localStorage.setItem(CHANGED_KEY, '1');
      void push();
    };
    void (async () => {
      busy = true;
      try {
        await syncOnce(userId);
      } catch (error) {
        console.warn('The cart could not be loaded', error);
      } finally {
        busy = false;
      }
    })();
    window.addEventListener(CART_UPDATED_EVENT, onChange);
    const timer = window.setInterval(() => void push(), CART_SYNC_INTERVAL_MS);
    return () => {
      stopped = true;
      window.removeEventListener(CART_UPDATED_EVENT, onChange);
      window.clearInterval(timer);
    };
  }, [userId]);
  return null;
}

/** The stored cart once the page runs in the browser (null while rendering on the server). */
export function useLocalCart(): CartItem[] | null {
  const [items, setItems] = useState<CartItem[] | null>(null);
  useEffect(() => {
    const update = () => {
      const read = readLocalCart();
      mirrorCartLines(read.length);
      setItems(read);
    };
    update();
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cartItems) update();
    };
    window.addEventListener(CART_UPDATED_EVENT, update);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CART_UPDATED_EVENT, update);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return items;
}
