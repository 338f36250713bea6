import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const OUTBOX_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
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
    // one event's message on one channel to one recipient is queued once, whichever process or
    // path (the seller's form, a courier's scan, a retried request) saw the event first
    dedupeKey: text(),
  },
  (t) => [
    index('outbox_status_created_idx').on(t.status, t.createdAt),
    index('outbox_pending_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
    check('outbox_channel_known', sql.raw(oneOf('channel', OUTBOX_CHANNELS))),
    check('outbox_status_known', sql.raw(oneOf('status', OUTBOX_STATUSES))),
    check('outbox_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/**
 * What a shopper lets us send besides the messages the law and the order need (codes, order
 * confirmations, refunds, a failed delivery): optional order updates and offers, per channel.
 * No row means the defaults: updates by SMS and email on, WhatsApp and offers off (WhatsApp only
 * after the shopper turns it on, as Meta's business policy asks for an opt-in).
 */
export const messagePreferences = pgTable('message_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smsUpdates: boolean().notNull().default(true),
  emailUpdates: boolean().notNull().default(true),
  whatsappUpdates: boolean().notNull().default(false),
  smsOffers: boolean().notNull().default(false),
  emailOffers: boolean().notNull().default(false),
  whatsappOffers: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});
