import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  codCollections,
  codReceivableSettlements,
  codRemittanceDeductions,
  codRemittanceParcels,
  codRemittances,
  type Executor,
  orders,
  shipments,
} from '@marketplace/db';
import {
  COD_RECEIVABLES_PAGE_SIZE,
  COD_REMITTANCE_MESSAGES,
  type CodReceivable,
  type CodReceivableQuery,
  type CodReceivables,
  type CodSettlementParsed,
  type CodSettlementResult,
} from '@marketplace/domain/settlement/cod-api';
import { COD_DEDUCTION_KINDS, settleReceivable } from '@marketplace/domain/settlement/cod-remittance';
import { indianDay } from '@marketplace/domain/text/dates';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { isReferenceRecorded, lockCodReferences } from './cod.ts';
import { isUniqueViolation } from '../profile/index.ts';

/** What each remittance's settlements add up to. */
const settledOf = (tx: Executor) =>
  tx
    .select({
      remittanceId: codReceivableSettlements.remittanceId,
      settledPaise: sql<number>`sum(${codReceivableSettlements.amountPaise})`
        .mapWith(Number)
        .as('settled_paise'),
    })
    .from(codReceivableSettlements)
    .groupBy(codReceivableSettlements.remittanceId)
    .as('settled');

/**
 * requirements#cod-remittance: what couriers still owe after their remittances, newest first, with
 * each remittance's deductions, settlements and parcels; the open total by courier.
 */
export async function listCodReceivables(db: Executor, query: CodReceivableQuery): Promise<CodReceivables> {
  const settled = settledOf(db);
  const open =
    sql<number>`(${codRemittances.receivablePaise} - coalesce(${settled.settledPaise}, 0))`.mapWith(Number);
  const isOpen = and(gt(codRemittances.receivablePaise, 0), sql`${open} > 0`);
  const where = and(isOpen, query.carrier ? eq(codRemittances.carrier, query.carrier) : undefined);
  const byCarrier = await db
    .select({
      carrier: codRemittances.carrier,
      count: sql<number>`count(*)`.mapWith(Number),
      openPaise: sql<number>`sum(${open})`.mapWith(Number),
    })
    .from(codRemittances)
    .leftJoin(settled, eq(settled.remittanceId, codRemittances.id))
    .where(isOpen)
    .groupBy(codRemittances.carrier)
    .orderBy(asc(codRemittances.carrier));
  const matching = query.carrier ? byCarrier.filter((row) => row.carrier === query.carrier) : byCarrier;
  const total = matching.reduce((sum, row) => sum + row.count, 0);
  const pageCount = Math.max(1, Math.ceil(total / COD_RECEIVABLES_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      remittanceId: codRemittances.id,
      carrier: codRemittances.carrier,
      reference: codRemittances.reference,
      remittedOn: codRemittances.remittedOn,
      owedPaise: codRemittances.owedPaise,
      remittedPaise: codRemittances.remittedPaise,
      receivablePaise: codRemittances.receivablePaise,
      openPaise: open,
    })
    .from(codRemittances)
    .leftJoin(settled, eq(settled.remittanceId, codRemittances.id))
    .where(where)
    .orderBy(desc(codRemittances.remittedOn), desc(codRemittances.id))
    .limit(COD_RECEIVABLES_PAGE_SIZE)
    .offset((page - 1) * COD_RECEIVABLES_PAGE_SIZE);
  const ids = rows.map((row) => row.remittanceId);
  const [deductions, settlements, parcels] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select()
            .from(codRemittanceDeductions)
            .where(inArray(codRemittanceDeductions.remittanceId, ids))
            .orderBy(asc(codRemittanceDeductions.id)),
          db
            .select()
            .from(codReceivableSettlements)
            .where(inArray(codReceivableSettlements.remittanceId, ids))
            .orderBy(asc(codReceivableSettlements.id)),
          db
            .select({
              remittanceId: codRemittanceParcels.remittanceId,
              invoiceNo: shipments.invoiceNo,
              orderNo: orders.orderNo,
              amountPaise: codRemittanceParcels.amountPaise,
            })
            .from(codRemittanceParcels)
            .innerJoin(codCollections, eq(codCollections.id, codRemittanceParcels.codCollectionId))
            .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
            .innerJoin(orders, eq(orders.id, codCollections.orderId))
            .where(inArray(codRemittanceParcels.remittanceId, ids))
            .orderBy(asc(shipments.invoiceNo)),
        ]);
  const receivables = rows.map((row): CodReceivable => ({
    ...row,
    deductions: deductions
      .filter((d) => d.remittanceId === row.remittanceId)
      .flatMap((d) => {
        const kind = COD_DEDUCTION_KINDS.find((known) => known === d.kind);
        return kind ? [{ kind, amountPaise: d.amountPaise }] : [];
      }),
    settlements: settlements
      .filter((s) => s.remittanceId === row.remittanceId)
      .map((s) => ({
        kind: s.kind === 'write-off' ? 'write-off' : 'remittance',
        amountPaise: s.amountPaise,
        reference: s.reference,
        reason: s.reason,
        settledOn: s.settledOn,
      })),
    parcels: parcels
      .filter((p) => p.remittanceId === row.remittanceId)
      .map(({ invoiceNo, orderNo, amountPaise }) => ({ invoiceNo, orderNo, amountPaise })),
  }));
  return {
    byCarrier,
    openPaise: byCarrier.reduce((sum, row) => sum + row.openPaise, 0),
    page,
    pageCount,
    receivables,
  };
}

export type CodSettlementOutcome =
  | { code: 'SETTLED'; result: CodSettlementResult }
  | { code: 'NOT_FOUND' }
  | { code: 'MORE_THAN_OPEN' }
  | { code: 'DUPLICATE_REFERENCE' }
  | { code: 'FUTURE_DAY' };

/**
 * requirements#cod-remittance: a later transfer or a write-off against what a courier still owes on
 * one remittance, never more than is open; in one transaction with its audit row.
 */
export async function settleCodReceivable(
  db: Executor,
  actor: AuditActor,
  remittanceId: number,
  input: CodSettlementParsed,
  now: Date,
): Promise<CodSettlementOutcome> {
  if (input.settledOn > indianDay(now)) return { code: 'FUTURE_DAY' };
  const staffId = 'staffId' in actor ? actor.staffId : null;
  try {
    return await db.transaction(async (tx): Promise<CodSettlementOutcome> => {
      await lockCodReferences(tx);
      const [remittance] = await tx
        .select({ receivablePaise: codRemittances.receivablePaise, reference: codRemittances.reference })
        .from(codRemittances)
        .where(eq(codRemittances.id, remittanceId))
        .for('update');
      if (!remittance || remittance.receivablePaise === 0) return { code: 'NOT_FOUND' };
      if (input.kind === 'remittance' && (await isReferenceRecorded(tx, input.reference)))
        return { code: 'DUPLICATE_REFERENCE' };
      const [sums] = await tx
        .select({
          settledPaise: sql<number>`coalesce(sum(${codReceivableSettlements.amountPaise}), 0)`.mapWith(
            Number,
          ),
        })
        .from(codReceivableSettlements)
        .where(eq(codReceivableSettlements.remittanceId, remittanceId));
      const openPaise = remittance.receivablePaise - (sums?.settledPaise ?? 0);
      const settled = settleReceivable(openPaise, input.amountPaise);
      if (!settled.ok) return { code: 'MORE_THAN_OPEN' };
      await tx.insert(codReceivableSettlements).values({
        remittanceId,
        kind: input.kind,
        amountPaise: input.amountPaise,
        reference: input.kind === 'remittance' ? input.reference : null,
        reason: input.kind === 'write-off' ? input.reason : null,
        settledOn: input.settledOn,
        recordedBy: staffId,
        createdAt: now,
      });
      await writeAudit(
        tx,
        actor,
        {
          action: 'settlement.cod-receivable',
          targetType: 'cod-remittance',
          targetId: remittance.reference,
          before: { openPaise },
          after: { ...input, openPaise: settled.leftPaise },
        },
        now,
      );
      return {
        code: 'SETTLED',
        result: { message: COD_REMITTANCE_MESSAGES.settled, remittanceId, openPaise: settled.leftPaise },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'cod_receivable_settlements_reference_key'))
      return { code: 'DUPLICATE_REFERENCE' };
    throw error;
  }
}
