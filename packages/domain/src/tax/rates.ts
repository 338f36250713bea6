// requirements#gst-tax: GST rates as the law has them, in basis points (1 % = 100), and the facts
// about a seller and an HSN code that decide which rate a line takes.

/**
 * The GST rates goods can carry, in basis points of the taxable value (CGST + SGST, or IGST).
 * From 22 Sep 2025 (Notification 9/2025-Central Tax (Rate), Schedules I–VI) goods are taxed at
 * 0, 0.25, 1.5, 3, 5, 18 or 40 %. 12 % and 28 % are retired: 12 % for documents dated before
 * 22 Sep 2025, 28 % (tobacco and pan masala, Schedule VII) for documents dated before 1 Feb 2026
 * (Notification 19/2025-Central Tax (Rate)).
 */
export const GST_RATES_BP = [0, 25, 150, 300, 500, 1200, 1800, 2800, 4000] as const;
export type GstRateBp = (typeof GST_RATES_BP)[number];
/** The rates a schedule row may start on or after 22 Sep 2025. */
export const CURRENT_GST_RATES_BP = [0, 25, 150, 300, 500, 1800, 4000] as const;
/** GST 2.0: the day the 12 % and 28 % slabs (but for tobacco, see below) ended. */
export const GST_2_0_FROM = '2025-09-22';
/** Tobacco and pan masala to 40 %, compensation cess ended (Notification 19/2025-CT(Rate)). */
export const TOBACCO_40_FROM = '2026-02-01';

export const isGstRateBp = (value: unknown): value is GstRateBp =>
  typeof value === 'number' && (GST_RATES_BP as readonly number[]).includes(value);

/** A schedule row's HSN prefix: a chapter (2 digits), heading (4), sub-heading (6) or tariff item (8). */
export const HSN_PREFIX_PATTERN = /^[0-9]{2}(?:[0-9]{2}){0,3}$/;

/**
 * The aggregate-turnover band a seller declares: it decides how many HSN digits its documents carry
 * (Notification 78/2020-Central Tax: 4 up to ₹5 crore, 6 above) and whether it e-invoices.
 */
export const TURNOVER_BANDS = ['up_to_5cr', '5cr_to_10cr', 'above_10cr'] as const;
export type TurnoverBand = (typeof TURNOVER_BANDS)[number];

/** The HSN digits a seller's products need: 6 above ₹5 crore turnover, 4 otherwise. */
export const hsnDigitsRequired = (band: TurnoverBand): 4 | 6 => (band === 'up_to_5cr' ? 4 : 6);

/** A rate in basis points as printed: 18%, 2.5%, 0.125% (half of 0.25 %, for CGST or SGST). */
export const formatRateBp = (rateBp: number): string => `${Number((rateBp / 100).toFixed(4))}%`;
