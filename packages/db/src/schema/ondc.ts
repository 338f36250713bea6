// ONDC, the Open Network for Digital Commerce (ADR-0062, docs/requirements.md#ondc): the shop is a
// seller-side app (BPP) on the Beckn protocol; these tables keep what the network asked and what
// the shop owes it back.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

export const ONDC_CALLBACK_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Every signed request the shop acknowledged, by its sender and message_id: a second request with
 * the same message_id is a replay and is refused (docs/requirements.md#ondc-signing).
 */
export const ondcRequests = pgTable(
  'ondc_requests',
  {
    id: id(),
    senderId: text().notNull(),
    action: text().notNull(),
    messageId: text().notNull(),
    transactionId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ondc_requests_message_key').on(t.senderId, t.messageId, t.action),
    index('ondc_requests_received_idx').on(t.receivedAt),
  ],
);

/**
 * The answers (on_search, on_select, …) the shop owes buyer apps: sent by a job from this durable
 * queue, retried with backoff, and kept as 'failed' for staff when the buyer app never takes them.
 */
export const ondcCallbacks = pgTable(
  'ondc_callbacks',
  {
    id: id(),
    action: text().notNull(),
    url: text().notNull(),
    bapId: text().notNull(),
    messageId: text().notNull(),
    transactionId: text().notNull(),
    body: jsonb().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // one answer per request: a retried request never queues a second one
    uniqueIndex('ondc_callbacks_message_key').on(t.bapId, t.messageId, t.action),
    index('ondc_callbacks_pending_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('ondc_callbacks_status_idx').on(t.status, t.createdAt),
    check('ondc_callbacks_status_known', sql.raw(oneOf('status', ONDC_CALLBACK_STATUSES))),
    check('ondc_callbacks_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/**
 * The network's buyer apps as shoppers: each buyer app orders under one account of the shop, so
 * its orders run through the same placement, stock, invoices and payouts as the shop's own.
 */
export const ondcBuyerApps = pgTable('ondc_buyer_apps', {
  bapId: text().primaryKey(),
  userId: integer()
    .notNull()
    .unique()
    .references(() => users.id),
  createdAt: createdAt(),
});

/** A Bazaar order placed by a buyer app's confirm, with the network's ids. */
export const ondcOrders = pgTable(
  'ondc_orders',
  {
    id: id(),
    bapId: text().notNull(),
    bapUri: text().notNull(),
    ondcOrderId: text().notNull(),
    transactionId: text().notNull(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id),
    providerId: text().notNull(),
    city: text().notNull(),
    domain: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ondc_orders_network_key').on(t.bapId, t.ondcOrderId),
    index('ondc_orders_created_idx').on(t.createdAt),
  ],
);
