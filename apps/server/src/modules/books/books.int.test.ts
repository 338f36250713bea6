import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  auditLog,
  type DatabaseHandle,
  type Executor,
  feeInvoices,
  PAYOUT_STATE_COLUMNS,
  queryRows,
  sellerPayouts,
  settlementEntries,
  taxDocumentLines,
  taxDocuments,
} from '@marketplace/db';
import { openTestDatabase } from '@marketplace/db/testing';
import { issueFeeInvoices, runPayoutCycle } from '../settlements/index.ts';
import { monthOf, monthStart } from '@marketplace/domain/settlement/console-api';
import { writeAudit } from '../staff/index.ts';
import { type BookBreak, chainStep, verifyBooks } from './index.ts';

let handle: DatabaseHandle;
let db: DatabaseHandle['db'];
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
  db = handle.db;
  // the seeded books, and a payout cycle's payouts and their entries
  await runPayoutCycle(db, new Date());
});
afterAll(() => handle.close());

/** The database's refusal of a write, in a transaction rolled back either way. */
async function refusal(write: (tx: Executor) => PromiseLike<unknown>): Promise<string> {
  let message = 'accepted';
  await db
    .transaction(async (tx) => {
      await write(tx);
      throw new Error('accepted');
    })
    .catch((error: unknown) => {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      message = cause instanceof Error ? cause.message : String(cause);
    });
  return message;
}

/** Tampers in a transaction with the guards off (as a database superuser could), checks, and rolls back. */
async function breaksAfter(tamper: (tx: Executor) => Promise<unknown>): Promise<BookBreak[]> {
  let breaks: BookBreak[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tamper(tx);
      await tx.execute(sql`SET LOCAL session_replication_role = origin`);
      breaks = (await verifyBooks(tx)).breaks;
      throw new Error('rolled back');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'rolled back')) throw error;
    });
  return breaks;
}

const first = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error('seeded row missing');
  return row;
};
const anEntry = () => first(db.select().from(settlementEntries).orderBy(asc(settlementEntries.id)).limit(1));
const aDocument = () => first(db.select().from(taxDocuments).orderBy(asc(taxDocuments.id)).limit(1));
const aLine = () => first(db.select().from(taxDocumentLines).orderBy(asc(taxDocumentLines.id)).limit(1));
/** A fee invoice, issued by the monthly run for a seeded document's month (requirements#fee-invoices). */
async function aFeeInvoice() {
  const document = await aDocument();
  const month = monthOf(document.issuedAt);
  const [had] = await db.select().from(feeInvoices).where(eq(feeInvoices.month, month)).limit(1);
  if (had) return had;
  const issued = await issueFeeInvoices(
    db,
    { cli: true },
    month,
    new Date((monthStart(month, 1)?.getTime() ?? 0) + 3_600_000),
    { operatorBand: 'up_to_5cr' },
  );
  expect(issued.code).toBe('ISSUED');
  return first(db.select().from(feeInvoices).where(eq(feeInvoices.month, month)).limit(1));
}
const aPayout = () => first(db.select().from(sellerPayouts).orderBy(asc(sellerPayouts.id)).limit(1));

// ADR-0045, requirements#books
describe('the books are written once', () => {
  it('refuses to change or remove a ledger entry, a document, its lines or a payout', async () => {
    const entry = await anEntry();
    const document = await aDocument();
    const line = await aLine();
    const payout = await aPayout();
    const cases: [string, (tx: Executor) => PromiseLike<unknown>, RegExp | string][] = [
      [
        'an entry’s amount',
        (tx) =>
          tx.update(settlementEntries).set({ amountPaise: 1 }).where(eq(settlementEntries.id, entry.id)),
        /^settlement_entries is append-only: UPDATE is refused$/,
      ],
      [
        'an entry removed',
        (tx) => tx.delete(settlementEntries).where(eq(settlementEntries.id, entry.id)),
        /^settlement_entries is append-only: DELETE is refused$/,
      ],
      [
        'the ledger emptied',
        (tx) => tx.execute(sql`TRUNCATE settlement_entries CASCADE`),
        /append-only: TRUNCATE is refused/,
      ],
      [
        'a document’s buyer',
        (tx) =>
          tx.update(taxDocuments).set({ buyerName: 'Someone Else' }).where(eq(taxDocuments.id, document.id)),
        /^tax_documents is append-only: UPDATE is refused$/,
      ],
      [
        'a document removed',
        (tx) => tx.delete(taxDocuments).where(eq(taxDocuments.id, document.id)),
        /^tax_documents is append-only: DELETE is refused$/,
      ],
      [
        'a line’s value',
        (tx) =>
          tx
            .update(taxDocumentLines)
            .set({ description: 'something else' })
            .where(eq(taxDocumentLines.id, line.id)),
        /^tax_document_lines is append-only: UPDATE is refused$/,
      ],
      [
        'a line removed',
        (tx) => tx.delete(taxDocumentLines).where(eq(taxDocumentLines.id, line.id)),
        /^tax_document_lines is append-only: DELETE is refused$/,
      ],
      [
        'a payout’s amount',
        (tx) => tx.update(sellerPayouts).set({ amountPaise: 1 }).where(eq(sellerPayouts.id, payout.id)),
        `seller_payouts is append-only: UPDATE of amount_paise is refused (only ${PAYOUT_STATE_COLUMNS.join(', ')} may change)`,
      ],
      [
        'a payout’s seller, with its status',
        (tx) =>
          tx
            .update(sellerPayouts)
            .set({ status: 'processed', sellerId: payout.sellerId + 1 })
            .where(eq(sellerPayouts.id, payout.id)),
        /^seller_payouts is append-only: UPDATE of seller_id is refused/,
      ],
      [
        'a payout removed',
        (tx) => tx.delete(sellerPayouts).where(eq(sellerPayouts.id, payout.id)),
        /^seller_payouts is append-only: DELETE is refused$/,
      ],
      [
        'fee invoices removed',
        // CASCADE: its credit notes and registrations refer to it, and still nothing is removed
        (tx) => tx.execute(sql`TRUNCATE fee_invoices CASCADE`),
        /^fee_invoices is append-only: TRUNCATE is refused$/,
      ],
      [
        'an audit row',
        (tx) => tx.update(auditLog).set({ actor: 'someone-else' }),
        // the seeded database may have no audit rows: the refusal then comes from the next case
        /append-only|accepted/,
      ],
      [
        'the audit log emptied',
        (tx) => tx.execute(sql`TRUNCATE audit_log`),
        /^audit_log is append-only: TRUNCATE is refused$/,
      ],
    ];
    for (const [label, write, expected] of cases) expect(await refusal(write), label).toMatch(expected);
    expect(
      await first(db.select().from(settlementEntries).where(eq(settlementEntries.id, entry.id))),
    ).toEqual(entry);
  });

  it('refuses a change to a fee invoice', async () => {
    const invoice = await aFeeInvoice();
    expect(
      await refusal((tx) =>
        tx.update(feeInvoices).set({ commissionPaise: 1 }).where(eq(feeInvoices.id, invoice.id)),
      ),
    ).toBe('fee_invoices is append-only: UPDATE is refused');
    expect(await refusal((tx) => tx.delete(feeInvoices).where(eq(feeInvoices.id, invoice.id)))).toBe(
      'fee_invoices is append-only: DELETE is refused',
    );
  });

  it('lets a payout move through its states with the provider’s answers', async () => {
    const payout = await aPayout();
    await db
      .update(sellerPayouts)
      .set({
        status: 'processed',
        provider: 'sandbox',
        providerPayoutId: 'pout_test_1',
        processedAt: new Date(),
      })
      .where(eq(sellerPayouts.id, payout.id));
    await db
      .update(sellerPayouts)
      .set({ status: 'completed', utr: 'UTR000000000001', completedAt: new Date() })
      .where(eq(sellerPayouts.id, payout.id));
    const after = await first(db.select().from(sellerPayouts).where(eq(sellerPayouts.id, payout.id)));
    expect(after).toMatchObject({
      status: 'completed',
      amountPaise: payout.amountPaise,
      sellerId: payout.sellerId,
    });
  });
});

describe('the hash chains', () => {
  it('chain every seeded entry and audit row, and the check passes on the seeded books', async () => {
    await db.transaction((tx) =>
      writeAudit(
        tx,
        { cli: true },
        {
          action: 'seller.suspend',
          targetType: 'seller',
          targetId: 1,
          before: null,
          after: { note: 'ok ✓' },
        },
      ),
    );
    const { breaks, chains } = await verifyBooks(db);
    expect(breaks).toEqual([]);
    const [counts] = await queryRows<{ entries: number; payouts: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM settlement_entries) AS entries, (SELECT count(*)::int FROM seller_payouts) AS payouts`,
    );
    expect(counts?.payouts).toBeGreaterThan(0);
    expect(chains.settlement_entries.rows).toBe(counts?.entries);
    expect(chains.audit_log.rows).toBeGreaterThan(0);
    // the first entry's hash is SHA-256 of its canonical text alone, as written in ADR-0045
    const [head] = await queryRows<{ hash: string; canonical: string }>(
      db,
      sql`SELECT chain_hash AS hash, jsonb_build_array(chain_position, id, seller_id, kind, amount_paise, order_item_id, document_id, payout_id, (extract(epoch FROM created_at) * 1000000)::bigint)::text AS canonical FROM settlement_entries WHERE chain_position = 1`,
    );
    expect(head && chainStep('', head.canonical)).toBe(head?.hash);
  });

  it('makes one chain of entries written at once by several transactions', async () => {
    const entry = await anEntry();
    const payout = await aPayout();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction(async (tx) => {
          // a payout's money back and taken again: balanced, so the invariants still hold
          await tx
            .insert(settlementEntries)
            .values({ sellerId: payout.sellerId, kind: 'payout', amountPaise: 0, payoutId: payout.id });
          await writeAudit(
            tx,
            { cli: true },
            { action: 'seller.suspend', targetType: 'seller', targetId: i, before: null, after: null },
          );
          await tx
            .insert(settlementEntries)
            .values({ sellerId: payout.sellerId, kind: 'payout', amountPaise: 0, payoutId: payout.id });
        }),
      ),
    );
    const { breaks } = await verifyBooks(db);
    expect(breaks.filter((found) => found.check === 'chain')).toEqual([]);
    expect(entry.chainPosition).toBe(1);
  });

  it('places and hashes an entry itself, whatever the insert sent', async () => {
    const payout = await aPayout();
    const [made] = await db
      .insert(settlementEntries)
      .values({
        sellerId: payout.sellerId,
        kind: 'payout',
        amountPaise: 0,
        payoutId: payout.id,
        chainPosition: 1,
        chainHash: 'f'.repeat(64),
      })
      .returning();
    // the database places and hashes it, whatever was sent
    expect(made?.chainPosition).not.toBe(1);
    expect(made?.chainHash).not.toBe('f'.repeat(64));
  });
});

describe('npm run verify-books finds a single tampered row', () => {
  it('an entry whose amount was changed', async () => {
    const entry = await anEntry();
    const breaks = await breaksAfter((tx) =>
      tx
        .update(settlementEntries)
        .set({ amountPaise: entry.amountPaise + 100 })
        .where(eq(settlementEntries.id, entry.id)),
    );
    expect(breaks).toContainEqual(
      expect.objectContaining({ check: 'chain', table: 'settlement_entries', id: entry.id }),
    );
  });

  it('an entry whose hash was recomputed after the change', async () => {
    const entry = await anEntry();
    const next = await first(
      db.select().from(settlementEntries).where(eq(settlementEntries.chainPosition, 2)),
    );
    const breaks = await breaksAfter(async (tx) => {
      await tx
        .update(settlementEntries)
        .set({ amountPaise: entry.amountPaise + 100 })
        .where(eq(settlementEntries.id, entry.id));
      const [canonical] = await queryRows<{ text: string }>(
        tx,
        sql`SELECT jsonb_build_array(chain_position, id, seller_id, kind, amount_paise, order_item_id, document_id, payout_id, (extract(epoch FROM created_at) * 1000000)::bigint)::text AS text FROM settlement_entries WHERE id = ${entry.id}`,
      );
      await tx
        .update(settlementEntries)
        .set({ chainHash: chainStep('', canonical?.text ?? '') })
        .where(eq(settlementEntries.id, entry.id));
    });
    expect(breaks).toContainEqual(
      expect.objectContaining({ check: 'chain', table: 'settlement_entries', id: next.id }),
    );
  });

  it('an entry removed', async () => {
    const entry = await first(
      db.select().from(settlementEntries).where(eq(settlementEntries.chainPosition, 5)),
    );
    const next = await first(
      db.select().from(settlementEntries).where(eq(settlementEntries.chainPosition, 6)),
    );
    const breaks = await breaksAfter((tx) =>
      tx.delete(settlementEntries).where(eq(settlementEntries.id, entry.id)),
    );
    expect(breaks).toContainEqual(
      expect.objectContaining({
        check: 'chain',
        id: next.id,
        message: expect.stringContaining('1 row(s) removed'),
      }),
    );
  });

  it('a document line whose value was changed', async () => {
    const line = await aLine();
    const breaks = await breaksAfter((tx) =>
      tx
        .update(taxDocumentLines)
        .set({
          valuePaise: line.valuePaise + 100,
          grossPaise: line.grossPaise + 100,
          taxablePaise: line.taxablePaise + 100,
        })
        .where(eq(taxDocumentLines.id, line.id)),
    );
    expect(breaks).toContainEqual(
      expect.objectContaining({ check: 'document', table: 'tax_documents', id: line.documentId }),
    );
  });

  it('a payout taken off the ledger twice', async () => {
    const payout = await aPayout();
    const breaks = await breaksAfter((tx) =>
      tx.insert(settlementEntries).values({
        sellerId: payout.sellerId,
        kind: 'payout',
        amountPaise: -payout.amountPaise,
        payoutId: payout.id,
      }),
    );
    expect(breaks).toContainEqual(
      expect.objectContaining({ check: 'payout', table: 'seller_payouts', id: payout.id }),
    );
  });

  it('a fee invoice whose fees were changed (requirements#fee-invoices)', async () => {
    const invoice = await aFeeInvoice();
    const breaks = await breaksAfter((tx) =>
      tx
        .update(feeInvoices)
        .set({
          commissionPaise: invoice.commissionPaise + 100,
          taxablePaise: invoice.taxablePaise + 100,
          valuePaise: invoice.valuePaise + 100,
        })
        .where(eq(feeInvoices.id, invoice.id)),
    );
    expect(breaks).toEqual([
      expect.objectContaining({
        check: 'document',
        table: 'fee_invoices',
        id: invoice.id,
        message: expect.stringContaining('but the seller'),
      }),
    ]);
  });

  it('an audit row rewritten', async () => {
    const row = await first(db.select().from(auditLog).orderBy(asc(auditLog.id)).limit(1));
    const breaks = await breaksAfter((tx) =>
      tx.update(auditLog).set({ actor: 'someone-else' }).where(eq(auditLog.id, row.id)),
    );
    expect(breaks).toEqual([expect.objectContaining({ check: 'chain', table: 'audit_log', id: row.id })]);
  });
});
