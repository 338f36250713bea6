import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  codCollections,
  codReceivableSettlements,
  codRemittanceDeductions,
  codRemittanceParcels,
  codRemittances,
  type Executor,
  orders,
  sellers,
  shipments,
} from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import {
  COD_REMITTANCE_MESSAGES,
  type CodRemittanceParsed,
  type CodRemittanceResult,
  type OutstandingCod,
  type OutstandingCodQuery,
} from '@marketplace/domain/settlement/cod-api';
import { remittanceSums } from '@marketplace/domain/settlement/cod-remittance';
import { indianDay } from '@marketplace/domain/text/dates';
import { isUniqueViolation } from '../profile/index.ts';
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

export type CodRemittanceOutcome =
  | { code: 'RECORDED'; result: CodRemittanceResult }
  | { code: 'DUPLICATE_REFERENCE' }
  | { code: 'ALREADY_REMITTED'; invoiceNos: string[] }
  | { code: 'UNKNOWN'; invoiceNos: string[] }
  | { code: 'OTHER_CARRIER'; invoiceNos: string[] }
  | { code: 'MORE_THAN_OWED'; overPaise: number }
  | { code: 'FUTURE_DAY' };

/** One lock for every UTR the console records, so a transfer is recorded once even when posted twice at once. */
export const lockCodReferences = (tx: Executor) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cod-remittance-references'))`);

/** True when a bank transfer with this UTR is recorded already, as a remittance or a later settlement. */
export async function isReferenceRecorded(tx: Executor, reference: string) {
  const [remitted] = await tx
    .select({ id: codRemittances.id })
    .from(codRemittances)
    .where(eq(codRemittances.reference, reference))
    .limit(1);
  if (remitted) return true;
  const [settled] = await tx
    .select({ id: codReceivableSettlements.id })
    .from(codReceivableSettlements)
    .where(eq(codReceivableSettlements.reference, reference))
    .limit(1);
  return Boolean(settled);
}

/**
 * requirements#cod-remittance (ADR-0046): a courier's bank transfer for some parcels' cash, with what it
 * deducted: all the parcels or none are marked remitted (their items become payable to their
 * sellers), in one transaction with the remittance's own rows and its audit row. What the transfer
 * and the accepted deductions leave of the cash stays owed by the courier.
 */
export async function recordCodRemittance(
  db: Executor,
  actor: AuditActor,
  input: CodRemittanceParsed,
  now: Date,
): Promise<CodRemittanceOutcome> {
  if (input.remittedOn > indianDay(now)) return { code: 'FUTURE_DAY' };
  const wanted = [...new Set(input.invoiceNos)];
  const staffId = 'staffId' in actor ? actor.staffId : null;
  try {
    return await db.transaction(async (tx): Promise<CodRemittanceOutcome> => {
      await lockCodReferences(tx);
      if (await isReferenceRecorded(tx, input.reference)) return { code: 'DUPLICATE_REFERENCE' };
      const rows = await tx
        .select({
          id: codCollections.id,
          invoiceNo: shipments.invoiceNo,
          carrier: codCollections.carrier,
          remittedAt: codCollections.remittedAt,
          amountPaise: codCollections.amountPaise,
        })
        .from(codCollections)
        .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
        .where(inArray(shipments.invoiceNo, wanted))
        .orderBy(asc(codCollections.id))
        .for('update', { of: codCollections });
      const found = new Set(rows.map((row) => row.invoiceNo));
      const unknown = wanted.filter((invoiceNo) => !found.has(invoiceNo));
      if (unknown.length > 0) return { code: 'UNKNOWN', invoiceNos: unknown };
      const already = rows.filter((row) => row.remittedAt !== null).map((row) => row.invoiceNo);
      if (already.length > 0) return { code: 'ALREADY_REMITTED', invoiceNos: already };
      const carrier = input.carrier.toLowerCase();
      // a parcel whose courier was not recorded may be named in any courier's transfer
      const other = rows.filter((row) => row.carrier !== null && row.carrier.toLowerCase() !== carrier);
      if (other.length > 0) return { code: 'OTHER_CARRIER', invoiceNos: other.map((row) => row.invoiceNo) };
      const owedPaise = rows.reduce((sum, row) => sum + row.amountPaise, 0);
      const sums = remittanceSums(owedPaise, input.remittedPaise, input.deductions);
      if (!sums.ok) return { code: 'MORE_THAN_OWED', overPaise: sums.overPaise };
      const [remittance] = await tx
        .insert(codRemittances)
        .values({
          carrier: input.carrier,
          reference: input.reference,
          remittedOn: input.remittedOn,
          owedPaise,
          remittedPaise: sums.remittedPaise,
          acceptedPaise: sums.acceptedPaise,
          receivablePaise: sums.receivablePaise,
          recordedBy: staffId,
          createdAt: now,
        })
        .returning({ id: codRemittances.id });
      if (!remittance) throw new Error('the remittance was not recorded');
      if (input.deductions.length > 0)
        await tx
          .insert(codRemittanceDeductions)
          .values(input.deductions.map((d) => ({ remittanceId: remittance.id, ...d })));
      await tx.insert(codRemittanceParcels).values(
        rows.map((row) => ({
          remittanceId: remittance.id,
          codCollectionId: row.id,
          amountPaise: row.amountPaise,
        })),
      );
      await tx
        .update(codCollections)
        .set({ remittedAt: now, remittanceReference: input.reference, remittedBy: staffId })
        .where(
          and(
            inArray(
              codCollections.id,
              rows.map((row) => row.id),
            ),
            isNull(codCollections.remittedAt),
          ),
        );
      const remitted = rows.map((row) => row.invoiceNo);
      await writeAudit(
        tx,
        actor,
        {
          action: 'settlement.cod-remittance',
          targetType: 'cod-remittance',
          targetId: input.reference,
          before: { remitted: false },
          after: {
            carrier: input.carrier,
            remittedOn: input.remittedOn,
            shipments: remitted,
            amountPaise: owedPaise,
            remittedPaise: sums.remittedPaise,
            // the deductions by kind are rows of their own; the log keeps their sums, readable as fields
            acceptedPaise: sums.acceptedPaise,
            shortPaidPaise: sums.shortPaidPaise,
            receivablePaise: sums.receivablePaise,
          },
        },
        now,
      );
      return {
        code: 'RECORDED',
        result: {
          message: COD_REMITTANCE_MESSAGES.recorded(
            remitted.length,
            sums.receivablePaise > 0 ? formatInr(sums.receivablePaise) : null,
          ),
          remittanceId: remittance.id,
          remitted,
          amountPaise: owedPaise,
          remittedPaise: sums.remittedPaise,
          acceptedPaise: sums.acceptedPaise,
          receivablePaise: sums.receivablePaise,
        },
      };
    });
  } catch (error) {
    // the indexes are the last word when two servers record the same transfer or parcel at once
    if (isUniqueViolation(error, 'cod_remittances_reference_key')) return { code: 'DUPLICATE_REFERENCE' };
    if (isUniqueViolation(error, 'cod_remittance_parcels_collection_key'))
      return { code: 'ALREADY_REMITTED', invoiceNos: wanted };
    throw error;
  }
}
