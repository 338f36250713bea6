import { describe, expect, it } from 'vitest';
import { indianDate, indianDayStart, lastIndianDays } from './dashboard-api.ts';

describe('Indian calendar days', () => {
  it.each([
    ['2026-03-10T18:29:59.999Z', '2026-03-10'],
    ['2026-03-10T18:30:00.000Z', '2026-03-11'],
    ['2026-03-10T00:00:00.000Z', '2026-03-10'],
  ])('%s is %s in India', (at, day) => {
    expect(indianDate(new Date(at))).toBe(day);
  });

  it('starts a day at Indian midnight', () => {
    expect(indianDayStart(new Date('2026-03-10T20:00:00Z')).toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(indianDayStart(new Date('2026-03-10T20:00:00Z'), -1).toISOString()).toBe(
      '2026-03-09T18:30:00.000Z',
    );
  });

  it('lists the last days oldest first, today last, across a month end', () => {
    const days = lastIndianDays(new Date('2026-03-01T19:00:00Z'), 3);
    expect(days).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastIndianDays(new Date(), 30)).toHaveLength(30);
  });
});
