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

/**
 * When a shipment left the seller, for the dispatch deadline (requirements#courier-batches): a parcel the
 * seller ships itself, when its shipment was made; one booked with the Bazaar courier, at the
 * courier's pickup scan (its first status past "waiting for pickup"), null until then. Booking
 * alone does not meet the deadline: the parcel is still on the seller's shelf.
 */
export function dispatchedAtSql(shipment: {
  id: SQLWrapper;
  createdAt: SQLWrapper;
  courierProvider: SQLWrapper;
}): SQL<Date | null> {
  return sql<Date | null>`(CASE WHEN ${shipment.courierProvider} IS NULL THEN ${shipment.createdAt}
      ELSE (SELECT min(te.occurred_at) FROM tracking_events te
             WHERE te.shipment_id = ${shipment.id}
               AND te.status NOT IN ('manifested', 'not_picked', 'cancelled_by_seller')) END)`;
}
