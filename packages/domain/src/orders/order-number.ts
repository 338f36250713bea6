import { indianDay } from '../text/dates.ts';

/**
 * An order number: OD, the day it was placed in India (yyyymmdd), then ten digits. The day is
 * India's, so an order placed at 01:30 on 21 Nov in Chennai (20:00 UTC on the 20th) reads 21 Nov.
 */
export function orderNumber(placedAt: Date, tenDigits: number): string {
  return `OD${indianDay(placedAt).replaceAll('-', '')}${String(tenDigits).padStart(10, '0').slice(-10)}`;
}
