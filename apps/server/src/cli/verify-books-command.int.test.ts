import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, type Executor, settlementEntries } from '@marketplace/db';
import { openTestDatabase } from '@marketplace/db/testing';
import { runVerifyBooks } from './verify-books-command.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
});
afterAll(() => handle.close());

async function run(db: Executor) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerifyBooks(db, { log: (l) => out.push(l), error: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

// ADR-0045
describe('npm run verify-books', () => {
  it('passes on the seeded books and prints the ledger chain’s last hash', async () => {
    const { code, out, err } = await run(handle.db);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^settlement_entries: [\d,]+ rows chained; the last at place \d+, hash [0-9a-f]{64}$/m,
    );
    expect(out).toContain('The books hold');
  });

  it('fails naming the row after a single entry was changed past the triggers', async () => {
    const [entry] = await handle.db
      .select()
      .from(settlementEntries)
      .orderBy(asc(settlementEntries.id))
      .limit(1);
    if (!entry) throw new Error('seeded entry missing');
    let result = { code: 0, out: '', err: '' };
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx
          .update(settlementEntries)
          .set({ amountPaise: entry.amountPaise - 1 })
          .where(eq(settlementEntries.id, entry.id));
        result = await run(tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`chain: settlement_entries ${entry.id} at place 1: its hash does not match`);
    expect(result.err).toMatch(/The books do not hold: \d+ break\(s\)/);
    // rolled back: the books hold again
    expect((await run(handle.db)).code).toBe(0);
  });
});
