import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { staff } from './staff.ts';
import { SUPPLY_KINDS } from './tax.ts';

/**
 * requirements#settlement (ADR-0036): the marketplace's own tax invoice to a seller for a month's
 * fees (commission, closing and shipping fees net of returns, and GST on them), numbered in the
 * operator's series (FEE26-27/000001). Issued once the month has ended, the first time finance asks
 * for it, so its number never changes; the figures are a snapshot. Never updated, never deleted.
 */
export const feeInvoices = pgTable(
  'fee_invoices',
  {
    id: id(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    month: text().notNull(), // '2026-11': the Indian calendar month whose fees it charges
    number: text().notNull(),
    financialYear: text().notNull(),
    serial: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    sellerLegalName: text().notNull(),
    sellerGstin: text(),
    sellerStateCode: text().notNull(),
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
    uniqueIndex('fee_invoices_series_key').on(t.financialYear, t.serial),
    uniqueIndex('fee_invoices_number_key').on(t.number),
    index('fee_invoices_month_idx').on(t.month, t.serial),
    check('fee_invoices_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('fee_invoices_supply_kind_known', sql.raw(oneOf('supply_kind', SUPPLY_KINDS))),
    check('fee_invoices_number_length', sql`length(${t.number}) <= 16`),
    check('fee_invoices_serial_positive', sql`${t.serial} >= 1`),
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
