import { describe, expect, it } from 'vitest';
import { nextPayoutCycleEnd, payoutCycleEnd } from './cycle.ts';

// requirements#settlement: the weekly cut-off is Monday 00:00 IST (Sunday 18:30 UTC)
describe('the payout cycle’s cut-off', () => {
  it.each([
    ['Saturday 28 Nov 2026, 17:00 UTC', '2026-11-28T17:00:00Z', '2026-11-22T18:30:00.000Z'],
    ['Monday 23 Nov 2026, 00:00 IST exactly', '2026-11-22T18:30:00Z', '2026-11-22T18:30:00.000Z'],
    ['a moment before it', '2026-11-22T18:29:59Z', '2026-11-15T18:30:00.000Z'],
    ['Sunday 29 Nov 2026, 23:59 IST', '2026-11-29T18:29:00Z', '2026-11-22T18:30:00.000Z'],
    ['Monday 30 Nov 2026, 00:01 IST', '2026-11-29T18:31:00Z', '2026-11-29T18:30:00.000Z'],
  ])('%s falls in the cycle ending %s', (_label, now, end) => {
    expect(payoutCycleEnd(new Date(now)).toISOString()).toBe(end);
  });

  it('steps a week at a time, and a daily cycle cuts off at each IST midnight', () => {
    expect(nextPayoutCycleEnd(new Date('2026-11-22T18:30:00Z')).toISOString()).toBe(
      '2026-11-29T18:30:00.000Z',
    );
    expect(payoutCycleEnd(new Date('2026-11-28T17:00:00Z'), 1).toISOString()).toBe(
      '2026-11-27T18:30:00.000Z',
    );
    expect(payoutCycleEnd(new Date('2026-11-28T19:00:00Z'), 1).toISOString()).toBe(
      '2026-11-28T18:30:00.000Z',
    );
  });

  it('refuses what is not a date or a whole number of days', () => {
    expect(() => payoutCycleEnd(new Date('nope'))).toThrow(RangeError);
    expect(() => payoutCycleEnd(new Date(), 0)).toThrow(RangeError);
  });
});
