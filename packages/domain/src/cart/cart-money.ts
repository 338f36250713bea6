// Cart money and clean-up rules (requirements#cart-lines, requirements#coupons, requirements#quantity-choices).
// All amounts are integer paise (requirements#money).
import { couponDiscountPaise } from '../pricing/coupon.ts';
import type { CartItem } from './local-cart.ts';

export const UNKNOWN_PRODUCT = 'Unknown Product';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const wholeNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * One stored line, cleaned as the spec says: no string product_id drops it; a quantity below 1 or
 * invalid becomes 1; a price that is invalid or not above 0 becomes 0; a missing name is 'Unknown Product'.
 */
export function cleanCartItem(stored: unknown): CartItem | null {
  if (!isObject(stored) || typeof stored.product_id !== 'string' || stored.product_id === '') return null;
  const quantity = wholeNumber(stored.quantity);
  const price = wholeNumber(stored.price);
  const mrp = wholeNumber(stored.mrp);
  const name = text(stored.name).trim();
  const offerType = stored.couponoffertype;
  const [idPart, sellerPart] = stored.product_id.split('-');
  const productId = wholeNumber(stored.productId) ?? Number(idPart);
  const sellerId = wholeNumber(stored.sellerId) ?? Number(sellerPart);
  const finalPrice = wholeNumber(stored.finalPrice);
  return {
    product_id: stored.product_id,
    productId: Number.isSafeInteger(productId) ? productId : 0,
    sellerId: Number.isSafeInteger(sellerId) ? sellerId : 0,
    seller_name: text(stored.seller_name),
    name: name === '' ? UNKNOWN_PRODUCT : name,
    assured: stored.assured === true,
    image: text(stored.image),
    quantity: quantity !== null && quantity >= 1 ? quantity : 1,
    price: price !== null && price > 0 ? price : 0,
    mrp: mrp !== null && mrp > 0 ? mrp : 0,
    product_quantity: Math.max(wholeNumber(stored.product_quantity) ?? 0, 0),
    maximum_qty_per_order: Math.max(wholeNumber(stored.maximum_qty_per_order) ?? 1, 1),
    seller_pincode: text(stored.seller_pincode),
    warranty: text(stored.warranty),
    coupon: text(stored.coupon),
    couponname: text(stored.couponname),
    couponid: wholeNumber(stored.couponid),
    couponoffertype: offerType === 'cash' || offerType === 'percentage' ? offerType : '',
    couponoffervalue: Math.max(wholeNumber(stored.couponoffervalue) ?? 0, 0),
    couponactivestatus: stored.couponactivestatus === 'Active' ? 'Active' : '',
    available: stored.available !== false,
    arriving_days: wholeNumber(stored.arriving_days),
    coupon_data: typeof stored.coupon_data === 'string' ? stored.coupon_data : null,
    finalPrice: finalPrice !== null && finalPrice > 0 ? finalPrice : 0,
    isDiscountApplied: stored.isDiscountApplied === true,
  };
}

/** The stored `cartItems`, each line cleaned; malformed storage is an empty cart. */
export function readCart(stored: unknown): CartItem[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((line) => {
    const item = cleanCartItem(line);
    return item ? [item] : [];
  });
}

/** requirements#sellers-not-available: the price is hidden and 'Sellers not Available' shows when mrp or sale price is missing. */
export function hasMissingPrice(item: Pick<CartItem, 'price' | 'mrp'>): boolean {
  return item.price <= 0 || item.mrp <= 0;
}

/** requirements#quantity-choices: quantity options run up to min(stock, maximum per order), and at least 1. */
export function quantityLimit(item: Pick<CartItem, 'product_quantity' | 'maximum_qty_per_order'>): number {
  return Math.max(Math.min(item.product_quantity, item.maximum_qty_per_order), 1);
}

/** The coupon discount of one unit, only when the line's coupon key is in `Discountdata`. */
export function unitCouponDiscount(item: CartItem, appliedKeys: readonly string[]): number {
  if (item.couponoffertype === '' || item.coupon_data === null) return 0;
  if (!appliedKeys.includes(item.coupon_data)) return 0;
  return couponDiscountPaise(item.price, { offerType: item.couponoffertype, value: item.couponoffervalue });
}

export type LineMoney = { subtotalPaise: number; discountPaise: number; totalPaise: number };

/** One line: sale price x quantity, less the applied coupon on every unit (never below 0). */
export function lineMoney(item: CartItem, appliedKeys: readonly string[]): LineMoney {
  const subtotalPaise = item.price * item.quantity;
  const discountPaise = unitCouponDiscount(item, appliedKeys) * item.quantity;
  return { subtotalPaise, discountPaise, totalPaise: subtotalPaise - discountPaise };
}

export type CartSummary = LineMoney & { itemCount: number };

/** The summary box: units in the cart, subtotal, coupon discounts and the total. */
export function cartSummary(items: readonly CartItem[], appliedKeys: readonly string[]): CartSummary {
  return items.reduce<CartSummary>(
    (sum, item) => {
      const money = lineMoney(item, appliedKeys);
      return {
        itemCount: sum.itemCount + item.quantity,
        subtotalPaise: sum.subtotalPaise + money.subtotalPaise,
        discountPaise: sum.discountPaise + money.discountPaise,
        totalPaise: sum.totalPaise + money.totalPaise,
      };
    },
    { itemCount: 0, subtotalPaise: 0, discountPaise: 0, totalPaise: 0 },
  );
}

/** What the server says an offer is now: the browser's copy of a line is never trusted for these. */
export type LiveOffer = { salePricePaise: number; mrpPaise: number; stock: number; maxPerOrder: number };

/**
 * requirements#cart-availability: a stored line brought up to date with its live offer (price,
 * M.R.P., stock, maximum per order; the coupon price recomputed on the new price). `changed` says
 * whether the shopper must be told ('Some items in your cart have been updated.'). The quantity is
 * not changed here: a quantity above what may be ordered waits for Update Cart (`cappedQuantity`).
 */
export function refreshCartLine(item: CartItem, live: LiveOffer): { item: CartItem; changed: boolean } {
  const changed =
    item.price !== live.salePricePaise ||
    item.mrp !== live.mrpPaise ||
    item.product_quantity !== live.stock ||
    item.maximum_qty_per_order !== live.maxPerOrder;
  if (!changed) return { item, changed };
  const discount =
    item.isDiscountApplied && item.couponoffertype !== ''
      ? couponDiscountPaise(live.salePricePaise, {
          offerType: item.couponoffertype,
          value: item.couponoffervalue,
        })
      : 0;
  return {
    changed,
    item: {
      ...item,
      price: live.salePricePaise,
      mrp: live.mrpPaise,
      product_quantity: live.stock,
      maximum_qty_per_order: live.maxPerOrder,
      finalPrice: live.salePricePaise - discount,
    },
  };
}

/** The most of a line that may be ordered now: its quantity, at most the stock and the maximum per order, at least 1. */
export function cappedQuantity(quantity: number, live: Pick<LiveOffer, 'stock' | 'maxPerOrder'>): number {
  return Math.max(1, Math.min(quantity, live.stock, live.maxPerOrder));
}
