// requirements#settlement: a seller's ledger, entry by entry: what each sale earns the seller, what
// the marketplace keeps from it (fees, GST on them, TCS and TDS), and what a return or cancellation
// gives back. Amounts are signed from the seller's side: + the marketplace owes the seller, − the
// seller owes the marketplace; a seller's balance is their sum.
import type { SupplyKind } from '../tax/gst.ts';
import { type ItemFees, tdsOf } from './fees.ts';
import { tcsOf } from './tcs-law.ts';

export const ENTRY_KINDS = [
  'sale',
  'commission',
  'commission_gst',
  'closing_fee',
  'closing_fee_gst',
  'shipping_fee',
  'shipping_fee_gst',
  'tcs',
  'tds',
  'refund',
  'payout',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export type LedgerEntry = { kind: EntryKind; amountPaise: number };

/** Each fee's entry kinds and where its amount is in an item's fees. */
const FEE_ENTRIES = [
  ['commission', 'commissionPaise'],
  ['commission_gst', 'commissionGstPaise'],
  ['closing_fee', 'closingFeePaise'],
  ['closing_fee_gst', 'closingFeeGstPaise'],
  ['shipping_fee', 'shippingFeePaise'],
  ['shipping_fee_gst', 'shippingFeeGstPaise'],
] as const satisfies readonly (readonly [EntryKind, keyof ItemFees])[];

/** What a return reverses in proportion to the units returned, whether the parcel left or not. */
const REVERSED_KINDS = [
  'commission',
  'commission_gst',
  'closing_fee',
  'closing_fee_gst',
  'tcs',
  'tds',
] as const;
/** What a return reverses only when the parcel never left: once it did, the carrier was paid. */
const SHIPPING_KINDS = ['shipping_fee', 'shipping_fee_gst'] as const;

const isWholePaise = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * The entries of an item sold: its invoice value to the seller, less each fee and its GST, the TCS
 * on the net taxable value of its taxable supplies (CGST Act s. 52(1): none on nil-rated or exempt
 * lines, none for a seller without GST registration, Notification 37/2023-Central Tax) and the TDS on
 * its taxable value (CBDT circular 17/2020: 194-O leaves out GST shown on the invoice). Zero entries
 * are left out, except the sale's.
 */
export function saleEntries(input: {
  /** the item's invoice value: goods plus its delivery, tax included */
  valuePaise: number;
  /** its taxable value (goods plus delivery) */
  taxablePaise: number;
  /** the part of it TCS is collected on: the taxable value of taxed lines of a registered seller */
  tcsTaxablePaise: number;
  fees: ItemFees;
  kind: SupplyKind;
  /** the invoice's date: the TCS rate in force on it applies (requirements#tcs-law) */
  documentDate: Date;
  hasPan: boolean;
  /** the TDS under the law in force on the credit date (tds-law.ts), when the caller worked it out; else tdsOf */
  tdsPaise?: number;
}): LedgerEntry[] {
  const { valuePaise, taxablePaise, fees } = input;
  if (!isWholePaise(valuePaise) || !isWholePaise(taxablePaise) || taxablePaise > valuePaise)
    throw new RangeError(`A sale's value and taxable value are whole paise, taxable not above the value`);
  if (!isWholePaise(input.tcsTaxablePaise) || input.tcsTaxablePaise > taxablePaise)
    throw new RangeError(`The value TCS is collected on is whole paise, not above the taxable value`);
  for (const [, field] of FEE_ENTRIES)
    if (!isWholePaise(fees[field]))
      throw new RangeError(`A fee is whole paise, not negative: ${fees[field]}`);
  const deductions: LedgerEntry[] = [
    ...FEE_ENTRIES.map(([kind, field]) => ({ kind, amountPaise: -fees[field] + 0 })),
    {
      kind: 'tcs',
      amountPaise: -tcsOf(input.tcsTaxablePaise, input.kind, input.documentDate).totalPaise + 0,
    },
    { kind: 'tds', amountPaise: -(input.tdsPaise ?? tdsOf(taxablePaise, input.hasPan)) + 0 },
  ];
  return [
    { kind: 'sale', amountPaise: valuePaise },
    ...deductions.filter((entry) => entry.amountPaise !== 0),
  ];
}

/** The sum of one kind's entries. */
function totalOf(entries: readonly LedgerEntry[], kind: EntryKind): number {
  return entries.reduce((sum, entry) => (entry.kind === kind ? sum + entry.amountPaise : sum), 0);
}

/** The running share of an amount after n of quantity units, truncated toward zero, exact for any size. */
function runningShare(amountPaise: number, n: number, quantity: number): number {
  return Number((BigInt(amountPaise) * BigInt(Math.min(n, quantity))) / BigInt(quantity));
}

/**
 * The entries reversing `units` more of an item's `quantity` units, `reversedBefore` being reversed
 * already: the refund of the credit note's value, and each fee and tax by its running share, so an
 * item's reversals never exceed its entries and equal them once every unit is reversed. The shipping
 * fee and its GST are reversed only when the parcel was never shipped. Zero entries are left out.
 */
export function reversalEntries(
  sale: readonly LedgerEntry[],
  input: { quantity: number; reversedBefore: number; units: number; creditPaise: number; shipped: boolean },
): LedgerEntry[] {
  const { quantity, reversedBefore, units, creditPaise } = input;
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`A quantity is a whole number from 1: ${quantity}`);
  if (
    !Number.isSafeInteger(reversedBefore) ||
    reversedBefore < 0 ||
    !Number.isSafeInteger(units) ||
    units < 1
  )
    throw new RangeError(`Units are whole numbers: ${reversedBefore} before, ${units} now`);
  if (reversedBefore + units > quantity)
    throw new RangeError(`Cannot reverse ${units} more of ${quantity} units when ${reversedBefore} were`);
  if (!isWholePaise(creditPaise))
    throw new RangeError(`A credit is whole paise, not negative: ${creditPaise}`);
  const reversed = (kind: EntryKind) =>
    (REVERSED_KINDS as readonly EntryKind[]).includes(kind) ||
    (!input.shipped && (SHIPPING_KINDS as readonly EntryKind[]).includes(kind));
  const reversals = ENTRY_KINDS.filter(reversed).map((kind): LedgerEntry => {
    const amount = totalOf(sale, kind);
    const share = (n: number) => runningShare(amount, n, quantity);
    return { kind, amountPaise: -(share(reversedBefore + units) - share(reversedBefore)) + 0 };
  });
  const refund: LedgerEntry = { kind: 'refund', amountPaise: -creditPaise + 0 };
  return [refund, ...reversals].filter((entry) => entry.amountPaise !== 0);
}

/** A ledger's balance: + what the marketplace owes the seller, − what the seller owes it. */
export function balanceOf(entries: readonly { amountPaise: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.amountPaise, 0);
}
