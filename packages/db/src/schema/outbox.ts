import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns.ts';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/** Email and SMS waiting to be sent (ADR-0007): written in the same transaction as what caused them. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    template: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    // a sender claims a row by moving this ahead (a lease), and a failed row waits until it
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_status_created_idx').on(t.status, t.createdAt),
    index('outbox_pending_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    check('outbox_channel_known', sql.raw(oneOf('channel', OUTBOX_CHANNELS))),
    check('outbox_status_known', sql.raw(oneOf('status', OUTBOX_STATUSES))),
    check('outbox_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);
