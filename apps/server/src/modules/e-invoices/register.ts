// requirements#e-invoicing: registering queued documents with the portal, retried with backoff after an
// outage, a refusal kept with the portal's code and message for the seller; cancelling within 24 hours.
import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  eInvoices,
  ewayBills,
  type Executor,
  orders,
  sellers,
  taxDocumentLines,
  taxDocuments,
} from '@marketplace/db';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import {
  buildInv01,
  type CancelReason,
  canCancelIrn,
  isPastReportingLimit,
  isTurnoverBand,
  portalDate,
  REPORTING_LIMIT_DAYS,
} from '@marketplace/domain/tax/e-invoice';
import { EwayPartA, ewayValidUntil } from '@marketplace/domain/tax/eway-bill';
import type { Job } from '../../jobs.ts';
import type { IrpProvider, PortalError } from './provider.ts';
import { instantOfPortalTimestamp } from './sandbox.ts';

type EInvoiceRow = typeof eInvoices.$inferSelect;

/** How long a claimed registration is left to its process before another may try it. */
const LEASE_MS = 2 * 60 * 1000;
/** After the n-th outage the next try waits 1, 2, 4 … minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;

export const LOCAL_ERRORS = {
  late: 'LATE',
  unavailable: 'UNAVAILABLE',
  invoiceCancelled: 'INVOICE-CANCELLED',
} as const;

/** Everything INV-01 needs about a document, read from the document as issued. */
async function sourceOf(db: Executor, documentId: number) {
  const [row] = await db
    .select({
      document: taxDocuments,
      pincode: sellers.pincode,
      band: sellers.turnoverBand,
      buyerPincode: orders.deliveryPincode,
    })
    .from(taxDocuments)
    .innerJoin(sellers, eq(sellers.id, taxDocuments.sellerId))
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(taxDocuments.id, documentId));
  if (!row) return null;
  const d = row.document;
  const lines = await db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, d.id))
    .orderBy(asc(taxDocumentLines.orderItemId), sql`${taxDocumentLines.kind} desc`, asc(taxDocumentLines.id));
  const [invoice] = d.invoiceId
    ? await db
        .select({ number: taxDocuments.number, issuedAt: taxDocuments.issuedAt, id: taxDocuments.id })
        .from(taxDocuments)
        .where(eq(taxDocuments.id, d.invoiceId))
    : [];
  if (!d.sellerGstin || !d.buyerGstin) return null;
  return {
    document: d,
    band: isTurnoverBand(row.band) ? row.band : null,
    invoiceId: invoice?.id ?? null,
    inv01: buildInv01(
      {
        kind: d.kind === 'credit_note' ? 'credit_note' : 'invoice',
        number: d.number,
        issuedAt: d.issuedAt,
        seller: {
          gstin: d.sellerGstin,
          legalName: d.sellerLegalName,
          address: d.sellerAddress,
          pincode: row.pincode,
          stateCode: d.sellerStateCode,
        },
        buyer: {
          gstin: d.buyerGstin,
          name: d.buyerBusinessName ?? d.buyerName,
          address: d.buyerAddress,
          pincode: row.buyerPincode,
          placeOfSupplyCode: d.placeOfSupplyCode,
        },
        invoice: invoice ? { number: invoice.number, issuedAt: invoice.issuedAt } : null,
        lines: lines.map(({ rateBp, ...line }) => ({ ...line, ratePercent: rateBp / 100 })),
      },
      MARKETPLACE_OPERATOR.gstin,
    ),
  };
}

const firstError = (errors: readonly PortalError[]) => ({
  errorCode: errors[0]?.code ?? 'REFUSED',
  errorMessage:
    errors
      .map((e) => `${e.code}: ${e.message}`)
      .join('\n')
      .slice(0, 2000) || 'Refused without a reason',
});

/**
 * One registration, already claimed: refused at once when past the 30-day limit or when its invoice's
 * IRN was cancelled; otherwise sent, and the answer kept: registered whole, refused with the portal's
 * errors, or left pending for the next try after an outage.
 */
async function registerOne(
  db: Executor,
  irp: IrpProvider,
  row: EInvoiceRow,
  now: Date,
): Promise<EInvoiceRow> {
  // a registration another request completed meanwhile stays registered: the portal's 2150 to a second,
  // concurrent attempt (or an outage reported late) never overwrites it
  const update = async (values: Partial<typeof eInvoices.$inferInsert>) => {
    const settled = values.status === 'registered' ? ['cancelled'] : ['registered', 'cancelled'];
    const [updated] = await db
      .update(eInvoices)
      .set({ ...values, updatedAt: now })
      .where(and(eq(eInvoices.id, row.id), notInArray(eInvoices.status, settled)))
      .returning();
    if (updated) return updated;
    const [current] = await db.select().from(eInvoices).where(eq(eInvoices.id, row.id));
    return current ?? row;
  };
  const source = await sourceOf(db, row.documentId);
  if (!source)
    return update({
      status: 'refused',
      errorCode: 'NOT-B2B',
      errorMessage: 'The document has no buyer GSTIN.',
    });
  if (source.invoiceId) {
    const [invoiceRegistration] = await db
      .select()
      .from(eInvoices)
      .where(eq(eInvoices.documentId, source.invoiceId));
    if (invoiceRegistration?.status === 'cancelled')
      return update({
        status: 'refused',
        errorCode: LOCAL_ERRORS.invoiceCancelled,
        errorMessage: 'The IRN of the invoice this credit note adjusts was cancelled on the portal.',
      });
  }
  if (isPastReportingLimit(source.band, source.document.issuedAt, now))
    return update({
      status: 'refused',
      payload: source.inv01,
      errorCode: LOCAL_ERRORS.late,
      errorMessage: `A seller with aggregate turnover of ₹10 crore or more must register a document within ${REPORTING_LIMIT_DAYS} days of its date; this one is dated ${portalDate(source.document.issuedAt)}.`,
    });
  const result = await irp.generateIrn(source.document.sellerGstin ?? '', source.inv01);
  if (result.outcome === 'done') {
    const v = result.value;
    return update({
      status: 'registered',
      payload: source.inv01,
      irn: v.irn,
      ackNo: v.ackNo,
      acknowledgedAt: instantOfPortalTimestamp(v.ackDate) ?? now,
      signedQrCode: v.signedQrCode,
      signedInvoice: v.signedInvoice,
      errorCode: null,
      errorMessage: null,
    });
  }
  if (result.outcome === 'refused')
    return update({ status: 'refused', payload: source.inv01, ...firstError(result.errors) });
  return update({
    status: 'pending',
    payload: source.inv01,
    nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
    errorCode: LOCAL_ERRORS.unavailable,
    errorMessage: `The portal could not be reached (${result.message}); trying again.`,
  });
}

/** Claims registrations that are due (or the given ones), moving their next try ahead as a lease. */
async function claim(db: Executor, now: Date, where: ReturnType<typeof and>, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: eInvoices.id })
      .from(eInvoices)
      .where(where)
      .orderBy(asc(eInvoices.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(eInvoices)
      .set({
        attempts: sql`${eInvoices.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        updatedAt: now,
      })
      .where(
        inArray(
          eInvoices.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Registers what is due now, a few at a time; answers the rows as they end up. */
export async function registerDueEInvoices(
  db: Executor,
  irp: IrpProvider,
  now: Date,
  limit = 20,
): Promise<EInvoiceRow[]> {
  const claimed = await claim(
    db,
    now,
    and(eq(eInvoices.status, 'pending'), lte(eInvoices.nextAttemptAt, now)),
    limit,
  );
  const done: EInvoiceRow[] = [];
  for (const row of claimed) done.push(await registerOne(db, irp, row, now));
  return done;
}

export type RetryResult =
  { code: 'DONE'; row: EInvoiceRow } | { code: 'NOT_FOUND' } | { code: 'NOT_RETRYABLE'; status: string };

/** The seller asks again at once: a pending or refused registration of its own is sent now. */
export async function retryEInvoice(
  db: Executor,
  irp: IrpProvider,
  sellerId: number,
  documentId: number,
  now: Date,
): Promise<RetryResult> {
  const [row] = await db
    .select()
    .from(eInvoices)
    .where(and(eq(eInvoices.documentId, documentId), eq(eInvoices.sellerId, sellerId)));
  if (!row) return { code: 'NOT_FOUND' };
  if (row.status !== 'pending' && row.status !== 'refused')
    return { code: 'NOT_RETRYABLE', status: row.status };
  const [claimed] = await claim(
    db,
    now,
    and(eq(eInvoices.id, row.id), inArray(eInvoices.status, ['pending', 'refused'])),
    1,
  );
  // another request or the background job holds it: answer what it is now
  if (!claimed) return { code: 'DONE', row };
  return { code: 'DONE', row: await registerOne(db, irp, claimed, now) };
}

export type CancelResult =
  | { code: 'CANCELLED'; row: EInvoiceRow }
  | { code: 'NOT_FOUND' }
  | { code: 'NOT_REGISTERED' }
  | { code: 'WINDOW_PASSED' }
  | { code: 'REFUSED'; errors: readonly PortalError[] }
  | { code: 'UNAVAILABLE'; message: string };

/** requirements#e-invoicing: the seller cancels its IRN on the portal, within 24 hours of the acknowledgement. */
export async function cancelEInvoice(
  db: Executor,
  irp: IrpProvider,
  args: { sellerId: number; documentId: number; reason: CancelReason; remark: string; now: Date },
): Promise<CancelResult> {
  const [row] = await db
    .select({ e: eInvoices, gstin: taxDocuments.sellerGstin })
    .from(eInvoices)
    .innerJoin(taxDocuments, eq(taxDocuments.id, eInvoices.documentId))
    .where(and(eq(eInvoices.documentId, args.documentId), eq(eInvoices.sellerId, args.sellerId)));
  if (!row) return { code: 'NOT_FOUND' };
  const { e } = row;
  if (e.status !== 'registered' || !e.irn || !e.acknowledgedAt) return { code: 'NOT_REGISTERED' };
  if (!canCancelIrn(e.acknowledgedAt, args.now)) return { code: 'WINDOW_PASSED' };
  const result = await irp.cancelIrn(row.gstin ?? '', {
    irn: e.irn,
    reason: args.reason,
    remark: args.remark,
  });
  if (result.outcome === 'refused') return { code: 'REFUSED', errors: result.errors };
  if (result.outcome === 'unavailable') return { code: 'UNAVAILABLE', message: result.message };
  const [updated] = await db
    .update(eInvoices)
    .set({
      status: 'cancelled',
      cancelledAt: instantOfPortalTimestamp(result.value.cancelDate) ?? args.now,
      cancelReason: args.reason,
      updatedAt: args.now,
    })
    .where(and(eq(eInvoices.id, e.id), eq(eInvoices.status, 'registered')))
    .returning();
  return updated ? { code: 'CANCELLED', row: updated } : { code: 'NOT_REGISTERED' };
}

/** The background job: registers due documents every few seconds, and soon after one is issued. */
export function eInvoiceJob(db: Executor, irp: IrpProvider, logger: Logger, intervalMs = 10_000): Job {
  return {
    name: 'e-invoices',
    intervalMs,
    sharing: 'rows',
    run: async () => {
      const rows = await registerDueEInvoices(db, irp, new Date());
      await generateDueEwayBills(db, irp, new Date());
      for (const row of rows)
        if (row.status !== 'registered')
          logger.warn({ documentId: row.documentId, code: row.errorCode }, 'e-invoice not registered');
    },
  };
}

/**
 * requirements#eway-bill: generates the e-way bills that are due: with the IRN once the invoice's
 * e-invoice is registered (waiting until then), without one when none is due.
 */
export async function generateDueEwayBills(db: Executor, irp: IrpProvider, now: Date, limit = 20) {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: ewayBills.id })
      .from(ewayBills)
      .where(and(eq(ewayBills.status, 'pending'), lte(ewayBills.nextAttemptAt, now)))
      .orderBy(asc(ewayBills.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(ewayBills)
      .set({ attempts: sql`${ewayBills.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          ewayBills.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  for (const row of claimed) {
    const [registration] = await db.select().from(eInvoices).where(eq(eInvoices.documentId, row.documentId));
    if (registration && registration.status !== 'registered') {
      // its invoice is not out yet: wait for it (a refused or cancelled one holds the bill back too)
      await db
        .update(ewayBills)
        .set({ nextAttemptAt: new Date(now.getTime() + 60_000) })
        .where(eq(ewayBills.id, row.id));
      continue;
    }
    const partA = EwayPartA.parse(row.partA);
    const result = await irp.generateEwayBill(partA.fromGstin, { irn: registration?.irn ?? null, partA });
    if (result.outcome === 'done')
      await db
        .update(ewayBills)
        .set({
          status: 'generated',
          ewbNo: result.value.ewbNo,
          generatedAt: instantOfPortalTimestamp(result.value.ewbDate) ?? now,
          validUntil:
            instantOfPortalTimestamp(result.value.validUntil) ?? ewayValidUntil(now, partA.transDistance),
          errorCode: null,
          errorMessage: null,
        })
        .where(eq(ewayBills.id, row.id));
    else if (result.outcome === 'refused')
      await db
        .update(ewayBills)
        .set({ status: 'refused', ...firstError(result.errors) })
        .where(eq(ewayBills.id, row.id));
    else
      await db
        .update(ewayBills)
        .set({
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
          errorCode: LOCAL_ERRORS.unavailable,
          errorMessage: `The portal could not be reached (${result.message}); trying again.`,
        })
        .where(eq(ewayBills.id, row.id));
  }
  return claimed.length;
}
