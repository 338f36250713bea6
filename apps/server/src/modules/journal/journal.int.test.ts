import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalLines, queryRows, sellers } from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { monthOf } from '@marketplace/domain/settlement/console-api';
import { chartAccount, parseAccount } from '@marketplace/domain/settlement/journal';
import type { TrialBalanceResponse } from '@marketplace/domain/settlement/journal-api';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { remitAllCod } from '../../../test-support/settlement.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { verifyBooks } from '../books/index.ts';
import { runPayoutCycle, sellerBalance } from '../settlements/index.ts';

// requirements#journal (ADR-0053): the operator's double-entry books through the console's API

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let finance = '';
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  finance = (await verifiedStaff(t, 'finance-journal@staff.example.com', 'finance')).cookie;
}, 600_000);
afterAll(() => t.close());

/** What Seller Central shows a seller: payable now and waiting, together. */
const ledgerBalance = async (sellerId: number) => {
  const balance = await sellerBalance(t.db, sellerId, new Date());
  return balance.payablePaise + balance.waitingPaise;
};

const trialBalanceOf = async (date?: string) => {
  const res = await call(`/api/admin/settlements/trial-balance${date ? `?date=${date}` : ''}`, finance);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TrialBalanceResponse;
};

/** A small strict XML reader: elements nest and close in order; returns the tree. */
type XmlNode = { name: string; attributes: string; children: XmlNode[]; text: string };
function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#document', attributes: '', children: [], text: '' };
  const stack = [root];
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  for (const token of body.matchAll(/<(\/?)([A-Za-z][\w.:]*)([^>]*?)(\/?)>|([^<]+)/g)) {
    const top = stack.at(-1);
    if (!top) throw new Error('unbalanced');
    if (token[5] !== undefined) {
      if (token[5].includes('>') || token[5].includes('<')) throw new Error('raw markup in text');
      top.text += token[5];
    } else if (token[1] === '/') {
      if (top.name !== token[2]) throw new Error(`</${token[2]}> closes <${top.name}>`);
      stack.pop();
    } else {
      const node: XmlNode = { name: token[2] ?? '', attributes: token[3] ?? '', children: [], text: '' };
      top.children.push(node);
      if (token[4] !== '/') stack.push(node);
    }
  }
  if (stack.length !== 1) throw new Error('unclosed elements');
  return root;
}
const child = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name);
const textOf = (node: XmlNode | undefined) =>
  (node?.text ?? '')
    .trim()
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

describe('the seeded books', () => {
  it('are posted to the journal: each journal balances, the trial balance sums to zero, each seller’s account is its ledger', async () => {
    const unbalanced = await queryRows<{ journal: string }>(
      t.db,
      sql`SELECT journal FROM journal_lines GROUP BY journal HAVING sum(amount_paise) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const balance = await trialBalanceOf();
    expect(balance.rows.length).toBeGreaterThan(5);
    expect(balance.totalDebitPaise).toBe(balance.totalCreditPaise);
    expect(balance.balanced).toBe(true);
    const [seller] = await t.db.select({ id: sellers.id }).from(sellers).limit(1);
    const id = seller?.id ?? 0;
    const row = balance.rows.find((r) => r.key === `seller-payable:${id}`);
    const owed = (row?.creditPaise ?? 0) - (row?.debitPaise ?? 0);
    expect(owed).toBe(await ledgerBalance(id));
    expect(
      (await verifyBooks(t.db)).breaks.filter((b) => b.check === 'journal' || b.table === 'journal_lines'),
    ).toEqual([]);
  });

  it('are written once: the database refuses to change a line or post a journal that does not balance', async () => {
    const refused = async (statement: ReturnType<typeof sql>) =>
      t.db
        .transaction(async (tx) => {
          await tx.execute(statement);
          throw new Error('accepted');
        })
        .catch((error: unknown) => {
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
          return cause instanceof Error ? cause.message : String(cause);
        });
    expect(await refused(sql`UPDATE journal_lines SET amount_paise = amount_paise + 1`)).toMatch(
      /append-only/,
    );
    expect(await refused(sql`DELETE FROM journal_lines`)).toMatch(/append-only/);
    expect(await refused(sql`TRUNCATE journal_lines CASCADE`)).toMatch(/append-only/);
    const [entry] = await t.db.select().from(journalLines).limit(1);
    expect(
      await refused(
        sql`INSERT INTO journal_lines (journal, voucher, voucher_type, posted_at, account, amount_paise, narration, settlement_entry_id)
            VALUES ('test:1', 'test:1', 'Journal', now(), 'bank', 100, 'one-sided', ${entry?.settlementEntryId ?? null})`,
      ),
    ).toMatch(/does not balance/);
  });
});

describe('npm run verify-books over the journal', () => {
  it('names a line changed behind the triggers’ back: its chain breaks and its journal no longer balances', async () => {
    let found: { check: string; table: string; id: number | string }[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(
          sql`UPDATE journal_lines SET amount_paise = amount_paise + 1 WHERE id = (SELECT min(id) FROM journal_lines)`,
        );
        await tx.execute(sql`SET LOCAL session_replication_role = origin`);
        found = (await verifyBooks(tx)).breaks;
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rolled back')) throw error;
      });
    expect(found.some((b) => b.check === 'chain' && b.table === 'journal_lines')).toBe(true);
    expect(found.some((b) => b.check === 'journal' && b.table === 'journal_lines')).toBe(true);
  });
});

describe('a month’s money journey', () => {
  beforeAll(async () => {
    // a prepaid and a COD order delivered, the COD cash remitted by its courier, then the payout cycle
    for (const mode of ['prepaid', 'cod'] as const) {
      await kit.deliveredItem(2, mode);
    }
    await remitAllCod(t.db);
    await runPayoutCycle(t.db, new Date());
  }, 600_000);

  it('leaves the trial balance at zero and every seller’s account its ledger balance', async () => {
    const balance = await trialBalanceOf(momentToIndianDay(new Date()));
    expect(balance.totalDebitPaise).toBe(balance.totalCreditPaise);
    for (const row of balance.rows.filter((r) => r.key.startsWith('seller-payable:')).slice(0, 10)) {
      const id = Number(parseAccount(row.key)?.party);
      expect(row.creditPaise - row.debitPaise, row.key).toBe(await ledgerBalance(id));
    }
    expect((await verifyBooks(t.db)).breaks).toEqual([]);
    // a day before anything was posted has nothing on it
    expect((await trialBalanceOf('2020-01-01')).rows).toEqual([]);
  });

  it('the Tally XML of the month follows the import structure; every voucher balances and names only ledgers of the chart', async () => {
    const month = monthOf(new Date());
    const res = await call(`/api/admin/settlements/journal/tally.xml?month=${month}`, finance);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="journal-${month}-tally.xml"`);
    const envelope = child(parseXml(await res.text()), 'ENVELOPE');
    expect(textOf(child(child(envelope, 'HEADER'), 'TALLYREQUEST'))).toBe('Import Data');
    const importData = child(child(envelope, 'BODY'), 'IMPORTDATA');
    expect(child(importData, 'REQUESTDESC')).toBeDefined();
    const messages = child(importData, 'REQUESTDATA')?.children ?? [];
    expect(messages.every((m) => m.name === 'TALLYMESSAGE')).toBe(true);
    const ledgers = new Map(
      messages
        .flatMap((m) => m.children.filter((c) => c.name === 'LEDGER'))
        .map((l) => [textOf(child(child(l, 'NAME.LIST'), 'NAME')), textOf(child(l, 'PARENT'))]),
    );
    const vouchers = messages.flatMap((m) => m.children.filter((c) => c.name === 'VOUCHER'));
    expect(vouchers.length).toBeGreaterThan(3);
    const types = new Set<string>();
    // every ledger the chart can name for the accounts the month used
    const used = await queryRows<{ account: string }>(t.db, sql`SELECT DISTINCT account FROM journal_lines`);
    const sellerNames = new Map(
      (await t.db.select({ id: sellers.id, legalName: sellers.legalName }).from(sellers)).map((s) => [
        s.id,
        s.legalName,
      ]),
    );
    const chart = new Map(
      used
        .map((u) => chartAccount(u.account, { sellerName: (id) => sellerNames.get(id) }))
        .map((a) => [a.name, a.group]),
    );
    for (const voucher of vouchers) {
      const type = textOf(child(voucher, 'VOUCHERTYPENAME'));
      types.add(type);
      expect(['Sales', 'Journal', 'Payment', 'Receipt']).toContain(type);
      expect(textOf(child(voucher, 'DATE'))).toMatch(/^\d{8}$/);
      const entries = voucher.children.filter((c) => c.name === 'ALLLEDGERENTRIES.LIST');
      expect(entries.length).toBeGreaterThanOrEqual(2);
      let total = 0;
      for (const entry of entries) {
        const name = textOf(child(entry, 'LEDGERNAME'));
        expect(chart.get(name), name).toBeDefined();
        expect(ledgers.get(name), name).toBe(chart.get(name));
        const amount = Math.round(Number(textOf(child(entry, 'AMOUNT'))) * 100);
        expect(textOf(child(entry, 'ISDEEMEDPOSITIVE'))).toBe(amount < 0 ? 'Yes' : 'No');
        total += amount;
      }
      expect(total, textOf(child(voucher, 'VOUCHERNUMBER'))).toBe(0);
    }
    expect([...types]).toEqual(expect.arrayContaining(['Sales', 'Payment', 'Receipt']));

    const csv = await call(`/api/admin/settlements/journal/journal.csv?month=${month}`, finance);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    const totals = lines.at(-1)?.split(',') ?? [];
    expect(totals[0]).toBe('Total');
    expect(totals[6]).toBe(totals[7]);
  });
});

describe('who reaches the trial balance and the journal', () => {
  const month = monthOf(new Date());
  const paths = [
    '/api/admin/settlements/trial-balance',
    `/api/admin/settlements/journal/tally.xml?month=${month}`,
    `/api/admin/settlements/journal/journal.csv?month=${month}`,
  ];
  it('answers a visitor 401, shoppers, sellers and staff without the finance role 403', async () => {
    const shopper = await t.loginCookie('priya@example.com');
    const seller = await t.loginCookie('dakshin-mart@sellers.example.com');
    for (const path of paths) {
      expect((await call(path, null)).status, path).toBe(401);
      expect((await call(path, shopper)).status, path).toBe(403);
      expect((await call(path, seller)).status, path).toBe(403);
    }
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner' && r !== 'finance')) {
      const { cookie } = await verifiedStaff(t, `journal-${role}@staff.example.com`, role);
      for (const path of paths) expect((await call(path, cookie)).status, `${role} ${path}`).toBe(403);
    }
  });

  it('refuses bad days and months, NUL bytes and broken encoding with 400, never 500', async () => {
    const bad = [
      '/api/admin/settlements/trial-balance?date=2026-02-30',
      '/api/admin/settlements/trial-balance?date=2026-13-01',
      '/api/admin/settlements/trial-balance?date=1999-12-31',
      '/api/admin/settlements/trial-balance?date=yesterday',
      '/api/admin/settlements/trial-balance?date=2026-01-01%00',
      '/api/admin/settlements/trial-balance?date=%E0%A4%A',
      `/api/admin/settlements/trial-balance?date=${'9'.repeat(5000)}`,
      '/api/admin/settlements/journal/tally.xml?month=2026-13',
      '/api/admin/settlements/journal/tally.xml?month=2026-1',
      '/api/admin/settlements/journal/tally.xml?month=2026-01%00',
      '/api/admin/settlements/journal/journal.csv?month=%FF',
      '/api/admin/settlements/journal/journal.csv?month=2999-01',
    ];
    for (const path of bad) expect((await call(path, finance)).status, path).toBe(400);
  });
});

describe('the seller view', () => {
  it('is the seller’s account in the journal', async () => {
    const [seller] = await t.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, 1));
    if (!seller) return;
    const [row] = await queryRows<{ total: string }>(
      t.db,
      sql`SELECT coalesce(-sum(amount_paise), 0) AS total FROM journal_lines WHERE account = ${`seller-payable:${seller.id}`}`,
    );
    expect(Number(row?.total)).toBe(await ledgerBalance(seller.id));
  });
});
