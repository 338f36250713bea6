// How every page, for shoppers, sellers and staff alike, writes a day: 'Tue, 17 Nov 2026', the day
// in India (requirements#dates). Built from our own names rather than Intl's parts: ICU versions
// disagree on 'Sep' or 'Sept' and on a comma before the year, and Node 20 and 22 ship different ones.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
// India keeps one offset all year (no daylight saving time)
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);
/** The moment moved so that its UTC fields read India's wall clock. */
const indiaClock = (at: Date | string) => new Date(toDate(at).getTime() + INDIA_OFFSET_MS);

function dayText(clock: Date): string {
  return `${WEEKDAYS[clock.getUTCDay()]}, ${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
}

/** A moment as the day it is in India: '2026-11-20T20:00Z' -> 'Sat, 21 Nov 2026'. */
export function formatIndianDate(at: Date | string): string {
  return dayText(indiaClock(at));
}

/** A calendar day (YYYY-MM-DD), already India's, as the same words: '2026-11-17' -> 'Tue, 17 Nov 2026'. */
export function formatCalendarDay(day: string): string {
  return dayText(new Date(`${day}T00:00:00Z`));
}

/** A moment with its time in India: 'Tue, 17 Nov 2026, 3:35 pm'. */
export function formatIndianDateTime(at: Date | string): string {
  const clock = indiaClock(at);
  const hours = clock.getUTCHours();
  const minutes = String(clock.getUTCMinutes()).padStart(2, '0');
  return `${dayText(clock)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The calendar day in India as YYYY-MM-DD: '2026-11-20T20:00Z' -> '2026-11-21'. */
export function indianDay(at: Date | string): string {
  return indiaClock(at).toISOString().slice(0, 10);
}
