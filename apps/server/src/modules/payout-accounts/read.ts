import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, sellerBankChanges, sellerBankStatus, sellers, staff, users } from '@marketplace/db';
import {
  BankChange,
  PAYOUT_ACCOUNT_MESSAGES as M,
  type PayoutAccountState,
} from '@marketplace/domain/settlement/payout-account';
import { maskAccountNumber } from '@marketplace/domain/sellers/seller-join';

/**
 * requirements#payout-account: whether a seller's payout account may receive money at `at`: the
 * account it joined with (no change recorded), or a changed one the bank confirmed whose 48-hour
 * hold has passed. The payout cycle makes and sends payouts only where this holds.
 */
export const payoutAccountOpen = (at: Date) =>
  sql`NOT EXISTS (SELECT 1 FROM ${sellerBankStatus} WHERE ${sellerBankStatus.sellerId} = ${sellers.id} AND (${sellerBankStatus.verification} <> 'verified' OR ${sellerBankStatus.heldUntil} > ${at.toISOString()}::timestamptz))`;

/** The seller's payout account as Seller Central's Payments page shows it. */
export async function payoutAccountState(
  db: Executor,
  sellerId: number,
  now: Date,
): Promise<PayoutAccountState> {
  const [row] = await db
    .select({
      accountNumber: sellers.bankAccountNumber,
      ifsc: sellers.bankIfsc,
      verification: sellerBankStatus.verification,
      verifiedName: sellerBankStatus.verifiedName,
      nameMatches: sellerBankStatus.nameMatches,
      heldUntil: sellerBankStatus.heldUntil,
    })
    .from(sellers)
    .leftJoin(sellerBankStatus, eq(sellerBankStatus.sellerId, sellers.id))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error('the guard found this seller');
  const verification =
    row.verification === 'verified' || row.verification === 'pending' || row.verification === 'invalid'
      ? row.verification
      : 'on_file';
  const held = row.heldUntil && row.heldUntil > now ? row.heldUntil : null;
  const notices = [
    verification === 'invalid' ? M.invalid : null,
    held ? M.held(held) : null,
    verification === 'pending' ? M.pending : null,
    row.nameMatches === false && row.verifiedName ? M.mismatch(row.verifiedName) : null,
  ].filter((text): text is string => text !== null);
  return {
    accountMasked: row.accountNumber ? maskAccountNumber(row.accountNumber) : '',
    ifsc: row.ifsc ?? '',
    verification,
    verifiedName: row.verifiedName ?? null,
    nameMatches: row.nameMatches ?? null,
    heldUntil: held ? held.toISOString() : null,
    notice: notices.length > 0 ? notices.join(' ') : null,
  };
}

const proposer = alias(users, 'proposer');
const decider = alias(staff, 'decider');
const deciderUser = alias(users, 'decider_user');

/** Account changes, newest first, for the console: one seller's, or every seller's. */
export async function bankChangesOf(db: Executor, sellerId: number | null, now: Date): Promise<BankChange[]> {
  const rows = await db
    .select({
      change: sellerBankChanges,
      sellerName: sellers.name,
      proposedBy: proposer.email,
      decidedBy: deciderUser.email,
    })
    .from(sellerBankChanges)
    .innerJoin(sellers, eq(sellers.id, sellerBankChanges.sellerId))
    .innerJoin(proposer, eq(proposer.id, sellerBankChanges.proposedByUserId))
    .leftJoin(decider, eq(decider.id, sellerBankChanges.decidedByStaffId))
    .leftJoin(deciderUser, eq(deciderUser.id, decider.userId))
    .where(
      and(
        sellerId === null ? undefined : eq(sellerBankChanges.sellerId, sellerId),
        // a seller's change that never got its codes is noise once its codes expired
        or(
          sql`${sellerBankChanges.status} <> 'awaiting_code'`,
          gt(sellerBankChanges.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      ),
    )
    // awaiting a decision first, then the latest
    .orderBy(sql`${sellerBankChanges.status} = 'awaiting_approval' DESC`, desc(sellerBankChanges.id))
    .limit(sellerId === null ? 50 : 20);
  return rows.map(({ change, sellerName, proposedBy, decidedBy }) =>
    BankChange.parse({
      id: change.id,
      sellerId: change.sellerId,
      sellerName,
      source: change.source,
      status: change.status,
      accountName: change.accountName,
      accountMasked: maskAccountNumber(change.accountNumber),
      ifsc: change.ifsc,
      reason: change.reason,
      proposedBy,
      decidedBy: decidedBy ?? null,
      validationState: change.validationState,
      verifiedName: change.verifiedName,
      nameMatches: change.nameMatches,
      createdAt: change.createdAt.toISOString(),
      appliedAt: change.appliedAt?.toISOString() ?? null,
    }),
  );
}
