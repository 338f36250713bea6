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
 * What the headline says, before words: delivered on a day, late, today, tomorrow, on a weekday
 * within the week, or on a date further on; null when no date is known or the parcel will not come.
 */
export type ArrivalFacts =
  { kind: 'delivered' | 'late' | 'tomorrow' | 'weekday' | 'later'; date: Date } | { kind: 'today' };

export function arrivalFacts({
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
}): ArrivalFacts | null {
  if (deliveredAt) return { kind: 'delivered', date: new Date(deliveredAt) };
  if (isStopped || !arrivingBy) return null;
  const arrival = new Date(arrivingBy);
  if (Number.isNaN(arrival.getTime())) return null;
  const days = daysBetween(now, arrival);
  if (days < 0) return { kind: 'late', date: arrival };
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'tomorrow', date: arrival };
  if (days < 7) return { kind: 'weekday', date: arrival };
  return { kind: 'later', date: arrival };
}

/**
 * 'Arriving Friday' (within the week), 'Arriving today', 'Arriving tomorrow', 'Arriving Wed, 2 Dec'
 * further on, 'Delivered Mon, 23 Nov' once it came; null when no date is known or the parcel will not come.
 */
export function arrivalHeadline(input: Parameters<typeof arrivalFacts>[0]): ArrivalHeadline | null {
  const facts = arrivalFacts(input);
  if (!facts) return null;
  if (facts.kind === 'today') return { title: 'Arriving today', detail: null };
  const date = formatArrivalDate(facts.date);
  switch (facts.kind) {
    case 'delivered':
      return { title: `Delivered ${date}`, detail: null };
    case 'late':
      return { title: 'Running late', detail: `It was expected by ${date}` };
    case 'tomorrow':
      return { title: 'Arriving tomorrow', detail: date };
    case 'weekday':
      return { title: `Arriving ${WEEKDAY.format(facts.date)}`, detail: date };
    case 'later':
      return { title: `Arriving ${date}`, detail: null };
  }
}
