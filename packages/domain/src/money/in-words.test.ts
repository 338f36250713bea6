import { describe, expect, it } from 'vitest';
import { numberInWords, rupeesInWords } from './in-words.ts';

// requirements#gst-tax: the invoice's total in words, in lakhs and crores
describe('numbers in words, Indian numbering', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [13, 'Thirteen'],
    [20, 'Twenty'],
    [42, 'Forty-Two'],
    [100, 'One Hundred'],
    [105, 'One Hundred Five'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1000, 'One Thousand'],
    [15_000, 'Fifteen Thousand'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [1_23_456, 'One Lakh Twenty-Three Thousand Four Hundred Fifty-Six'],
    [10_00_005, 'Ten Lakh Five'],
    [1_00_00_000, 'One Crore'],
    [12_34_56_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [100_00_00_000, 'One Hundred Crore'],
    [1_25_00_00_000, 'One Hundred Twenty-Five Crore'],
  ])('%i is %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it.each([
    [0, 'Rupees Zero Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [36_700, 'Rupees Three Hundred Sixty-Seven Only'],
    [
      12_34_56_78,
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    ],
    [15_000_00, 'Rupees Fifteen Thousand Only'],
    [1_00_00_000_01, 'Rupees One Crore and One Paise Only'],
  ])('%i paise is %s', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (n) => {
    expect(() => numberInWords(n)).toThrow(RangeError);
    expect(() => rupeesInWords(n)).toThrow(RangeError);
  });
});
