// requirements#journal (ADR-0053): the operator's double-entry books. Every posting moves money
// between named accounts and the lines of each journal add up to zero; an account's balance is the
// sum of its lines, + debit, − credit. The chart of accounts names each account as the finance team's
// accounting software (TallyPrime) knows it, under one of Tally's predefined groups.
import { GST_STATE_CODES } from '../sellers/tax-identity.ts';

/** The voucher types the journal's vouchers are imported as (Tally's predefined types). */
export const VOUCHER_TYPES = ['Sales', 'Journal', 'Payment', 'Receipt'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

/** What an account is to the operator: it decides which side its balance normally sits on. */
export type AccountNature = 'asset' | 'liability' | 'income' | 'expense';

type AccountKind = {
  /** the account's name, or with a party (seller, state, courier) its name for that party */
  name: (party: string | null, labels: AccountLabels) => string;
  /** Tally's predefined group the ledger sits under */
  group: string;
  nature: AccountNature;
  /** whose account it is: one per seller, per GST state or per courier, or none */
  party: 'seller' | 'state' | 'courier' | null;
};

/** Names the journal does not hold itself: a seller's legal name. */
export type AccountLabels = { sellerName?: (sellerId: number) => string | undefined };

const stateName = (code: string | null) => (code ? (GST_STATE_CODES[code] ?? 'state not known') : '');

/**
 * The chart of accounts. The keys are what the journal stores (`seller-payable:17`,
 * `tcs-payable:29`, `courier-cod-receivable:Blue Dart`); the names are the ledgers' names.
 */
export const ACCOUNT_KINDS = {
  'seller-payable': {
    name: (party, labels) => {
      const name = labels.sellerName?.(Number(party));
      return `Seller payable S${party ?? ''}${name ? ` ${name}` : ''}`;
    },
    group: 'Sundry Creditors',
    nature: 'liability',
    party: 'seller',
  },
  'commission-income': {
    name: () => 'Commission income',
    group: 'Direct Incomes',
    nature: 'income',
    party: null,
  },
  'closing-fee-income': {
    name: () => 'Closing fee income',
    group: 'Direct Incomes',
    nature: 'income',
    party: null,
  },
  'shipping-fee-income': {
    name: () => 'Shipping fee income',
    group: 'Direct Incomes',
    nature: 'income',
    party: null,
  },
  'output-gst-payable': {
    name: () => 'Output GST on fees',
    group: 'Duties & Taxes',
    nature: 'liability',
    party: null,
  },
  'tcs-payable': {
    name: (party) => `TCS payable ${party ?? ''} ${stateName(party)}`.trimEnd(),
    group: 'Duties & Taxes',
    nature: 'liability',
    party: 'state',
  },
  'tds-payable': {
    name: () => 'TDS payable 194-O',
    group: 'Duties & Taxes',
    nature: 'liability',
    party: null,
  },
  'gateway-clearing': {
    name: () => 'Payment gateway clearing',
    group: 'Current Assets',
    nature: 'asset',
    party: null,
  },
  'cod-to-collect': {
    name: () => 'COD awaiting collection',
    group: 'Current Assets',
    nature: 'asset',
    party: null,
  },
  'courier-cod-receivable': {
    name: (party) => `COD receivable ${party ?? ''}`.trimEnd(),
    group: 'Sundry Debtors',
    nature: 'asset',
    party: 'courier',
  },
  // requirements#gateway-settlements: the gateway's fees on a settlement, and the GST it charged on them
  'gateway-charges': {
    name: () => 'Payment gateway charges',
    group: 'Indirect Expenses',
    nature: 'expense',
    party: null,
  },
  'input-gst': {
    name: () => 'Input GST on gateway charges',
    group: 'Duties & Taxes',
    nature: 'asset',
    party: null,
  },
  'courier-charges': {
    name: () => 'Courier COD charges',
    group: 'Indirect Expenses',
    nature: 'expense',
    party: null,
  },
  'cod-write-offs': {
    name: () => 'COD receivables written off',
    group: 'Indirect Expenses',
    nature: 'expense',
    party: null,
  },
  bank: { name: () => 'Bank current account', group: 'Bank Accounts', nature: 'asset', party: null },
} as const satisfies Record<string, AccountKind>;
export type AccountKindKey = keyof typeof ACCOUNT_KINDS;

const isKind = (kind: string): kind is AccountKindKey => Object.hasOwn(ACCOUNT_KINDS, kind);

/** An account key taken apart, or null when it is not in the chart. */
export function parseAccount(key: string): { kind: AccountKindKey; party: string | null } | null {
  const at = key.indexOf(':');
  const kind = at < 0 ? key : key.slice(0, at);
  const party = at < 0 ? null : key.slice(at + 1);
  if (!isKind(kind)) return null;
  const wantsParty = ACCOUNT_KINDS[kind].party !== null;
  if (wantsParty !== (party !== null) || party === '') return null;
  if (ACCOUNT_KINDS[kind].party === 'seller' && !/^[1-9]\d{0,9}$/.test(party ?? '')) return null;
  return { kind, party };
}

export type ChartAccount = {
  key: string;
  name: string;
  group: string;
  nature: AccountNature;
};

/** An account as the chart names it; throws for a key outside the chart (a journal line the database refused to hold). */
export function chartAccount(key: string, labels: AccountLabels = {}): ChartAccount {
  const parsed = parseAccount(key);
  if (!parsed) throw new RangeError(`Not an account of the chart: ${key}`);
  const kind: AccountKind = ACCOUNT_KINDS[parsed.kind];
  return { key, name: kind.name(parsed.party, labels), group: kind.group, nature: kind.nature };
}

export type JournalLine = {
  journal: string;
  voucher: string;
  voucherType: VoucherType;
  postedAt: Date;
  account: string;
  /** + debit, − credit */
  amountPaise: number;
  narration: string;
};

export type TrialBalanceRow = ChartAccount & { debitPaise: number; creditPaise: number };
export type TrialBalance = {
  rows: TrialBalanceRow[];
  totalDebitPaise: number;
  totalCreditPaise: number;
};

/**
 * A trial balance from each account's net balance (+ debit): an account shows its balance on the side
 * it sits, accounts with nothing on them are left out; the two totals are equal when every journal balanced.
 */
export function trialBalance(
  balances: readonly { account: string; balancePaise: number }[],
  labels: AccountLabels = {},
): TrialBalance {
  const rows = balances
    .filter((b) => b.balancePaise !== 0)
    .map((b): TrialBalanceRow => ({
      ...chartAccount(b.account, labels),
      debitPaise: Math.max(b.balancePaise, 0),
      creditPaise: Math.max(-b.balancePaise, 0),
    }))
    .sort((a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name, 'en'));
  return {
    rows,
    totalDebitPaise: rows.reduce((sum, row) => sum + row.debitPaise, 0),
    totalCreditPaise: rows.reduce((sum, row) => sum + row.creditPaise, 0),
  };
}

/** Each journal's sum: a journal that does not add up to zero, by name. */
export function unbalancedJournals(lines: readonly Pick<JournalLine, 'journal' | 'amountPaise'>[]) {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.journal, (sums.get(line.journal) ?? 0) + line.amountPaise);
  return [...sums].filter(([, sum]) => sum !== 0).map(([journal, sumPaise]) => ({ journal, sumPaise }));
}

/**
 * requirements#journal: the trial balance as finance reads it on any screen. Sellers' payables
 * (one ledger per seller, thousands of them) stand as one line, their debits and credits summed, in the place
 * the first of them sorts to; each seller's own line is listed apart. Other ledgers are unchanged.
 */
export function summariseSellerPayables<Row extends { key: string; debitPaise: number; creditPaise: number }>(
  rows: readonly Row[],
): {
  rows: (Row | { key: 'seller-payable'; count: number; debitPaise: number; creditPaise: number })[];
  sellers: Row[];
} {
  const sellers = rows.filter((row) => parseAccount(row.key)?.kind === 'seller-payable');
  if (sellers.length === 0) return { rows: [...rows], sellers: [] };
  // sellers owing the marketplace stay debits and sellers owed stay credits, so the lines still add up to the totals
  const line = {
    key: 'seller-payable' as const,
    count: sellers.length,
    debitPaise: sellers.reduce((sum, row) => sum + row.debitPaise, 0),
    creditPaise: sellers.reduce((sum, row) => sum + row.creditPaise, 0),
  };
  const first = rows.indexOf(sellers[0] as Row);
  const others = rows.filter((row) => parseAccount(row.key)?.kind !== 'seller-payable');
  return { rows: [...others.slice(0, first), line, ...others.slice(first)], sellers };
}
