// requirements#settlement: what Seller Central's payments page and the console's settlement screens
// read: one contract for the server, the pages and their tests.
import { z } from 'zod';
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
  })
  .meta({ id: 'SellerPayout' });
export type SellerPayout = z.infer<typeof SellerPayout>;

/** GET /api/seller/settlement: the seller's balance, next payout, payouts and latest entries. */
export const SellerSettlement = z
  .object({
    payablePaise: paise.describe('Payable now: the next payout pays it'),
    waitingPaise: paise.describe('Waiting for items’ return windows to close'),
    nextCycleEnd: z.string().describe('The next payout’s cut-off (Monday 00:00 IST)'),
    hasBankAccount: z.boolean(),
    payouts: z.array(SellerPayout),
    entries: z.array(SettlementEntry).describe('The latest 100 entries, newest first'),
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
