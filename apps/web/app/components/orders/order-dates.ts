// How the order pages write days and moments: as shoppers in India read them.

const IST = 'Asia/Kolkata';
const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: IST,
});
const DAY_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: IST,
});
const CALENDAR_DAY = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A date as shoppers in India read it: '23 Nov 2026'. */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
/** A moment of a tracking event: '23 Nov, 4:05 pm'. */
export const formatMoment = (iso: string) => DAY_TIME.format(new Date(iso));
/** A calendar day (YYYY-MM-DD) as a shopper reads it: 'Mon, 23 Nov 2026'. */
export const formatDate = (day: string) => CALENDAR_DAY.format(new Date(`${day}T00:00:00Z`));
/** How the status sentences (item-status.ts) write an instant and a calendar day. */
export const DAY_FORMAT = { day: formatDay, date: formatDate };
