import { divideRounded } from '../money/money.ts';

/** A seller coupon: `value` is paise for a cash coupon and a whole percent for a percentage one. */
export type CouponOffer = { offerType: 'cash' | 'percentage'; value: number };

/**
 * What the coupon actually takes off the sale price, in paise. requirements#coupons: a cash coupon subtracts its
 * value, a percentage coupon subtracts that percent of the sale price (to the nearest paisa), and
 * the price never goes below 0, so the discount is never more than the price.
 */
export function couponDiscountPaise(salePaise: number, offer: CouponOffer): number {
  // requirements#coupons: a price that is not above 0 counts as 0
  const price = Math.max(salePaise, 0);
  const value = Math.max(offer.value, 0);
  let discount: number;
  switch (offer.offerType) {
    case 'cash':
      discount = value;
      break;
    case 'percentage':
      discount = divideRounded(price * value, 100);
      break;
    default: {
      const unknown: never = offer.offerType;
      throw new RangeError(`Unknown coupon offer type: ${String(unknown)}`);
    }
  }
  return Math.min(discount, price);
}

/** The sale price after the coupon, in paise, never below 0. */
export function priceAfterCoupon(salePaise: number, offer: CouponOffer): number {
  return Math.max(salePaise, 0) - couponDiscountPaise(salePaise, offer);
}
