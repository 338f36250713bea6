import { describe, expect, it } from 'vitest';
import { arrivalDate, formatArrivalDate } from './arrival.ts';

describe('arrival date', () => {
  it.each([
    { today: '2026-11-22T10:00:00+05:30', days: 3, shown: 'Wed, 25 Nov' },
    { today: '2026-11-22T10:00:00+05:30', days: 0, shown: 'Sun, 22 Nov' },
    { today: '2026-11-22T10:00:00+05:30', days: 1, shown: 'Mon, 23 Nov' },
    { today: '2026-11-22T10:00:00+05:30', days: 9, shown: 'Tue, 1 Dec' }, // month rollover
    { today: '2026-12-30T09:00:00+05:30', days: 3, shown: 'Sat, 2 Jan' }, // year rollover
    { today: '2028-02-27T12:00:00+05:30', days: 2, shown: 'Tue, 29 Feb' }, // leap day
    // late evening in India is still the previous day in UTC: the date shown is India's
    { today: '2026-11-21T23:30:00+05:30', days: 0, shown: 'Sat, 21 Nov' },
    { today: '2026-11-21T23:30:00+05:30', days: 1, shown: 'Sun, 22 Nov' },
    { today: '2026-11-22T00:15:00+05:30', days: 0, shown: 'Sun, 22 Nov' },
  ])('$today plus $days days is $shown', ({ today, days, shown }) => {
    expect(formatArrivalDate(arrivalDate(new Date(today), days))).toBe(shown);
  });

  it('adds whole days without touching the argument', () => {
    const today = new Date('2026-11-22T10:00:00+05:30');
    expect(arrivalDate(today, 2).toISOString()).toBe('2026-11-24T04:30:00.000Z');
    expect(today.toISOString()).toBe('2026-11-22T04:30:00.000Z');
  });

  it.each([[-1], [1.5], [Number.NaN]])('rejects %d arriving days', (days) => {
    expect(() => arrivalDate(new Date('2026-11-22T10:00:00+05:30'), days)).toThrow(RangeError);
  });
});
