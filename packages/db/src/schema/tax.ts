import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CURRENT_GST_RATES_BP, GST_2_0_FROM, GST_RATES_BP } from '@marketplace/domain/tax/rates';
import { sellers } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { itemRequests, orderItems, orders, shipments } from './orders.ts';
import { users } from './users.ts';

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export const SUPPLY_KINDS = ['intra', 'inter'] as const;
export const TAX_LINE_KINDS = ['goods', 'delivery'] as const;

/**
 * requirements#gst-invoices: the seller's tax invoice for a shipment, and the credit notes that
 * take back part of it (a cancellation after invoicing, a return, a refused replacement). Everything
 * printed is kept as it was when issued: a later change of the seller's name or the shopper's
 * address never rewrites a document. Never updated, never deleted.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: text().notNull(),
    number: text().notNull(), // INV26-27/000001, CN26-27/000001 (CGST rule 46: at most 16 characters)
    financialYear: text().notNull(), // 2026-27
    serial: integer().notNull(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    shipmentId: integer().references(() => shipments.id), // an invoice's shipment
    invoiceId: integer().references((): AnyPgColumn => taxDocuments.id), // a credit note's invoice
    requestId: integer().references(() => itemRequests.id), // the request a credit note answers, if any
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    sellerLegalName: text().notNull(),
    sellerGstin: text(), // null: a seller enrolled without GST registration issues a bill of supply, untaxed
    sellerEnrolmentNo: text(),
    sellerAddress: text().notNull(),
    sellerStateCode: text().notNull(),
    buyerName: text().notNull(),
    buyerAddress: text().notNull(),
    buyerGstin: text(), // B2B: the GSTIN the buyer gave at checkout
    buyerBusinessName: text(),
    placeOfSupplyCode: text().notNull(), // the delivery address's state, as its GST code
    supplyKind: text().notNull(),
    valuePaise: integer().notNull(),
    taxablePaise: integer().notNull(),
    cgstPaise: integer().notNull(),
    sgstPaise: integer().notNull(),
    igstPaise: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_documents_seller_series_key').on(t.sellerId, t.kind, t.financialYear, t.serial),
    uniqueIndex('tax_documents_seller_number_key').on(t.sellerId, t.number),
    uniqueIndex('tax_documents_shipment_key')
      .on(t.shipmentId)
      .where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_invoice_idx').on(t.invoiceId),
    index('tax_documents_seller_issued_idx').on(t.sellerId, t.issuedAt),
    index('tax_documents_issued_idx').on(t.issuedAt),
    check('tax_documents_kind_known', sql.raw(oneOf('kind', TAX_DOCUMENT_KINDS))),
    check('tax_documents_supply_kind_known', sql.raw(oneOf('supply_kind', SUPPLY_KINDS))),
    check(
      'tax_documents_unregistered_untaxed',
      sql`${t.sellerGstin} IS NOT NULL OR (${t.cgstPaise} = 0 AND ${t.sgstPaise} = 0 AND ${t.igstPaise} = 0)`,
    ),
    check('tax_documents_number_length', sql`length(${t.number}) <= 16`),
    check('tax_documents_serial_positive', sql`${t.serial} >= 1`),
    check(
      'tax_documents_links_fit_kind',
      sql`(${t.kind} = 'invoice' AND ${t.shipmentId} IS NOT NULL AND ${t.invoiceId} IS NULL) OR (${t.kind} = 'credit_note' AND ${t.invoiceId} IS NOT NULL)`,
    ),
    check(
      'tax_documents_money_not_negative',
      sql`${t.taxablePaise} >= 0 AND ${t.cgstPaise} >= 0 AND ${t.sgstPaise} >= 0 AND ${t.igstPaise} >= 0`,
    ),
    check(
      'tax_documents_adds_up',
      sql`${t.valuePaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
    check(
      'tax_documents_tax_fits_supply',
      sql`(${t.supplyKind} = 'intra' AND ${t.igstPaise} = 0) OR (${t.supplyKind} = 'inter' AND ${t.cgstPaise} = 0 AND ${t.sgstPaise} = 0)`,
    ),
  ],
);

/** A document's lines: each order item's goods, and its delivery charge as a service line. */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    id: id(),
    documentId: integer()
      .notNull()
      .references(() => taxDocuments.id),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id),
    kind: text().notNull(),
    description: text().notNull(),
    hsnCode: text().notNull(), // HSN of goods, SAC of the delivery service
    quantity: integer().notNull(),
    grossPaise: integer().notNull(), // before discounts, tax included
    discountPaise: integer().notNull(),
    valuePaise: integer().notNull(), // gross less discounts: what the buyer pays for the line
    taxablePaise: integer().notNull(),
    // the GST rate in basis points (1800 = 18 %: CGST 9 % + SGST 9 %, or IGST 18 %)
    rateBp: integer().notNull(),
    cgstPaise: integer().notNull(),
    sgstPaise: integer().notNull(),
    igstPaise: integer().notNull(),
  },
  (t) => [
    index('tax_document_lines_document_idx').on(t.documentId),
    index('tax_document_lines_item_idx').on(t.orderItemId),
    check('tax_document_lines_kind_known', sql.raw(oneOf('kind', TAX_LINE_KINDS))),
    check('tax_document_lines_rate_known', sql.raw(`rate_bp IN (${GST_RATES_BP.join(', ')})`)),
    check('tax_document_lines_quantity_not_negative', sql`${t.quantity} >= 0`),
    check(
      'tax_document_lines_money_not_negative',
      sql`${t.grossPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.taxablePaise} >= 0 AND ${t.cgstPaise} >= 0 AND ${t.sgstPaise} >= 0 AND ${t.igstPaise} >= 0`,
    ),
    check('tax_document_lines_value', sql`${t.valuePaise} = ${t.grossPaise} - ${t.discountPaise}`),
    check(
      'tax_document_lines_adds_up',
      sql`${t.valuePaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);

/**
 * The last serial issued in each series: one series per issuer (a seller, or the operator), kind
 * and financial year, so numbers run consecutively without gaps (the row is locked by the update
 * that takes the next one, in the transaction that issues the document).
 */
export const documentSeries = pgTable(
  'document_series',
  {
    issuer: text().notNull(), // 'seller:12' or 'operator'
    kind: text().notNull(),
    financialYear: text().notNull(),
    lastSerial: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.kind, t.financialYear] }),
    check('document_series_serial_positive', sql`${t.lastSerial} >= 1`),
  ],
);

const ratesIn = (column: string, rates: readonly number[]) => `${column} IN (${rates.join(', ')})`;

/**
 * requirements#gst-tax: the GST rate schedule, law as data. A row says that from `effectiveFrom`
 * goods whose HSN code starts with `hsnPrefix` are taxed at `rateBp`, or, when a per-piece value
 * threshold is given, at `rateBp` up to it and `rateAboveBp` above it; the row with the longest
 * matching prefix in force on a document's date decides a line's rate. Each row cites the
 * notification it follows. Rows are never updated or deleted (a trigger refuses it): a change of
 * law is a new row with a later date, added by finance staff (`createdBy`) or seeded (null).
 */
export const gstRateSchedule = pgTable(
  'gst_rate_schedule',
  {
    id: id(),
    hsnPrefix: text().notNull(),
    description: text().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    rateBp: integer().notNull(),
    thresholdPaise: integer(), // the per-piece sale value up to which `rateBp` applies
    rateAboveBp: integer(),
    notification: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gst_rate_schedule_prefix_from_key').on(t.hsnPrefix, t.effectiveFrom),
    check('gst_rate_schedule_hsn_shape', sql`${t.hsnPrefix} ~ '^[0-9]{2}([0-9]{2}){0,3}$'`),
    check(
      'gst_rate_schedule_rate_known',
      sql.raw(
        `(${ratesIn('rate_bp', CURRENT_GST_RATES_BP)} OR (${ratesIn('rate_bp', GST_RATES_BP)} AND effective_from < '${GST_2_0_FROM}'))`,
      ),
    ),
    check(
      'gst_rate_schedule_threshold',
      sql.raw(
        `(threshold_paise IS NULL AND rate_above_bp IS NULL) OR (threshold_paise > 0 AND rate_above_bp IS NOT NULL AND (${ratesIn('rate_above_bp', CURRENT_GST_RATES_BP)} OR (${ratesIn('rate_above_bp', GST_RATES_BP)} AND effective_from < '${GST_2_0_FROM}')))`,
      ),
    ),
    check(
      'gst_rate_schedule_texts',
      sql`length(${t.description}) BETWEEN 1 AND 200 AND length(${t.notification}) BETWEEN 1 AND 200`,
    ),
  ],
);
