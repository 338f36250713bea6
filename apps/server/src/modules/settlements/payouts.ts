import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  codCollections,
  type Executor,
  orderItems,
  sellerPayouts,
  sellers,
  settlementEntries,
  users,
} from '@marketplace/db';
import type { PayoutProvider } from '../payments/index.ts';
import { payoutAccountOpen } from '../payout-accounts/index.ts';

const BATCH = 50;

/**
 * When an entry is payable: a payout's entry when written; any other once its item is payable (its
 * windows closed, or it ended undelivered) and, for cash collected on delivery, once the courier
 * remitted it, or when written if that is later; never while the item is on its way. Queries using
 * it join order_items and cod_collections (`withPayable`).
 */
export const payableMoment = sql<Date | null>`(CASE WHEN ${settlementEntries.payoutId} IS NOT NULL THEN ${settlementEntries.createdAt} WHEN ${orderItems.payableAt} IS NULL THEN NULL WHEN ${codCollections.id} IS NOT NULL AND ${codCollections.remittedAt} IS NULL THEN NULL ELSE greatest(${orderItems.payableAt}, ${settlementEntries.createdAt}, ${codCollections.remittedAt}) END)`;

/** The entries counted as payable at `at`. */
const payableBy = (at: Date) => sql`(${payableMoment} <= ${at.toISOString()}::timestamptz)`;

/**
 * requirements#settlement: a seller's balance at `at`: what is payable (items whose windows closed,
 * less what was paid out) and what is still waiting for its items' windows.
 */
export async function sellerBalance(db: Executor, sellerId: number, at: Date) {
  const [row] = await db
    .select({
      payable:
        sql<number>`coalesce(sum(${settlementEntries.amountPaise}) FILTER (WHERE ${payableBy(at)}), 0)`.mapWith(
          Number,
        ),
      // the entries of items whose windows are still open (or not yet delivered)
      waiting:
        sql<number>`coalesce(sum(${settlementEntries.amountPaise}) FILTER (WHERE NOT coalesce(${payableBy(at)}, false)), 0)`.mapWith(
          Number,
        ),
    })
    .from(settlementEntries)
    .leftJoin(orderItems, eq(orderItems.id, settlementEntries.orderItemId))
    .leftJoin(codCollections, eq(codCollections.shipmentId, orderItems.shipmentId))
    .where(eq(settlementEntries.sellerId, sellerId));
  return { payablePaise: row?.payable ?? 0, waitingPaise: row?.waiting ?? 0 };
}

export type CycleResult = { created: number[]; skipped: number };

/**
 * requirements#settlement: a payout cycle with its cut-off: each seller with bank details whose
 * payable balance at the cut-off is positive gets one payout of exactly that balance, and a payout
 * entry taking it off the ledger, in one transaction that locks the seller's row, so two cycles at
 * once never pay a balance twice and a payout never exceeds the balance. Running the same cut-off
 * again makes nothing new.
 */
export async function runPayoutCycle(
  db: Executor,
  periodEnd: Date,
  // requirements#payout-account: a seller whose account changed is skipped while held or unchecked
  { now = new Date() }: { now?: Date } = {},
): Promise<CycleResult> {
  const candidates = await db
    .selectDistinct({ sellerId: settlementEntries.sellerId })
    .from(settlementEntries)
    .innerJoin(sellers, eq(sellers.id, settlementEntries.sellerId))
    .where(and(isNotNull(sellers.bankAccountNumber), isNotNull(sellers.bankIfsc), payoutAccountOpen(now)))
    .orderBy(asc(settlementEntries.sellerId));
  const created: number[] = [];
  let skipped = 0;
  for (const { sellerId } of candidates) {
    const payout = await db.transaction(async (tx) => {
      const [seller] = await tx
        .select({ id: sellers.id, account: sellers.bankAccountNumber })
        .from(sellers)
        .where(and(eq(sellers.id, sellerId), payoutAccountOpen(now)))
        .for('update');
      if (!seller?.account) return null;
      const { payablePaise } = await sellerBalance(tx, sellerId, periodEnd);
      if (payablePaise <= 0) return null;
      const [made] = await tx
        .insert(sellerPayouts)
        .values({
          sellerId,
          periodEnd,
          amountPaise: payablePaise,
          status: 'initiated',
          idempotencyKey: `seller-payout-${sellerId}-${periodEnd.toISOString()}`,
          bankAccountLast4: seller.account.slice(-4),
        })
        .onConflictDoNothing()
        .returning({ id: sellerPayouts.id });
      if (!made) return null;
      await tx.insert(settlementEntries).values({
        sellerId,
        kind: 'payout',
        amountPaise: -payablePaise,
        payoutId: made.id,
        createdAt: periodEnd,
      });
      return made.id;
    });
    if (payout === null) skipped++;
    else created.push(payout);
  }
  return { created, skipped };
}

/**
 * Sends the initiated payouts to the payout provider (RazorpayX, or the sandbox) with each payout's
 * own idempotency key, so a send retried after a lost answer pays once. One the provider takes is
 * processed; one it refuses stays initiated for the next run.
 */
export async function sendSellerPayouts(
  db: Executor,
  provider: PayoutProvider,
  options: { now?: Date; onError?: (error: unknown, payoutId: number) => void } = {},
) {
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
  for (const row of due) {
    if (!row.accountNumber || !row.ifsc) continue;
    try {
      const { providerPayoutId } = await provider.payout({
        amountPaise: row.payout.amountPaise,
        idempotencyKey: row.payout.idempotencyKey,
        reference: `seller-payout-${row.payout.id}`,
        to: {
          accountName: row.accountName ?? row.legalName,
          accountNumber: row.accountNumber,
          ifsc: row.ifsc,
          contact: {
            name: row.legalName,
            email: row.email ?? '',
            mobile: row.mobile ?? '',
            referenceId: `seller-${row.payout.sellerId}`,
          },
        },
      });
      await db
        .update(sellerPayouts)
        .set({
          status: 'processed',
          provider: provider.name,
          providerPayoutId,
          processedAt: options.now ?? new Date(),
        })
        .where(and(eq(sellerPayouts.id, row.payout.id), eq(sellerPayouts.status, 'initiated')));
      sent.push(row.payout.id);
    } catch (error) {
      options.onError?.(error, row.payout.id);
    }
  }
  return { sent };
}

/**
 * Asks the provider how each processed payout went: a settled one is completed with the bank's UTR;
 * a failed one gives its amount back to the seller's balance by an entry reversing the payout.
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
    .orderBy(asc(sellerPayouts.id))
    .limit(BATCH);
  for (const payout of processed) {
    if (!payout.providerPayoutId) continue;
    const report = await provider.payoutStatus(payout.providerPayoutId);
    if (report.state === 'settled' && report.reference)
      await db
        .update(sellerPayouts)
        .set({ status: 'completed', utr: report.reference, completedAt: now })
        .where(and(eq(sellerPayouts.id, payout.id), eq(sellerPayouts.status, 'processed')));
    if (report.state === 'failed')
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(sellerPayouts)
          .set({ status: 'failed', failureReason: report.reason.slice(0, 500) })
          .where(and(eq(sellerPayouts.id, payout.id), eq(sellerPayouts.status, 'processed')))
          .returning({ id: sellerPayouts.id });
        if (moved)
          await tx.insert(settlementEntries).values({
            sellerId: payout.sellerId,
            kind: 'payout',
            amountPaise: payout.amountPaise,
            payoutId: payout.id,
            createdAt: now,
          });
      });
  }
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
