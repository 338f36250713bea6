import { formatIndianDate } from '@marketplace/domain/text/dates';

const CLOCK = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A moment as India reads it: Sat, 28 Nov 2026, 14:05 (IST all year; staff read a 24-hour clock). */
export function formatMoment(iso: string): string {
  return `${formatIndianDate(iso)}, ${CLOCK.format(new Date(iso))}`;
}
