// The product page's browser-side writes: the local cart, the buy-now item and applied coupons.
import {
  addToCart,
  type AddToCartResult,
  type CartItem,
  cartLineId,
  couponKey,
  linePrice,
  parseCart,
  parseDiscountKeys,
  withDiscountKey,
} from '@marketplace/domain/cart/local-cart';
import type { ProductDetail, ProductOffer } from '../../lib/product-data.ts';
import { CART_UPDATED_EVENT, readStoredJson, STORAGE_KEYS } from '../../lib/storage.ts';

export function isCouponApplied(productId: number, offer: ProductOffer): boolean {
  if (!offer.coupon) return false;
  const keys = parseDiscountKeys(readStoredJson(STORAGE_KEYS.discountData));
  return keys.includes(couponKey(productId, offer.sellerId, offer.coupon.id));
}

export function applyCoupon(productId: number, offer: ProductOffer): void {
  if (!offer.coupon) return;
  const keys = parseDiscountKeys(readStoredJson(STORAGE_KEYS.discountData));
  const next = withDiscountKey(keys, couponKey(productId, offer.sellerId, offer.coupon.id));
  localStorage.setItem(STORAGE_KEYS.discountData, JSON.stringify(next));
}

/** The cart line of the chosen offer (requirements#cart-lines). */
export function cartLine(
  product: ProductDetail['product'],
  offer: ProductOffer,
  quantity: number,
  couponApplied: boolean,
): CartItem {
  const coupon = offer.coupon;
  const chosen = offer.delivery[0];
  return {
    product_id: cartLineId(product.id, offer.sellerId, offer.sku),
    productId: product.id,
    sellerId: offer.sellerId,
    seller_name: offer.sellerName,
    name: product.name,
    assured: product.isAssured,
    image: product.images[0] ?? '',
    quantity,
    price: offer.salePricePaise,
    mrp: offer.mrpPaise,
    product_quantity: offer.stock,
    maximum_qty_per_order: offer.maxPerOrder,
    seller_pincode: offer.sellerPincode,
    warranty: offer.warranty.info ?? '',
    coupon: coupon ? String(coupon.id) : '',
    couponname: coupon?.name ?? '',
    couponid: coupon?.id ?? null,
    couponoffertype: coupon?.offerType ?? '',
    couponoffervalue: coupon?.value ?? 0,
    couponactivestatus: coupon ? 'Active' : '',
    available: offer.delivery.length > 0,
    arriving_days: chosen?.arrivingDays ?? null,
    coupon_data: coupon ? couponKey(product.id, offer.sellerId, coupon.id) : null,
    finalPrice: linePrice({ salePricePaise: offer.salePricePaise, coupon, applied: couponApplied }),
    isDiscountApplied: couponApplied && coupon !== null,
  };
}

export function addLineToStoredCart(line: CartItem): AddToCartResult {
  const result = addToCart(parseCart(readStoredJson(STORAGE_KEYS.cartItems)), line);
  if (result.outcome === 'added') {
    localStorage.setItem(STORAGE_KEYS.cartItems, JSON.stringify(result.cart));
    window.dispatchEvent(new Event(CART_UPDATED_EVENT));
  }
  return result;
}

/** requirements#buy-now-item: Buy Now keeps the item for the buy-now page, keyed '{id}-{seller pincode}' there. */
export function storeBuyNowItem(line: CartItem): void {
  const item = { ...line, product_id: `${line.productId}-${line.seller_pincode}` };
  localStorage.setItem(STORAGE_KEYS.buyNowItem, JSON.stringify(item));
}
