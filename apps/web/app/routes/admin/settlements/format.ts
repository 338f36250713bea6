import { formatIndianDate } from '@marketplace/domain/text/dates';

/** A moment's Indian calendar day as every page writes a day: Tue, 1 Dec 2026. */
export function formatDay(iso: string): string {
  return formatIndianDate(iso);
}
