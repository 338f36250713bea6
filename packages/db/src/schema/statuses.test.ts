import { getTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_KINDS } from '@marketplace/domain/orders/feedback';
import {
  ORDER_ITEM_STATUSES,
  REQUEST_DECISIONS,
  REQUEST_KINDS,
  SPLIT_MODES,
} from '@marketplace/domain/orders/state-machine';
import { TRACKING_STATUSES } from '@marketplace/domain/orders/tracking';
import { oneOf } from './columns.ts';
import * as schema from './orders.ts';

// The database refuses what the domain does not know, from the domain's own lists.

const checkSql = (table: PgTable, name: string) => {
  const found = getTableConfig(table).checks.find((c) => c.name === name);
  if (!found) throw new Error(`no check ${name}`);
  return new PgDialect().sqlToQuery(found.value).sql;
};

describe('status checks built from the domain', () => {
  it.each([
    [schema.orderItems, 'order_items_status_known', oneOf('status', ORDER_ITEM_STATUSES)],
    [schema.orderItems, 'order_items_split_mode_known', oneOf('split_mode', SPLIT_MODES)],
    [schema.shipments, 'shipments_status_known', oneOf('status', TRACKING_STATUSES)],
    [schema.trackingEvents, 'tracking_events_status_known', oneOf('status', TRACKING_STATUSES)],
    [schema.itemRequests, 'item_requests_kind_known', oneOf('kind', REQUEST_KINDS)],
    [schema.feedback, 'feedback_kind_known', oneOf('kind', FEEDBACK_KINDS)],
  ] as const)('%#: %2$s', (table, name, expected) => {
    expect(checkSql(table, name)).toContain(expected);
  });

  it('lets a request be pending or take one of its kind’s decisions, and nothing else', () => {
    const sql = checkSql(schema.itemRequests, 'item_requests_status_fits_kind');
    for (const kind of REQUEST_KINDS)
      expect(sql).toContain(
        `kind = '${kind}' AND ${oneOf('status', ['pending', ...REQUEST_DECISIONS[kind]])}`,
      );
  });

  it('re-exports the domain’s lists rather than declaring its own', () => {
    expect(schema.ORDER_ITEM_STATUSES).toBe(ORDER_ITEM_STATUSES);
    expect(schema.TRACKING_STATUSES).toBe(TRACKING_STATUSES);
    expect(schema.REQUEST_KINDS).toBe(REQUEST_KINDS);
    expect(schema.FEEDBACK_KINDS).toBe(FEEDBACK_KINDS);
  });
});
