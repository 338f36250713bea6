// requirements#operator-sellers: a seller's performance over the last 90 days, as staff read it.
// The counts come from the database; the rates, targets and rating are computed here only.

/** How far back the rates look. */
export const PERFORMANCE_WINDOW_DAYS = 90;

/**
 * The rates a seller should stay below; past one the console flags it. The marketplace's own
 * choice (the spec names none): cancellations and late shipments are the seller's to prevent.
 */
export const PERFORMANCE_TARGETS = { cancellation: 0.025, lateShipment: 0.04 } as const;

/** A rate's two counts: `part` of `whole` (units, not order lines). */
export type RateCounts = { part: number; whole: number };

function checkCounts({ part, whole }: RateCounts) {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole) || part < 0 || whole < 0) {
    throw new RangeError(`A rate's counts must be whole numbers from 0, got ${part} of ${whole}`);
  }
}

/** The share `part / whole`, or null when there is nothing to measure (whole 0). Never above 1. */
export function rateOf(counts: RateCounts): number | null {
  checkCounts(counts);
  if (counts.whole === 0) return null;
  return Math.min(counts.part, counts.whole) / counts.whole;
}

/** A rate for people: one decimal, '12.5%'; '—' when there is nothing to measure. */
export function formatRate(counts: RateCounts): string {
  const rate = rateOf(counts);
  if (rate === null) return '—';
  // tenths of a percent, rounded half up from whole numbers (no float drift at .x5)
  const part = Math.min(counts.part, counts.whole);
  const tenths = Math.floor((2000 * part + counts.whole) / (2 * counts.whole));
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}

/** Whether a rate is past its target (nothing measured is never past it). */
export function isPastTarget(counts: RateCounts, target: number): boolean {
  const rate = rateOf(counts);
  return rate !== null && rate > target;
}

/** The seller's average rating to one decimal, as shoppers see it on the product page; null with no ratings. */
export function averageRating(sum: number, count: number): number | null {
  if (!Number.isSafeInteger(sum) || !Number.isSafeInteger(count) || sum < 0 || count < 0) {
    throw new RangeError(`A rating's sum and count must be whole numbers from 0, got ${sum} over ${count}`);
  }
  if (count === 0) return null;
  return Math.round((sum * 10) / count) / 10;
}
