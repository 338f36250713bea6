import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sellers } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { staff } from './staff.ts';
import { SUPPLY_KINDS } from './tax.ts';

/** requirements#fee-invoices: a month's fees charged (an invoice) or, net of returns, given back (a credit note). */
export const FEE_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;

/**
 * requirements#settlement (ADR-0036), requirements#fee-invoices (ADR-0052): the marketplace's own tax
 * invoice to a seller for a month's fees (commission, closing and shipping fees net of returns, and
 * GST on them), numbered in the operator's series (FEE26-27/000001); or, for a month whose returns
 * gave back more fees than it charged, its credit note (FCN26-27/000001, CGST s. 34) naming the
 * seller's latest earlier fee invoice. Issued once the month has ended, by the month-end job or when
 * finance asks, so its number never changes; the figures are a snapshot, always positive (a credit
 * note's are what it gives back). Never updated, never deleted.
 */
export const feeInvoices = pgTable(
  'fee_invoices',
  {
    id: id(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    month: text().notNull(), // '2026-11': the Indian calendar month whose fees it charges
    kind: text().notNull().default('invoice'),
    // a credit note's fee invoice (rule 53(1A)(g)): the seller's latest one before the month
    invoiceId: integer().references((): AnyPgColumn => feeInvoices.id),
    number: text().notNull(),
    financialYear: text().notNull(),
    serial: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    sellerLegalName: text().notNull(),
    sellerGstin: text(),
    sellerStateCode: text().notNull(),
    sellerAddress: text(), // rule 46(d): the recipient's address (null only on invoices issued before it was kept)
    sellerPincode: text(),
    supplyKind: text().notNull(),
    commissionPaise: integer().notNull(),
    closingFeePaise: integer().notNull(),
    shippingFeePaise: integer().notNull(),
    taxablePaise: integer().notNull(),
    cgstPaise: integer().notNull(),
    sgstPaise: integer().notNull(),
    igstPaise: integer().notNull(),
    valuePaise: integer().notNull(),
    issuedBy: integer().references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fee_invoices_seller_month_key').on(t.sellerId, t.month),
    uniqueIndex('fee_invoices_kind_series_key').on(t.kind, t.financialYear, t.serial),
    uniqueIndex('fee_invoices_number_key').on(t.number),
    index('fee_invoices_month_idx').on(t.month, t.serial),
    check('fee_invoices_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('fee_invoices_supply_kind_known', sql.raw(oneOf('supply_kind', SUPPLY_KINDS))),
    check('fee_invoices_number_length', sql`length(${t.number}) <= 16`),
    check('fee_invoices_serial_positive', sql`${t.serial} >= 1`),
    check('fee_invoices_kind_known', sql.raw(oneOf('kind', FEE_DOCUMENT_KINDS))),
    check('fee_invoices_credit_note_of_invoice', sql`${t.kind} = 'credit_note' OR ${t.invoiceId} IS NULL`),
    check(
      'fee_invoices_taxable',
      sql`${t.taxablePaise} = ${t.commissionPaise} + ${t.closingFeePaise} + ${t.shippingFeePaise} AND ${t.taxablePaise} > 0`,
    ),
    check(
      'fee_invoices_adds_up',
      sql`${t.valuePaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
    check(
      'fee_invoices_tax_fits_supply',
      sql`(${t.supplyKind} = 'intra' AND ${t.igstPaise} = 0) OR (${t.supplyKind} = 'inter' AND ${t.cgstPaise} = 0 AND ${t.sgstPaise} = 0)`,
    ),
  ],
);

export const FEE_E_INVOICE_STATUSES = ['pending', 'registered', 'refused'] as const;

/**
 * requirements#fee-invoices (ADR-0052): a fee invoice's or fee credit note's registration with the
 * Invoice Registration Portal under the operator's GSTIN, when the operator's turnover requires
 * e-invoicing and the seller is registered. The document never changes; this row says whether it
 * carries its IRN yet. `pending` rows are tried at `next_attempt_at` by the fee invoice job.
 */
export const feeEInvoices = pgTable(
  'fee_e_invoices',
  {
    id: id(),
    feeInvoiceId: integer()
      .notNull()
      .references(() => feeInvoices.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    status: text().notNull().default('pending'),
    payload: jsonb(),
    irn: text(),
    ackNo: text(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    signedQrCode: text(),
    signedInvoice: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    errorCode: text(),
    errorMessage: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_e_invoices_document_key').on(t.feeInvoiceId),
    uniqueIndex('fee_e_invoices_irn_key').on(t.irn),
    index('fee_e_invoices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('fee_e_invoices_status_known', sql.raw(oneOf('status', FEE_E_INVOICE_STATUSES))),
    check(
      'fee_e_invoices_registered_whole',
      sql`${t.status} <> 'registered' OR (${t.irn} IS NOT NULL AND ${t.ackNo} IS NOT NULL AND ${t.acknowledgedAt} IS NOT NULL AND ${t.signedQrCode} IS NOT NULL)`,
    ),
    check('fee_e_invoices_refused_has_reason', sql`${t.status} <> 'refused' OR ${t.errorCode} IS NOT NULL`),
  ],
);
