import { and, desc, eq } from 'drizzle-orm';
import { E_INVOICE_STATUSES, eInvoices, type Executor, orders, sellers, taxDocuments } from '@marketplace/db';
import { financialYearOf } from '@marketplace/domain/settlement/documents';
import { defaultDocumentPrefix, sellerDocumentNumber } from '@marketplace/domain/tax/document-series';
import { CANCEL_LIMIT_MS, isTurnoverBand, reportingDeadline } from '@marketplace/domain/tax/e-invoice';
import { isUniqueViolation } from '../profile/index.ts';
import { isDocumentPrefixTaken } from '../sellers/index.ts';
import type {
  EInvoiceRow,
  SellerTaxSettings,
  SellerTaxSettingsInput,
} from '@marketplace/domain/tax/e-invoice-api';

const isStatus = (status: string): status is EInvoiceRow['status'] =>
  (E_INVOICE_STATUSES as readonly string[]).includes(status);

/** requirements#e-invoicing: the seller's own B2B documents and their registration, newest first. */
export async function sellerEInvoices(
  db: Executor,
  sellerId: number,
  documentId?: number,
): Promise<EInvoiceRow[]> {
  const rows = await db
    .select({ e: eInvoices, d: taxDocuments, orderNo: orders.orderNo, band: sellers.turnoverBand })
    .from(eInvoices)
    .innerJoin(taxDocuments, eq(taxDocuments.id, eInvoices.documentId))
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .innerJoin(sellers, eq(sellers.id, eInvoices.sellerId))
    .where(
      and(
        eq(eInvoices.sellerId, sellerId),
        documentId === undefined ? undefined : eq(eInvoices.documentId, documentId),
      ),
    )
    .orderBy(desc(eInvoices.createdAt), desc(eInvoices.id))
    .limit(200);
  return rows.map(({ e, d, orderNo, band }) => ({
    documentId: d.id,
    kind: d.kind === 'credit_note' ? 'credit_note' : 'invoice',
    number: d.number,
    issuedAt: d.issuedAt.toISOString(),
    orderNo,
    buyerGstin: d.buyerGstin ?? '',
    buyerName: d.buyerBusinessName ?? d.buyerName,
    valuePaise: d.valuePaise,
    status: isStatus(e.status) ? e.status : 'pending',
    irn: e.irn,
    ackNo: e.ackNo,
    acknowledgedAt: e.acknowledgedAt?.toISOString() ?? null,
    errorCode: e.errorCode,
    errorMessage: e.errorMessage,
    attempts: e.attempts,
    nextAttemptAt: e.status === 'pending' ? e.nextAttemptAt.toISOString() : null,
    cancellableUntil:
      e.status === 'registered' && e.acknowledgedAt
        ? new Date(e.acknowledgedAt.getTime() + CANCEL_LIMIT_MS).toISOString()
        : null,
    cancelledAt: e.cancelledAt?.toISOString() ?? null,
    // requirements#e-invoicing: shown before the 30-day limit passes, while the document waits
    reportBy:
      e.status === 'pending' || e.status === 'refused'
        ? reportingDeadline(isTurnoverBand(band) ? band : null, d.issuedAt)
        : null,
  }));
}

/** requirements#document-series: the seller's turnover band and document prefix. */
export async function sellerTaxSettings(
  db: Executor,
  sellerId: number,
  now: Date,
): Promise<SellerTaxSettings | null> {
  const [row] = await db
    .select({
      band: sellers.turnoverBand,
      prefix: sellers.documentPrefix,
      legalName: sellers.legalName,
      gstin: sellers.gstin,
    })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  if (!row) return null;
  const prefix = row.prefix ?? defaultDocumentPrefix(row.legalName);
  return {
    turnoverBand: isTurnoverBand(row.band) ? row.band : 'up_to_5cr',
    documentPrefix: prefix,
    isPrefixChosen: row.prefix !== null,
    sampleNumber: sellerDocumentNumber(prefix, 'invoice', financialYearOf(now), 1),
    gstin: row.gstin,
  };
}

/**
 * Saves the band and prefix; a prefix another seller account of the same GSTIN uses is refused, since
 * their numbers would be one GSTIN's numbers twice (CGST rule 46(b)).
 */
export async function saveSellerTaxSettings(
  db: Executor,
  sellerId: number,
  input: { turnoverBand: SellerTaxSettingsInput['turnoverBand']; documentPrefix: string },
): Promise<'SAVED' | 'PREFIX_TAKEN'> {
  return db
    .transaction(async (tx) => {
      const [me] = await tx
        .select({ gstin: sellers.gstin })
        .from(sellers)
        .where(eq(sellers.id, sellerId))
        .for('update');
      if (await isDocumentPrefixTaken(tx, me?.gstin ?? null, input.documentPrefix, sellerId))
        return 'PREFIX_TAKEN';
      await tx
        .update(sellers)
        .set({ turnoverBand: input.turnoverBand, documentPrefix: input.documentPrefix })
        .where(eq(sellers.id, sellerId));
      return 'SAVED';
    })
    .catch((error: unknown) => {
      // another account of the GSTIN took the prefix at the same moment: the index decides
      if (isUniqueViolation(error, 'sellers_document_prefix_key')) return 'PREFIX_TAKEN' as const;
      throw error;
    });
}
