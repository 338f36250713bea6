// The cart kept in the browser (requirements#cart-lines, requirements#cart-sync, requirements#add-to-cart).
// Money fields are integer paise (requirements#money), whatever the spec's rupee readings were.
import { type CouponOffer, priceAfterCoupon } from '../pricing/coupon.ts';

/** One line of the stored cart (`cartItems`) and the stored buy-now item (`buyNowItem`). */
export type CartItem = {
  /** `{product id}-{seller id}-{sku}`: one line per offer. */
  product_id: string;
  /** The catalog product id (the composite above is the line key). */
  productId: number;
  sellerId: number;
  /** The seller's shop name, shown on the cart line (not in the spec's list; optional in stored carts). */
  seller_name?: string;
  name: string;
  assured: boolean;
  image: string;
  quantity: number;
  /** Sale price in paise. */
  price: number;
  /** M.R.P. in paise. */
  mrp: number;
  /** Units the seller has in stock. */
  product_quantity: number;
  maximum_qty_per_order: number;
  seller_pincode: string;
  warranty: string;
  coupon: string;
  couponname: string;
  couponid: number | null;
  couponoffertype: CouponOffer['offerType'] | '';
  /** Paise for cash coupons, whole percent for percentage ones. */
  couponoffervalue: number;
  couponactivestatus: 'Active' | '';
  available: boolean;
  arriving_days: number | null;
  coupon_data: string | null;
  /** Sale price after the coupon when it is applied, in paise. */
  finalPrice: number;
  isDiscountApplied: boolean;
};

/** requirements#cart-lines: the line key, product id, seller id and sku joined by hyphens. */
export function cartLineId(productId: number, sellerId: number, sku: string): string {
  return `${productId}-${sellerId}-${sku}`;
}

/** requirements#coupons: an applied coupon is remembered by (product, seller, coupon id) in `Discountdata`. */
export function couponKey(productId: number, sellerId: number, couponId: number): string {
  return `${productId}-${sellerId}-${couponId}`;
}

/** The stored `Discountdata` list, keeping only well-formed keys (anything else counts as absent). */
export function parseDiscountKeys(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((key): key is string => typeof key === 'string' && /^\d+-\d+-\d+$/.test(key));
}

/** Adds a key once (applying the same coupon twice changes nothing). */
export function withDiscountKey(keys: readonly string[], key: string): string[] {
  return keys.includes(key) ? [...keys] : [...keys, key];
}

/** The price a line pays: the sale price, less the coupon only when its key was applied. */
export function linePrice(args: {
  salePricePaise: number;
  coupon: (CouponOffer & { id: number }) | null;
  applied: boolean;
}): number {
  if (!args.coupon || !args.applied) return Math.max(args.salePricePaise, 0);
  return priceAfterCoupon(args.salePricePaise, args.coupon);
}

/** The stored cart, keeping only lines that have a string product_id (requirements#cart-lines); malformed is empty. */
export function parseCart(stored: unknown): CartItem[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (line): line is CartItem =>
      typeof line === 'object' && line !== null && typeof (line as CartItem).product_id === 'string',
  );
}

export type AddToCartResult =
  | { outcome: 'added'; cart: CartItem[] }
  | { outcome: 'already-in-cart'; cart: CartItem[] }
  | { outcome: 'over-limit'; cart: CartItem[]; max: number };

/**
 * requirements#add-to-cart: adding is refused when the quantity in the cart plus the requested one exceeds the
 * maximum per order ('You can only add up to {max} of this product.'); otherwise a line already
 * in the cart is left as it is, and a new line goes at the end.
 */
export function addToCart(cart: readonly CartItem[], line: CartItem): AddToCartResult {
  const existing = cart.find((item) => item.product_id === line.product_id);
  const inCart = existing?.quantity ?? 0;
  const max = line.maximum_qty_per_order;
  if (inCart + line.quantity > max) return { outcome: 'over-limit', cart: [...cart], max };
  if (existing) return { outcome: 'already-in-cart', cart: [...cart] };
  return { outcome: 'added', cart: [...cart, line] };
}

/** requirements#coupons: the coupon a line sends to pricing: its own, only when its key was applied. */
export function appliedCouponId(item: CartItem, appliedKeys: readonly string[]): number | null {
  return item.couponid !== null && item.coupon_data !== null && appliedKeys.includes(item.coupon_data)
    ? item.couponid
    : null;
}
