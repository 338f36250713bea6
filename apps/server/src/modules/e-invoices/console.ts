// requirements#e-invoicing: the console's view of registrations that failed or wait, for finance staff,
// and their "Send again" after the cause is fixed (audited).
import { and, asc, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import { eInvoices, type Executor, orders, sellers, taxDocuments } from '@marketplace/db';
import { isTurnoverBand, reportingDeadline } from '@marketplace/domain/tax/e-invoice';
import type { ConsoleEInvoiceList } from '@marketplace/domain/tax/e-invoice-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import type { IrpProvider } from './provider.ts';
import { retryEInvoice, type RetryResult } from './register.ts';

const LIMIT = 200;

// refused, or pending after a try that did not register it (an outage, an invoice it waits for);
// a pending row never tried yet is simply queued and not anyone's concern
const needsAttention = or(
  eq(eInvoices.status, 'refused'),
  and(eq(eInvoices.status, 'pending'), isNotNull(eInvoices.errorCode)),
);

/** Every seller's registrations that failed or wait, refused first, oldest document first. */
export async function registrationsNeedingAttention(db: Executor): Promise<ConsoleEInvoiceList> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        e: eInvoices,
        d: taxDocuments,
        orderNo: orders.orderNo,
        sellerName: sellers.name,
        band: sellers.turnoverBand,
      })
      .from(eInvoices)
      .innerJoin(taxDocuments, eq(taxDocuments.id, eInvoices.documentId))
      .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
      .innerJoin(sellers, eq(sellers.id, eInvoices.sellerId))
      .where(needsAttention)
      .orderBy(sql`${eInvoices.status} = 'pending'`, asc(taxDocuments.issuedAt), asc(eInvoices.id))
      .limit(LIMIT),
    db
      .select({ status: eInvoices.status, n: count() })
      .from(eInvoices)
      .where(needsAttention)
      .groupBy(eInvoices.status),
  ]);
  const total = (status: string) => totals.find((t) => t.status === status)?.n ?? 0;
  return {
    refused: total('refused'),
    waiting: total('pending'),
    eInvoices: rows.map(({ e, d, orderNo, sellerName, band }) => ({
      documentId: d.id,
      kind: d.kind === 'credit_note' ? 'credit_note' : 'invoice',
      number: d.number,
      issuedAt: d.issuedAt.toISOString(),
      orderNo,
      sellerId: d.sellerId,
      sellerName: sellerName || d.sellerLegalName,
      sellerGstin: d.sellerGstin ?? '',
      status: e.status === 'refused' ? 'refused' : 'pending',
      errorCode: e.errorCode,
      errorMessage: e.errorMessage,
      attempts: e.attempts,
      nextAttemptAt: e.status === 'pending' ? e.nextAttemptAt.toISOString() : null,
      reportBy: reportingDeadline(isTurnoverBand(band) ? band : null, d.issuedAt),
    })),
  };
}

/**
 * Finance staff send a refused or waiting registration again, whichever seller's it is, once its cause
 * is fixed; the attempt and its outcome are in the audit log.
 */
export async function staffRetryEInvoice(
  db: Executor,
  irp: IrpProvider,
  actor: AuditActor,
  documentId: number,
  now: Date,
): Promise<RetryResult> {
  const [owner] = await db
    .select({ sellerId: eInvoices.sellerId, status: eInvoices.status, errorCode: eInvoices.errorCode })
    .from(eInvoices)
    .where(eq(eInvoices.documentId, documentId));
  if (!owner) return { code: 'NOT_FOUND' };
  const result = await retryEInvoice(db, irp, owner.sellerId, documentId, now);
  if (result.code === 'DONE')
    await writeAudit(
      db,
      actor,
      {
        action: 'settlement.e-invoice-retry',
        targetType: 'e_invoice',
        targetId: documentId,
        before: { status: owner.status, errorCode: owner.errorCode },
        after: { status: result.row.status, errorCode: result.row.errorCode, irn: result.row.irn },
      },
      now,
    );
  return result;
}
