import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  codCollections,
  type Executor,
  orderItems,
  orders,
  sellerLedgerTotals,
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
  payoutCycleText,
  SALES_PAGE_SIZE,
  type SaleRow,
  type SellerPayout,
  type SellerSettlement,
  type SettlementEntry,
} from '@marketplace/domain/settlement/settlement-api';
import { payableMoment, sellerBalance, sellerBalances } from './payouts.ts';

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

export function payoutView(row: PayoutRow, periodStart: Date | null = null): SellerPayout {
  const status = statusOf(row.status);
  const end = row.periodEnd.toISOString();
  const start = periodStart?.toISOString() ?? null;
  return {
    id: row.id,
    periodEnd: end,
    amountPaise: row.amountPaise,
    status,
    statusLabel: PAYOUT_STATUS_LABELS[status],
    utr: row.utr,
    bankAccountLast4: row.bankAccountLast4,
    processedAt: row.processedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    statementCsvUrl: `/api/seller/payouts/${row.id}/statement.csv`,
    statementPdfUrl: `/api/seller/payouts/${row.id}/statement.pdf`,
    periodStart: start,
    cycleText: payoutCycleText(start, end),
  };
}

const PAYOUTS_SHOWN = 52;
const money = (value: string | number | null) => Number(value ?? 0);

/**
 * What is payable now and at the next cut-off, what waits, and every entry so far by kind, from the
 * ledger's running totals (ADR-0050) rather than a sum over every entry.
 */
async function ledgerFigures(db: Executor, sellerId: number, now: Date, next: Date) {
  const [atNow, atNext] = (await sellerBalances(db, [sellerId], [now, next])).get(sellerId) ?? [];
  const byKind = await db
    .select({
      kind: sellerLedgerTotals.kind,
      amountPaise: sellerLedgerTotals.amountPaise,
      entries: sellerLedgerTotals.entries,
    })
    .from(sellerLedgerTotals)
    .where(eq(sellerLedgerTotals.sellerId, sellerId));
  const total = (...kinds: EntryKind[]) =>
    byKind.filter((row) => kinds.includes(kindOf(row.kind))).reduce((sum, row) => sum + row.amountPaise, 0);
  return {
    payablePaise: atNow?.payablePaise ?? 0,
    payableNextPaise: atNext?.payablePaise ?? 0,
    waitingPaise: atNow?.waitingPaise ?? 0,
    salesCount: byKind.find((row) => row.kind === 'sale')?.entries ?? 0,
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

/**
 * requirements#settlement: a page of the seller's sales, newest first: one row per sale entry (an
 * item's invoice), with every entry of that item added up to what the seller gets for it.
 */
async function salesPage(
  db: Executor,
  sellerId: number,
  { page, total }: { page: number; total: number },
  now: Date,
  lastCutoff: Date | null,
): Promise<Pick<SellerSettlement, 'sales' | 'salesPage'>> {
  const isSale = and(eq(settlementEntries.sellerId, sellerId), eq(settlementEntries.kind, 'sale'));
  const pageCount = Math.max(1, Math.ceil(total / SALES_PAGE_SIZE));
  const rows =
    page > pageCount
      ? []
      : await db
          .select({
            orderItemId: settlementEntries.orderItemId,
            soldAt: settlementEntries.createdAt,
            orderNo: orders.orderNo,
            productName: orderItems.productName,
            quantity: orderItems.quantity,
            documentNumber: taxDocuments.number,
            payable: sql<string | Date | null>`${payableMoment}`,
          })
          .from(settlementEntries)
          .innerJoin(orderItems, eq(orderItems.id, settlementEntries.orderItemId))
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .leftJoin(codCollections, eq(codCollections.shipmentId, orderItems.shipmentId))
          .leftJoin(taxDocuments, eq(taxDocuments.id, settlementEntries.documentId))
          .where(
            // the page's entries first, from the sales index alone; then the joins for 25 rows only
            inArray(
              settlementEntries.id,
              db
                .select({ id: settlementEntries.id })
                .from(settlementEntries)
                .where(isSale)
                .orderBy(desc(settlementEntries.createdAt), desc(settlementEntries.id))
                .limit(SALES_PAGE_SIZE)
                .offset((page - 1) * SALES_PAGE_SIZE),
            ),
          )
          .orderBy(desc(settlementEntries.createdAt), desc(settlementEntries.id));
  const itemIds = [...new Set(rows.flatMap((row) => (row.orderItemId === null ? [] : [row.orderItemId])))];
  const parts =
    itemIds.length === 0
      ? []
      : await db
          .select({
            orderItemId: settlementEntries.orderItemId,
            kind: settlementEntries.kind,
            amount: sql<string>`sum(${settlementEntries.amountPaise})`,
            firstAt: sql<string | Date>`min(${settlementEntries.createdAt})`,
          })
          .from(settlementEntries)
          .where(
            and(eq(settlementEntries.sellerId, sellerId), inArray(settlementEntries.orderItemId, itemIds)),
          )
          .groupBy(settlementEntries.orderItemId, settlementEntries.kind);
  const sales = rows.map((row) => {
    const mine = parts
      .filter((part) => part.orderItemId === row.orderItemId)
      .map((part) => ({
        kind: kindOf(part.kind),
        amountPaise: money(part.amount),
        at: new Date(part.firstAt),
      }))
      .sort((a, b) => ENTRY_KINDS.indexOf(a.kind) - ENTRY_KINDS.indexOf(b.kind));
    const payable = row.payable === null ? null : new Date(row.payable);
    // paid once a payout's cut-off came after it became payable (a cut-off can be set ahead of now)
    const state: SaleRow['state'] =
      payable !== null && lastCutoff !== null && payable <= lastCutoff
        ? 'paid'
        : payable === null || payable > now
          ? 'waiting'
          : 'payable';
    return {
      orderItemId: row.orderItemId ?? 0,
      orderNo: row.orderNo,
      productName: row.productName,
      quantity: row.quantity,
      soldAt: row.soldAt.toISOString(),
      documentNumber: row.documentNumber,
      netPaise: mine.reduce((sum, part) => sum + part.amountPaise, 0),
      state,
      payableAt: payable?.toISOString() ?? null,
      parts: mine.map((part) => ({
        kind: part.kind,
        label: entryLabel(part.kind, part.at),
        amountPaise: part.amountPaise,
      })),
    };
  });
  return { sales, salesPage: { page, pageCount, total } };
}

/**
 * requirements#settlement: the seller's payments page: the next payout and its estimate, the
 * balance, payouts with their cycles, a page of sales with their deductions, totals by kind.
 */
export async function sellerSettlement(
  db: Executor,
  sellerId: number,
  now: Date,
  page = 1,
): Promise<SellerSettlement> {
  // one more than shown: the oldest shown payout's cycle starts at the one before it
  const payouts = await db
    .select()
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, sellerId))
    .orderBy(desc(sellerPayouts.periodEnd))
    .limit(PAYOUTS_SHOWN + 1);
  // the next cut-off after now and after the latest payout's: cut-offs only move forward (ADR-0048)
  const latest = payouts[0]?.periodEnd ?? null;
  const next = nextPayoutCycleEnd(payoutCycleEnd(latest && latest > now ? latest : now));
  const figures = await ledgerFigures(db, sellerId, now, next);
  const [seller] = await db
    .select({ account: sellers.bankAccountNumber, ifsc: sellers.bankIfsc })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  const lastCutoff = payouts.find((p) => p.returnedAt === null)?.periodEnd ?? null;
  return {
    payablePaise: figures.payablePaise,
    waitingPaise: figures.waitingPaise,
    nextCycleEnd: next.toISOString(),
    nextPayoutPaise: figures.payableNextPaise,
    hasBankAccount: Boolean(seller?.account && seller.ifsc),
    payouts: payouts
      .slice(0, PAYOUTS_SHOWN)
      .map((payout, index) => payoutView(payout, payouts[index + 1]?.periodEnd ?? null)),
    ...(await salesPage(db, sellerId, { page, total: figures.salesCount }, now, lastCutoff)),
    totals: figures.totals,
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
    payout: payoutView(payout, start),
    seller: seller ?? { name: '', legalName: '', gstin: null },
    periodStart: start,
    periodEnd: payout.periodEnd,
    openingPaise: opening,
    lines: lines.map((line) => entryView(line, payout.periodEnd)),
  };
}
