import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { codCollections, type Executor, orders, sellers, shipments } from '@marketplace/db';
import {
  COD_MESSAGES,
  type CodRemittanceInput,
  type CodRemittanceResult,
  type OutstandingCod,
  type OutstandingCodQuery,
} from '@marketplace/domain/settlement/cod-api';
import { indianDayStart } from '@marketplace/domain/sellers/dashboard-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';

/**
 * requirements#settlement: the cash couriers still owe, oldest first, a page at a time: all of it,
 * an order's, a courier's or that of parcels delivered on some Indian days; the total of all, and
 * of those the filters match, so finance ticks every parcel a bank transfer covers.
 */
export async function outstandingCod(db: Executor, query: OutstandingCodQuery): Promise<OutstandingCod> {
  const from = query.from ? indianDayStart(new Date(`${query.from}T12:00:00+05:30`)) : null;
  const to = query.to ? indianDayStart(new Date(`${query.to}T12:00:00+05:30`), 1) : null;
  const where = and(
    isNull(codCollections.remittedAt),
    query.orderNo ? eq(orders.orderNo, query.orderNo) : undefined,
    query.carrier ? eq(codCollections.carrier, query.carrier) : undefined,
    from ? gte(codCollections.collectedAt, from) : undefined,
    to ? lt(codCollections.collectedAt, to) : undefined,
  );
  const sumOf = sql<number>`coalesce(sum(${codCollections.amountPaise}), 0)`.mapWith(Number);
  const [[total], [matching], carriers] = await Promise.all([
    db.select({ n: count(), sum: sumOf }).from(codCollections).where(isNull(codCollections.remittedAt)),
    db
      .select({ n: count(), sum: sumOf })
      .from(codCollections)
      .innerJoin(orders, eq(orders.id, codCollections.orderId))
      .where(where),
    db
      .selectDistinct({ carrier: codCollections.carrier })
      .from(codCollections)
      .where(and(isNull(codCollections.remittedAt), isNotNull(codCollections.carrier)))
      .orderBy(asc(codCollections.carrier)),
  ]);
  const pageCount = Math.max(1, Math.ceil((matching?.n ?? 0) / query.size));
  const page = Math.min(query.page, pageCount);
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
    .where(where)
    .orderBy(asc(codCollections.collectedAt), asc(codCollections.id))
    .limit(query.size)
    .offset((page - 1) * query.size);
  return {
    totalPaise: total?.sum ?? 0,
    count: total?.n ?? 0,
    matching: { count: matching?.n ?? 0, totalPaise: matching?.sum ?? 0 },
    page,
    pageCount,
    pageSize: query.size,
    carriers: carriers.flatMap((row) => (row.carrier ? [row.carrier] : [])),
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
