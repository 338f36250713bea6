import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { codCollections, type Executor, orders, sellers, shipments } from '@marketplace/db';
import {
  COD_MESSAGES,
  type CodRemittanceInput,
  type CodRemittanceResult,
  type OutstandingCod,
} from '@marketplace/domain/settlement/cod-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';

/**
 * requirements#settlement: the cash couriers still owe, oldest first (the first 200), or an order's
 * only, with the total of all.
 */
export async function outstandingCod(db: Executor, orderNo?: string): Promise<OutstandingCod> {
  const rows = await db
    .select({
      invoiceNo: shipments.invoiceNo,
      orderNo: orders.orderNo,
      sellerName: sellers.name,
      carrier: codCollections.carrier,
      amountPaise: codCollections.amountPaise,
      collectedAt: codCollections.collectedAt,
    })
    .from(codCollections)
    .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
    .innerJoin(orders, eq(orders.id, codCollections.orderId))
    .innerJoin(sellers, eq(sellers.id, codCollections.sellerId))
    .where(and(isNull(codCollections.remittedAt), orderNo ? eq(orders.orderNo, orderNo) : undefined))
    .orderBy(asc(codCollections.collectedAt), asc(codCollections.id))
    .limit(200);
  const [total] = await db
    .select({ n: count(), sum: sql<number>`coalesce(sum(${codCollections.amountPaise}), 0)`.mapWith(Number) })
    .from(codCollections)
    .where(isNull(codCollections.remittedAt));
  return {
    totalPaise: total?.sum ?? 0,
    count: total?.n ?? 0,
    collections: rows.map((row) => ({ ...row, collectedAt: row.collectedAt.toISOString() })),
  };
}

/**
 * requirements#settlement: a courier's remittance for some shipments' cash: each is marked remitted
 * with the courier's bank reference, in one transaction with its audit row, so its items become
 * payable to their sellers. Shipments remitted before are left as they were, and reported.
 */
export async function recordCodRemittance(
  db: Executor,
  actor: AuditActor,
  input: CodRemittanceInput,
  now: Date,
): Promise<CodRemittanceResult> {
  const wanted = [...new Set(input.invoiceNos)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: codCollections.id,
        invoiceNo: shipments.invoiceNo,
        remittedAt: codCollections.remittedAt,
        amountPaise: codCollections.amountPaise,
      })
      .from(codCollections)
      .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
      .where(inArray(shipments.invoiceNo, wanted))
      .for('update', { of: codCollections });
    const open = rows.filter((row) => row.remittedAt === null);
    if (open.length > 0)
      await tx
        .update(codCollections)
        .set({
          remittedAt: now,
          remittanceReference: input.reference,
          remittedBy: 'staffId' in actor ? actor.staffId : null,
        })
        .where(
          and(
            inArray(
              codCollections.id,
              open.map((row) => row.id),
            ),
            isNull(codCollections.remittedAt),
          ),
        );
    const amountPaise = open.reduce((sum, row) => sum + row.amountPaise, 0);
    const remitted = open.map((row) => row.invoiceNo);
    if (remitted.length > 0)
      await writeAudit(
        tx,
        actor,
        {
          action: 'settlement.cod-remittance',
          targetType: 'cod-remittance',
          targetId: input.reference,
          before: { remitted: false },
          after: { shipments: remitted, amountPaise },
        },
        now,
      );
    const found = new Set(rows.map((row) => row.invoiceNo));
    return {
      message: COD_MESSAGES.remitted(remitted.length),
      remitted,
      alreadyRemitted: rows.filter((row) => row.remittedAt !== null).map((row) => row.invoiceNo),
      unknown: wanted.filter((invoiceNo) => !found.has(invoiceNo)),
      amountPaise,
    };
  });
}
