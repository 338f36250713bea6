import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDate } from './indian-format.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '1,00,000'],
    [1234567, '12,34,567'],
  ])('%i reads %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe('formatLongDate', () => {
  it.each([
    ['2026-11-25T10:00:00Z', '25 November 2026'],
    // late evening in UTC is already the next day in India
    ['2026-11-25T20:00:00Z', '26 November 2026'],
  ])('%s is %s in India', (iso, text) => {
    expect(formatLongDate(iso)).toBe(text);
    expect(formatLongDate(new Date(iso))).toBe(text);
  });
});
