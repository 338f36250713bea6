import { describe, expect, it } from 'vitest';
import { dispatchDeadline, isDispatchLate } from './dispatch.ts';

describe('dispatchDeadline', () => {
  it.each([
    // placed (UTC)                 days  deadline (UTC) = 23:59:59.999 in India on the last day
    ['2026-11-28T04:00:00.000Z', 2, '2026-11-30T18:29:59.999Z'],
    ['2026-11-28T18:29:59.999Z', 1, '2026-11-29T18:29:59.999Z'], // 23:59 in India on the 28th
    ['2026-11-28T18:30:00.000Z', 1, '2026-11-30T18:29:59.999Z'], // already the 29th in India
    ['2026-11-28T10:00:00.000Z', 0, '2026-11-28T18:29:59.999Z'], // same day
    ['2026-12-31T20:00:00.000Z', 3, '2027-01-04T18:29:59.999Z'], // across a year, in India's 1 January
  ])('placed %s with %i dispatch days → %s', (placed, days, deadline) => {
    expect(dispatchDeadline(new Date(placed), days).toISOString()).toBe(deadline);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s days', (days) => {
    expect(() => dispatchDeadline(new Date(), days)).toThrow(RangeError);
  });
});

describe('isDispatchLate', () => {
  const placedAt = new Date('2026-11-28T04:00:00.000Z'); // deadline 2026-11-30T18:29:59.999Z with 2 days
  it.each([
    ['waiting, before the deadline', null, '2026-11-30T18:29:59.999Z', false],
    ['waiting, after the deadline', null, '2026-11-30T18:30:00.000Z', true],
    ['dispatched in time, looked at later', '2026-11-30T10:00:00.000Z', '2026-12-05T00:00:00.000Z', false],
    ['dispatched after the deadline', '2026-12-01T03:00:00.000Z', '2026-12-05T00:00:00.000Z', true],
  ])('%s', (_case, dispatchedAt, now, late) => {
    expect(
      isDispatchLate(
        { placedAt, dispatchDays: 2, dispatchedAt: dispatchedAt ? new Date(dispatchedAt) : null },
        new Date(now),
      ),
    ).toBe(late);
  });
});
