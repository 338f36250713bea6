// requirements#gst-tax: how Seller Central shows an HSN code's GST rate. The rate is derived from
// the schedule by HSN code and day (ADR 0041), never typed: the listing form shows it read-only.
import type { HsnOption } from './rates-api.ts';

/** A rate in basis points as the listing form writes it: 5 %, 0.25 %, 18 %. */
const percent = (rateBp: number) => `${Number((rateBp / 100).toFixed(4))} %`;

const rupees = (paise: number) =>
  `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(paise / 100)}`;

type RateToday = Pick<HsnOption, 'rateBp' | 'thresholdPaise' | 'rateAboveBp'>;

/** "GST 5 % today", or with the schedule's per-piece threshold "GST 5 % today; 18 % above ₹2,500 a piece". */
export function gstTodayText(rate: RateToday): string {
  const base = `GST ${percent(rate.rateBp)} today`;
  if (rate.thresholdPaise === null || rate.rateAboveBp === null) return base;
  return `${base}; ${percent(rate.rateAboveBp)} above ${rupees(rate.thresholdPaise)} a piece`;
}

/** One line of the HSN picker: the code the listing gets, and what it covers with today's rate. */
export type HsnChoice = { id: string; label: string; detail: string } & RateToday;

/**
 * The picker's lines for a search. The schedule holds prefixes (62 covers every 62xx code): when the
 * seller typed a longer code under a prefix, the line offers the typed code with the prefix's rate.
 */
export function hsnChoices(options: readonly HsnOption[], q: string, digitsRequired: number): HsnChoice[] {
  const typed = q.replace(/\s+/g, '');
  const isCode = /^\d{4}(\d{2}){0,2}$/.test(typed);
  const seen = new Set<string>();
  const choices: HsnChoice[] = [];
  for (const option of options) {
    const code = isCode && typed.startsWith(option.hsnCode) ? typed : option.hsnCode;
    if (seen.has(code)) continue;
    seen.add(code);
    const short =
      code.length < digitsRequired ? ` · type the full code, ${digitsRequired} digits or more` : '';
    choices.push({
      id: code,
      label: code,
      detail: `${option.description} · ${gstTodayText(option)}${short}`,
      rateBp: option.rateBp,
      thresholdPaise: option.thresholdPaise,
      rateAboveBp: option.rateAboveBp,
    });
  }
  return choices;
}
