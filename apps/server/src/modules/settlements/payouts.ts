import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  codCollections,
  type Executor,
  orderItems,
  queryRows,
  RETURNED_PAYOUT_STATUSES,
  sellerPayouts,
  sellers,
  settlementEntries,
  users,
} from '@marketplace/db';
import { cutoffMovesForward, sellerPayoutKey } from '@marketplace/domain/settlement/payout-rail';
import { type PayoutProvider, PayoutRefusedError, type ProviderRefundReport } from '../payments/index.ts';
import { payoutAccountOpen } from '../payout-accounts/index.ts';

const BATCH = 50;

/**
 * When an entry is payable: a payout's entry when written; any other once its item is payable (its
 * windows closed, or it ended undelivered) and, for cash collected on delivery, once the courier
 * remitted it, or when written if that is later; never while the item is on its way. Queries using
 * it join order_items and cod_collections (`withPayable`).
 */
export const payableMoment = sql<Date | null>`(CASE WHEN ${settlementEntries.payoutId} IS NOT NULL THEN ${settlementEntries.createdAt} WHEN ${orderItems.payableAt} IS NULL THEN NULL WHEN ${codCollections.id} IS NOT NULL AND ${codCollections.remittedAt} IS NULL THEN NULL ELSE greatest(${orderItems.payableAt}, ${settlementEntries.createdAt}, ${codCollections.remittedAt}) END)`;

/**
 * requirements#settlement, ADR-0050: the sellers' balances at each moment of `ats`: what is payable
 * then and what is still waiting. Read as the ledger's running totals by seller less the entries
 * not payable at the earliest moment, which are few: those written after it, and those of items
 * still in their windows (or on their way) or whose cash on delivery the courier has not remitted.
 * One statement, so one snapshot: an entry written meanwhile is in both parts or in neither.
 */
export async function sellerBalances(db: Executor, sellerIds: readonly number[], ats: readonly Date[]) {
  const balances = new Map<number, { payablePaise: number; waitingPaise: number }[]>();
  if (sellerIds.length === 0 || ats.length === 0) return balances;
  const ids = sql.join(
    sellerIds.map((sellerId) => sql`${sellerId}`),
    sql`, `,
  );
  const earliest = new Date(Math.min(...ats.map((at) => at.getTime()))).toISOString();
  const waiting = ats.map(
    (at, index) =>
      sql`coalesce(sum(candidates.amount_paise) FILTER (WHERE NOT coalesce(candidates.payable <= ${at.toISOString()}::timestamptz, false)), 0)::bigint AS ${sql.raw(`waiting_${index}`)}`,
  );
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`WITH totals AS (
          SELECT seller_id, sum(amount_paise)::bigint AS total FROM seller_ledger_totals
          WHERE seller_id IN (${ids}) GROUP BY seller_id
        ), open_items AS (
          SELECT id FROM order_items
          WHERE seller_id IN (${ids}) AND (payable_at IS NULL OR payable_at > ${earliest}::timestamptz)
          UNION
          SELECT order_items.id FROM cod_collections JOIN order_items ON order_items.shipment_id = cod_collections.shipment_id
          WHERE cod_collections.seller_id IN (${ids})
            AND (cod_collections.remitted_at IS NULL OR cod_collections.remitted_at > ${earliest}::timestamptz)
        ), waiting_entries AS (
          -- two index walks, not one scan of every entry: those written after the moment, and
          -- those (written before it) of items not payable yet
          SELECT id FROM settlement_entries
          WHERE seller_id IN (${ids}) AND created_at > ${earliest}::timestamptz
          UNION ALL
          SELECT id FROM settlement_entries
          WHERE order_item_id IN (SELECT id FROM open_items) AND payout_id IS NULL
            AND seller_id IN (${ids}) AND created_at <= ${earliest}::timestamptz
        ), candidates AS (
          SELECT ${settlementEntries.sellerId} AS seller_id, ${settlementEntries.amountPaise} AS amount_paise,
            ${payableMoment} AS payable
          FROM ${settlementEntries}
          LEFT JOIN ${orderItems} ON ${orderItems.id} = ${settlementEntries.orderItemId}
          LEFT JOIN ${codCollections} ON ${codCollections.shipmentId} = ${orderItems.shipmentId}
          WHERE ${settlementEntries.id} IN (SELECT id FROM waiting_entries)
        )
        SELECT totals.seller_id, totals.total, ${sql.join(waiting, sql`, `)}
        FROM totals LEFT JOIN candidates ON candidates.seller_id = totals.seller_id
        GROUP BY totals.seller_id, totals.total`,
  );
  for (const row of rows) {
    const total = Number(row.total);
    balances.set(
      Number(row.seller_id),
      ats.map((_, index) => {
        const waitingPaise = Number(row[`waiting_${index}`] ?? 0);
        return { payablePaise: total - waitingPaise, waitingPaise };
      }),
    );
  }
  return balances;
}

/**
 * requirements#settlement: a seller's balance at `at`: what is payable (items whose windows closed,
 * less what was paid out) and what is still waiting for its items' windows.
 */
export async function sellerBalance(db: Executor, sellerId: number, at: Date) {
  const [balance] = (await sellerBalances(db, [sellerId], [at])).get(sellerId) ?? [];
  return balance ?? { payablePaise: 0, waitingPaise: 0 };
}

export type CycleResult = {
  created: number[];
  /** nothing to pay: no bank account, nothing payable, or this cut-off already paid */
  skipped: number;
  /** sellers whose latest payout's cut-off is after this one: refused, it would pay again (ADR-0048) */
  behind: number[];
  /** sellers held by a payout the rail refused or the bank returned, until a fix (ADR-0048) */
  held: number[];
};

const newNonce = () => randomBytes(8).toString('hex').slice(0, 10);
const RETURNED = [...RETURNED_PAYOUT_STATUSES];

/** The seller's latest payout cut-off and whether a returned payout holds it; call under the seller's lock. */
async function payoutStateOf(tx: Executor, sellerId: number) {
  const [row] = await tx
    .select({
      latest: sql<Date | null>`max(${sellerPayouts.periodEnd})`.mapWith((v: string | Date | null) =>
        v === null ? null : new Date(v),
      ),
      held: sql<boolean>`coalesce(bool_or(${sellerPayouts.returnedAt} IS NOT NULL AND ${sellerPayouts.releasedAt} IS NULL), false)`,
    })
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, sellerId));
  return { latest: row?.latest ?? null, held: row?.held === true };
}

type LockedSeller = {
  id: number;
  accountName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  legalName: string;
};
const lockSeller = async (tx: Executor, sellerId: number, open?: SQL): Promise<LockedSeller | undefined> =>
  (
    await tx
      .select({
        id: sellers.id,
        accountName: sellers.bankAccountName,
        accountNumber: sellers.bankAccountNumber,
        ifsc: sellers.bankIfsc,
        legalName: sellers.legalName,
      })
      .from(sellers)
      .where(and(eq(sellers.id, sellerId), open))
      .for('update')
  )[0];

/**
 * Makes one payout of the seller's whole payable balance at `periodEnd`, with its ledger entry dated
 * there and the bank account it goes to as it is now. Call under the seller's lock, after checking
 * that the cut-off moves forward; null when nothing is payable.
 */
async function makePayout(tx: Executor, seller: LockedSeller, periodEnd: Date, nonce: string) {
  if (!seller.accountNumber || !seller.ifsc) return null;
  const { payablePaise } = await sellerBalance(tx, seller.id, periodEnd);
  if (payablePaise <= 0) return null;
  const [made] = await tx
    .insert(sellerPayouts)
    .values({
      sellerId: seller.id,
      periodEnd,
      amountPaise: payablePaise,
      status: 'initiated',
      idempotencyKey: sellerPayoutKey(seller.id, periodEnd, nonce),
      bankAccountLast4: seller.accountNumber.slice(-4),
      bankAccountName: seller.accountName ?? seller.legalName,
      bankAccountNumber: seller.accountNumber,
      bankIfsc: seller.ifsc,
    })
    .returning({ id: sellerPayouts.id });
  if (!made) throw new Error('the payout was not inserted');
  await tx.insert(settlementEntries).values({
    sellerId: seller.id,
    kind: 'payout',
    amountPaise: -payablePaise,
    payoutId: made.id,
    createdAt: periodEnd,
  });
  return made.id;
}

/** Sellers a cycle locks and pays in one transaction: few round trips, short enough lock holds. */
const CYCLE_BATCH = 100;

/** Each seller's payable balance at `at` (sellers with no entry are left out); call under their locks. */
async function payableBalances(tx: Executor, sellerIds: readonly number[], at: Date) {
  const balances = await sellerBalances(tx, sellerIds, [at]);
  return new Map([...balances].map(([sellerId, [balance]]) => [sellerId, balance?.payablePaise ?? 0]));
}

/** Each seller's latest payout cut-off and whether a returned payout holds it; call under their locks. */
async function payoutStatesOf(tx: Executor, sellerIds: readonly number[]) {
  const rows = await tx
    .select({
      sellerId: sellerPayouts.sellerId,
      latest: sql<Date | null>`max(${sellerPayouts.periodEnd})`.mapWith((v: string | Date | null) =>
        v === null ? null : new Date(v),
      ),
      held: sql<boolean>`coalesce(bool_or(${sellerPayouts.returnedAt} IS NOT NULL AND ${sellerPayouts.releasedAt} IS NULL), false)`,
    })
    .from(sellerPayouts)
    .where(inArray(sellerPayouts.sellerId, [...sellerIds]))
    .groupBy(sellerPayouts.sellerId);
  return new Map(rows.map((row) => [row.sellerId, { latest: row.latest, held: row.held === true }]));
}

type CycleOutcome = { sellerId: number; outcome: number | 'skipped' | 'behind' | 'held' };

/**
 * One batch of a cycle in one transaction: locks the sellers' rows in id order (two cycles at once
 * wait for each other, never deadlock), reads their payout states and balances under the locks, and
 * writes the payouts and their ledger entries in two statements.
 */
async function payBatch(
  tx: Executor,
  sellerIds: readonly number[],
  periodEnd: Date,
  now: Date,
  nonce: () => string,
): Promise<CycleOutcome[]> {
  const locked = await tx
    .select({
      id: sellers.id,
      accountName: sellers.bankAccountName,
      accountNumber: sellers.bankAccountNumber,
      ifsc: sellers.bankIfsc,
      legalName: sellers.legalName,
    })
    .from(sellers)
    .where(and(inArray(sellers.id, [...sellerIds]), payoutAccountOpen(now)))
    .orderBy(asc(sellers.id))
    .for('update');
  const byId = new Map(locked.map((seller) => [seller.id, seller]));
  const states = await payoutStatesOf(tx, sellerIds);
  const outcomes: CycleOutcome[] = [];
  const due: LockedSeller[] = [];
  for (const sellerId of sellerIds) {
    const seller = byId.get(sellerId);
    const state = states.get(sellerId) ?? { latest: null, held: false };
    if (!seller?.accountNumber || !seller.ifsc) outcomes.push({ sellerId, outcome: 'skipped' });
    else if (!cutoffMovesForward(periodEnd, state.latest))
      outcomes.push({
        sellerId,
        outcome: state.latest?.getTime() === periodEnd.getTime() ? 'skipped' : 'behind',
      });
    else if (state.held) outcomes.push({ sellerId, outcome: 'held' });
    else due.push(seller);
  }
  const balances =
    due.length === 0
      ? new Map<number, number>()
      : await payableBalances(
          tx,
          due.map((s) => s.id),
          periodEnd,
        );
  const paying = due.filter((seller) => (balances.get(seller.id) ?? 0) > 0);
  for (const seller of due)
    if (!paying.includes(seller)) outcomes.push({ sellerId: seller.id, outcome: 'skipped' });
  if (paying.length === 0) return outcomes;
  const made = await tx
    .insert(sellerPayouts)
    .values(
      paying.map((seller) => ({
        sellerId: seller.id,
        periodEnd,
        amountPaise: balances.get(seller.id) ?? 0,
        status: 'initiated',
        idempotencyKey: sellerPayoutKey(seller.id, periodEnd, nonce()),
        bankAccountLast4: seller.accountNumber?.slice(-4) ?? null,
        bankAccountName: seller.accountName ?? seller.legalName,
        bankAccountNumber: seller.accountNumber,
        bankIfsc: seller.ifsc,
      })),
    )
    .returning({
      id: sellerPayouts.id,
      sellerId: sellerPayouts.sellerId,
      amountPaise: sellerPayouts.amountPaise,
    });
  if (made.length !== paying.length) throw new Error('the payouts were not inserted');
  made.sort((a, b) => a.sellerId - b.sellerId);
  await tx.insert(settlementEntries).values(
    made.map((payout) => ({
      sellerId: payout.sellerId,
      kind: 'payout',
      amountPaise: -payout.amountPaise,
      payoutId: payout.id,
      createdAt: periodEnd,
    })),
  );
  for (const payout of made) outcomes.push({ sellerId: payout.sellerId, outcome: payout.id });
  return outcomes.sort((a, b) => a.sellerId - b.sellerId);
}

/**
 * requirements#settlement, requirements#seller-payouts-rail: a payout cycle with its cut-off: each
 * seller with bank details whose payable balance at the cut-off is positive gets one payout of
 * exactly that balance, and a payout entry taking it off the ledger, in a transaction that locks the
 * seller's row, so two cycles at once never pay a balance twice and a payout never exceeds the
 * balance. Sellers go a hundred to a transaction (ADR-0050): one round trip per step for all of
 * them, so 10,000 sellers take seconds, not minutes. A seller's cut-offs only move forward
 * (ADR-0048): one at or before its latest payout's is refused (`behind`; the same cut-off again is
 * simply already paid), whatever runs the cycle, and the database refuses it too. A seller held by a
 * returned payout is not paid until a fix.
 */
export async function runPayoutCycle(
  db: Executor,
  periodEnd: Date,
  // requirements#payout-account: a seller whose account changed is skipped while held or unchecked
  options: { nonce?: () => string; now?: Date } = {},
): Promise<CycleResult> {
  const nonce = options.nonce ?? newNonce;
  const now = options.now ?? new Date();
  const candidates = await db
    .select({ sellerId: sellers.id })
    .from(sellers)
    .where(
      and(
        isNotNull(sellers.bankAccountNumber),
        isNotNull(sellers.bankIfsc),
        payoutAccountOpen(now),
        sql`EXISTS (SELECT 1 FROM ${settlementEntries} WHERE ${settlementEntries.sellerId} = ${sellers.id})`,
      ),
    )
    .orderBy(asc(sellers.id));
  const result: CycleResult = { created: [], skipped: 0, behind: [], held: [] };
  for (let from = 0; from < candidates.length; from += CYCLE_BATCH) {
    const batch = candidates.slice(from, from + CYCLE_BATCH).map((c) => c.sellerId);
    const outcomes = await db.transaction((tx) => payBatch(tx, batch, periodEnd, now, nonce));
    for (const { sellerId, outcome } of outcomes) {
      if (typeof outcome === 'number') result.created.push(outcome);
      else if (outcome === 'behind') result.behind.push(sellerId);
      else if (outcome === 'held') result.held.push(sellerId);
      else result.skipped++;
    }
  }
  return result;
}

/**
 * ADR-0048: a payout that will not reach the seller's bank as it stands gives its amount back to the
 * seller's balance, exactly once: the status moves out of `from` and the entry is written in one
 * transaction, so a webhook and a status check arriving together give it back once. Refused before
 * the rail took it, failed after it took it, reversed after the bank credited it.
 */
export async function returnSellerPayout(
  db: Executor,
  which: { payoutId: number } | { provider: string; providerPayoutId: string },
  reason: string,
  now: Date,
): Promise<'RETURNED' | 'UNCHANGED'> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(sellerPayouts)
      .set({
        status: sql`CASE ${sellerPayouts.status} WHEN 'initiated' THEN 'refused' WHEN 'processed' THEN 'failed' ELSE 'reversed' END`,
        failureReason: reason.slice(0, 500),
        returnedAt: now,
      })
      .where(
        and(
          'payoutId' in which
            ? eq(sellerPayouts.id, which.payoutId)
            : and(
                eq(sellerPayouts.provider, which.provider),
                eq(sellerPayouts.providerPayoutId, which.providerPayoutId),
              ),
          inArray(sellerPayouts.status, ['initiated', 'processed', 'completed']),
        ),
      )
      .returning({
        id: sellerPayouts.id,
        sellerId: sellerPayouts.sellerId,
        amountPaise: sellerPayouts.amountPaise,
      });
    if (!moved) return 'UNCHANGED' as const;
    await tx.insert(settlementEntries).values({
      sellerId: moved.sellerId,
      kind: 'payout',
      amountPaise: moved.amountPaise,
      payoutId: moved.id,
      createdAt: now,
    });
    return 'RETURNED' as const;
  });
}

/** A payout the bank credited: completed with its UTR (only from processed: never backwards). */
async function completeSellerPayout(db: Executor, payoutId: number, utr: string, now: Date) {
  const moved = await db
    .update(sellerPayouts)
    .set({ status: 'completed', utr, completedAt: now })
    .where(and(eq(sellerPayouts.id, payoutId), eq(sellerPayouts.status, 'processed')))
    .returning({ id: sellerPayouts.id });
  return moved.length > 0;
}

/**
 * What the payout rail reported about one of our seller payouts (a webhook): UNKNOWN when the id is
 * not a seller payout of that provider, so the caller may look among refunds.
 */
export async function recordSellerPayoutReport(
  db: Executor,
  provider: string,
  providerPayoutId: string,
  report: ProviderRefundReport,
  now: Date,
): Promise<'MOVED' | 'UNCHANGED' | 'UNKNOWN'> {
  const [payout] = await db
    .select({ id: sellerPayouts.id })
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.provider, provider), eq(sellerPayouts.providerPayoutId, providerPayoutId)));
  if (!payout) return 'UNKNOWN';
  if (report.state === 'settled')
    return report.reference && (await completeSellerPayout(db, payout.id, report.reference, now))
      ? 'MOVED'
      : 'UNCHANGED';
  if (report.state === 'failed')
    return (await returnSellerPayout(db, { payoutId: payout.id }, report.reason, now)) === 'RETURNED'
      ? 'MOVED'
      : 'UNCHANGED';
  return 'UNCHANGED';
}

/**
 * Sends the initiated payouts to the payout provider (RazorpayX, or the sandbox) as vendor payouts,
 * each with its own idempotency key and the bank account it was made for, so a send retried after a
 * lost answer is the same request and pays once. One the provider takes is processed; one it refuses
 * is refused with the provider's reason and its amount goes back to the seller's balance (ADR-0048);
 * one that met an outage stays initiated for the next run.
 */
export async function sendSellerPayouts(
  db: Executor,
  provider: PayoutProvider,
  options: {
    now?: Date;
    onError?: (error: unknown, payoutId: number) => void;
    onRefused?: (reason: string, payoutId: number) => void;
  } = {},
) {
  const now = options.now ?? new Date();
  const due = await db
    .select({
      payout: sellerPayouts,
      accountName: sellers.bankAccountName,
      accountNumber: sellers.bankAccountNumber,
      ifsc: sellers.bankIfsc,
      legalName: sellers.legalName,
      email: users.email,
      mobile: users.mobile,
    })
    .from(sellerPayouts)
    .innerJoin(sellers, eq(sellers.id, sellerPayouts.sellerId))
    .leftJoin(users, eq(users.id, sellers.userId))
    // requirements#payout-account: a payout made before its seller's account changed waits out the hold
    .where(and(eq(sellerPayouts.status, 'initiated'), payoutAccountOpen(options.now ?? new Date())))
    .orderBy(asc(sellerPayouts.id))
    .limit(BATCH);
  const sent: number[] = [];
  const refused: number[] = [];
  for (const row of due) {
    const { payout } = row;
    // where it was made for; payouts made before destinations were kept go to the current account
    const accountNumber = payout.bankAccountNumber ?? row.accountNumber;
    const ifsc = payout.bankIfsc ?? row.ifsc;
    if (!accountNumber || !ifsc) continue;
    try {
      const { providerPayoutId } = await provider.payout({
        kind: 'seller',
        amountPaise: payout.amountPaise,
        idempotencyKey: payout.idempotencyKey,
        reference: `seller-payout-${payout.id}`,
        to: {
          accountName: payout.bankAccountName ?? row.accountName ?? row.legalName,
          accountNumber,
          ifsc,
          contact: {
            name: row.legalName,
            email: row.email ?? '',
            mobile: row.mobile ?? '',
            referenceId: `seller-${payout.sellerId}`,
          },
        },
      });
      await db
        .update(sellerPayouts)
        .set({
          status: 'processed',
          provider: provider.name,
          providerPayoutId,
          processedAt: now,
        })
        .where(and(eq(sellerPayouts.id, payout.id), eq(sellerPayouts.status, 'initiated')));
      sent.push(payout.id);
    } catch (error) {
      if (error instanceof PayoutRefusedError) {
        const reason = error.field ? `${error.reason} (${error.field})` : error.reason;
        await db
          .update(sellerPayouts)
          .set({ provider: provider.name })
          .where(and(eq(sellerPayouts.id, payout.id), eq(sellerPayouts.status, 'initiated')));
        if ((await returnSellerPayout(db, { payoutId: payout.id }, reason, now)) === 'RETURNED') {
          refused.push(payout.id);
          options.onRefused?.(reason, payout.id);
        }
      } else options.onError?.(error, payout.id);
    }
  }
  return { sent, refused };
}

/** How far back the job looks for payouts the bank reversed after crediting them (IMPS settles in T+3 working days). */
export const REVERSAL_WINDOW_MS = 30 * 86_400_000;

/**
 * Asks the provider how each processed payout went: a settled one is completed with the bank's UTR;
 * a failed one gives its amount back to the seller's balance. Then lists the payouts the bank
 * reversed after crediting them (made in the last 30 days) and gives those back too (ADR-0048).
 */
export async function checkSellerPayouts(
  db: Executor,
  provider: PayoutProvider,
  options: { now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const processed = await db
    .select()
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.status, 'processed'), eq(sellerPayouts.provider, provider.name)))
    // the longest unasked first, so payouts slow to settle never starve the others
    .orderBy(sql`${sellerPayouts.checkedAt} ASC NULLS FIRST`, asc(sellerPayouts.id))
    .limit(BATCH);
  const returned: number[] = [];
  for (const payout of processed) {
    if (!payout.providerPayoutId) continue;
    const report = await provider.payoutStatus(payout.providerPayoutId);
    await db.update(sellerPayouts).set({ checkedAt: now }).where(eq(sellerPayouts.id, payout.id));
    if (report.state === 'settled' && report.reference)
      await completeSellerPayout(db, payout.id, report.reference, now);
    if (
      report.state === 'failed' &&
      (await returnSellerPayout(db, { payoutId: payout.id }, report.reason, now)) === 'RETURNED'
    )
      returned.push(payout.id);
  }
  const reversed = await provider.reversedSince(new Date(now.getTime() - REVERSAL_WINDOW_MS), 500);
  for (const { providerPayoutId, reason } of reversed) {
    const [payout] = await db
      .select({ id: sellerPayouts.id })
      .from(sellerPayouts)
      .where(
        and(
          eq(sellerPayouts.provider, provider.name),
          eq(sellerPayouts.providerPayoutId, providerPayoutId),
          inArray(sellerPayouts.status, ['processed', 'completed']),
        ),
      );
    if (payout && (await returnSellerPayout(db, { payoutId: payout.id }, reason, now)) === 'RETURNED')
      returned.push(payout.id);
  }
  return { returned };
}

export type RetryResult =
  | { code: 'RETRIED'; payoutId: number | null; amountPaise: number }
  | { code: 'NOT_FOUND' | 'NOT_RETURNED' | 'ALREADY_RELEASED' | 'NO_BANK_ACCOUNT' | 'ACCOUNT_HELD' }
  | { code: 'CUTOFF_AHEAD'; latest: Date };

/**
 * ADR-0048: lifts the hold of a returned payout after a fix (finance retries it, or the seller's bank
 * account changed) and pays the seller's payable balance now, which holds the returned amount, as a
 * new payout whose cut-off is now: its cut-off moves forward like any other, so no cycle pays it
 * again. Every returned payout of the seller is released with it. Under the seller's lock: two
 * retries at once make one payout.
 */
export async function retryReturnedPayout(
  db: Executor,
  payoutId: number,
  now: Date,
  options: { nonce?: () => string } = {},
): Promise<RetryResult> {
  return db.transaction(async (tx): Promise<RetryResult> => {
    const [found] = await tx
      .select({ sellerId: sellerPayouts.sellerId })
      .from(sellerPayouts)
      .where(eq(sellerPayouts.id, payoutId));
    if (!found) return { code: 'NOT_FOUND' };
    const seller = await lockSeller(tx, found.sellerId);
    const [payout] = await tx.select().from(sellerPayouts).where(eq(sellerPayouts.id, payoutId));
    if (!seller || !payout) return { code: 'NOT_FOUND' };
    if (!payout.returnedAt) return { code: 'NOT_RETURNED' };
    if (payout.releasedAt) return { code: 'ALREADY_RELEASED' };
    if (!seller.accountNumber || !seller.ifsc) return { code: 'NO_BANK_ACCOUNT' };
    // requirements#payout-account: a changed account is paid once its bank confirmed it and the hold lifted
    const [open] = await tx
      .select({ id: sellers.id })
      .from(sellers)
      .where(and(eq(sellers.id, seller.id), payoutAccountOpen(now)));
    if (!open) return { code: 'ACCOUNT_HELD' };
    const { latest } = await payoutStateOf(tx, seller.id);
    if (latest && !cutoffMovesForward(now, latest)) return { code: 'CUTOFF_AHEAD', latest };
    const made = await makePayout(tx, seller, now, (options.nonce ?? newNonce)());
    await tx
      .update(sellerPayouts)
      .set({ releasedAt: now, retriedById: made })
      .where(
        and(
          eq(sellerPayouts.sellerId, seller.id),
          inArray(sellerPayouts.status, RETURNED),
          isNull(sellerPayouts.releasedAt),
        ),
      );
    const [taken] = made
      ? await tx
          .select({ amount: sellerPayouts.amountPaise })
          .from(sellerPayouts)
          .where(eq(sellerPayouts.id, made))
      : [];
    return { code: 'RETRIED', payoutId: made, amountPaise: taken?.amount ?? 0 };
  });
}

/**
 * ADR-0048: the fix a seller makes itself: a held payout is retried once the seller's bank account
 * is no longer the one it was sent to.
 */
export async function retryAfterBankChange(db: Executor, now: Date) {
  const changed = await db
    .select({ id: sellerPayouts.id })
    .from(sellerPayouts)
    .innerJoin(sellers, eq(sellers.id, sellerPayouts.sellerId))
    .where(
      and(
        isNotNull(sellerPayouts.returnedAt),
        isNull(sellerPayouts.releasedAt),
        isNotNull(sellers.bankAccountNumber),
        isNotNull(sellers.bankIfsc),
        sql`(${sellers.bankAccountNumber}, ${sellers.bankIfsc}, coalesce(${sellers.bankAccountName}, ${sellers.legalName})) IS DISTINCT FROM (${sellerPayouts.bankAccountNumber}, ${sellerPayouts.bankIfsc}, ${sellerPayouts.bankAccountName})`,
      ),
    )
    .orderBy(asc(sellerPayouts.id))
    .limit(BATCH);
  const retried: RetryResult[] = [];
  for (const { id } of changed) retried.push(await retryReturnedPayout(db, id, now));
  return retried;
}

/** The seller's payouts, newest first. */
export function payoutsOf(db: Executor, sellerId: number) {
  return db
    .select()
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, sellerId))
    .orderBy(desc(sellerPayouts.periodEnd))
    .limit(100);
}
