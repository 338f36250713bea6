import { describe, expect, it } from 'vitest';
import { payoutCycleText, salesPageOf, SettlementQuery } from './settlement-api.ts';

describe('a payout cycle in words', () => {
  it('runs from the previous cut-off’s day to the day before its own, in India', () => {
    // cut-offs are Mondays 00:00 IST, i.e. Sundays 18:30 UTC
    expect(payoutCycleText('2026-11-22T18:30:00.000Z', '2026-11-29T18:30:00.000Z')).toBe(
      'Mon, 23 Nov 2026 to Sun, 29 Nov 2026',
    );
  });

  it('reads "Up to" for a seller’s first payout', () => {
    expect(payoutCycleText(null, '2026-11-29T18:30:00.000Z')).toBe('Up to Sun, 29 Nov 2026');
  });
});

describe('the page of sales asked for', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['2', 2],
    ['10000', 10_000],
    ['10001', 1],
    ['0', 1],
    ['-2', 1],
    ['1.5', 1],
    ['abc', 1],
    ['\u0000', 1],
    ['9'.repeat(400), 1],
  ])('reads %j as page %i', (value, page) => {
    expect(salesPageOf(value)).toBe(page);
  });

  it('refuses a page that is not one in the API, with a reason', () => {
    const refused = SettlementQuery.safeParse({ page: 'abc' });
    expect(refused.success).toBe(false);
    expect(SettlementQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('Page starts at 1');
    expect(SettlementQuery.parse({ page: '3' })).toEqual({ page: 3 });
    expect(SettlementQuery.parse({})).toEqual({});
  });
});
