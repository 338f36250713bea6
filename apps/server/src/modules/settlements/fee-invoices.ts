// requirements#fee-invoices (ADR-0052): the marketplace's monthly fee invoices and credit notes to its
// sellers, issued once a month has ended by the month-end job (or finance's button), registered with
// the Invoice Registration Portal when the operator's turnover requires it, and read by the seller
// whose they are and by finance.
import { and, asc, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { documentSeries, type Executor, feeEInvoices, feeInvoices } from '@marketplace/db';
import { isMonthEnded, monthOf, shiftMonth } from '@marketplace/domain/settlement/console-api';
import { documentNumber, financialYearOf } from '@marketplace/domain/settlement/documents';
import {
  creditedFigures,
  feeDocumentKindOf,
  feeDocumentLines,
  type FeeInvoiceSummary,
  isFeeEInvoiceDue,
  sellerFeeInvoicePdfUrl,
} from '@marketplace/domain/settlement/fee-invoices';
import { buildInv01 } from '@marketplace/domain/tax/e-invoice';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import type { TurnoverBand } from '@marketplace/domain/tax/rates';
import type { IrpProvider, PortalError } from '../e-invoices/index.ts';
import type { Job } from '../../jobs.ts';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { issuedFor, monthFees } from './exports.ts';

type FeeInvoiceRow = typeof feeInvoices.$inferSelect;
type FeeEInvoiceRow = typeof feeEInvoices.$inferSelect;

/** The operator's pincode, from the address its documents print. */
export const OPERATOR_PINCODE = /(\d{6})\s*$/.exec(MARKETPLACE_OPERATOR.address)?.[1] ?? '560025';

/**
 * The next serial of one of the operator's series in a financial year: the document series' counter
 * row, advanced and locked until the transaction ends (as the sellers' series are), so numbers run
 * consecutively from 1 each April without gaps.
 */
async function nextOperatorSerial(
  tx: Executor,
  kind: 'fee_invoice' | 'fee_credit_note',
  financialYear: string,
): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ issuer: 'operator', kind, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.issuer, documentSeries.kind, documentSeries.financialYear],
      set: { lastSerial: sql`${documentSeries.lastSerial} + 1` },
    })
    .returning({ serial: documentSeries.lastSerial });
  if (!row) throw new Error(`the operator’s ${kind} series was not advanced`);
  return row.serial;
}

export type FeeInvoiceIssue =
  | { code: 'OPEN' }
  | {
      code: 'ISSUED';
      issued: number;
      invoices: { number: string; sellerId: number; valuePaise: number }[];
    };

export type FeeIssueOptions = {
  /** requirements#fee-invoices: the operator's aggregate turnover band, which decides e-invoicing */
  operatorBand: TurnoverBand;
};

/**
 * requirements#fee-invoices, requirements#settlement: an ended month's fee documents, one per seller
 * whose fees there come to something: a tax invoice in the operator's FEE series when they charged
 * more than nothing, a credit note in its FCN series (CGST s. 34) naming the seller's latest earlier
 * fee invoice when returns gave back more. Dated when issued, for the month the fees were deducted in
 * (their time of supply, CGST s. 13). A seller issued for already keeps its document and number:
 * asking again issues only what is missing. One issuer at a time across server processes (a
 * transaction-level advisory lock, and the seller and month's unique key behind it); audited as
 * settlement.fee-invoices. A registered seller's document waits for its IRN when e-invoicing applies.
 */
export function issueFeeInvoices(
  db: Executor,
  actor: AuditActor,
  month: string,
  now: Date,
  options: FeeIssueOptions,
) {
  if (!isMonthEnded(month, now)) return Promise.resolve<FeeInvoiceIssue>({ code: 'OPEN' });
  return db.transaction(async (tx): Promise<FeeInvoiceIssue> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fee-invoices'))`);
    const already = new Set((await issuedFor(tx, month)).map((row) => row.sellerId));
    const financialYear = financialYearOf(now);
    const made: string[] = [];
    for (const fee of await monthFees(tx, month)) {
      const kind = feeDocumentKindOf(fee.figures);
      if (already.has(fee.sellerId) || kind === null) continue;
      const seriesKind = kind === 'invoice' ? 'fee_invoice' : 'fee_credit_note';
      const serial = await nextOperatorSerial(tx, seriesKind, financialYear);
      const number = documentNumber(seriesKind, financialYear, serial);
      const [earlier] =
        kind === 'credit_note'
          ? await tx
              .select({ id: feeInvoices.id })
              .from(feeInvoices)
              .where(
                and(
                  eq(feeInvoices.sellerId, fee.sellerId),
                  eq(feeInvoices.kind, 'invoice'),
                  lt(feeInvoices.month, month),
                ),
              )
              .orderBy(desc(feeInvoices.month))
              .limit(1)
          : [];
      const [row] = await tx
        .insert(feeInvoices)
        .values({
          sellerId: fee.sellerId,
          month,
          kind,
          invoiceId: earlier?.id ?? null,
          number,
          financialYear,
          serial,
          issuedAt: now,
          sellerLegalName: fee.legalName,
          sellerGstin: fee.gstin,
          sellerStateCode: fee.stateCode,
          sellerAddress: fee.address,
          sellerPincode: fee.pincode,
          supplyKind: fee.supplyKind,
          ...(kind === 'credit_note' ? creditedFigures(fee.figures) : fee.figures),
          issuedBy: 'staffId' in actor ? actor.staffId : null,
          createdAt: now,
        })
        .returning();
      // requirements#e-invoicing: a credit note is registered only against a registered invoice it names
      if (row && isFeeEInvoiceDue(options.operatorBand, row.sellerGstin) && (kind === 'invoice' || earlier))
        await tx
          .insert(feeEInvoices)
          .values({ feeInvoiceId: row.id, sellerId: row.sellerId, nextAttemptAt: now, createdAt: now });
      made.push(number);
    }
    const documents = await issuedFor(tx, month);
    if (made.length > 0)
      await writeAudit(
        tx,
        actor,
        {
          action: 'settlement.fee-invoices',
          targetType: 'fee_invoice_month',
          targetId: month,
          before: null,
          after: {
            month,
            numbers: made,
            valuePaise: documents
              .filter((row) => made.includes(row.number))
              .reduce((sum, row) => sum + (row.kind === 'credit_note' ? -row.valuePaise : row.valuePaise), 0),
          },
        },
        now,
      );
    return {
      code: 'ISSUED',
      issued: made.length,
      invoices: documents.map((row) => ({
        number: row.number,
        sellerId: row.sellerId,
        valuePaise: row.kind === 'credit_note' ? -row.valuePaise : row.valuePaise,
      })),
    };
  });
}

// --- the portal ---

/** How long a claimed registration is left to its process before another may try it. */
const LEASE_MS = 2 * 60 * 1000;
const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;

/** INV-01 of a fee document: the operator supplies its services to the seller (B2B, no e-commerce operator). */
export function feeInv01(document: FeeInvoiceRow, invoice: FeeInvoiceRow | null) {
  const lines = feeDocumentLines(document);
  return buildInv01(
    {
      kind: document.kind === 'credit_note' ? 'credit_note' : 'invoice',
      number: document.number,
      issuedAt: document.issuedAt,
      seller: {
        gstin: MARKETPLACE_OPERATOR.gstin,
        legalName: MARKETPLACE_OPERATOR.legalName,
        address: MARKETPLACE_OPERATOR.address,
        pincode: OPERATOR_PINCODE,
        stateCode: MARKETPLACE_OPERATOR.gstin.slice(0, 2),
      },
      buyer: {
        gstin: document.sellerGstin ?? '',
        name: document.sellerLegalName,
        address: document.sellerAddress ?? document.sellerLegalName,
        pincode: document.sellerPincode ?? '000000',
        placeOfSupplyCode: document.sellerStateCode,
      },
      invoice: invoice ? { number: invoice.number, issuedAt: invoice.issuedAt } : null,
      lines: lines.map((line) => ({
        description: line.description,
        hsnCode: line.sac,
        quantity: 1,
        ratePercent: line.ratePercent,
        valuePaise: line.valuePaise,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
      })),
    },
    null,
  );
}

const firstError = (errors: readonly PortalError[]) => ({
  errorCode: errors[0]?.code ?? 'REFUSED',
  errorMessage:
    errors
      .map((e) => `${e.code}: ${e.message}`)
      .join('\n')
      .slice(0, 2000) || 'Refused without a reason',
});

/** Parses the portal's 'yyyy-MM-dd HH:mm:ss' (IST) acknowledgement date. */
function instantOfAck(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Registers the fee documents whose IRN is due, a few at a time, claimed with FOR UPDATE SKIP LOCKED
 * and a lease so two server processes never send one twice; a credit note waits for its invoice's IRN.
 */
export async function registerDueFeeEInvoices(
  db: Executor,
  irp: IrpProvider,
  now: Date,
  limit = 20,
): Promise<FeeEInvoiceRow[]> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: feeEInvoices.id })
      .from(feeEInvoices)
      .where(and(eq(feeEInvoices.status, 'pending'), lte(feeEInvoices.nextAttemptAt, now)))
      .orderBy(asc(feeEInvoices.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows: FeeEInvoiceRow[] = [];
    for (const { id } of due) {
      const [row] = await tx
        .update(feeEInvoices)
        .set({
          attempts: sql`${feeEInvoices.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + LEASE_MS),
          updatedAt: now,
        })
        .where(eq(feeEInvoices.id, id))
        .returning();
      if (row) rows.push(row);
    }
    return rows;
  });
  const done: FeeEInvoiceRow[] = [];
  for (const row of claimed) {
    const update = async (values: Partial<typeof feeEInvoices.$inferInsert>) => {
      const [updated] = await db
        .update(feeEInvoices)
        .set({ ...values, updatedAt: now })
        .where(and(eq(feeEInvoices.id, row.id), eq(feeEInvoices.status, 'pending')))
        .returning();
      return updated ?? row;
    };
    const [document] = await db.select().from(feeInvoices).where(eq(feeInvoices.id, row.feeInvoiceId));
    if (!document) continue;
    const [invoice] = document.invoiceId
      ? await db.select().from(feeInvoices).where(eq(feeInvoices.id, document.invoiceId))
      : [];
    if (invoice) {
      const [invoiceRegistration] = await db
        .select({ status: feeEInvoices.status })
        .from(feeEInvoices)
        .where(eq(feeEInvoices.feeInvoiceId, invoice.id));
      if (invoiceRegistration && invoiceRegistration.status !== 'registered') {
        done.push(
          await update({
            nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
            errorCode: 'AWAITING-INVOICE',
            errorMessage:
              'Waits for its fee invoice’s IRN: a credit note is registered after the invoice it adjusts.',
          }),
        );
        continue;
      }
    }
    const payload = feeInv01(document, invoice ?? null);
    const result = await irp.generateIrn(MARKETPLACE_OPERATOR.gstin, payload);
    if (result.outcome === 'done')
      done.push(
        await update({
          status: 'registered',
          payload,
          irn: result.value.irn,
          ackNo: result.value.ackNo,
          acknowledgedAt: instantOfAck(result.value.ackDate) ?? now,
          signedQrCode: result.value.signedQrCode,
          signedInvoice: result.value.signedInvoice,
          errorCode: null,
          errorMessage: null,
        }),
      );
    else if (result.outcome === 'refused')
      done.push(await update({ status: 'refused', payload, ...firstError(result.errors) }));
    else
      done.push(
        await update({
          payload,
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
          errorCode: 'UNAVAILABLE',
          errorMessage: `The portal could not be reached (${result.message}); trying again.`,
        }),
      );
  }
  return done;
}

/**
 * requirements#fee-invoices (ADR-0052): the month-end job. Once a month has ended in India it issues
 * the last month's fee documents (nothing new when they are issued already, so every run after the
 * first is a no-op), then registers those waiting for their IRN. Runs in one server process at a time
 * (ADR-0019); the issue's own lock and unique keys keep a second issuer from numbering twice.
 */
export function feeInvoiceJob(
  db: Executor,
  irp: IrpProvider,
  options: FeeIssueOptions & { logger: Logger; intervalMs?: number; now?: () => Date },
): Job {
  const now = options.now ?? (() => new Date());
  return {
    name: 'fee-invoices',
    intervalMs: options.intervalMs ?? 15 * 60 * 1000,
    run: async () => {
      const at = now();
      const month = shiftMonth(monthOf(at), -1);
      const result = await issueFeeInvoices(db, { cli: true }, month, at, options);
      if (result.code === 'ISSUED' && result.issued > 0)
        options.logger.info({ month, issued: result.issued }, 'fee invoices issued for the month');
      for (const row of await registerDueFeeEInvoices(db, irp, at))
        if (row.status !== 'registered')
          options.logger.warn(
            { feeInvoiceId: row.feeInvoiceId, code: row.errorCode },
            'fee e-invoice not registered',
          );
    },
  };
}

// --- reading ---

const summaryOf = (
  row: FeeInvoiceRow,
  registration: FeeEInvoiceRow | null,
  pdfUrl: (id: number) => string,
): FeeInvoiceSummary => ({
  id: row.id,
  kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
  number: row.number,
  month: row.month,
  issuedAt: row.issuedAt.toISOString(),
  sellerLegalName: row.sellerLegalName,
  sellerGstin: row.sellerGstin,
  taxablePaise: row.taxablePaise,
  gstPaise: row.cgstPaise + row.sgstPaise + row.igstPaise,
  valuePaise: row.valuePaise,
  irn: registration?.status === 'registered' ? registration.irn : null,
  eInvoiceStatus:
    registration?.status === 'pending' ||
    registration?.status === 'registered' ||
    registration?.status === 'refused'
      ? registration.status
      : null,
  pdfUrl: pdfUrl(row.id),
});

/** requirements#fee-invoices: a seller's fee invoices and credit notes, newest month first. */
export async function sellerFeeInvoices(db: Executor, sellerId: number): Promise<FeeInvoiceSummary[]> {
  const rows = await db
    .select({ document: feeInvoices, registration: feeEInvoices })
    .from(feeInvoices)
    .leftJoin(feeEInvoices, eq(feeEInvoices.feeInvoiceId, feeInvoices.id))
    .where(eq(feeInvoices.sellerId, sellerId))
    .orderBy(desc(feeInvoices.month), desc(feeInvoices.id))
    .limit(240);
  return rows.map((r) => summaryOf(r.document, r.registration, sellerFeeInvoicePdfUrl));
}

/** requirements#fee-invoices: finance's list of a month's fee documents, in number order. */
export async function monthFeeInvoices(
  db: Executor,
  month: string,
  pdfUrl: (id: number) => string,
): Promise<FeeInvoiceSummary[]> {
  const rows = await db
    .select({ document: feeInvoices, registration: feeEInvoices })
    .from(feeInvoices)
    .leftJoin(feeEInvoices, eq(feeEInvoices.feeInvoiceId, feeInvoices.id))
    .where(eq(feeInvoices.month, month))
    .orderBy(desc(feeInvoices.kind), asc(feeInvoices.serial));
  return rows.map((r) => summaryOf(r.document, r.registration, pdfUrl));
}

/**
 * One fee document with what its PDF prints: the credit note's invoice and the IRN. A seller reads
 * only its own (`sellerId`); finance any (null). Another seller's answers null, as one that does not exist.
 */
export async function feeDocument(db: Executor, id: number, sellerId: number | null) {
  const [row] = await db
    .select({ document: feeInvoices, registration: feeEInvoices })
    .from(feeInvoices)
    .leftJoin(feeEInvoices, eq(feeEInvoices.feeInvoiceId, feeInvoices.id))
    .where(
      sellerId === null
        ? eq(feeInvoices.id, id)
        : and(eq(feeInvoices.id, id), eq(feeInvoices.sellerId, sellerId)),
    );
  if (!row) return null;
  const [invoice] = row.document.invoiceId
    ? await db.select().from(feeInvoices).where(eq(feeInvoices.id, row.document.invoiceId))
    : [];
  return { document: row.document, registration: row.registration, invoice: invoice ?? null };
}
export type FeeDocument = NonNullable<Awaited<ReturnType<typeof feeDocument>>>;
