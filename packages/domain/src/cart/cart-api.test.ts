import { describe, expect, it } from 'vitest';
import { AvailabilityInput, CartInput } from './cart-api.ts';

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('cart input', () => {
  it.each([
    { quantity: 0, message: 'Quantity must be at least 1.' },
    { quantity: -1, message: 'Quantity must be at least 1.' },
    { quantity: 1.5, message: 'Quantity must be a whole number.' },
    { quantity: 'abc', message: 'Quantity must be a number.' },
    { quantity: 1e10, message: 'Quantity is too large.' },
  ])('quantity $quantity: $message', ({ quantity, message }) => {
    expect(first(CartInput.safeParse({ lines: [{ productId: 1, sellerId: 1, quantity }] }))).toBe(message);
  });
  it('accepts a line with or without a coupon and refuses too many lines', () => {
    expect(
      CartInput.safeParse({ lines: [{ productId: 1, sellerId: 2, quantity: 3, couponId: 4 }] }).success,
    ).toBe(true);
    expect(CartInput.safeParse({ lines: [{ productId: 1, sellerId: 2, quantity: 3 }] }).success).toBe(true);
    const many = Array.from({ length: 101 }, (_, i) => ({ productId: i + 1, sellerId: 1, quantity: 1 }));
    expect(first(CartInput.safeParse({ lines: many }))).toBe('A cart holds at most 100 lines.');
  });
});

describe('availability input', () => {
  it.each([
    { pincode: '560001', ok: true },
    { pincode: '056001', ok: false },
    { pincode: '56001', ok: false },
    { pincode: '5600011', ok: false },
    { pincode: 'abcdef', ok: false },
  ])('pincode $pincode accepted: $ok', ({ pincode, ok }) => {
    expect(AvailabilityInput.safeParse({ pincode, lines: [] }).success).toBe(ok);
  });
});
