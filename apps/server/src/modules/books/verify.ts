import type { Executor } from '@marketplace/db';
import type { BookBreak } from './breaks.ts';
import { type ChainName, type ChainReport, verifyChain } from './chains.ts';
import {
  checkBalances,
  checkDocuments,
  checkExports,
  checkFeeDocuments,
  checkPayouts,
  checkReversals,
} from './invariants.ts';
import { checkJournal } from './journal.ts';

export type BooksReport = {
  breaks: BookBreak[];
  /** each chain's length and last hash: written down elsewhere, they show later that no row was rewritten since */
  chains: Record<ChainName, ChainReport>;
};

/**
 * ADR-0045, requirements#books: recomputes the hash chains of the ledger and the audit log and checks
 * the books' invariants: documents add up, reversals give back exactly what was taken, a payout pays
 * once, balances are the ledger's sums, the month's exports carry the ledger's TDS and TCS, and the
 * operator's journal balances and posts every money movement once (ADR-0053).
 */
export async function verifyBooks(
  db: Executor,
  options: { now?: Date; onBreak?: (found: BookBreak) => void } = {},
): Promise<BooksReport> {
  const breaks: BookBreak[] = [];
  const report = (found: BookBreak) => {
    breaks.push(found);
    options.onBreak?.(found);
  };
  const chains = {
    settlement_entries: await verifyChain(db, 'settlement_entries', report),
    journal_lines: await verifyChain(db, 'journal_lines', report),
    audit_log: await verifyChain(db, 'audit_log', report),
  };
  await checkDocuments(db, report);
  await checkReversals(db, report);
  await checkPayouts(db, report);
  await checkBalances(db, options.now ?? new Date(), report);
  await checkExports(db, report);
  await checkFeeDocuments(db, report);
  await checkJournal(db, report);
  return { breaks, chains };
}
