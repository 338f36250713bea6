import { describe, expect, it } from 'vitest';
import { couponDiscountPaise, priceAfterCoupon, type CouponOffer } from './coupon.ts';

const cash = (value: number): CouponOffer => ({ offerType: 'cash', value });
const percentage = (value: number): CouponOffer => ({ offerType: 'percentage', value });

describe('coupons', () => {
  it.each([
    // sale paise, offer, discount, price after
    { sale: 50000, offer: cash(10000), discount: 10000, after: 40000 },
    { sale: 50000, offer: cash(50000), discount: 50000, after: 0 },
    { sale: 50000, offer: cash(60000), discount: 50000, after: 0 }, // floor 0
    { sale: 50000, offer: cash(0), discount: 0, after: 50000 },
    { sale: 50000, offer: percentage(10), discount: 5000, after: 45000 },
    { sale: 49999, offer: percentage(10), discount: 5000, after: 44999 }, // 4999.9 -> nearest paisa
    { sale: 333, offer: percentage(15), discount: 50, after: 283 }, // 49.95
    { sale: 329, offer: percentage(15), discount: 49, after: 280 }, // 49.35
    { sale: 50000, offer: percentage(100), discount: 50000, after: 0 },
    { sale: 50000, offer: percentage(150), discount: 50000, after: 0 }, // floor 0
    { sale: 0, offer: cash(1000), discount: 0, after: 0 },
    { sale: -500, offer: percentage(10), discount: 0, after: 0 }, // requirements#coupons: a price not above 0 is 0
    { sale: 50000, offer: cash(-1000), discount: 0, after: 50000 }, // a negative coupon adds nothing
  ])(
    '$offer.offerType $offer.value on $sale paise takes $discount off, leaving $after',
    ({ sale, offer, discount, after }) => {
      expect(couponDiscountPaise(sale, offer)).toBe(discount);
      expect(priceAfterCoupon(sale, offer)).toBe(after);
    },
  );
});
