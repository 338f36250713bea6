import { describe, expect, it } from 'vitest';
import { splitItemAmounts } from './split.ts';

describe('splitItemAmounts', () => {
  it.each([
    // coupon, delivery, quantity, shipped → shipped coupon, shipped delivery
    [0, 0, 3, 1, 0, 0],
    [3_000, 9_000, 3, 3, 3_000, 9_000], // everything ships: nothing left
    [3_000, 9_000, 3, 1, 1_000, 3_000],
    [10_000, 4_000, 3, 2, 6_666, 2_666], // the shipped part takes the floor, the rest the remainder
    [10_001, 1, 3, 1, 3_333, 0],
    [1, 1, 2, 1, 0, 0],
    [99_999, 12_345, 7, 6, 85_713, 10_581],
    [5_000, 2_500, 1, 1, 5_000, 2_500],
  ])(
    'coupon %i, delivery %i over %i units, %i shipped',
    (couponDiscountPaise, deliveryChargePaise, quantity, shippedQuantity, shippedCoupon, shippedDelivery) => {
      const { shipped, rest } = splitItemAmounts(
        { couponDiscountPaise, deliveryChargePaise },
        quantity,
        shippedQuantity,
      );
      expect(shipped).toEqual({ couponDiscountPaise: shippedCoupon, deliveryChargePaise: shippedDelivery });
      // the parts add up to the whole
      expect(shipped.couponDiscountPaise + rest.couponDiscountPaise).toBe(couponDiscountPaise);
      expect(shipped.deliveryChargePaise + rest.deliveryChargePaise).toBe(deliveryChargePaise);
      expect([rest.couponDiscountPaise, rest.deliveryChargePaise].every((part) => part >= 0)).toBe(true);
    },
  );

  it('adds up to the whole for every split of a few quantities', () => {
    for (let quantity = 1; quantity <= 12; quantity++)
      for (let shippedQuantity = 1; shippedQuantity <= quantity; shippedQuantity++)
        for (const amount of [0, 1, 7, 999, 12_345]) {
          const { shipped, rest } = splitItemAmounts(
            { couponDiscountPaise: amount, deliveryChargePaise: amount + 1 },
            quantity,
            shippedQuantity,
          );
          expect(shipped.couponDiscountPaise + rest.couponDiscountPaise).toBe(amount);
          expect(shipped.deliveryChargePaise + rest.deliveryChargePaise).toBe(amount + 1);
        }
  });
});
