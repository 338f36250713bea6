import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, journalLines, sellers } from '@marketplace/db';
import {
  type AccountLabels,
  type JournalLine,
  parseAccount,
  VOUCHER_TYPES,
} from '@marketplace/domain/settlement/journal';

/** Each account's balance (+ debit) from the lines posted before `before`. */
export async function balancesBefore(db: Executor, before: Date) {
  const rows = await db
    .select({
      account: journalLines.account,
      balancePaise: sql<number>`sum(${journalLines.amountPaise})`.mapWith(Number),
    })
    .from(journalLines)
    .where(lt(journalLines.postedAt, before))
    .groupBy(journalLines.account);
  return rows;
}

/** The lines posted in [from, to), in the order they were posted. */
export async function linesBetween(db: Executor, from: Date, to: Date): Promise<JournalLine[]> {
  const rows = await db
    .select()
    .from(journalLines)
    .where(and(gte(journalLines.postedAt, from), lt(journalLines.postedAt, to)))
    .orderBy(asc(journalLines.postedAt), asc(journalLines.id));
  return rows.map((row) => {
    const voucherType = VOUCHER_TYPES.find((type) => type === row.voucherType);
    if (!voucherType) throw new Error(`journal line ${row.id} has an unknown voucher type`);
    return { ...row, voucherType };
  });
}

/** The sellers' legal names for the seller accounts among these. */
export async function accountLabels(db: Executor, accounts: readonly string[]): Promise<AccountLabels> {
  const ids = accounts.flatMap((key) => {
    const parsed = parseAccount(key);
    return parsed?.kind === 'seller-payable' ? [Number(parsed.party)] : [];
  });
  if (ids.length === 0) return {};
  const rows = await db
    .select({ id: sellers.id, legalName: sellers.legalName })
    .from(sellers)
    .where(inArray(sellers.id, [...new Set(ids)]));
  const names = new Map(rows.map((row) => [row.id, row.legalName]));
  return { sellerName: (id) => names.get(id) };
}
