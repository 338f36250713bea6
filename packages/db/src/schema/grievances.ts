import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES } from '@marketplace/domain/grievances/grievances';
import { GRIEVANCE_MESSAGE_KINDS } from '@marketplace/domain/grievances/grievance-api';
import { createdAt, id, oneOf, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';
import { users } from './users.ts';

/**
 * requirements#grievances: a shopper's complaint. Its deadlines are written once at filing (from
 * the domain's rules), so the console's overdue filter is a plain comparison.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: id(),
    ticketNo: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    orderId: integer().references(() => orders.id),
    category: text().notNull(),
    subject: text().notNull(),
    description: text().notNull(),
    status: text().notNull().default('open'),
    filedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acknowledgeBy: timestamp({ withTimezone: true }).notNull(),
    resolveBy: timestamp({ withTimezone: true }).notNull(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    resolvedAt: timestamp({ withTimezone: true }),
    resolution: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('grievances_ticket_no_key').on(t.ticketNo),
    index('grievances_user_filed_idx').on(t.userId, t.filedAt),
    index('grievances_status_filed_idx').on(t.status, t.filedAt),
    check('grievances_status_known', sql.raw(oneOf('status', GRIEVANCE_STATUSES))),
    check('grievances_category_known', sql.raw(oneOf('category', GRIEVANCE_CATEGORIES))),
    check(
      'grievances_resolved_has_resolution',
      sql`(${t.status} = 'resolved') = (${t.resolvedAt} IS NOT NULL AND ${t.resolution} IS NOT NULL)`,
    ),
    check('grievances_acknowledged_at', sql`${t.status} = 'open' OR ${t.acknowledgedAt} IS NOT NULL`),
  ],
);

/** The running number of each Indian year's tickets: one row a year, bumped under its row lock. */
export const grievanceCounters = pgTable('grievance_counters', {
  year: integer().primaryKey(),
  lastNumber: integer().notNull(),
});

/** What was said on a ticket after filing: staff's acknowledgement, replies and resolution, the shopper's replies. */
export const grievanceMessages = pgTable(
  'grievance_messages',
  {
    id: id(),
    grievanceId: integer()
      .notNull()
      .references(() => grievances.id),
    kind: text().notNull(),
    /** 'shopper' or 'staff' */
    author: text().notNull(),
    /** the staff member who wrote it (null for the shopper, and for the seed's own staff answers) */
    staffId: integer().references(() => staff.id),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('grievance_messages_grievance_idx').on(t.grievanceId, t.createdAt),
    check('grievance_messages_kind_known', sql.raw(oneOf('kind', GRIEVANCE_MESSAGE_KINDS))),
    check('grievance_messages_author_known', sql`${t.author} IN ('shopper', 'staff')`),
    check(
      'grievance_messages_shopper_replies',
      sql`${t.author} = 'staff' OR (${t.kind} = 'reply' AND ${t.staffId} IS NULL)`,
    ),
  ],
);

/**
 * The grievance officer the storefront names (rule 4(4)): one row, edited by owners in the console.
 */
export const grievanceOfficer = pgTable(
  'grievance_officer',
  {
    id: integer().primaryKey().default(1),
    name: text().notNull(),
    designation: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    hours: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('grievance_officer_one_row', sql`${t.id} = 1`)],
);
