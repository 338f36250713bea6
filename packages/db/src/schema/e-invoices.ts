import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { shipments } from './orders.ts';
import { taxDocuments } from './tax.ts';

// not_required: the document was taken back whole within 24 hours of its invoice's IRN, which was cancelled
// instead (requirements#e-invoicing, ADR-0044); or its invoice was never registered before it was taken back
export const E_INVOICE_STATUSES = ['pending', 'registered', 'refused', 'cancelled', 'not_required'] as const;
export const EWAY_BILL_STATUSES = ['pending', 'generated', 'refused', 'not_required'] as const;

/**
 * requirements#e-invoicing: a B2B document's registration with the Invoice Registration Portal (ADR-0042).
 * The document itself never changes; this row says whether it may go out. It is also the queue of
 * registrations waiting: `pending` rows are tried at `next_attempt_at`, with backoff after an outage.
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    id: id(),
    documentId: integer()
      .notNull()
      .references(() => taxDocuments.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    status: text().notNull().default('pending'),
    payload: jsonb(), // the INV-01 JSON sent, as sent
    irn: text(),
    ackNo: text(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    signedQrCode: text(),
    signedInvoice: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    errorCode: text(), // the portal's code of the last refusal or outage
    errorMessage: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('e_invoices_document_key').on(t.documentId),
    uniqueIndex('e_invoices_irn_key').on(t.irn),
    index('e_invoices_seller_idx').on(t.sellerId, t.createdAt),
    index('e_invoices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('e_invoices_status_known', sql.raw(oneOf('status', E_INVOICE_STATUSES))),
    check(
      'e_invoices_registered_whole',
      sql`${t.status} NOT IN ('registered', 'cancelled') OR (${t.irn} IS NOT NULL AND ${t.ackNo} IS NOT NULL AND ${t.acknowledgedAt} IS NOT NULL AND ${t.signedQrCode} IS NOT NULL)`,
    ),
    check('e_invoices_refused_has_reason', sql`${t.status} <> 'refused' OR ${t.errorCode} IS NOT NULL`),
    check('e_invoices_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/** requirements#eway-bill: Part A of the e-way bill of a shipment whose consignment is above ₹50,000. */
export const ewayBills = pgTable(
  'eway_bills',
  {
    id: id(),
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    documentId: integer()
      .notNull()
      .references(() => taxDocuments.id),
    status: text().notNull().default('pending'),
    valuePaise: integer().notNull(),
    distanceKm: integer().notNull(),
    partA: jsonb().notNull(),
    ewbNo: text(),
    generatedAt: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    errorCode: text(),
    errorMessage: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('eway_bills_shipment_key').on(t.shipmentId),
    index('eway_bills_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('eway_bills_status_known', sql.raw(oneOf('status', EWAY_BILL_STATUSES))),
    check('eway_bills_threshold', sql`${t.valuePaise} > 5000000`),
    check('eway_bills_distance', sql`${t.distanceKm} BETWEEN 1 AND 4000`),
    check(
      'eway_bills_generated_whole',
      sql`${t.status} <> 'generated' OR (${t.ewbNo} IS NOT NULL AND ${t.validUntil} IS NOT NULL)`,
    ),
  ],
);
