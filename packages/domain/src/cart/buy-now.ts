// The stored buy-now item (requirements#buy-now, requirements#buy-now-item).
import { cleanCartItem } from './cart-money.ts';
import type { CartItem } from './local-cart.ts';

export type BuyNowItems = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'items'; items: CartItem[] };

const isEmptyValue = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * The raw `buyNowItem` value: missing or empty sends the shopper to the cart; anything that is not
 * one item (or a list of items) naming a product and a seller is 'Invalid Buy Now Data'. The
 * product page stores one item; a list is read the same way.
 */
export function readBuyNowItems(raw: string | null): BuyNowItems {
  if (raw === null || raw.trim() === '') return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'invalid' };
  }
  if (isEmptyValue(value)) return { kind: 'empty' };
  if (typeof value !== 'object' || value === null) return { kind: 'invalid' };
  const entries: unknown[] = Array.isArray(value) ? value : [value];
  const items = entries.flatMap((entry) => {
    const item = cleanCartItem(entry);
    const sellerId = (entry as { sellerId?: unknown }).sellerId;
    // the buy-now key is '{id}-{seller pincode}': the seller must be named on its own
    const named = typeof sellerId === 'number' && Number.isSafeInteger(sellerId) && sellerId > 0;
    return item && named && item.productId > 0 ? [{ ...item, sellerId }] : [];
  });
  return items.length === entries.length ? { kind: 'items', items } : { kind: 'invalid' };
}
