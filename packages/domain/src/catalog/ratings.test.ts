import { describe, expect, it } from 'vitest';
import { averageRating, ratingBars, totalRatings, type StarCounts } from './ratings.ts';

const stars = (counts: Partial<StarCounts>): StarCounts => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, ...counts });

describe('averageRating', () => {
  it.each([
    { counts: stars({ 5: 10 }), average: 5 },
    { counts: stars({ 1: 1, 5: 1 }), average: 3 },
    { counts: stars({ 5: 2, 4: 1 }), average: 4.7 }, // 4.666...
    { counts: stars({ 5: 1, 4: 3 }), average: 4.3 }, // 4.25 rounds up
    { counts: stars({ 5: 1, 4: 19 }), average: 4.1 }, // 4.05 exactly, no floating-point slip
    { counts: stars({ 3: 2, 2: 1 }), average: 2.7 }, // 2.666...
    { counts: stars({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 }), average: 3 },
    { counts: stars({ 1: 7 }), average: 1 },
    { counts: stars({}), average: 0 }, // none
  ])('$counts -> $average', ({ counts, average }) => {
    expect(averageRating(counts)).toBe(average);
  });
});

describe('ratingBars', () => {
  it.each([
    {
      counts: stars({ 5: 3, 4: 1, 1: 1 }),
      bars: [
        { star: 5, count: 3, percent: 60 },
        { star: 4, count: 1, percent: 20 },
        { star: 1, count: 1, percent: 20 },
      ],
    },
    {
      counts: stars({ 5: 1, 4: 1, 3: 1 }),
      bars: [
        { star: 5, count: 1, percent: 33 },
        { star: 4, count: 1, percent: 33 },
        { star: 3, count: 1, percent: 33 },
      ],
    },
    {
      counts: stars({ 5: 2, 4: 1 }),
      bars: [
        { star: 5, count: 2, percent: 67 },
        { star: 4, count: 1, percent: 33 },
      ],
    },
    {
      counts: stars({ 5: 199, 1: 1 }), // 99.5% and 0.5% both round up
      bars: [
        { star: 5, count: 199, percent: 100 },
        { star: 1, count: 1, percent: 1 },
      ],
    },
    {
      counts: stars({ 5: 300, 2: 1 }), // 0.33% rounds to 0%: the row is hidden
      bars: [{ star: 5, count: 300, percent: 100 }],
    },
    { counts: stars({}), bars: [] },
  ])('$counts -> $bars', ({ counts, bars }) => {
    expect(ratingBars(counts)).toEqual(bars);
  });

  it('counts every star', () => {
    expect(totalRatings(stars({ 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 }))).toBe(15);
  });
});
