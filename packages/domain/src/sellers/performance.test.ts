import { describe, expect, it } from 'vitest';
import { averageRating, formatRate, isPastTarget, PERFORMANCE_TARGETS, rateOf } from './performance.ts';

// requirements#operator-sellers
describe('a rate of part over whole', () => {
  const TABLE: [part: number, whole: number, rate: number | null, shown: string][] = [
    [0, 0, null, '—'],
    [3, 0, null, '—'],
    [0, 10, 0, '0.0%'],
    [1, 40, 0.025, '2.5%'],
    [1, 3, 1 / 3, '33.3%'],
    [2, 3, 2 / 3, '66.7%'],
    [1, 8, 0.125, '12.5%'], // exactly half a tenth: rounds up
    [1, 16, 0.0625, '6.3%'], // 6.25 rounds half up
    [1, 2000, 0.0005, '0.1%'],
    [1, 2001, 1 / 2001, '0.0%'],
    [7, 7, 1, '100.0%'],
    [9, 7, 1, '100.0%'], // a count never shows above all of it
  ];
  for (const [part, whole, rate, shown] of TABLE) {
    it(`${part} of ${whole} is ${shown}`, () => {
      expect(rateOf({ part, whole })).toBe(rate);
      expect(formatRate({ part, whole })).toBe(shown);
    });
  }

  it('refuses counts that are not whole numbers from 0', () => {
    expect(() => rateOf({ part: -1, whole: 3 })).toThrow(RangeError);
    expect(() => rateOf({ part: 1.5, whole: 3 })).toThrow(RangeError);
    expect(() => formatRate({ part: 1, whole: Number.NaN })).toThrow(RangeError);
  });
});

describe('targets', () => {
  const TABLE: [part: number, whole: number, target: number, past: boolean][] = [
    [0, 0, PERFORMANCE_TARGETS.cancellation, false],
    [1, 40, PERFORMANCE_TARGETS.cancellation, false], // 2.5% is on the target, not past it
    [2, 81, PERFORMANCE_TARGETS.cancellation, false], // 2.47%
    [2, 79, PERFORMANCE_TARGETS.cancellation, true], // 2.53%
    [2, 40, PERFORMANCE_TARGETS.cancellation, true],
    [1, 25, PERFORMANCE_TARGETS.lateShipment, false], // 4%
    [2, 49, PERFORMANCE_TARGETS.lateShipment, true],
  ];
  for (const [part, whole, target, past] of TABLE) {
    it(`${part} of ${whole} against ${target}: ${past ? 'past' : 'within'}`, () => {
      expect(isPastTarget({ part, whole }, target)).toBe(past);
    });
  }
});

describe('the average rating', () => {
  const TABLE: [sum: number, count: number, average: number | null][] = [
    [0, 0, null],
    [5, 1, 5],
    [9, 2, 4.5],
    [13, 3, 4.3],
    [14, 3, 4.7],
    [41, 10, 4.1],
  ];
  for (const [sum, count, average] of TABLE) {
    it(`${sum} over ${count} ratings is ${average}`, () => expect(averageRating(sum, count)).toBe(average));
  }
  it('refuses negative counts', () => expect(() => averageRating(-1, 2)).toThrow(RangeError));
});
