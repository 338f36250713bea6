// requirements#gst-tax: which GST rate a line of goods takes, from the rate schedule (law as data):
// the row for the longest HSN prefix of the goods' code in force on the document's date, and, when
// the row has a per-piece value threshold, the piece's own sale value after discounts.
import { divideRounded } from '../money/money.ts';
import { type GstRateBp, isGstRateBp } from './rates.ts';

/** A row of the schedule as rules read it. Dates are calendar days in India, 'YYYY-MM-DD'. */
export type ScheduleRow = {
  hsnPrefix: string;
  description: string;
  effectiveFrom: string;
  rateBp: number;
  thresholdPaise: number | null;
  rateAboveBp: number | null;
  notification: string;
};

/** What decides a line's rate: the schedule row's rate, and its per-piece threshold when it has one. */
export type RateRule = Pick<ScheduleRow, 'rateBp' | 'thresholdPaise' | 'rateAboveBp' | 'notification'>;

const IST_OFFSET_MS = 330 * 60 * 1000;

/** The calendar day in India of an instant: a document's date. */
export const indiaDate = (at: Date): string =>
  new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The row that decides the rate of goods under `hsnCode` on `onDate`: of the rows in force that day
 * (starting on or before it), those with the longest prefix of the code; of them, the latest. Null
 * when no row covers the code: such goods cannot be listed or invoiced.
 */
export function scheduleRowFor<Row extends ScheduleRow>(
  rows: readonly Row[],
  hsnCode: string,
  onDate: string,
): Row | null {
  let best: Row | null = null;
  for (const row of rows) {
    if (row.effectiveFrom > onDate || !hsnCode.startsWith(row.hsnPrefix)) continue;
    if (
      !best ||
      row.hsnPrefix.length > best.hsnPrefix.length ||
      (row.hsnPrefix.length === best.hsnPrefix.length && row.effectiveFrom > best.effectiveFrom)
    )
      best = row;
  }
  return best;
}

/**
 * The rate of `quantity` pieces sold together for `valuePaise` (tax included, discounts taken off).
 * Without a threshold, the row's rate. With one (apparel and footwear: Notification 9/2025-Central
 * Tax (Rate), Schedule I, "sale value not exceeding ₹2,500 per piece"), the threshold is on the
 * sale value of a piece, the transaction value before tax after the discounts on the invoice; the
 * lower rate applies when the piece's value before tax at the lower rate is within the threshold,
 * the higher rate otherwise (so tax is never under-charged on a piece priced near the threshold).
 */
export function rateOfPieces(rule: RateRule, valuePaise: number, quantity: number): GstRateBp {
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`A quantity is a whole number from 1: ${quantity}`);
  const rate = rule.rateBp;
  if (!isGstRateBp(rate)) throw new RangeError(`Not a GST rate: ${rate}`);
  if (rule.thresholdPaise === null || rule.rateAboveBp === null) return rate;
  const above = rule.rateAboveBp;
  if (!isGstRateBp(above)) throw new RangeError(`Not a GST rate: ${above}`);
  const pieceBeforeTax = divideRounded(valuePaise * 10_000, (10_000 + rate) * quantity);
  return pieceBeforeTax <= rule.thresholdPaise ? rate : above;
}
