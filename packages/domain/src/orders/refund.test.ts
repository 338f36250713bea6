import { describe, expect, it } from 'vitest';
import { isRefundDue, paidShares, refundPaise } from './refund.ts';

const line = (
  quantity: number,
  unitPricePaise: number,
  couponDiscountPaise = 0,
  deliveryChargePaise = 0,
) => ({
  quantity,
  unitPricePaise,
  couponDiscountPaise,
  deliveryChargePaise,
});

describe('paid shares', () => {
  it.each([
    // total, lines, shares
    [10_000, [line(1, 10_000)], [10_000]],
    [9_500, [line(1, 5_000), line(1, 5_000)], [4_750, 4_750]], // ₹50 promo split evenly
    [24_999, [line(2, 10_000, 1_000), line(1, 6_000, 0, 4_000)], [16_379, 8_620]],
    [0, [line(1, 3_000)], [0]], // promo larger than the order
  ] as const)('total %i over %o', (total, lines, expected) => {
    const shares = paidShares(total, lines);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('refund of some units', () => {
  it.each([
    [1000, 3, 0, 1, 333],
    [1000, 3, 1, 1, 333],
    [1000, 3, 2, 1, 334], // the last unit takes the remainder
    [1000, 3, 0, 3, 1000],
    [1000, 3, 3, 1, 0], // nothing left
    [1000, 3, 0, 0, 0],
  ])('share %i, quantity %i, %i before, %i units -> %i', (share, quantity, before, units, expected) => {
    expect(refundPaise(share, quantity, before, units)).toBe(expected);
  });

  it('never adds up to more than the share', () => {
    for (let quantity = 1; quantity <= 7; quantity++) {
      let sum = 0;
      for (let done = 0; done < quantity; done++) sum += refundPaise(99_999, quantity, done, 1);
      expect(sum).toBe(99_999);
    }
  });
});

describe('is a refund due', () => {
  it.each([
    ['prepaid', 'paid', false, true],
    ['prepaid', 'partially_refunded', false, true],
    ['prepaid', 'awaiting_payment', false, false],
    ['prepaid', 'failed', false, false],
    ['cod', 'pending', false, false], // nothing paid before delivery
    ['cod', 'pending', true, true], // paid at the door
  ])('%s %s delivered %s -> %s', (paymentMode, paymentStatus, wasDelivered, expected) => {
    expect(isRefundDue({ paymentMode, paymentStatus }, wasDelivered)).toBe(expected);
  });
});
