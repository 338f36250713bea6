import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PaymentPageScript } from '@marketplace/domain/admin/payment-scripts-api';
import { id } from './columns.ts';
import { staff } from './staff.ts';

/**
 * requirements#payment-page-scripts: each list of scripts the payment page was found loading, by its
 * fingerprint (PCI DSS 4.0 11.6.1). The newest check is the latest `checkedAt`; a list is reviewed
 * once an owner (or, for a new shop's first list, the first check) accepted it.
 */
export const paymentPageInventories = pgTable(
  'payment_page_inventories',
  {
    id: id(),
    /** SHA-256 of the list's addresses, kinds, integrity and content (inventoryText) */
    fingerprint: text().notNull(),
    scripts: jsonb().$type<PaymentPageScript[]>().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    /** the owner who reviewed it; null with a review for the first check's list */
    reviewedByStaffId: integer().references(() => staff.id),
    reviewedBy: text(),
  },
  (t) => [
    uniqueIndex('payment_page_inventories_fingerprint').on(t.fingerprint),
    index('payment_page_inventories_checked_idx').on(t.checkedAt),
  ],
);

/**
 * requirements#payment-page-scripts: what browsers reported the pages' policy blocked, counted per
 * day, page path, directive and blocked origin (never a full address: it may hold personal data).
 */
export const cspViolations = pgTable(
  'csp_violations',
  {
    day: date({ mode: 'string' }).notNull(),
    documentPath: text().notNull(),
    directive: text().notNull(),
    blocked: text().notNull(),
    sourceFile: text(),
    count: integer().notNull().default(1),
    firstAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.documentPath, t.directive, t.blocked] })],
);
