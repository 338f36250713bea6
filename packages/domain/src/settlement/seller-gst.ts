// requirements#seller-gst-returns (ADR-0043): what a seller files and claims for a month of sales
// through us. FORM GSTR-1 Table 14(a) (Notification 26/2022-CT, from the January 2024 period): its
// supplies made through an e-commerce operator liable to collect TCS under CGST s. 52, with the
// operator's GSTIN, the net taxable value and the tax on it. And its TCS credit statement: what the
// operator collected and reported for it in GSTR-8, per place of supply, which is what its GSTR-2X
// shows to accept. One contract for the server's routes, Seller Central's page and their tests.
import { z } from 'zod';
import { exportLine, placeOfSupply } from './exports-csv.ts';
import { type Gstr8Row, returnPeriod, sumTcsFigures, TCS_FIGURE_COLUMNS, tcsFigureCells } from './gstr8.ts';
import { monthLabel } from './console-api.ts';

/** Table 14's nature of supply for ours, as the portal's template words it. */
export const TABLE_14_NATURE = 'Liable to collect tax u/s 52(TCS)';

/** A seller's figures for Table 14(a): the net of its month's documents' taxed lines. */
export type Table14Figures = {
  operatorGstin: string;
  operatorName: string;
  netTaxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
};

export const TABLE_14_CSV_COLUMNS = [
  'return_period',
  'nature_of_supply',
  'ecommerce_operator_gstin',
  'ecommerce_operator_name',
  'net_value_of_supplies_inr',
  'integrated_tax_inr',
  'central_tax_inr',
  'state_ut_tax_inr',
  'cess_inr',
] as const;

/** Table 14(a) as CSV: one line, for our operator's GSTIN. */
export function table14Csv(month: string, f: Table14Figures): string {
  return (
    exportLine(TABLE_14_CSV_COLUMNS) +
    exportLine([
      returnPeriod(month),
      TABLE_14_NATURE,
      f.operatorGstin,
      f.operatorName,
      { amount: f.netTaxablePaise },
      { amount: f.igstPaise },
      { amount: f.cgstPaise },
      { amount: f.sgstPaise },
      { amount: 0 },
    ])
  );
}

/** Table 14(a) as GSTR-1's JSON section (supeco.clttx): etin, suppval, igst, cgst, sgst, cess, in rupees. */
export const table14Json = (f: Table14Figures) => ({
  supeco: {
    clttx: [
      {
        etin: f.operatorGstin,
        suppval: f.netTaxablePaise / 100,
        igst: f.igstPaise / 100,
        cgst: f.cgstPaise / 100,
        sgst: f.sgstPaise / 100,
        cess: 0,
      },
    ],
  },
});

export const TCS_CREDIT_CSV_COLUMNS = [
  'return_period',
  'ecommerce_operator_gstin',
  'supplier_gstin',
  'place_of_supply',
  ...TCS_FIGURE_COLUMNS,
] as const;

/** The seller's TCS credit statement as CSV: its GSTR-8 rows for the month (as GSTR-2X shows them), then the total. */
export function tcsCreditCsv(month: string, operatorGstin: string, rows: readonly Gstr8Row[]): string {
  let text = exportLine(TCS_CREDIT_CSV_COLUMNS);
  for (const row of rows)
    text += exportLine([
      returnPeriod(month),
      operatorGstin,
      row.sellerGstin,
      placeOfSupply(row.placeOfSupplyCode),
      ...tcsFigureCells(row),
    ]);
  return text + exportLine(['Total', '', '', '', ...tcsFigureCells(sumTcsFigures(rows))]);
}

// The contract

export const SELLER_GST_KINDS = ['table-14', 'tcs-credit'] as const;
export type SellerGstKind = (typeof SELLER_GST_KINDS)[number];
export const SELLER_GST_LABELS: Record<SellerGstKind, string> = {
  'table-14': 'GSTR-1 Table 14: supplies through the e-commerce operator',
  'tcs-credit': 'TCS credit statement (as in your GSTR-2X)',
};
export const sellerGstFileName = (kind: SellerGstKind, month: string) => `${kind}-${month}.csv`;
export const sellerGstUrl = (kind: SellerGstKind, month: string) =>
  `/api/seller/gst/${kind}.csv?month=${month}`;

export const SELLER_GST_MESSAGES = {
  notRegistered:
    'You are enrolled without GST registration: you file no GSTR-1, and no TCS is collected on your sales (Notification 37/2023-Central Tax).',
  noSales: 'No invoices or credit notes of yours were issued in this month.',
} as const;

const paise = z.number().int();

/** GET /api/seller/gst?month=: the seller's month for its GST returns. */
export const SellerGstMonth = z
  .object({
    month: z.string(),
    label: z.string(),
    ended: z.boolean(),
    registered: z.boolean().describe('The seller has a GSTIN; an enrolled seller files no GSTR-1'),
    sellerGstin: z.string().nullable(),
    operator: z.object({ gstin: z.string(), legalName: z.string() }),
    table14: z.object({
      natureOfSupply: z.string(),
      netTaxablePaise: paise,
      igstPaise: paise,
      cgstPaise: paise,
      sgstPaise: paise,
    }),
    tcsCredit: z.array(
      z.object({
        placeOfSupply: z.string(),
        supRPaise: paise,
        retsupRPaise: paise,
        supUPaise: paise,
        retsupUPaise: paise,
        netPaise: paise,
        igstPaise: paise,
        cgstPaise: paise,
        sgstPaise: paise,
      }),
    ),
    tcsTotalPaise: paise,
    files: z.array(z.object({ kind: z.enum(SELLER_GST_KINDS), label: z.string(), url: z.string() })),
  })
  .meta({ id: 'SellerGstMonth' });
export type SellerGstMonth = z.infer<typeof SellerGstMonth>;

export const sellerGstTitle = (month: string) => `GST returns · ${monthLabel(month)}`;
