import { describe, expect, it } from 'vitest';
import { orderNumber } from './order-number.ts';

describe('orderNumber: OD, the day in India, ten digits', () => {
  it.each([
    ['2026-11-20T10:00:00Z', 1234567890, 'OD202611201234567890'],
    // 01:30 on the 21st in India
    ['2026-11-20T20:00:00Z', 1234567890, 'OD202611211234567890'],
    ['2026-11-20T18:29:59Z', 42, 'OD202611200000000042'],
    ['2026-12-31T19:00:00Z', 9999999999, 'OD202701019999999999'],
  ])('placed at %s with %i is %s', (at, digits, number) => {
    expect(orderNumber(new Date(at), digits)).toBe(number);
  });
});
