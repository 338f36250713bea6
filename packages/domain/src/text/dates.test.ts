import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatIndianDate, formatIndianDateTime, indianDay } from './dates.ts';

describe('formatIndianDate: a moment as the day it is in India', () => {
  it.each([
    ['2026-11-17T10:00:00Z', 'Tue, 17 Nov 2026'],
    // 20:00 UTC is 01:30 the next morning in India
    ['2026-11-20T20:00:00Z', 'Sat, 21 Nov 2026'],
    ['2026-11-20T18:29:59Z', 'Fri, 20 Nov 2026'],
    ['2026-11-20T18:30:00Z', 'Sat, 21 Nov 2026'],
    ['2026-12-31T19:00:00Z', 'Fri, 1 Jan 2027'],
    ['2024-02-29T00:00:00Z', 'Thu, 29 Feb 2024'],
    ['2026-05-03T06:00:00Z', 'Sun, 3 May 2026'],
    // never ICU's 'Sept'
    ['2026-09-09T06:00:00Z', 'Wed, 9 Sep 2026'],
  ])('%s reads %s', (iso, text) => {
    expect(formatIndianDate(iso)).toBe(text);
    expect(formatIndianDate(new Date(iso))).toBe(text);
  });

  it('never puts a comma before the year', () => {
    for (let month = 0; month < 12; month++)
      expect(formatIndianDate(new Date(Date.UTC(2026, month, 15, 6)))).toMatch(
        /^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/,
      );
  });
});

describe('formatCalendarDay: a calendar day (YYYY-MM-DD) read as itself', () => {
  it.each([
    ['2026-11-17', 'Tue, 17 Nov 2026'],
    ['2026-11-21', 'Sat, 21 Nov 2026'],
    ['2027-01-01', 'Fri, 1 Jan 2027'],
  ])('%s reads %s', (day, text) => {
    expect(formatCalendarDay(day)).toBe(text);
  });
});

describe('formatIndianDateTime: the day and the time in India', () => {
  it.each([
    ['2026-11-17T10:05:00Z', 'Tue, 17 Nov 2026, 3:35 pm'],
    ['2026-11-20T20:00:00Z', 'Sat, 21 Nov 2026, 1:30 am'],
  ])('%s reads %s', (iso, text) => {
    expect(formatIndianDateTime(iso)).toBe(text);
  });
});

describe('indianDay: the calendar day in India', () => {
  it.each([
    ['2026-11-20T18:29:59Z', '2026-11-20'],
    ['2026-11-20T18:30:00Z', '2026-11-21'],
    ['2026-11-20T20:00:00Z', '2026-11-21'],
  ])('%s is %s', (iso, day) => {
    expect(indianDay(new Date(iso))).toBe(day);
  });
});
