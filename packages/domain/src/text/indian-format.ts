// Display formats shared by the pages. Formatters are made once: building an Intl formatter costs
// far more than using one, and a product page formats dozens of counts and dates.

const COUNT_FORMAT = new Intl.NumberFormat('en-IN');
const LONG_DATE_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** A count with Indian digit grouping: 1234567 -> '12,34,567'. */
export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}

/** A calendar date in India, e.g. '25 November 2026'. */
export function formatLongDate(date: Date | string): string {
  return LONG_DATE_FORMAT.format(typeof date === 'string' ? new Date(date) : date);
}
