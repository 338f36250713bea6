import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';

/**
 * requirements#seller-orders: domain `dispatchDeadline` in SQL — the end (23:59:59.999) of the
 * Indian calendar day `dispatchDays` days after the one the order was placed on. India keeps
 * +05:30 all year, so the day is found by shifting the UTC clock (no time-zone tables needed).
 * A test holds the two to one table.
 */
export function dispatchDeadlineSql(placedAt: SQLWrapper, dispatchDays: SQLWrapper): SQL {
  return sql`((date_trunc('day', (${placedAt} AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')
      + (${dispatchDays} + 1) * interval '1 day' - interval '5 hours 30 minutes' - interval '1 millisecond')
      AT TIME ZONE 'UTC')`;
}
