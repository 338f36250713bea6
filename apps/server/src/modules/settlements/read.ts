import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import {
  codCollections,
  type Executor,
  orderItems,
  orders,
  sellerPayouts,
  sellers,
  settlementEntries,
  taxDocuments,
} from '@marketplace/db';
import { nextPayoutCycleEnd, payoutCycleEnd } from '@marketplace/domain/settlement/cycle';
import { ENTRY_KINDS, type EntryKind } from '@marketplace/domain/settlement/ledger';
import {
  entryLabel,
  PAYOUT_STATUS_LABELS,
  type SellerPayout,
  type SellerSettlement,
  type SettlementEntry,
} from '@marketplace/domain/settlement/settlement-api';
import { payableMoment, sellerBalance } from './payouts.ts';

type PayoutRow = typeof sellerPayouts.$inferSelect;
const kindOf = (kind: string): EntryKind => ENTRY_KINDS.find((k) => k === kind) ?? 'sale';
// a payout refused or reversed is, to the seller, one that failed: its amount is back on the balance
const statusOf = (status: string): SellerPayout['status'] =>
  status === 'processed' || status === 'completed' || status === 'failed'
    ? status
    : status === 'refused' || status === 'reversed'
      ? 'failed'
      : 'initiated';

const entryColumns = {
  id: settlementEntries.id,
  createdAt: settlementEntries.createdAt,
  kind: settlementEntries.kind,
  amountPaise: settlementEntries.amountPaise,
  orderNo: orders.orderNo,
  productName: orderItems.productName,
  documentNumber: taxDocuments.number,
  payableAt: orderItems.payableAt,
  payoutId: settlementEntries.payoutId,
  payable: sql<string | null>`${payableMoment}`,
};

function entryView(
  row: {
    id: number;
    createdAt: Date;
    kind: string;
    amountPaise: number;
    orderNo: string | null;
    productName: string | null;
    documentNumber: string | null;
    payableAt: Date | null;
    payoutId: number | null;
    payable: string | Date | null;
  },
  lastCutoff: Date | null = null,
): SettlementEntry {
  const kind = kindOf(row.kind);
  const payable = row.payable === null ? null : new Date(row.payable);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind,
    label: entryLabel(kind, row.createdAt),
    amountPaise: row.amountPaise,
    orderNo: row.orderNo,
    productName: row.productName,
    documentNumber: row.documentNumber,
    payableAt: payable?.toISOString() ?? null,
    paidOut: kind !== 'payout' && payable !== null && lastCutoff !== null && payable <= lastCutoff,
  };
}

const entriesQuery = (db: Executor) =>
  db
    .select(entryColumns)
    .from(settlementEntries)
    .leftJoin(orderItems, eq(orderItems.id, settlementEntries.orderItemId))
    .leftJoin(codCollections, eq(codCollections.shipmentId, orderItems.shipmentId))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(taxDocuments, eq(taxDocuments.id, settlementEntries.documentId));

export function payoutView(row: PayoutRow): SellerPayout {
  const status = statusOf(row.status);
  return {
    id: row.id,
    periodEnd: row.periodEnd.toISOString(),
    amountPaise: row.amountPaise,
    status,
    statusLabel: PAYOUT_STATUS_LABELS[status],
    utr: row.utr,
    bankAccountLast4: row.bankAccountLast4,
    processedAt: row.processedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    statementCsvUrl: `/api/seller/payouts/${row.id}/statement.csv`,
    statementPdfUrl: `/api/seller/payouts/${row.id}/statement.pdf`,
  };
}

/** requirements#settlement: the seller's payments page: balance, next cut-off, payouts, latest entries, totals. */
export async function sellerSettlement(db: Executor, sellerId: number, now: Date): Promise<SellerSettlement> {
  const balance = await sellerBalance(db, sellerId, now);
  const [seller] = await db
    .select({ account: sellers.bankAccountNumber, ifsc: sellers.bankIfsc })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  const payouts = await db
    .select()
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, sellerId))
    .orderBy(desc(sellerPayouts.periodEnd))
    .limit(52);
  const entries = await entriesQuery(db)
    .where(eq(settlementEntries.sellerId, sellerId))
    .orderBy(desc(settlementEntries.createdAt), desc(settlementEntries.id))
    .limit(100);
  const byKind = await db
    .select({
      kind: settlementEntries.kind,
      total: sql<number>`sum(${settlementEntries.amountPaise})`.mapWith(Number),
    })
    .from(settlementEntries)
    .where(eq(settlementEntries.sellerId, sellerId))
    .groupBy(settlementEntries.kind);
  const total = (...kinds: EntryKind[]) =>
    byKind.filter((row) => kinds.includes(kindOf(row.kind))).reduce((sum, row) => sum + row.total, 0);
  return {
    payablePaise: balance.payablePaise,
    waitingPaise: balance.waitingPaise,
    nextCycleEnd: nextPayoutCycleEnd(payoutCycleEnd(now)).toISOString(),
    hasBankAccount: Boolean(seller?.account && seller.ifsc),
    payouts: payouts.map(payoutView),
    entries: entries.map((entry) =>
      entryView(entry, payouts.find((p) => p.returnedAt === null)?.periodEnd ?? null),
    ),
    totals: {
      salesPaise: total('sale'),
      refundsPaise: total('refund'),
      feesPaise: total('commission', 'closing_fee', 'shipping_fee'),
      feesGstPaise: total('commission_gst', 'closing_fee_gst', 'shipping_fee_gst'),
      tcsPaise: total('tcs'),
      tdsPaise: total('tds'),
      paidOutPaise: total('payout'),
    },
  };
}

export type Statement = {
  payout: SellerPayout;
  seller: { name: string; legalName: string; gstin: string | null };
  periodStart: Date | null;
  periodEnd: Date;
  /** what was payable before the cycle and not paid (a negative balance carried over), usually 0 */
  openingPaise: number;
  lines: SettlementEntry[];
};

/**
 * requirements#settlement: a payout's statement: the entries that became payable in its cycle (after
 * the seller's previous payout's cut-off, up to its own), and the balance carried from before, which
 * add up to the payout.
 */
export async function payoutStatement(
  db: Executor,
  sellerId: number,
  payoutId: number,
): Promise<Statement | null> {
  const [payout] = await db
    .select()
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.id, payoutId), eq(sellerPayouts.sellerId, sellerId)));
  if (!payout) return null;
  const [previous] = await db
    .select({ periodEnd: sellerPayouts.periodEnd })
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.sellerId, sellerId), lt(sellerPayouts.periodEnd, payout.periodEnd)))
    .orderBy(desc(sellerPayouts.periodEnd))
    .limit(1);
  const start = previous?.periodEnd ?? null;
  const end = payout.periodEnd.toISOString();
  const lines = await entriesQuery(db)
    .where(
      and(
        eq(settlementEntries.sellerId, sellerId),
        // every entry that became payable in the cycle, but the payout's own
        sql`${settlementEntries.payoutId} IS DISTINCT FROM ${payout.id}`,
        sql`${payableMoment} <= ${end}::timestamptz`,
        start ? sql`${payableMoment} > ${start.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(asc(orders.orderNo), asc(settlementEntries.id));
  const opening = start ? (await sellerBalance(db, sellerId, start)).payablePaise : 0;
  const [seller] = await db
    .select({ name: sellers.name, legalName: sellers.legalName, gstin: sellers.gstin })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return {
    payout: payoutView(payout),
    seller: seller ?? { name: '', legalName: '', gstin: null },
    periodStart: start,
    periodEnd: payout.periodEnd,
    openingPaise: opening,
    lines: lines.map((line) => entryView(line, payout.periodEnd)),
  };
}
