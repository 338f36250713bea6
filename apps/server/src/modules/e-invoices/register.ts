// requirements#e-invoicing: registering queued documents with the portal, retried with backoff after an
// outage, a refusal kept with the portal's code and message for the seller; cancelling within 24 hours.
import { and, asc, eq, inArray, lte, ne, notInArray, sql, sum } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  eInvoices,
  ewayBills,
  type Executor,
  orders,
  sellers,
  shipments,
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

/** How long an e-way bill waiting for its invoice's IRN rests between looks (the registration wakes it). */
const EWAY_WAIT_MS = 60 * 60 * 1000;
export const EWAY_NOT_REQUIRED_MESSAGE =
  'Not needed: the invoice was taken back in full before the goods moved, so there is no consignment to cover.';

export const LOCAL_ERRORS = {
  late: 'LATE',
  unavailable: 'UNAVAILABLE',
  awaitingInvoice: 'AWAITING-INVOICE',
  irnCancelled: 'IRN-CANCELLED',
  neverRegistered: 'TAKEN-BACK',
} as const;

export const NOT_REQUIRED_MESSAGES = {
  irnCancelled:
    'Its invoice’s IRN was cancelled on the portal (the invoice was taken back in full within 24 hours), so this credit note is not reported.',
  neverRegistered:
    'The invoice was taken back in full before the portal registered it, so neither it nor its credit notes are reported.',
  awaitingInvoice: 'Waits for its invoice’s IRN: a credit note is registered after the invoice it adjusts.',
} as const;

/**
 * Whether an invoice's supply was called off: its credit notes took back every unit of its goods and
 * its parcel was never delivered (cancelled by the seller, lost, returned to origin). Such a document
 * is cancelled in full (requirements#e-invoicing), so within 24 hours of its IRN the IRN is cancelled
 * instead of a credit note being registered. Goods delivered and then returned were supplied: a
 * credit note (CGST s. 34) records the return, whatever the hour.
 */
async function isCalledOff(db: Executor, invoiceId: number): Promise<boolean> {
  const goods = (documentFilter: ReturnType<typeof eq>) =>
    db
      .select({ units: sum(taxDocumentLines.quantity).mapWith(Number) })
      .from(taxDocumentLines)
      .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
      .where(and(documentFilter, eq(taxDocumentLines.kind, 'goods')));
  const [[invoiced], [credited], [shipment]] = await Promise.all([
    goods(eq(taxDocuments.id, invoiceId)),
    goods(eq(taxDocuments.invoiceId, invoiceId)),
    db
      .select({ deliveredAt: shipments.deliveredAt })
      .from(taxDocuments)
      .innerJoin(shipments, eq(shipments.id, taxDocuments.shipmentId))
      .where(eq(taxDocuments.id, invoiceId)),
  ]);
  const units = invoiced?.units ?? 0;
  return units > 0 && (credited?.units ?? 0) >= units && !shipment?.deliveredAt;
}

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
 * requirements#e-invoicing (ADR-0044): what becomes of a credit note's registration, by its invoice's.
 * An invoice taken back in full within 24 hours of its acknowledgement has its IRN cancelled on the
 * portal instead (NIC reason 3, order cancelled), and the credit note is not reported; after 24 hours,
 * or for part of an invoice, or once another credit note of it is registered, the credit note is
 * registered. A credit note waits for an invoice not yet registered; one taken back in full before it
 * was registered is reported by neither. The ledger is not touched here: the credit note gave back
 * what the invoice recorded when it was issued, once, whichever way the portal hears of it.
 * Null: register the credit note.
 */
async function creditNoteOfRegistration(
  db: Executor,
  irp: IrpProvider,
  invoiceId: number,
  row: EInvoiceRow,
  now: Date,
): Promise<Partial<typeof eInvoices.$inferInsert> | null> {
  const [invoiceRow] = await db.select().from(eInvoices).where(eq(eInvoices.documentId, invoiceId));
  if (!invoiceRow) return null;
  const notRequired = (code: string, message: string) => ({
    status: 'not_required' as const,
    errorCode: code,
    errorMessage: message,
  });
  if (invoiceRow.status === 'cancelled' || invoiceRow.status === 'not_required')
    return invoiceRow.status === 'cancelled'
      ? notRequired(LOCAL_ERRORS.irnCancelled, NOT_REQUIRED_MESSAGES.irnCancelled)
      : notRequired(LOCAL_ERRORS.neverRegistered, NOT_REQUIRED_MESSAGES.neverRegistered);
  const whole = await isCalledOff(db, invoiceId);
  if (invoiceRow.status !== 'registered') {
    if (!whole)
      return {
        status: 'pending',
        // backing off as after an outage, so one waiting on a refused invoice is not tried every minute
        nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
        errorCode: LOCAL_ERRORS.awaitingInvoice,
        errorMessage: NOT_REQUIRED_MESSAGES.awaitingInvoice,
      };
    await db
      .update(eInvoices)
      .set({
        status: 'not_required',
        errorCode: LOCAL_ERRORS.neverRegistered,
        errorMessage: NOT_REQUIRED_MESSAGES.neverRegistered,
        updatedAt: now,
      })
      .where(and(eq(eInvoices.id, invoiceRow.id), inArray(eInvoices.status, ['pending', 'refused'])));
    return notRequired(LOCAL_ERRORS.neverRegistered, NOT_REQUIRED_MESSAGES.neverRegistered);
  }
  if (!whole || !invoiceRow.irn || !invoiceRow.acknowledgedAt) return null;
  if (!canCancelIrn(invoiceRow.acknowledgedAt, now)) return null;
  const [creditNoteRegistered] = await db
    .select({ id: eInvoices.id })
    .from(eInvoices)
    .innerJoin(taxDocuments, eq(taxDocuments.id, eInvoices.documentId))
    .where(
      and(
        eq(taxDocuments.invoiceId, invoiceId),
        ne(eInvoices.id, row.id),
        eq(eInvoices.status, 'registered'),
      ),
    );
  if (creditNoteRegistered) return null;
  const [document] = await db
    .select({ gstin: taxDocuments.sellerGstin })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, invoiceId));
  const result = await irp.cancelIrn(document?.gstin ?? '', {
    irn: invoiceRow.irn,
    reason: '3',
    remark: 'Order cancelled in full',
  });
  if (result.outcome === 'unavailable')
    return {
      status: 'pending',
      nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
      errorCode: LOCAL_ERRORS.unavailable,
      errorMessage: `The portal could not be reached to cancel the invoice’s IRN (${result.message}); trying again.`,
    };
  // the portal said no (already cancelled, or its own 24 hours ran out first): a credit note is the way
  if (result.outcome === 'refused') return null;
  await db
    .update(eInvoices)
    .set({
      status: 'cancelled',
      cancelledAt: instantOfPortalTimestamp(result.value.cancelDate) ?? now,
      cancelReason: '3',
      updatedAt: now,
    })
    .where(and(eq(eInvoices.id, invoiceRow.id), eq(eInvoices.status, 'registered')));
  return notRequired(LOCAL_ERRORS.irnCancelled, NOT_REQUIRED_MESSAGES.irnCancelled);
}

/**
 * One registration, already claimed: a credit note settled by its invoice's registration first (ADR-0044:
 * its invoice's IRN cancelled instead, or waiting for it); an invoice called off before it was
 * registered not sent; refused at once when past the 30-day limit; otherwise sent, and the answer kept: registered whole, refused with the portal's
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
    const settled =
      values.status === 'registered'
        ? ['cancelled', 'not_required']
        : ['registered', 'cancelled', 'not_required'];
    const [updated] = await db
      .update(eInvoices)
      .set({ ...values, updatedAt: now })
      .where(and(eq(eInvoices.id, row.id), notInArray(eInvoices.status, settled)))
      .returning();
    if (updated) {
      // requirements#eway-bill: the consignment's e-way bill waiting for this IRN goes next
      if (updated.status === 'registered')
        await db
          .update(ewayBills)
          .set({ nextAttemptAt: now })
          .where(and(eq(ewayBills.documentId, updated.documentId), eq(ewayBills.status, 'pending')));
      return updated;
    }
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
    const decided = await creditNoteOfRegistration(db, irp, source.invoiceId, row, now);
    if (decided) return update(decided);
  } else if (await isCalledOff(db, row.documentId))
    // requirements#e-invoicing: an invoice cancelled in full before the portal registered it is not sent
    return update({
      status: 'not_required',
      errorCode: LOCAL_ERRORS.neverRegistered,
      errorMessage: NOT_REQUIRED_MESSAGES.neverRegistered,
    });
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
  | { code: 'STILL_STANDING' }
  | { code: 'REFUSED'; errors: readonly PortalError[] }
  | { code: 'UNAVAILABLE'; message: string };

/**
 * requirements#e-invoicing (ADR-0044): the seller cancels an invoice's IRN on the portal, within 24 hours
 * of the acknowledgement, once the invoice was taken back in full (its credit notes gave back in the
 * ledger what it recorded). An invoice still standing, or a credit note, keeps its IRN: cancelling it
 * would leave the ledger paying for a supply the portal no longer knows, or taking back twice.
 */
export async function cancelEInvoice(
  db: Executor,
  irp: IrpProvider,
  args: { sellerId: number; documentId: number; reason: CancelReason; remark: string; now: Date },
): Promise<CancelResult> {
  const [row] = await db
    .select({ e: eInvoices, gstin: taxDocuments.sellerGstin, kind: taxDocuments.kind })
    .from(eInvoices)
    .innerJoin(taxDocuments, eq(taxDocuments.id, eInvoices.documentId))
    .where(and(eq(eInvoices.documentId, args.documentId), eq(eInvoices.sellerId, args.sellerId)));
  if (!row) return { code: 'NOT_FOUND' };
  const { e } = row;
  if (e.status !== 'registered' || !e.irn || !e.acknowledgedAt) return { code: 'NOT_REGISTERED' };
  if (!canCancelIrn(e.acknowledgedAt, args.now)) return { code: 'WINDOW_PASSED' };
  if (row.kind !== 'invoice' || !(await isCalledOff(db, args.documentId))) return { code: 'STILL_STANDING' };
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
    if (registration && (registration.status === 'cancelled' || registration.status === 'not_required')) {
      // its invoice was taken back in full before the goods moved: there is no consignment to cover
      await db
        .update(ewayBills)
        .set({
          status: 'not_required',
          errorCode: LOCAL_ERRORS.neverRegistered,
          errorMessage: EWAY_NOT_REQUIRED_MESSAGE,
        })
        .where(and(eq(ewayBills.id, row.id), eq(ewayBills.status, 'pending')));
      continue;
    }
    if (registration && registration.status !== 'registered') {
      // its invoice is not out yet (waiting for the portal, or refused until the seller fixes it): its
      // registration wakes the bill; until then it is looked at hourly, in case that wake-up was missed
      await db
        .update(ewayBills)
        .set({ nextAttemptAt: new Date(now.getTime() + EWAY_WAIT_MS) })
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
