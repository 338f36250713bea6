import { divideRounded } from '../money/money.ts';

/** How many ratings a product (or seller) has at each star. */
export type StarCounts = { 1: number; 2: number; 3: number; 4: number; 5: number };
export type Star = keyof StarCounts;

/** One bar of the rating popover: the share of ratings at a star, as a whole percent. */
export type RatingBar = { star: Star; count: number; percent: number };

const STARS_HIGH_TO_LOW: readonly Star[] = [5, 4, 3, 2, 1];

export function totalRatings(stars: StarCounts): number {
  return STARS_HIGH_TO_LOW.reduce((sum, star) => sum + stars[star], 0);
}

/** requirements#ratings: the star-weighted mean, sum(star x count) / total, to one decimal; 0 when none. */
export function averageRating(stars: StarCounts): number {
  const total = totalRatings(stars);
  if (total <= 0) return 0;
  const weighted = STARS_HIGH_TO_LOW.reduce((sum, star) => sum + star * stars[star], 0);
  return divideRounded(weighted * 10, total) / 10;
}

/** requirements#ratings: bars from 5 stars down to 1, percent = round(count / total x 100), rows at 0% hidden. */
export function ratingBars(stars: StarCounts): RatingBar[] {
  const total = totalRatings(stars);
  if (total <= 0) return [];
  return STARS_HIGH_TO_LOW.map((star) => ({
    star,
    count: stars[star],
    percent: divideRounded(stars[star] * 100, total),
  })).filter((bar) => bar.percent > 0);
}
