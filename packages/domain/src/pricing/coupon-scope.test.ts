import { describe, expect, it } from 'vitest';
import {
  couponForLine,
  couponReaches,
  type CouponLine,
  type CouponReach,
  linesReached,
} from './coupon-scope.ts';

const reach = (over: Partial<CouponReach>): CouponReach => ({
  scope: 'all',
  productId: null,
  categoryId: null,
  brandId: null,
  sellerId: null,
  ...over,
});

// a cart of four lines: phones (category 3 under 2 under 1) from two brands and two sellers, and a kurta
const cart: CouponLine[] = [
  { productId: 10, sellerId: 100, brandId: 7, categoryIds: [3, 2, 1] },
  { productId: 11, sellerId: 101, brandId: 8, categoryIds: [3, 2, 1] },
  { productId: 12, sellerId: 100, brandId: 8, categoryIds: [4, 2, 1] },
  { productId: 20, sellerId: 102, brandId: 9, categoryIds: [30, 20] },
];

describe('which cart lines a coupon reaches', () => {
  it.each([
    { name: 'every product', coupon: reach({ scope: 'all' }), lines: [0, 1, 2, 3] },
    { name: 'every product of one seller', coupon: reach({ scope: 'all', sellerId: 100 }), lines: [0, 2] },
    { name: 'a leaf category', coupon: reach({ scope: 'category', categoryId: 3 }), lines: [0, 1] },
    {
      name: 'a category above the leaves',
      coupon: reach({ scope: 'category', categoryId: 2 }),
      lines: [0, 1, 2],
    },
    { name: 'a top category', coupon: reach({ scope: 'category', categoryId: 20 }), lines: [3] },
    { name: 'a category nothing is in', coupon: reach({ scope: 'category', categoryId: 99 }), lines: [] },
    {
      name: 'a category, one seller',
      coupon: reach({ scope: 'category', categoryId: 2, sellerId: 101 }),
      lines: [1],
    },
    { name: 'a brand', coupon: reach({ scope: 'brand', brandId: 8 }), lines: [1, 2] },
    { name: 'a brand, one seller', coupon: reach({ scope: 'brand', brandId: 8, sellerId: 100 }), lines: [2] },
    { name: 'a seller', coupon: reach({ scope: 'seller', sellerId: 100 }), lines: [0, 2] },
    { name: 'one product', coupon: reach({ scope: 'product', productId: 11 }), lines: [1] },
    {
      name: 'one product from one seller',
      coupon: reach({ scope: 'product', productId: 11, sellerId: 100 }),
      lines: [],
    },
    // a scope without its target reaches nothing (never everything)
    { name: 'a category coupon without a category', coupon: reach({ scope: 'category' }), lines: [] },
    { name: 'a brand coupon without a brand', coupon: reach({ scope: 'brand' }), lines: [] },
    { name: 'a seller coupon without a seller', coupon: reach({ scope: 'seller' }), lines: [] },
    { name: 'a product coupon without a product', coupon: reach({ scope: 'product' }), lines: [] },
    // another scope's target is not read
    {
      name: 'a brand coupon carrying a category',
      coupon: reach({ scope: 'brand', brandId: 9, categoryId: 3 }),
      lines: [3],
    },
  ])('$name reaches lines $lines', ({ coupon, lines }) => {
    expect(linesReached(coupon, cart)).toEqual(lines);
    cart.forEach((line, index) => expect(couponReaches(coupon, line)).toBe(lines.includes(index)));
  });

  it('shows with an offer the narrowest coupon that reaches it, the oldest of equals', () => {
    const coupons = [
      { id: 1, ...reach({ scope: 'all' }) },
      { id: 2, ...reach({ scope: 'category', categoryId: 2 }) },
      { id: 3, ...reach({ scope: 'brand', brandId: 8 }) },
      { id: 4, ...reach({ scope: 'product', productId: 12 }) },
      { id: 5, ...reach({ scope: 'brand', brandId: 8 }) },
      { id: 6, ...reach({ scope: 'seller', sellerId: 102 }) },
    ];
    expect(couponForLine(coupons, cart[0] as CouponLine)?.id).toBe(2);
    expect(couponForLine(coupons, cart[1] as CouponLine)?.id).toBe(3);
    expect(couponForLine(coupons, cart[2] as CouponLine)?.id).toBe(4);
    expect(couponForLine(coupons, cart[3] as CouponLine)?.id).toBe(6);
    expect(couponForLine(coupons.slice(1, 2), cart[3] as CouponLine)).toBeNull();
  });
});
