// Merging carts (requirements#cart-sync: the browser's cart is sent at login and joins the saved one).

/** A cart line as the server keeps it: one per offer (product x seller). */
export type CartLineRef = { productId: number; sellerId: number; quantity: number; couponId: number | null };
export type OfferLimits = { stock: number; maxPerOrder: number };

export const offerKey = (line: { productId: number; sellerId: number }) =>
  `${line.productId}-${line.sellerId}`;

/** A quantity within 1..min(stock, maximum per order); an out-of-stock line keeps 1 and shows unavailable. */
export function clampQuantity(quantity: number, limits: OfferLimits): number {
  const cap = Math.max(Math.min(limits.stock, limits.maxPerOrder), 1);
  if (!Number.isSafeInteger(quantity) || quantity < 1) return 1;
  return Math.min(quantity, cap);
}

/**
 * The server cart with the browser's lines added: a line in both gets the quantities added, capped
 * by stock and the maximum per order; the browser's coupon wins when it chose one. Lines whose
 * offer has no limits (unknown or withdrawn) are dropped.
 */
export function mergeCartLines(
  server: readonly CartLineRef[],
  local: readonly CartLineRef[],
  limits: ReadonlyMap<string, OfferLimits>,
): CartLineRef[] {
  const merged = new Map<string, CartLineRef>();
  for (const line of [...server, ...local]) {
    const key = offerKey(line);
    const before = merged.get(key);
    merged.set(
      key,
      before
        ? { ...before, quantity: before.quantity + line.quantity, couponId: line.couponId ?? before.couponId }
        : { ...line },
    );
  }
  return [...merged.entries()].flatMap(([key, line]) => {
    const limit = limits.get(key);
    return limit ? [{ ...line, quantity: clampQuantity(line.quantity, limit) }] : [];
  });
}

/**
 * requirements#cart-sync, ADR-0037: the browser's cart joined to the saved one at login. A line in
 * both keeps the larger quantity, never the sum: the same browser cart is often sent more than once
 * (two tabs, a retry, a login in each), and sending it again must change nothing, while neither
 * cart's units are ever lost. Repeated lines within the browser's cart count once, added up.
 */
export function mergeBrowserCart(
  saved: readonly CartLineRef[],
  browser: readonly CartLineRef[],
): CartLineRef[] {
  const fromBrowser = new Map<string, CartLineRef>();
  for (const line of browser) {
    const before = fromBrowser.get(offerKey(line));
    fromBrowser.set(
      offerKey(line),
      before
        ? { ...before, quantity: before.quantity + line.quantity, couponId: line.couponId ?? before.couponId }
        : { ...line },
    );
  }
  const merged = saved.map((line) => {
    const other = fromBrowser.get(offerKey(line));
    if (!other) return { ...line };
    fromBrowser.delete(offerKey(line));
    return {
      ...line,
      quantity: Math.max(line.quantity, other.quantity),
      couponId: other.couponId ?? line.couponId,
    };
  });
  return [...merged, ...fromBrowser.values()];
}
