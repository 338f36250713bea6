import { describe, expect, it } from 'vitest';
import { SellerOrdersQuery, startOfIndianDay } from './seller-orders.ts';
import { awaitsPickup, decisionsFor, isRejection } from './seller-requests.ts';

describe('the New tab starts at Indian midnight (requirements#seller-orders)', () => {
  it.each([
    ['2026-11-20T10:00:00Z', '2026-11-19T18:30:00.000Z'],
    ['2026-11-20T18:29:59Z', '2026-11-19T18:30:00.000Z'],
    ['2026-11-20T18:30:00Z', '2026-11-20T18:30:00.000Z'],
    ['2026-11-19T20:00:00Z', '2026-11-19T18:30:00.000Z'],
  ])('%s is in the Indian day from %s', (now, start) => {
    expect(startOfIndianDay(new Date(now)).toISOString()).toBe(start);
  });
});

describe('the orders query', () => {
  it.each([
    [{}, { tab: 'to_ship', page: 1, q: undefined }],
    // requirements#seller-orders: a SKU, a buyer's name, a span of Indian days
    [{ q: ' DM-TEE_01 ' }, { tab: 'to_ship', page: 1, q: 'DM-TEE_01' }],
    [{ q: 'Priya   Sharma' }, { tab: 'to_ship', page: 1, q: 'Priya Sharma' }],
    [{ q: 'प्रिया' }, { tab: 'to_ship', page: 1, q: 'प्रिया' }],
    [{ q: "D'Souza" }, { tab: 'to_ship', page: 1, q: "D'Souza" }],
    [
      { from: '2026-11-01', to: '2026-11-30' },
      { tab: 'to_ship', page: 1, q: undefined, from: '2026-11-01', to: '2026-11-30' },
    ],
    [
      { from: '2026-11-20', to: '2026-11-20' },
      { tab: 'to_ship', page: 1, q: undefined, from: '2026-11-20', to: '2026-11-20' },
    ],
    [
      { tab: 'new', q: ' od2026 ' },
      { tab: 'new', page: 1, q: 'OD2026' },
    ],
    [{ q: '20261120' }, { tab: 'to_ship', page: 1, q: 'OD20261120' }],
    [
      { q: '   ', page: '3' },
      { tab: 'to_ship', page: 3, q: undefined },
    ],
  ])('reads %j', (input, expected) => {
    expect(SellerOrdersQuery.parse(input)).toEqual(expected);
  });

  it.each([
    { tab: 'lost' },
    { q: '<script>' },
    { q: 'OD12%' },
    { q: 'OD1\u0000' },
    { q: `OD${'1'.repeat(60)}` },
    { q: 'a'.repeat(61) },
    { q: 'sku;drop' },
    { q: 'a\\b' },
    { from: '2026-02-30' },
    { from: '20-11-2026' },
    { to: '2026-11-20T00:00' },
    { from: '2026-11-21', to: '2026-11-20' },
    { page: '0' },
    { page: '1.5' },
    { page: 'abc' },
  ])('refuses %j', (input) => {
    expect(SellerOrdersQuery.safeParse(input).success).toBe(false);
  });
});

describe('the returns queue rules (requirements#seller-returns)', () => {
  it('offers each kind its decisions', () => {
    expect(decisionsFor('return')).toEqual(['refund-with-reverse', 'refund-without-reverse', 'rejected']);
    expect(decisionsFor('replace')).toEqual([
      'initiate-replacement',
      'reject-with-return',
      'reject-without-return',
    ]);
  });
  it.each([
    ['rejected', true],
    ['reject-with-return', true],
    ['reject-without-return', true],
    ['refund-with-reverse', false],
    ['initiate-replacement', false],
    ['completed', false],
  ])('%s is a rejection: %s', (decision, expected) => {
    expect(isRejection(decision)).toBe(expected);
  });
  it.each([
    [{ kind: 'return', status: 'refund-with-reverse', pickedUpAt: null }, true],
    [{ kind: 'return', status: 'refund-with-reverse', pickedUpAt: '2026-11-20T10:00:00Z' }, false],
    [{ kind: 'return', status: 'refund-without-reverse', pickedUpAt: null }, false],
    [{ kind: 'replace', status: 'initiate-replacement', pickedUpAt: null }, true],
    [{ kind: 'replace', status: 'reject-with-return', pickedUpAt: null }, true],
    [{ kind: 'return', status: 'pending', pickedUpAt: null }, false],
  ])('%j awaits its pickup: %s', (request, expected) => {
    expect(awaitsPickup(request)).toBe(expected);
  });
});
