// requirements#journal-export (ADR-0053): a month's postings as finance's accounting software takes
// them: TallyPrime's XML import (an ENVELOPE whose HEADER asks to Import Data and whose BODY's
// IMPORTDATA carries a REQUESTDESC and REQUESTDATA of TALLYMESSAGEs: first each ledger of the chart
// used, under its predefined group, then each voucher with its ledger entries), and a plain CSV journal.
// Tally's sign convention: a debit is ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a credit No with a
// positive one, so a voucher's AMOUNTs add up to zero.
import { momentToIndianDay } from '../marketing/promotions.ts';
import { exportLine } from './exports-csv.ts';
import {
  type AccountLabels,
  type ChartAccount,
  chartAccount,
  type JournalLine,
  type VoucherType,
} from './journal.ts';

export type ExportVoucher = {
  /** the voucher's key and Indian day: its number in Tally and its remote id, so a second import is recognised */
  number: string;
  day: string;
  type: VoucherType;
  narration: string;
  /** each account's net amount in the voucher, + debit, − credit; none zero, adding up to zero */
  entries: { account: ChartAccount; amountPaise: number }[];
};

/**
 * The month's lines as vouchers: one per voucher key and Indian day, each account once with its net
 * amount (debits first, then credits, each by ledger name). A voucher whose lines net to nothing is left out.
 */
export function exportVouchers(lines: readonly JournalLine[], labels: AccountLabels = {}): ExportVoucher[] {
  const vouchers = new Map<string, { line: JournalLine; day: string; sums: Map<string, number> }>();
  for (const line of lines) {
    const day = momentToIndianDay(line.postedAt);
    const key = `${line.voucher}|${day}`;
    const voucher = vouchers.get(key) ?? { line, day, sums: new Map<string, number>() };
    voucher.sums.set(line.account, (voucher.sums.get(line.account) ?? 0) + line.amountPaise);
    vouchers.set(key, voucher);
  }
  const result: ExportVoucher[] = [];
  for (const { line, day, sums } of vouchers.values()) {
    const entries = [...sums]
      .filter(([, amount]) => amount !== 0)
      .map(([account, amountPaise]) => ({ account: chartAccount(account, labels), amountPaise }))
      .sort(
        (a, b) =>
          Number(b.amountPaise > 0) - Number(a.amountPaise > 0) ||
          a.account.name.localeCompare(b.account.name, 'en'),
      );
    if (entries.length === 0) continue;
    result.push({ number: line.voucher, day, type: line.voucherType, narration: line.narration, entries });
  }
  return result.sort(
    (a, b) => a.day.localeCompare(b.day) || a.number.localeCompare(b.number, 'en', { numeric: true }),
  );
}

/** Paise as Tally's amount: rupees with two decimals, its sign as given. */
export function tallyAmount(paise: number): string {
  const whole = Math.abs(paise);
  const text = `${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}

/** Text made safe for XML: markup escaped, control characters (NUL and the like) left out. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 cannot carry them at all
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  );
}

/**
 * The TallyPrime import file: the ledgers the vouchers use (created under their group if missing) and
 * the vouchers, in one ENVELOPE for the company named.
 */
export function tallyXml(vouchers: readonly ExportVoucher[], company: string): string {
  const ledgers = new Map<string, ChartAccount>();
  for (const voucher of vouchers)
    for (const entry of voucher.entries) ledgers.set(entry.account.name, entry.account);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY>',
    '<IMPORTDATA>',
    '<REQUESTDESC>',
    '<REPORTNAME>All Masters</REPORTNAME>',
    `<STATICVARIABLES><SVCURRENTCOMPANY>${xmlText(company)}</SVCURRENTCOMPANY></STATICVARIABLES>`,
    '</REQUESTDESC>',
    '<REQUESTDATA>',
  ];
  for (const ledger of [...ledgers.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'))) {
    const name = xmlText(ledger.name);
    out.push(
      '<TALLYMESSAGE xmlns:UDF="TallyUDF">',
      `<LEDGER NAME="${name}" ACTION="Create">`,
      `<NAME.LIST><NAME>${name}</NAME></NAME.LIST>`,
      `<PARENT>${xmlText(ledger.group)}</PARENT>`,
      '</LEDGER>',
      '</TALLYMESSAGE>',
    );
  }
  for (const voucher of vouchers) {
    const date = voucher.day.replaceAll('-', '');
    const id = xmlText(`bazaar-${voucher.number}-${date}`);
    out.push(
      '<TALLYMESSAGE xmlns:UDF="TallyUDF">',
      `<VOUCHER REMOTEID="${id}" VCHTYPE="${voucher.type}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
      `<DATE>${date}</DATE>`,
      `<EFFECTIVEDATE>${date}</EFFECTIVEDATE>`,
      `<GUID>${id}</GUID>`,
      `<VOUCHERTYPENAME>${voucher.type}</VOUCHERTYPENAME>`,
      `<VOUCHERNUMBER>${xmlText(voucher.number)}</VOUCHERNUMBER>`,
      `<NARRATION>${xmlText(voucher.narration)}</NARRATION>`,
      '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
    );
    for (const entry of voucher.entries) {
      const debit = entry.amountPaise > 0;
      out.push(
        '<ALLLEDGERENTRIES.LIST>',
        `<LEDGERNAME>${xmlText(entry.account.name)}</LEDGERNAME>`,
        `<ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>`,
        `<AMOUNT>${tallyAmount(-entry.amountPaise)}</AMOUNT>`,
        '</ALLLEDGERENTRIES.LIST>',
      );
    }
    out.push('</VOUCHER>', '</TALLYMESSAGE>');
  }
  out.push('</REQUESTDATA>', '</IMPORTDATA>', '</BODY>', '</ENVELOPE>', '');
  return out.join('\n');
}

export const JOURNAL_CSV_COLUMNS = [
  'date',
  'voucher',
  'voucher_type',
  'ledger',
  'group',
  'account',
  'debit',
  'credit',
  'narration',
] as const;

/** The plain journal: one line per voucher entry, debits and credits in rupees, its totals last. */
export function journalCsv(vouchers: readonly ExportVoucher[]): string {
  let debits = 0;
  let credits = 0;
  const lines = [exportLine(JOURNAL_CSV_COLUMNS)];
  for (const voucher of vouchers)
    for (const entry of voucher.entries) {
      const debit = Math.max(entry.amountPaise, 0);
      const credit = Math.max(-entry.amountPaise, 0);
      debits += debit;
      credits += credit;
      lines.push(
        exportLine([
          voucher.day,
          voucher.number,
          voucher.type,
          entry.account.name,
          entry.account.group,
          entry.account.key,
          { amount: debit },
          { amount: credit },
          voucher.narration,
        ]),
      );
    }
  lines.push(exportLine(['Total', '', '', '', '', '', { amount: debits }, { amount: credits }, '']));
  return lines.join('');
}
