import { describe, expect, it } from 'vitest';
import {
  type CartLineRef,
  clampQuantity,
  mergeBrowserCart,
  mergeCartLines,
  type OfferLimits,
} from './merge.ts';

const ref = (
  productId: number,
  sellerId: number,
  quantity: number,
  couponId: number | null = null,
): CartLineRef => ({
  productId,
  sellerId,
  quantity,
  couponId,
});
const limits = new Map<string, OfferLimits>([
  ['1-1', { stock: 50, maxPerOrder: 5 }],
  ['2-7', { stock: 3, maxPerOrder: 10 }],
  ['3-2', { stock: 0, maxPerOrder: 10 }],
]);

describe('quantity clamp', () => {
  it.each([
    { quantity: 3, limit: { stock: 50, maxPerOrder: 5 }, expected: 3 },
    { quantity: 9, limit: { stock: 50, maxPerOrder: 5 }, expected: 5 },
    { quantity: 9, limit: { stock: 2, maxPerOrder: 5 }, expected: 2 },
    { quantity: 0, limit: { stock: 2, maxPerOrder: 5 }, expected: 1 },
    { quantity: -1, limit: { stock: 2, maxPerOrder: 5 }, expected: 1 },
    { quantity: 1e9, limit: { stock: 2, maxPerOrder: 5 }, expected: 2 },
    { quantity: 1.5, limit: { stock: 2, maxPerOrder: 5 }, expected: 1 },
    { quantity: 4, limit: { stock: 0, maxPerOrder: 5 }, expected: 1 }, // shown as unavailable
  ])('$quantity within $limit is $expected', ({ quantity, limit, expected }) => {
    expect(clampQuantity(quantity, limit)).toBe(expected);
  });
});

describe('merging the browser cart into the server cart', () => {
  it.each([
    { name: 'empty both', server: [], local: [], merged: [] },
    { name: 'only local', server: [], local: [ref(1, 1, 2)], merged: [ref(1, 1, 2)] },
    { name: 'only server', server: [ref(2, 7, 1)], local: [], merged: [ref(2, 7, 1)] },
    { name: 'same line adds', server: [ref(1, 1, 2)], local: [ref(1, 1, 2)], merged: [ref(1, 1, 4)] },
    {
      name: 'capped by max per order',
      server: [ref(1, 1, 4)],
      local: [ref(1, 1, 4)],
      merged: [ref(1, 1, 5)],
    },
    { name: 'capped by stock', server: [ref(2, 7, 2)], local: [ref(2, 7, 2)], merged: [ref(2, 7, 3)] },
    {
      name: 'local coupon wins',
      server: [ref(1, 1, 1, 4)],
      local: [ref(1, 1, 1, 8)],
      merged: [ref(1, 1, 2, 8)],
    },
    {
      name: 'server coupon kept',
      server: [ref(1, 1, 1, 4)],
      local: [ref(1, 1, 1)],
      merged: [ref(1, 1, 2, 4)],
    },
    { name: 'unknown offer dropped', server: [], local: [ref(9, 9, 1)], merged: [] },
    {
      name: 'two sellers stay two lines',
      server: [ref(1, 1, 1)],
      local: [ref(2, 7, 1), ref(3, 2, 2)],
      merged: [ref(1, 1, 1), ref(2, 7, 1), ref(3, 2, 1)],
    },
  ])('$name', ({ server, local, merged }) => {
    expect(mergeCartLines(server, local, limits)).toEqual(merged);
  });
});

describe('joining the browser cart to the saved one at login', () => {
  it.each([
    { name: 'empty both', saved: [], browser: [], merged: [] },
    { name: 'only the browser’s', saved: [], browser: [ref(1, 1, 2)], merged: [ref(1, 1, 2)] },
    { name: 'only the saved', saved: [ref(2, 7, 1)], browser: [], merged: [ref(2, 7, 1)] },
    {
      name: 'same line keeps the larger, saved',
      saved: [ref(1, 1, 3)],
      browser: [ref(1, 1, 1)],
      merged: [ref(1, 1, 3)],
    },
    {
      name: 'same line keeps the larger, browser',
      saved: [ref(1, 1, 1)],
      browser: [ref(1, 1, 4)],
      merged: [ref(1, 1, 4)],
    },
    {
      name: 'same line, same quantity: once',
      saved: [ref(1, 1, 1)],
      browser: [ref(1, 1, 1)],
      merged: [ref(1, 1, 1)],
    },
    {
      name: 'the browser’s coupon wins',
      saved: [ref(1, 1, 1, 4)],
      browser: [ref(1, 1, 1, 8)],
      merged: [ref(1, 1, 1, 8)],
    },
    {
      name: 'the saved coupon kept',
      saved: [ref(1, 1, 1, 4)],
      browser: [ref(1, 1, 1)],
      merged: [ref(1, 1, 1, 4)],
    },
    {
      name: 'a line twice in the browser adds up',
      saved: [ref(1, 1, 1)],
      browser: [ref(1, 1, 1), ref(1, 1, 2)],
      merged: [ref(1, 1, 3)],
    },
    {
      name: 'saved lines first, then the browser’s new ones',
      saved: [ref(2, 7, 1)],
      browser: [ref(3, 2, 2), ref(2, 7, 1), ref(1, 1, 1)],
      merged: [ref(2, 7, 1), ref(3, 2, 2), ref(1, 1, 1)],
    },
  ])('$name', ({ saved, browser, merged }) => {
    expect(mergeBrowserCart(saved, browser)).toEqual(merged);
  });

  it('changes nothing when the same browser cart is joined again', () => {
    const saved = [ref(1, 1, 2), ref(2, 7, 1, 4)];
    const browser = [ref(1, 1, 1), ref(3, 2, 2)];
    const once = mergeBrowserCart(saved, browser);
    expect(mergeBrowserCart(once, browser)).toEqual(once);
  });
});
