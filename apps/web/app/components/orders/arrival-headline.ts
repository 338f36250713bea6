import { ARRIVAL_TIME_ZONE, formatArrivalDate } from '@marketplace/domain/delivery/arrival';

// requirements#tracking: the tracking page leads with when the parcel comes (or came); the six
// steps and their labels follow below it.

const CALENDAR = new Intl.DateTimeFormat('en-CA', { timeZone: ARRIVAL_TIME_ZONE });
const WEEKDAY = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: ARRIVAL_TIME_ZONE });
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days in India from `from` to `to` (0: the same day). */
function daysBetween(from: Date, to: Date): number {
  const day = (date: Date) => Date.parse(`${CALENDAR.format(date)}T00:00:00Z`);
  return Math.round((day(to) - day(from)) / DAY_MS);
}

export type ArrivalHeadline = { title: string; detail: string | null };

/**
 * 'Arriving Friday' (within the week), 'Arriving today', 'Arriving tomorrow', 'Arriving Wed, 2 Dec'
 * further on, 'Delivered Mon, 23 Nov' once it came; null when no date is known or the parcel will not come.
 */
export function arrivalHeadline({
  arrivingBy,
  deliveredAt,
  isStopped,
  now,
}: {
  arrivingBy: string | null;
  deliveredAt: string | null;
  /** cancelled by the seller, returned to the seller, lost, failed: no arrival to promise */
  isStopped: boolean;
  now: Date;
}): ArrivalHeadline | null {
  if (deliveredAt) return { title: `Delivered ${formatArrivalDate(new Date(deliveredAt))}`, detail: null };
  if (isStopped || !arrivingBy) return null;
  const arrival = new Date(arrivingBy);
  if (Number.isNaN(arrival.getTime())) return null;
  const days = daysBetween(now, arrival);
  const date = formatArrivalDate(arrival);
  if (days < 0) return { title: 'Running late', detail: `It was expected by ${date}` };
  if (days === 0) return { title: 'Arriving today', detail: null };
  if (days === 1) return { title: 'Arriving tomorrow', detail: date };
  if (days < 7) return { title: `Arriving ${WEEKDAY.format(arrival)}`, detail: date };
  return { title: `Arriving ${date}`, detail: null };
}
