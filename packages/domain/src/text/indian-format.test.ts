import { describe, expect, it } from 'vitest';
import { formatCount } from './indian-format.ts';

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
