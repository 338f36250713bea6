import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ItemFees } from './fees.ts';
import {
  ACCOUNT_KINDS,
  chartAccount,
  type JournalLine,
  parseAccount,
  summariseSellerPayables,
  trialBalance,
  unbalancedJournals,
} from './journal.ts';
import { exportVouchers, journalCsv, tallyAmount, tallyXml, xmlText } from './journal-export.ts';
import { balanceOf, type LedgerEntry, reversalEntries, saleEntries } from './ledger.ts';

// requirements#journal (ADR-0053): the chart, the trial balance and the Tally and CSV files

describe('the chart of accounts', () => {
  it('names each account and refuses keys outside it', () => {
    expect(chartAccount('seller-payable:17', { sellerName: () => 'Acme Traders' })).toEqual({
      key: 'seller-payable:17',
      name: 'Seller payable S17 Acme Traders',
      group: 'Sundry Creditors',
      nature: 'liability',
    });
    expect(chartAccount('tcs-payable:29').name).toBe('TCS payable 29 Karnataka');
    expect(chartAccount('courier-cod-receivable:Blue Dart').group).toBe('Sundry Debtors');
    expect(chartAccount('bank').group).toBe('Bank Accounts');
    for (const bad of [
      'seller-payable',
      'seller-payable:x',
      'bank:1',
      'cash',
      'tcs-payable:',
      '',
      'seller-payable:0',
    ])
      expect(parseAccount(bad), bad).toBeNull();
    expect(() => chartAccount('cash')).toThrow(RangeError);
  });

  it('gives every ledger a distinct name', () => {
    const names = Object.entries(ACCOUNT_KINDS).map(
      ([kind, account]) => chartAccount(account.party ? `${kind}:1` : kind).name,
    );
    expect(new Set(names).size).toBe(names.length);
  });
});

const FEES = fc.record({
  commissionPaise: fc.integer({ min: 0, max: 50_000 }),
  commissionGstPaise: fc.integer({ min: 0, max: 9_000 }),
  closingFeePaise: fc.integer({ min: 0, max: 5_000 }),
  closingFeeGstPaise: fc.integer({ min: 0, max: 900 }),
  shippingFeePaise: fc.integer({ min: 0, max: 9_000 }),
  shippingFeeGstPaise: fc.integer({ min: 0, max: 1_620 }),
}) satisfies fc.Arbitrary<ItemFees>;

/** A sale of `quantity` units and the sizes of its returns, one credit note each. */
const SALE_AND_RETURNS = fc
  .record({
    quantity: fc.integer({ min: 1, max: 12 }),
    valuePaise: fc.integer({ min: 0, max: 5_000_000 }),
    fees: FEES,
    hasPan: fc.boolean(),
    shipped: fc.boolean(),
  })
  .chain((sale) =>
    fc.array(fc.integer({ min: 1, max: sale.quantity }), { maxLength: 6 }).map((sizes) => {
      const returns: number[] = [];
      let left = sale.quantity;
      for (const size of sizes) {
        if (left === 0) break;
        returns.push(Math.min(size, left));
        left -= Math.min(size, left);
      }
      return { ...sale, returns };
    }),
  );

/** The entries a generated history writes: the sale, then each return's reversals. */
function history(sale: {
  quantity: number;
  valuePaise: number;
  fees: ItemFees;
  hasPan: boolean;
  shipped: boolean;
  returns: number[];
}) {
  const entries = saleEntries({
    valuePaise: sale.valuePaise,
    taxablePaise: Math.floor(sale.valuePaise / 1.18),
    tcsTaxablePaise: Math.floor(sale.valuePaise / 1.18),
    fees: sale.fees,
    kind: 'intra',
    documentDate: new Date('2026-11-10T06:00:00Z'),
    hasPan: sale.hasPan,
  });
  const reversals: LedgerEntry[][] = [];
  let reversedBefore = 0;
  for (const units of sale.returns) {
    const creditPaise = Math.floor((sale.valuePaise * units) / sale.quantity);
    reversals.push(
      reversalEntries(entries, {
        quantity: sale.quantity,
        reversedBefore,
        units,
        creditPaise,
        shipped: sale.shipped,
      }),
    );
    reversedBefore += units;
  }
  return { entries, reversals, reversedAll: reversedBefore === sale.quantity };
}

/** A ledger entry as the journal posts it (the migration's journal_post_entries): the seller's payable against the kind's account. */
function posted(entry: LedgerEntry, sellerId: number, journal: string): JournalLine[] {
  const counter: Record<LedgerEntry['kind'], string> = {
    sale: 'gateway-clearing',
    refund: 'gateway-clearing',
    commission: 'commission-income',
    closing_fee: 'closing-fee-income',
    shipping_fee: 'shipping-fee-income',
    commission_gst: 'output-gst-payable',
    closing_fee_gst: 'output-gst-payable',
    shipping_fee_gst: 'output-gst-payable',
    tcs: 'tcs-payable:29',
    tds: 'tds-payable',
    payout: 'bank',
  };
  const base = {
    journal,
    voucher: journal,
    voucherType: 'Journal' as const,
    postedAt: new Date('2026-11-10T06:00:00Z'),
    narration: journal,
  };
  if (entry.amountPaise === 0) return [];
  return [
    { ...base, account: `seller-payable:${sellerId}`, amountPaise: -entry.amountPaise },
    { ...base, account: counter[entry.kind], amountPaise: entry.amountPaise },
  ];
}

describe('properties over generated histories', () => {
  it('reversals never take back more than was taken, and add back exactly once every unit is returned', () => {
    fc.assert(
      fc.property(SALE_AND_RETURNS, (sale) => {
        const { entries, reversals, reversedAll } = history(sale);
        const deductions = entries.filter((e) => e.kind !== 'sale');
        const back = reversals.flat().filter((e) => e.kind !== 'refund');
        for (const kind of new Set(deductions.map((e) => e.kind))) {
          const taken = -balanceOf(deductions.filter((e) => e.kind === kind));
          const given = balanceOf(back.filter((e) => e.kind === kind));
          expect(given).toBeLessThanOrEqual(taken);
          if (reversedAll && kind !== 'shipping_fee' && kind !== 'shipping_fee_gst')
            expect(given).toBe(taken);
          if (reversedAll && !sale.shipped) expect(given).toBe(taken);
        }
      }),
    );
  });

  it('posted to the journal, every journal balances, the trial balance agrees and the seller’s account is its ledger', () => {
    fc.assert(
      fc.property(
        fc.array(SALE_AND_RETURNS, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 100 }),
        (sales, payoutShare) => {
          const lines: JournalLine[] = [];
          const ledger: LedgerEntry[] = [];
          let n = 0;
          for (const sale of sales) {
            const { entries, reversals } = history(sale);
            for (const entry of [...entries, ...reversals.flat()]) {
              ledger.push(entry);
              lines.push(...posted(entry, 7, `entry:${++n}`));
            }
          }
          // a payout of part of a positive balance, once
          const payout = Math.floor((Math.max(balanceOf(ledger), 0) * payoutShare) / 100);
          if (payout > 0) {
            const entry: LedgerEntry = { kind: 'payout', amountPaise: -payout };
            ledger.push(entry);
            lines.push(...posted(entry, 7, `entry:${++n}`));
          }
          expect(unbalancedJournals(lines)).toEqual([]);
          const sums = new Map<string, number>();
          for (const line of lines) sums.set(line.account, (sums.get(line.account) ?? 0) + line.amountPaise);
          const balance = trialBalance(
            [...sums].map(([account, balancePaise]) => ({ account, balancePaise })),
          );
          expect(balance.totalDebitPaise).toBe(balance.totalCreditPaise);
          expect(-(sums.get('seller-payable:7') ?? 0) + 0).toBe(balanceOf(ledger));
          expect(-(sums.get('bank') ?? 0) + 0).toBe(payout);
          // and each voucher of the Tally file balances
          for (const voucher of exportVouchers(lines))
            expect(voucher.entries.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(0);
        },
      ),
    );
  });
});

describe('the export files', () => {
  const line = (
    journal: string,
    account: string,
    amountPaise: number,
    at = '2026-11-30T20:00:00Z',
  ): JournalLine => ({
    journal,
    voucher: `document:${journal}`,
    voucherType: 'Sales',
    postedAt: new Date(at),
    account,
    amountPaise,
    narration: 'Invoice A&B <1>',
  });

  it('groups a voucher’s lines by account on its Indian day, debits first', () => {
    const vouchers = exportVouchers([
      line('1', 'gateway-clearing', 10_000),
      line('1', 'seller-payable:3', -10_000),
      line('2', 'seller-payable:3', 1_180),
      line('2', 'commission-income', -1_000),
      line('2', 'output-gst-payable', -180),
    ]);
    expect(vouchers).toHaveLength(2); // the lines' vouchers differ by journal here
    const [first] = vouchers;
    // 20:00 UTC on 30 November is 1 December in India
    expect(first?.day).toBe('2026-12-01');
    expect(first?.entries.map((e) => [e.account.name, e.amountPaise])).toEqual([
      ['Payment gateway clearing', 10_000],
      ['Seller payable S3', -10_000],
    ]);
  });

  it('writes Tally’s amounts with debits negative and deemed positive, and escapes text', () => {
    expect(tallyAmount(123_456)).toBe('1234.56');
    expect(tallyAmount(-5)).toBe('-0.05');
    expect(xmlText('A&B <x> "q" \u0000')).toBe('A&amp;B &lt;x&gt; &quot;q&quot; ');
    const xml = tallyXml(
      exportVouchers([line('1', 'gateway-clearing', 10_000), line('1', 'seller-payable:3', -10_000)]),
      'Op & Co',
    );
    expect(xml).toContain('<SVCURRENTCOMPANY>Op &amp; Co</SVCURRENTCOMPANY>');
    expect(xml).toContain(
      '<LEDGERNAME>Payment gateway clearing</LEDGERNAME>\n<ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>\n<AMOUNT>-100.00</AMOUNT>',
    );
    expect(xml).toContain(
      '<LEDGERNAME>Seller payable S3</LEDGERNAME>\n<ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>\n<AMOUNT>100.00</AMOUNT>',
    );
    expect(xml).toContain('<NARRATION>Invoice A&amp;B &lt;1&gt;</NARRATION>');
  });

  it('the CSV journal totals debits and credits alike', () => {
    const csv = journalCsv(
      exportVouchers([line('1', 'gateway-clearing', 10_001), line('1', 'seller-payable:3', -10_001)]),
    );
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe('date,voucher,voucher_type,ledger,group,account,debit,credit,narration');
    expect(rows.at(-1)).toBe('Total,,,,,,100.01,100.01,');
  });
});

describe('the trial balance on one screen (requirements#journal)', () => {
  const row = (key: string, debitPaise: number, creditPaise: number) => ({ key, debitPaise, creditPaise });
  it.each([
    ['no seller ledgers', [row('bank', 500, 0), row('tds-payable', 0, 500)], ['bank', 'tds-payable'], null],
    [
      'sellers owed money and owing it, in the first seller’s place',
      [
        row('bank', 900, 0),
        row('seller-payable:1', 0, 700),
        row('seller-payable:2', 100, 0),
        row('tds-payable', 0, 300),
      ],
      ['bank', 'seller-payable', 'tds-payable'],
      { count: 2, debitPaise: 100, creditPaise: 700 },
    ],
    [
      'sellers before an income ledger',
      [row('seller-payable:5', 400, 0), row('seller-payable:6', 0, 100), row('commission-income', 0, 300)],
      ['seller-payable', 'commission-income'],
      { count: 2, debitPaise: 400, creditPaise: 100 },
    ],
  ])('%s', (_, rows, keys, sellersLine) => {
    const summary = summariseSellerPayables(rows);
    expect(summary.rows.map((r) => r.key)).toEqual(keys);
    expect(summary.sellers).toHaveLength(sellersLine?.count ?? 0);
    if (sellersLine) expect(summary.rows.find((r) => r.key === 'seller-payable')).toMatchObject(sellersLine);
    // the summary keeps both columns' totals
    const debits = (rs: { debitPaise: number }[]) => rs.reduce((sum, r) => sum + r.debitPaise, 0);
    const credits = (rs: { creditPaise: number }[]) => rs.reduce((sum, r) => sum + r.creditPaise, 0);
    expect([debits(summary.rows), credits(summary.rows)]).toEqual([debits(rows), credits(rows)]);
  });
});
