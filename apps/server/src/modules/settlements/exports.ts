import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Executor,
  feeInvoices,
  sellers,
  settlementEntries,
  taxDocumentLines,
  taxDocuments,
} from '@marketplace/db';
import {
  EXPORT_KINDS,
  EXPORT_LABELS,
  exportUrl,
  type ExportsSummary,
  gstr8JsonUrl,
  isMonthEnded,
  monthLabel,
  monthStart,
} from '@marketplace/domain/settlement/console-api';
import { creditedFigures } from '@marketplace/domain/settlement/fee-invoices';
import {
  feeFigures,
  type FeeInvoiceLine,
  feeSupplyKind,
  type RegisterLine,
  type TdsSeller,
  tdsSummary,
} from '@marketplace/domain/settlement/exports-csv';
import { panOfGstin } from '@marketplace/domain/sellers/tax-identity';
import type { SupplyKind } from '@marketplace/domain/tax/gst';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import { tdsLawOn } from '@marketplace/domain/settlement/tds-law';
import { gstr8Export } from './gst-returns.ts';

/** The TDS law of a month's credits: a month lies within one tax year, so one law (requirements#tds-law). */
export const tdsLawOfMonth = (month: string) => tdsLawOn(monthRange(month).from);

// requirements#settlement, requirements#gst-invoices (ADR-0036): a month's TCS and TDS summaries,
// sales register and fee invoices, from the documents issued in it (their issue moment in India)
// and the ledger entries those documents wrote.

type DocumentRow = typeof taxDocuments.$inferSelect;
const supplyOf = (kind: string): SupplyKind => (kind === 'inter' ? 'inter' : 'intra');
const OPERATOR_STATE = MARKETPLACE_OPERATOR.gstin.slice(0, 2);

/** The moments a month runs between in India: from 00:00 IST on its first day to that of the next month. */
export function monthRange(month: string): { from: Date; to: Date } {
  const from = monthStart(month);
  const to = monthStart(month, 1);
  if (!from || !to) throw new RangeError(`Not a month: ${month}`);
  return { from, to };
}

const issuedIn = (month: string) => {
  const { from, to } = monthRange(month);
  return and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to));
};

/** The month's invoices and credit notes, in the order issued. */
function documentsOf(db: Executor, month: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(issuedIn(month))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
}

/** A month's ledger entries of some kinds, summed per seller, for the documents issued in it. */
async function entrySums(db: Executor, month: string, kinds: readonly string[]) {
  const rows = await db
    .select({
      sellerId: settlementEntries.sellerId,
      kind: settlementEntries.kind,
      total: sql<number>`sum(${settlementEntries.amountPaise})`.mapWith(Number),
    })
    .from(settlementEntries)
    .innerJoin(taxDocuments, eq(taxDocuments.id, settlementEntries.documentId))
    .where(and(inArray(settlementEntries.kind, [...kinds]), issuedIn(month)))
    .groupBy(settlementEntries.sellerId, settlementEntries.kind);
  const sums = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const seller = sums.get(row.sellerId) ?? new Map<string, number>();
    seller.set(row.kind, Number(row.total));
    sums.set(row.sellerId, seller);
  }
  return (sellerId: number, ...of: string[]) =>
    of.reduce((sum, kind) => sum + (sums.get(sellerId)?.get(kind) ?? 0), 0);
}

/**
 * The TDS summary of a month (the law in force on its credits' date, requirements#tds-law): per PAN, the documents' taxable values and the TDS
 * the ledger deducted on them, net of what returns gave back.
 */
export async function tdsExport(db: Executor, month: string) {
  const documents = await documentsOf(db, month);
  const tds = await entrySums(db, month, ['tds']);
  const sellerIds = [...new Set(documents.map((d) => d.sellerId))];
  const people =
    sellerIds.length === 0
      ? []
      : await db
          .select({ id: sellers.id, legalName: sellers.legalName, pan: sellers.pan, gstin: sellers.gstin })
          .from(sellers)
          .where(inArray(sellers.id, sellerIds));
  const law = tdsLawOfMonth(month);
  const rows = people.map((s): TdsSeller => {
    const own = documents.filter((d) => d.sellerId === s.id);
    const taxable = (kind: string) =>
      own.filter((d) => d.kind === kind).reduce((sum, d) => sum + d.taxablePaise, 0);
    return {
      law,
      sellerId: s.id,
      legalName: s.legalName,
      // the ledger deducts at 0.1 % from a seller with a PAN or a GSTIN (which holds one)
      pan: s.pan ?? (s.gstin ? panOfGstin(s.gstin) : null),
      grossTaxablePaise: taxable('invoice'),
      returnedTaxablePaise: taxable('credit_note'),
      tdsPaise: -tds(s.id, 'tds') + 0,
    };
  });
  return tdsSummary(rows);
}

/** The sales register of a month: every line of every document issued in it, in the order issued. */
export async function salesRegister(db: Executor, month: string): Promise<RegisterLine[]> {
  const invoice = alias(taxDocuments, 'invoice');
  const rows = await db
    .select({ document: taxDocuments, line: taxDocumentLines, invoiceNumber: invoice.number })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .leftJoin(invoice, eq(invoice.id, taxDocuments.invoiceId))
    .where(issuedIn(month))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id), asc(taxDocumentLines.id));
  return rows.map(({ document: d, line: l, invoiceNumber }) => ({
    documentKind: d.kind === 'credit_note' ? 'credit_note' : 'invoice',
    billOfSupply: d.sellerGstin === null,
    number: d.number,
    issuedAt: d.issuedAt,
    invoiceNumber,
    sellerGstin: d.sellerGstin,
    sellerEnrolmentNo: d.sellerEnrolmentNo,
    sellerLegalName: d.sellerLegalName,
    buyerGstin: d.buyerGstin,
    placeOfSupplyCode: d.placeOfSupplyCode,
    supplyKind: supplyOf(d.supplyKind),
    lineKind: l.kind === 'delivery' ? 'delivery' : 'goods',
    description: l.description,
    hsnCode: l.hsnCode,
    quantity: l.quantity,
    taxablePaise: l.taxablePaise,
    ratePercent: l.rateBp / 100,
    cgstPaise: l.cgstPaise,
    sgstPaise: l.sgstPaise,
    igstPaise: l.igstPaise,
    valuePaise: l.valuePaise,
  }));
}

const FEE_KINDS = ['commission', 'closing_fee', 'shipping_fee'] as const;
const FEE_GST_KINDS = ['commission_gst', 'closing_fee_gst', 'shipping_fee_gst'] as const;

/**
 * What each seller owes the marketplace for a month's fees, from its ledger: each fee net of what
 * returns gave back, and the GST charged on them; with the GSTIN and state its fee invoice names.
 */
export async function monthFees(db: Executor, month: string) {
  const sums = await entrySums(db, month, [...FEE_KINDS, ...FEE_GST_KINDS]);
  const documents = await documentsOf(db, month);
  const sellerIds = [...new Set(documents.map((d) => d.sellerId))].sort((a, b) => a - b);
  const people =
    sellerIds.length === 0
      ? []
      : await db
          .select({
            id: sellers.id,
            legalName: sellers.legalName,
            gstin: sellers.gstin,
            pincode: sellers.pincode,
          })
          .from(sellers)
          .where(inArray(sellers.id, sellerIds));
  return sellerIds.flatMap((sellerId) => {
    const seller = people.find((p) => p.id === sellerId);
    const latest = documents.filter((d) => d.sellerId === sellerId).at(-1);
    if (!seller || !latest) return [];
    // the seller's registration decides the tax: its GSTIN's state, else where its documents say it is
    const stateCode = seller.gstin?.slice(0, 2) ?? latest.sellerStateCode;
    const supplyKind = feeSupplyKind(stateCode, OPERATOR_STATE);
    const figures = feeFigures(
      {
        commissionPaise: -sums(sellerId, 'commission') + 0,
        closingFeePaise: -sums(sellerId, 'closing_fee') + 0,
        shippingFeePaise: -sums(sellerId, 'shipping_fee') + 0,
        gstPaise: -sums(sellerId, ...FEE_GST_KINDS) + 0,
      },
      supplyKind,
    );
    if (figures.taxablePaise === 0 && figures.valuePaise === 0) return [];
    return [
      {
        sellerId,
        legalName: seller.legalName,
        gstin: seller.gstin,
        // rule 46(d): the seller's address as its own latest document of the month printed it
        address: latest.sellerAddress,
        pincode: seller.pincode,
        stateCode,
        supplyKind,
        figures,
      },
    ];
  });
}

/** The fee invoices and credit notes issued for a month, invoices first, each in number order. */
export const issuedFor = (db: Executor, month: string) =>
  db
    .select()
    .from(feeInvoices)
    .where(eq(feeInvoices.month, month))
    .orderBy(desc(feeInvoices.kind), asc(feeInvoices.serial));

/**
 * A month's fee lines: its fee invoices in number order, then its fee credit notes (their figures
 * negative: what returns gave back), then each seller still waiting for its document, so the lines
 * add up to the month's fee entries; `toIssue` counts the sellers still waiting.
 */
export async function feeInvoiceLines(db: Executor, month: string) {
  const issued = await issuedFor(db, month);
  const fees = await monthFees(db, month);
  const done = new Set(issued.map((row) => row.sellerId));
  const lines: FeeInvoiceLine[] = issued.map((row) => {
    const figures = {
      commissionPaise: row.commissionPaise,
      closingFeePaise: row.closingFeePaise,
      shippingFeePaise: row.shippingFeePaise,
      taxablePaise: row.taxablePaise,
      cgstPaise: row.cgstPaise,
      sgstPaise: row.sgstPaise,
      igstPaise: row.igstPaise,
      valuePaise: row.valuePaise,
    };
    return {
      number: row.number,
      kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
      issuedAt: row.issuedAt,
      month: row.month,
      sellerGstin: row.sellerGstin,
      sellerLegalName: row.sellerLegalName,
      sellerStateCode: row.sellerStateCode,
      supplyKind: supplyOf(row.supplyKind),
      ...(row.kind === 'credit_note' ? creditedFigures(figures) : figures),
    };
  });
  const waiting = fees.filter((fee) => !done.has(fee.sellerId) && fee.figures.taxablePaise !== 0);
  for (const fee of waiting)
    lines.push({
      number: null,
      kind: null,
      issuedAt: null,
      month,
      sellerGstin: fee.gstin,
      sellerLegalName: fee.legalName,
      sellerStateCode: fee.stateCode,
      supplyKind: fee.supplyKind,
      ...fee.figures,
    });
  return { lines, issued: issued.length, toIssue: waiting.length };
}

/** requirements#settlement: what the exports page shows of a month before its files are downloaded. */
export async function exportsSummary(db: Executor, month: string, now: Date): Promise<ExportsSummary> {
  const documents = await documentsOf(db, month);
  const ended = isMonthEnded(month, now);
  const gstr8 = await gstr8Export(db, month);
  const sums = await entrySums(db, month, ['tcs', 'tds', ...FEE_KINDS, ...FEE_GST_KINDS]);
  const sellerIds = [...new Set(documents.map((d) => d.sellerId))];
  const total = (...kinds: string[]) => -sellerIds.reduce((sum, id) => sum + sums(id, ...kinds), 0) + 0;
  const fees = await feeInvoiceLines(db, month);
  const value = (kind: string) =>
    documents.filter((d) => d.kind === kind).reduce((sum, d) => sum + d.valuePaise, 0);
  return {
    month,
    label: monthLabel(month),
    ended,
    invoices: documents.filter((d) => d.kind === 'invoice').length,
    creditNotes: documents.filter((d) => d.kind === 'credit_note').length,
    totals: {
      invoiceValuePaise: value('invoice'),
      creditNoteValuePaise: value('credit_note'),
      netTaxablePaise: gstr8.totals.netPaise,
      tcsPaise: total('tcs'),
      tdsPaise: total('tds'),
      feesPaise: total(...FEE_KINDS),
      feesGstPaise: total(...FEE_GST_KINDS),
    },
    feeInvoices: { issued: fees.issued, toIssue: fees.toIssue, canIssue: ended && fees.toIssue > 0 },
    files: EXPORT_KINDS.map((kind) => ({
      kind,
      label:
        kind === 'tds' ? `${EXPORT_LABELS.tds} (${tdsLawOfMonth(month).shortName})` : EXPORT_LABELS[kind],
      url: exportUrl(kind, month),
      jsonUrl: kind === 'tcs' ? gstr8JsonUrl(month) : null,
      available: kind !== 'fee-invoices' || (ended && fees.toIssue === 0),
    })),
    tdsLaw: tdsLawOfMonth(month).provision,
  };
}
