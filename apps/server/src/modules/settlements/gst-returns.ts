import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, sellers, settlementEntries, taxDocumentLines, taxDocuments } from '@marketplace/db';
import { isMonthEnded, monthLabel, monthStart } from '@marketplace/domain/settlement/console-api';
import { placeOfSupply } from '@marketplace/domain/settlement/exports-csv';
import { type Gstr8, type Gstr8Document, gstr8Of, tcsTotalOf } from '@marketplace/domain/settlement/gstr8';
import {
  SELLER_GST_KINDS,
  SELLER_GST_LABELS,
  type SellerGstMonth,
  sellerGstUrl,
  type Table14Figures,
  TABLE_14_NATURE,
} from '@marketplace/domain/settlement/seller-gst';
import type { SupplyKind } from '@marketplace/domain/tax/gst';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';

// requirements#gstr-8, requirements#seller-gst-returns (ADR-0043): a month's GST returns from the
// documents issued in it (their issue moment in India) and the TCS the ledger wrote on each of them.

const supplyOf = (kind: string): SupplyKind => (kind === 'inter' ? 'inter' : 'intra');

/** A month's documents as the returns read them, with their taxed lines' value and taxes. */
export type ReturnDocument = Gstr8Document & { igstPaise: number; cgstPaise: number; sgstPaise: number };

/**
 * The month's invoices and credit notes (one seller's, when given): the taxable value and taxes of
 * their lines that bear tax (TCS is collected on taxable supplies only: a nil-rated line carries
 * none; an enrolled supplier's whole value is listed), and the TCS the ledger took or gave back on each.
 */
export async function returnDocuments(
  db: Executor,
  month: string,
  sellerId?: number,
): Promise<ReturnDocument[]> {
  const from = monthStart(month);
  const to = monthStart(month, 1);
  if (!from || !to) throw new RangeError(`Not a month: ${month}`);
  const documents = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        gte(taxDocuments.issuedAt, from),
        lt(taxDocuments.issuedAt, to),
        sellerId === undefined ? undefined : eq(taxDocuments.sellerId, sellerId),
      ),
    )
    .orderBy(taxDocuments.issuedAt, taxDocuments.id);
  if (documents.length === 0) return [];
  const ids = documents.map((d) => d.id);
  // a line bears tax when its rate is above nil (the ledger collects TCS on such lines only)
  const taxed = sql`${taxDocumentLines.rateBp} > 0`;
  const [lines, tcs] = await Promise.all([
    db
      .select({
        documentId: taxDocumentLines.documentId,
        taxable:
          sql<number>`sum(CASE WHEN ${taxed} THEN ${taxDocumentLines.taxablePaise} ELSE 0 END)`.mapWith(
            Number,
          ),
        igst: sql<number>`sum(${taxDocumentLines.igstPaise})`.mapWith(Number),
        cgst: sql<number>`sum(${taxDocumentLines.cgstPaise})`.mapWith(Number),
        sgst: sql<number>`sum(${taxDocumentLines.sgstPaise})`.mapWith(Number),
      })
      .from(taxDocumentLines)
      .where(inArray(taxDocumentLines.documentId, ids))
      .groupBy(taxDocumentLines.documentId),
    db
      .select({
        documentId: settlementEntries.documentId,
        total: sql<number>`sum(${settlementEntries.amountPaise})`.mapWith(Number),
      })
      .from(settlementEntries)
      .where(and(eq(settlementEntries.kind, 'tcs'), inArray(settlementEntries.documentId, ids)))
      .groupBy(settlementEntries.documentId),
  ]);
  const lineOf = new Map(lines.map((l) => [l.documentId, l]));
  const tcsOf = new Map(tcs.map((t) => [t.documentId, Number(t.total)]));
  return documents.map((d): ReturnDocument => {
    const own = lineOf.get(d.id);
    const ledger = tcsOf.get(d.id) ?? 0;
    const isInvoice = d.kind === 'invoice';
    return {
      kind: isInvoice ? 'invoice' : 'credit_note',
      sellerId: d.sellerId,
      sellerLegalName: d.sellerLegalName,
      sellerGstin: d.sellerGstin,
      sellerEnrolmentNo: d.sellerEnrolmentNo,
      placeOfSupplyCode: d.placeOfSupplyCode,
      supplyKind: supplyOf(d.supplyKind),
      recipientRegistered: d.buyerGstin !== null,
      taxablePaise: d.sellerGstin === null ? d.taxablePaise : Number(own?.taxable ?? 0),
      // the ledger's entries: negative where collected (the invoice), positive where given back
      tcsPaise: (isInvoice ? -ledger : ledger) + 0,
      igstPaise: Number(own?.igst ?? 0),
      cgstPaise: Number(own?.cgst ?? 0),
      sgstPaise: Number(own?.sgst ?? 0),
    };
  });
}

/** requirements#gstr-8: the operator's GSTR-8 for a month. Table 4 holds nothing until a filed month is corrected. */
export async function gstr8Export(db: Executor, month: string): Promise<Gstr8> {
  return gstr8Of({
    month,
    operatorGstin: MARKETPLACE_OPERATOR.gstin,
    documents: await returnDocuments(db, month),
  });
}

/** requirements#seller-gst-returns: a seller's Table 14(a) figures for the month, from its own documents. */
export function table14Of(documents: readonly ReturnDocument[]): Table14Figures {
  const f: Table14Figures = {
    operatorGstin: MARKETPLACE_OPERATOR.gstin,
    operatorName: MARKETPLACE_OPERATOR.legalName,
    netTaxablePaise: 0,
    igstPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
  };
  for (const d of documents) {
    if (d.sellerGstin === null) continue;
    const sign = d.kind === 'invoice' ? 1 : -1;
    f.netTaxablePaise += sign * d.taxablePaise;
    f.igstPaise += sign * d.igstPaise;
    f.cgstPaise += sign * d.cgstPaise;
    f.sgstPaise += sign * d.sgstPaise;
  }
  return f;
}

/** requirements#seller-gst-returns: one seller's month: its Table 14 figures and its TCS credit, only its own documents. */
export async function sellerGstMonth(
  db: Executor,
  sellerId: number,
  month: string,
  now: Date,
): Promise<{ view: SellerGstMonth; documents: ReturnDocument[]; gstr8: Gstr8 }> {
  const [seller] = await db.select({ gstin: sellers.gstin }).from(sellers).where(eq(sellers.id, sellerId));
  const documents = await returnDocuments(db, month, sellerId);
  const gstr8 = gstr8Of({ month, operatorGstin: MARKETPLACE_OPERATOR.gstin, documents });
  const table14 = table14Of(documents);
  const gstin = seller?.gstin ?? null;
  const view: SellerGstMonth = {
    month,
    label: monthLabel(month),
    ended: isMonthEnded(month, now),
    registered: gstin !== null,
    sellerGstin: gstin,
    operator: { gstin: MARKETPLACE_OPERATOR.gstin, legalName: MARKETPLACE_OPERATOR.legalName },
    table14: {
      natureOfSupply: TABLE_14_NATURE,
      netTaxablePaise: table14.netTaxablePaise,
      igstPaise: table14.igstPaise,
      cgstPaise: table14.cgstPaise,
      sgstPaise: table14.sgstPaise,
    },
    tcsCredit: gstr8.table3.map((row) => ({
      placeOfSupply: placeOfSupply(row.placeOfSupplyCode),
      supRPaise: row.supRPaise,
      retsupRPaise: row.retsupRPaise,
      supUPaise: row.supUPaise,
      retsupUPaise: row.retsupUPaise,
      netPaise: row.netPaise,
      igstPaise: row.igstPaise,
      cgstPaise: row.cgstPaise,
      sgstPaise: row.sgstPaise,
    })),
    tcsTotalPaise: tcsTotalOf(gstr8.totals),
    files: SELLER_GST_KINDS.map((kind) => ({
      kind,
      label: SELLER_GST_LABELS[kind],
      url: sellerGstUrl(kind, month),
    })),
  };
  return { view, documents, gstr8 };
}
