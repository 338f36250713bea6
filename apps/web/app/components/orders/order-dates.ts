// How the order pages write days and moments: as shoppers in India read them.
import { formatCalendarDay, formatIndianDate } from '@marketplace/domain/text/dates';

const IST = 'Asia/Kolkata';
const DAY_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: IST,
});

/** A moment's day in India, as every page writes a day: 'Mon, 23 Nov 2026'. */
export const formatDay = (iso: string) => formatIndianDate(iso);
/** A moment of a tracking event: '23 Nov, 4:05 pm'. */
export const formatMoment = (iso: string) => DAY_TIME.format(new Date(iso));
/** A calendar day (YYYY-MM-DD) as a shopper reads it: 'Mon, 23 Nov 2026'. */
export const formatDate = (day: string) => formatCalendarDay(day);
/** How the status sentences (item-status.ts) write an instant and a calendar day. */
export const DAY_FORMAT = { day: formatDay, date: formatDate };
