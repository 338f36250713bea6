import { describe, expect, it } from 'vitest';
import {
  cutoffMovesForward,
  PAYOUT_IDEMPOTENCY_KEY,
  PAYOUT_PURPOSE,
  RAZORPAYX_CONTACT_TYPES,
  RAZORPAYX_PURPOSES,
  sellerPayoutKey,
} from './payout-rail.ts';

// requirements#seller-payouts-rail: RazorpayX, Make a Request Idempotent: "The idempotency key (4-36
// characters) can only contain alphabets, numbers, hyphens, underscores and space", mandatory since
// 15 Mar 2025
describe('a seller payout’s idempotency key', () => {
  it.each([
    ['the first seller, the epoch', 1, new Date(0), 'abc123'],
    ['a weekly cut-off', 42, new Date('2026-11-22T18:30:00Z'), 'k3j4h5'],
    [
      'the largest seller id, a far cut-off, the longest nonce',
      2_147_483_647,
      new Date('9999-12-31T23:59:59.999Z'),
      'zzzzzzzzzz',
    ],
  ])('%s: fits RazorpayX’s format', (_label, sellerId, periodEnd, nonce) => {
    const key = sellerPayoutKey(sellerId, periodEnd, nonce);
    expect(key).toMatch(PAYOUT_IDEMPOTENCY_KEY);
    expect(key.length).toBeLessThanOrEqual(36);
  });

  it('the key the payouts used to be sent with is refused by the format', () => {
    expect('seller-payout-12-2026-11-22T18:30:00.000Z').not.toMatch(PAYOUT_IDEMPOTENCY_KEY);
  });

  it('differs by seller, cut-off and nonce', () => {
    const at = new Date('2026-11-22T18:30:00Z');
    const keys = new Set([
      sellerPayoutKey(1, at, 'aaaaaa'),
      sellerPayoutKey(2, at, 'aaaaaa'),
      sellerPayoutKey(1, new Date(at.getTime() + 1), 'aaaaaa'),
      sellerPayoutKey(1, at, 'aaaaab'),
    ]);
    expect(keys.size).toBe(4);
  });

  it.each([
    [0, new Date(0), 'abcdef'],
    [-1, new Date(0), 'abcdef'],
    [1.5, new Date(0), 'abcdef'],
    [1, new Date(Number.NaN), 'abcdef'],
    [1, new Date(0), 'ABC:DEF'],
    [1, new Date(0), 'abc'],
  ])('refuses seller %s, cut-off %s, nonce %s', (sellerId, periodEnd, nonce) => {
    expect(() => sellerPayoutKey(sellerId, periodEnd, nonce)).toThrow(RangeError);
  });
});

// RazorpayX, Create a Payout to Bank Account Using Composite API: purposes and contact types by default
describe('what a payout is filed as', () => {
  it.each([
    ['a shopper’s refund', 'refund', 'refund', 'customer'],
    ['a seller’s earnings', 'seller', 'vendor bill', 'vendor'],
  ] as const)('%s goes as purpose %s to a %s contact', (_label, kind, purpose, contactType) => {
    expect(PAYOUT_PURPOSE[kind]).toEqual({ purpose, contactType });
    expect(RAZORPAYX_PURPOSES).toContain(purpose);
    expect(RAZORPAYX_CONTACT_TYPES).toContain(contactType);
  });
});

// ADR-0048: a cut-off at or before the seller's latest would pay that payout's balance again
describe('a seller’s payout cut-offs move forward', () => {
  const latest = new Date('2026-11-22T18:30:00Z');
  it.each([
    ['no payout yet', new Date('2020-01-01T00:00:00Z'), null, true],
    ['a week later', new Date('2026-11-29T18:30:00Z'), latest, true],
    ['a millisecond later', new Date(latest.getTime() + 1), latest, true],
    ['the same cut-off again', new Date(latest), latest, false],
    ['five minutes before (the double payment)', new Date(latest.getTime() - 5 * 60_000), latest, false],
    ['a clock stepped back a week', new Date('2026-11-15T18:30:00Z'), latest, false],
  ])('%s', (_label, cutoff, before, allowed) => {
    expect(cutoffMovesForward(cutoff, before)).toBe(allowed);
  });
});
