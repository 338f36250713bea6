/** Arrival dates are Indian calendar dates, whatever the server's own time zone. */
export const ARRIVAL_TIME_ZONE = 'Asia/Kolkata';

const DAY_MS = 24 * 60 * 60 * 1000;

// made once: a formatter costs far more to build than to use
const ARRIVAL_FORMAT = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: ARRIVAL_TIME_ZONE,
});

/**
 * requirements#arrival-date: arrival = today plus arriving_days. India keeps no daylight saving time, so whole days
 * of 24 hours land on the same clock time in Asia/Kolkata.
 */
export function arrivalDate(today: Date, arrivingDays: number): Date {
  if (!Number.isSafeInteger(arrivingDays) || arrivingDays < 0) {
    throw new RangeError(`Arriving days must be a whole number of days, got ${arrivingDays}`);
  }
  return new Date(today.getTime() + arrivingDays * DAY_MS);
}

/** requirements#arrival-date: the en-IN short format, e.g. 'Wed, 25 Nov', as a date in India. */
export function formatArrivalDate(date: Date): string {
  return ARRIVAL_FORMAT.format(date);
}
