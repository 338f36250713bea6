// requirements#settlement: what Seller Central's payments page and the console's settlement screens
// read: one contract for the server, the pages and their tests.
import { z } from 'zod';
import { formatIndianDate } from '../text/dates.ts';
import { ENTRY_KINDS, type EntryKind } from './ledger.ts';
import { tdsLawOn } from './tds-law.ts';

/** How each ledger entry reads to a seller. */
export const ENTRY_LABELS: Readonly<Record<EntryKind, string>> = {
  sale: 'Sale',
  commission: 'Commission',
  commission_gst: 'GST on commission',
  closing_fee: 'Closing fee',
  closing_fee_gst: 'GST on closing fee',
  shipping_fee: 'Shipping fee',
  shipping_fee_gst: 'GST on shipping fee',
  tcs: 'TCS (GST section 52)',
  tds: 'TDS (income tax)',
  refund: 'Refund',
  payout: 'Payout to your bank',
};

/**
 * How an entry reads on its date: TDS names the provision in force on the credit date
 * (requirements#tds-law), 'TDS (section 194-O)' to 31 Mar 2026, the Income-tax Act, 2025's after.
 */
export function entryLabel(kind: EntryKind, createdAt: Date): string {
  if (kind !== 'tds') return ENTRY_LABELS[kind];
  try {
    return `TDS (${tdsLawOn(createdAt).shortName})`;
  } catch {
    return ENTRY_LABELS.tds;
  }
}

export const PAYOUT_STATUS_LABELS = {
  initiated: 'Being sent',
  processed: 'Sent to your bank',
  completed: 'Paid',
  failed: 'Failed: the amount is back in your balance',
} as const;

const paise = z.number().int();

export const SettlementEntry = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    kind: z.enum(ENTRY_KINDS),
    label: z.string(),
    amountPaise: paise.describe('+ owed to the seller, − owed by the seller'),
    orderNo: z.string().nullable(),
    productName: z.string().nullable(),
    documentNumber: z.string().nullable().describe('The invoice or credit note that caused it'),
    payableAt: z
      .string()
      .nullable()
      .describe(
        'When it is (or became) payable; null while the item is on its way or its COD cash is with the courier',
      ),
    paidOut: z.boolean().describe('Paid in a payout already (its cut-off came after it became payable)'),
  })
  .meta({ id: 'SettlementEntry' });
export type SettlementEntry = z.infer<typeof SettlementEntry>;

export const SellerPayout = z
  .object({
    id: z.number().int(),
    periodEnd: z.string().describe('The cycle’s cut-off: what was payable by then'),
    amountPaise: paise,
    status: z.enum(['initiated', 'processed', 'completed', 'failed']),
    statusLabel: z.string(),
    utr: z.string().nullable().describe('The bank’s reference once paid'),
    bankAccountLast4: z.string().nullable(),
    processedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    statementCsvUrl: z.string(),
    statementPdfUrl: z.string(),
    periodStart: z
      .string()
      .nullable()
      .describe('The previous cut-off: the cycle’s first day; null for the first'),
    cycleText: z.string().describe('The cycle’s days in India, as the page and the statement print them'),
  })
  .meta({ id: 'SellerPayout' });
export type SellerPayout = z.infer<typeof SellerPayout>;

/**
 * A payout cycle's days as the Payments page and the payout's statement both print them, in India:
 * from the day of the previous cut-off to the day before this one (the cut-off is 00:00 IST, so its
 * own day belongs to the next cycle). 'Mon, 23 Nov 2026 to Sun, 29 Nov 2026'; 'Up to Sun, 29 Nov
 * 2026' for a seller's first payout.
 */
export function payoutCycleText(periodStart: string | null, periodEnd: string): string {
  const last = formatIndianDate(new Date(new Date(periodEnd).getTime() - 1));
  return periodStart ? `${formatIndianDate(periodStart)} to ${last}` : `Up to ${last}`;
}

/** Sales shown on one page of Seller Central's Payments. */
export const SALES_PAGE_SIZE = 25;
/** The furthest page asked for: beyond it a request is refused rather than counted through. */
export const SALES_MAX_PAGE = 10_000;

/** GET /api/seller/settlement?page=N: which page of the seller's sales. */
export const SettlementQuery = z.object({
  page: z.coerce
    .number()
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(SALES_MAX_PAGE, `Page is at most ${SALES_MAX_PAGE}`)
    .optional(),
});

/** A page number from a URL's `?page=` as a seller may type it: anything not a page is the first. */
export function salesPageOf(value: string | null): number {
  const parsed = SettlementQuery.safeParse({ page: value ?? undefined });
  return parsed.success ? (parsed.data.page ?? 1) : 1;
}

/** One part of a sale's money: the sale itself, a fee, GST on it, a tax withheld, or a refund. */
export const SalePart = z.object({
  kind: z.enum(ENTRY_KINDS),
  label: z.string(),
  amountPaise: paise.describe('+ owed to the seller, − owed by the seller'),
});
export type SalePart = z.infer<typeof SalePart>;

/** requirements#settlement: one sold item and what the seller gets for it after every deduction. */
export const SaleRow = z
  .object({
    orderItemId: z.number().int(),
    orderNo: z.string(),
    productName: z.string(),
    quantity: z.number().int(),
    soldAt: z.string().describe('When the sale was written: its invoice'),
    documentNumber: z.string().nullable().describe('The sale’s tax invoice'),
    netPaise: paise.describe('The sale less its refunds, fees, GST on fees, TCS and TDS'),
    state: z
      .enum(['waiting', 'payable', 'paid'])
      .describe('waiting: its return window (or COD cash) is still open; payable: in the next payout; paid'),
    payableAt: z.string().nullable(),
    parts: z.array(SalePart).describe('The net amount by kind, in the ledger’s order'),
  })
  .meta({ id: 'SaleRow' });
export type SaleRow = z.infer<typeof SaleRow>;

/** GET /api/seller/settlement: the seller's balance, next payout, payouts and a page of its sales. */
export const SellerSettlement = z
  .object({
    payablePaise: paise.describe('Payable now: the next payout pays it'),
    waitingPaise: paise.describe('Waiting for items’ return windows to close'),
    nextCycleEnd: z.string().describe('The next payout’s cut-off (Monday 00:00 IST)'),
    nextPayoutPaise: paise.describe(
      'The next payout as it stands: what will be payable at its cut-off from what is known now (negative: carried to the cycle after)',
    ),
    hasBankAccount: z.boolean(),
    payouts: z.array(SellerPayout),
    sales: z.array(SaleRow).describe('A page of the seller’s sales, newest first'),
    salesPage: z.object({
      page: z.number().int(),
      pageCount: z.number().int(),
      total: z.number().int().describe('How many sales in all'),
    }),
    totals: z
      .object({
        salesPaise: paise,
        refundsPaise: paise,
        feesPaise: paise.describe('Commission, closing and shipping fees'),
        feesGstPaise: paise,
        tcsPaise: paise,
        tdsPaise: paise,
        paidOutPaise: paise,
      })
      .describe('Every entry so far, by kind (deductions as negative amounts)'),
  })
  .meta({ id: 'SellerSettlement' });
export type SellerSettlement = z.infer<typeof SellerSettlement>;
