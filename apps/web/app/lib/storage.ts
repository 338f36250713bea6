// The browser storage keys (requirements#browser-storage), in one place.
export const STORAGE_KEYS = {
  selectedAddress: 'selectedAddress',
  pincode: 'pincode',
  pincodeCity: 'pincodecity',
  /** set while the stored pincode is the shop's guess (location or 600100), not the shopper's choice */
  pincodeGuessed: 'pincodeGuessed',
  cartItems: 'cartItems',
  discountData: 'Discountdata',
  buyNowItem: 'buyNowItem',
  buyNowItemDelivery: (productId: string) => `buyNowItemDelivery-${productId}`,
  browsingHistory: 'browsingHistory',
} as const;

/** Fired on window after the stored cart changes, so the header badge and other tabs follow. */
export const CART_UPDATED_EVENT = 'cartUpdated';

/** Reads a stored JSON value; anything missing or malformed is treated as absent. */
export function readStoredJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** The number of lines in the stored cart (requirements#header: the cart badge counts cart lines). */
export function storedCartLineCount(): number {
  const items = readStoredJson(STORAGE_KEYS.cartItems);
  return Array.isArray(items) ? items.length : 0;
}
