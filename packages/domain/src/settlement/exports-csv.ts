// requirements#settlement, requirements#gst-invoices: the month's files finance files and pays from
// (ADR-0036): the TCS summary for GSTR-8, the TDS summary under the law of the credit date, the sales register of
// every document line, and the marketplace's fee invoices to its sellers. Each is worked out here the
// way the sellers' ledger works it out, so its totals reconcile with the ledger to the paisa.
import { momentToIndianDay } from '../marketing/promotions.ts';
import { csvCell } from '../sellers/inventory-csv.ts';
import { GST_STATE_CODES } from '../sellers/tax-identity.ts';
import type { SupplyKind } from '../tax/gst.ts';
import { FEE_GST_RATE, TDS_BASIS_POINTS, TDS_NO_PAN_BASIS_POINTS } from './fees.ts';
import { type Tcs, tcsLawOn, tcsOf } from './tcs-law.ts';
import { signedRupeesText } from './statement-csv.ts';
import { panHolderOf, rateText, type TdsLaw } from './tds-law.ts';

type Cell = string | number | { amount: number };

/** A CSV line: texts made safe for spreadsheets, whole numbers and amounts (signed rupees) as they are. */
export function exportLine(cells: readonly Cell[]): string {
  const text = (cell: Cell) =>
    typeof cell === 'object'
      ? signedRupeesText(cell.amount)
      : typeof cell === 'number'
        ? String(cell)
        : csvCell(cell);
  return `${cells.map(text).join(',')}\r\n`;
}

/** Texts in code-point order (GSTINs and PANs sort as written), a missing one last. */
const byText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** A state as GSTR returns name it: '29-Karnataka'. */
export const placeOfSupply = (code: string) => `${code}-${GST_STATE_CODES[code] ?? 'Other Territory'}`;

/** Half of a tax for CGST and half for SGST, the odd paisa to CGST (as invoices split it), signs kept. */
export function splitIntra(totalPaise: number): { cgstPaise: number; sgstPaise: number } {
  const sgstPaise = Math.trunc(totalPaise / 2) + 0;
  return { cgstPaise: totalPaise - sgstPaise + 0, sgstPaise };
}

// TCS under GST section 52

/**
 * The TCS the ledger collects on an invoiced item: the rate in force on the invoice's date
 * (requirements#tcs-law) on its taxable value, goods and delivery together, by the invoice's supply
 * (today 0.25 % CGST + 0.25 % SGST, each rounded, or 0.5 % IGST).
 */
export const saleTcs = (itemTaxablePaise: number, kind: SupplyKind, invoiceDate: Date): Tcs =>
  tcsOf(itemTaxablePaise, kind, invoiceDate);

/**
 * The TCS the ledger gives back for `units` more units of an invoiced item of `quantity` units,
 * `before` given back already: the running share of the item's TCS, truncated as the ledger's
 * reversal is, so an item's reversals add up to its TCS once every unit is back. The ledger keeps
 * the total only; within a state it splits as invoices do, the odd paisa to CGST.
 */
export function reversedTcs(
  invoiceItemTaxablePaise: number,
  kind: SupplyKind,
  units: { quantity: number; before: number; units: number },
  /** the invoice's date: its TCS is given back at the rate it was collected at */
  invoiceDate: Date,
): Tcs {
  const { quantity, before } = units;
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`A quantity is whole: ${quantity}`);
  const total = BigInt(saleTcs(invoiceItemTaxablePaise, kind, invoiceDate).totalPaise);
  const share = (n: number) => (total * BigInt(Math.min(n, quantity))) / BigInt(quantity);
  const totalPaise = Number(share(before + units.units) - share(before));
  if (kind === 'inter') return { cgstPaise: 0, sgstPaise: 0, igstPaise: totalPaise, totalPaise };
  return { ...splitIntra(totalPaise), igstPaise: 0, totalPaise };
}

/** One invoice or credit note of the month as the TCS summary reads it, with its items' TCS worked out. */
export type TcsDocument = {
  kind: 'invoice' | 'credit_note';
  sellerId: number;
  sellerGstin: string | null;
  sellerLegalName: string;
  supplyKind: SupplyKind;
  /** the document's taxable value */
  taxablePaise: number;
  /** the date whose TCS rate its supplies bear (requirements#tcs-law): an invoice's own, a credit note's invoice's */
  supplyDate: Date;
  /** the TCS of its items: collected on an invoice's, given back on a credit note's (both positive) */
  tcs: readonly Tcs[];
};

export type TcsRow = {
  sellerId: number;
  sellerGstin: string | null;
  sellerLegalName: string;
  supplyKind: SupplyKind;
  grossTaxablePaise: number;
  returnedTaxablePaise: number;
  netTaxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** tcsOf on the row's net taxable value: each rate in force in the month applied once to its part, for comparison */
  onNetPaise: number;
};

const emptyTcsRow = (d: Omit<TcsRow, `${string}Paise`>): TcsRow => ({
  ...d,
  grossTaxablePaise: 0,
  returnedTaxablePaise: 0,
  netTaxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 0,
  onNetPaise: 0,
});

/**
 * The TCS summary: a row per seller (and the GSTIN its documents carry) and supply kind, its
 * invoices' taxable value less its credit notes', and the TCS collected less the TCS given back,
 * item by item as the ledger does; then the totals.
 */
export function tcsSummary(documents: readonly TcsDocument[]): { rows: TcsRow[]; totals: TcsRow } {
  const rows = new Map<string, TcsRow>();
  // per row, the net taxable value by the date of the first supply at each TCS rate
  const netByRate = new Map<TcsRow, Map<number, { at: Date; netPaise: number }>>();
  for (const d of documents) {
    const key = `${d.sellerId}|${d.sellerGstin ?? ''}|${d.supplyKind}`;
    const row =
      rows.get(key) ??
      emptyTcsRow({
        sellerId: d.sellerId,
        sellerGstin: d.sellerGstin,
        sellerLegalName: d.sellerLegalName,
        supplyKind: d.supplyKind,
      });
    rows.set(key, row);
    const sign = d.kind === 'invoice' ? 1 : -1;
    const byRate = netByRate.get(row) ?? new Map<number, { at: Date; netPaise: number }>();
    netByRate.set(row, byRate);
    const rate = tcsLawOn(d.supplyDate).rateBasisPoints;
    const part = byRate.get(rate) ?? { at: d.supplyDate, netPaise: 0 };
    part.netPaise += sign * d.taxablePaise;
    byRate.set(rate, part);
    if (d.kind === 'invoice') row.grossTaxablePaise += d.taxablePaise;
    else row.returnedTaxablePaise += d.taxablePaise;
    for (const tcs of d.tcs) {
      row.cgstPaise += sign * tcs.cgstPaise;
      row.sgstPaise += sign * tcs.sgstPaise;
      row.igstPaise += sign * tcs.igstPaise;
      row.totalPaise += sign * tcs.totalPaise;
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      byText(a.sellerGstin, b.sellerGstin) ||
      byText(a.sellerLegalName, b.sellerLegalName) ||
      a.sellerId - b.sellerId ||
      a.supplyKind.localeCompare(b.supplyKind),
  );
  const totals = emptyTcsRow({
    sellerId: 0,
    sellerGstin: null,
    sellerLegalName: 'Total',
    supplyKind: 'intra',
  });
  for (const row of sorted) {
    row.netTaxablePaise = row.grossTaxablePaise - row.returnedTaxablePaise;
    row.onNetPaise = [...(netByRate.get(row)?.values() ?? [])].reduce(
      (sum, part) => sum + tcsOf(part.netPaise, row.supplyKind, part.at).totalPaise,
      0,
    );
    for (const key of [
      'grossTaxablePaise',
      'returnedTaxablePaise',
      'netTaxablePaise',
      'cgstPaise',
      'sgstPaise',
      'igstPaise',
      'totalPaise',
      'onNetPaise',
    ] as const)
      totals[key] += row[key];
  }
  return { rows: sorted, totals };
}

export const TCS_CSV_COLUMNS = [
  'seller_gstin',
  'seller_legal_name',
  'supply',
  'gross_taxable_inr',
  'returned_taxable_inr',
  'net_taxable_inr',
  'tcs_cgst_inr',
  'tcs_sgst_inr',
  'tcs_igst_inr',
  'tcs_total_inr',
  'tcs_0_5pct_of_net_inr',
] as const;

/**
 * The TCS summary as CSV. The CGST, SGST and IGST columns are the TCS collected, item by item, as
 * the sellers' ledgers hold it; the last column applies the rate once to each row's net value, and
 * may differ from the collected total by the rounding of the items (at most a paisa per item).
 */
export function tcsCsv(summary: { rows: readonly TcsRow[]; totals: TcsRow }): string {
  const line = (row: TcsRow, first: readonly string[]) =>
    exportLine([
      ...first,
      { amount: row.grossTaxablePaise },
      { amount: row.returnedTaxablePaise },
      { amount: row.netTaxablePaise },
      { amount: row.cgstPaise },
      { amount: row.sgstPaise },
      { amount: row.igstPaise },
      { amount: row.totalPaise },
      { amount: row.onNetPaise },
    ]);
  let text = exportLine(TCS_CSV_COLUMNS);
  for (const row of summary.rows)
    text += line(row, [row.sellerGstin ?? '', row.sellerLegalName, row.supplyKind]);
  return text + line(summary.totals, ['Total', '', '']);
}

// TDS under the income-tax law in force on the credit date (requirements#tds-law)

/** A seller's month for the TDS summary: its documents' taxable values and its ledger's TDS. */
export type TdsSeller = {
  /** the law the month's credits were deducted under (a month lies in one tax year); the 1961 Act's s. 194-O rates when absent */
  law?: TdsLaw;
  sellerId: number;
  legalName: string;
  /** its PAN, or the one inside its GSTIN; null without either */
  pan: string | null;
  grossTaxablePaise: number;
  returnedTaxablePaise: number;
  /** deducted, net of what returns gave back (positive) */
  tdsPaise: number;
};

export type TdsRow = {
  /** the provision, as the law in force names it */
  section: string;
  pan: string | null;
  /** who holds the PAN, by its fourth character: an individual or HUF has the ₹5 lakh a year left alone */
  panHolder: string;
  names: string;
  grossTaxablePaise: number;
  returnedTaxablePaise: number;
  netTaxablePaise: number;
  ratePercent: string;
  tdsPaise: number;
};

const PAN_HOLDER_TEXT = { individual: 'individual', huf: 'HUF', other: 'other' } as const;

/** The TDS summary: a row per PAN (sellers sharing a PAN together; each seller without one alone), then the totals. */
export function tdsSummary(sellers: readonly TdsSeller[]): { rows: TdsRow[]; totals: TdsRow } {
  const rows = new Map<string, TdsRow & { seen: Set<string> }>();
  for (const s of sellers) {
    const key = s.pan ?? `seller:${s.sellerId}`;
    const rate = s.pan
      ? (s.law?.rateBasisPoints ?? TDS_BASIS_POINTS)
      : (s.law?.noPanRateBasisPoints ?? TDS_NO_PAN_BASIS_POINTS);
    const row = rows.get(key) ?? {
      section: s.law?.shortName ?? 'section 194-O',
      pan: s.pan,
      panHolder: s.pan ? PAN_HOLDER_TEXT[panHolderOf(s.pan)] : '',
      names: '',
      grossTaxablePaise: 0,
      returnedTaxablePaise: 0,
      netTaxablePaise: 0,
      ratePercent: rateText(rate),
      tdsPaise: 0,
      seen: new Set<string>(),
    };
    rows.set(key, row);
    if (!row.seen.has(s.legalName)) {
      row.seen.add(s.legalName);
      row.names = row.names ? `${row.names}; ${s.legalName}` : s.legalName;
    }
    row.grossTaxablePaise += s.grossTaxablePaise;
    row.returnedTaxablePaise += s.returnedTaxablePaise;
    row.netTaxablePaise += s.grossTaxablePaise - s.returnedTaxablePaise;
    row.tdsPaise += s.tdsPaise;
  }
  const sorted = [...rows.values()]
    .map(({ seen: _seen, ...row }) => row)
    .sort((a, b) => byText(a.pan, b.pan) || byText(a.names, b.names));
  const totals: TdsRow = {
    section: '',
    pan: null,
    panHolder: '',
    names: '',
    grossTaxablePaise: 0,
    returnedTaxablePaise: 0,
    netTaxablePaise: 0,
    ratePercent: '',
    tdsPaise: 0,
  };
  for (const row of sorted) {
    totals.grossTaxablePaise += row.grossTaxablePaise;
    totals.returnedTaxablePaise += row.returnedTaxablePaise;
    totals.netTaxablePaise += row.netTaxablePaise;
    totals.tdsPaise += row.tdsPaise;
  }
  return { rows: sorted, totals };
}

export const TDS_CSV_COLUMNS = [
  'section',
  'pan',
  'pan_holder',
  'seller_legal_names',
  'gross_taxable_inr',
  'returned_taxable_inr',
  'net_taxable_inr',
  'tds_rate_percent',
  'tds_deducted_inr',
] as const;

/** The TDS summary as CSV: TDS deducted is what the sellers' ledgers deducted in the month, net of returns. */
export function tdsCsv(summary: { rows: readonly TdsRow[]; totals: TdsRow }): string {
  const line = (row: TdsRow, first: readonly string[]) =>
    exportLine([
      ...first,
      row.names,
      { amount: row.grossTaxablePaise },
      { amount: row.returnedTaxablePaise },
      { amount: row.netTaxablePaise },
      row.ratePercent,
      { amount: row.tdsPaise },
    ]);
  let text = exportLine(TDS_CSV_COLUMNS);
  for (const row of summary.rows) text += line(row, [row.section, row.pan ?? 'PANNOTAVBL', row.panHolder]);
  return text + line(summary.totals, ['Total', '', '']);
}

// The sales register

export type RegisterLine = {
  documentKind: 'invoice' | 'credit_note';
  /** a seller without GST registration issues a bill of supply */
  billOfSupply: boolean;
  number: string;
  issuedAt: Date;
  invoiceNumber: string | null;
  sellerGstin: string | null;
  sellerEnrolmentNo: string | null;
  sellerLegalName: string;
  buyerGstin: string | null;
  placeOfSupplyCode: string;
  supplyKind: SupplyKind;
  lineKind: 'goods' | 'delivery';
  description: string;
  hsnCode: string;
  quantity: number;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  valuePaise: number;
};

export const SALES_REGISTER_CSV_COLUMNS = [
  'document_type',
  'document_number',
  'document_date',
  'against_invoice',
  'seller_gstin',
  'seller_legal_name',
  'buyer_gstin',
  'place_of_supply',
  'supply',
  'line',
  'description',
  'hsn_sac',
  'quantity',
  'taxable_inr',
  'rate_percent',
  'cgst_inr',
  'sgst_inr',
  'igst_inr',
  'total_inr',
] as const;

const DOCUMENT_TYPE_TEXT = (line: RegisterLine) =>
  line.documentKind === 'credit_note' ? 'Credit Note' : line.billOfSupply ? 'Bill of Supply' : 'Tax Invoice';

/** The sums of a register: a credit note's lines count against its invoices. */
export function registerTotals(lines: readonly RegisterLine[]) {
  const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, valuePaise: 0 };
  for (const line of lines) {
    const sign = line.documentKind === 'credit_note' ? -1 : 1;
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += sign * line[key];
  }
  return totals;
}

/**
 * The sales register as CSV: a line per document line issued in the month, in the order issued,
 * a credit note's quantities and amounts negative, then the totals.
 */
export function salesRegisterCsv(lines: readonly RegisterLine[]): string {
  let text = exportLine(SALES_REGISTER_CSV_COLUMNS);
  for (const line of lines) {
    const sign = line.documentKind === 'credit_note' ? -1 : 1;
    text += exportLine([
      DOCUMENT_TYPE_TEXT(line),
      line.number,
      momentToIndianDay(line.issuedAt),
      line.invoiceNumber ?? '',
      line.sellerGstin ?? line.sellerEnrolmentNo ?? '',
      line.sellerLegalName,
      line.buyerGstin ?? '',
      placeOfSupply(line.placeOfSupplyCode),
      line.supplyKind,
      line.lineKind,
      line.description,
      line.hsnCode,
      sign * line.quantity + 0,
      { amount: sign * line.taxablePaise },
      line.ratePercent,
      { amount: sign * line.cgstPaise },
      { amount: sign * line.sgstPaise },
      { amount: sign * line.igstPaise },
      { amount: sign * line.valuePaise },
    ]);
  }
  const totals = registerTotals(lines);
  return (
    text +
    exportLine([
      'Total',
      ...Array<string>(12).fill(''),
      { amount: totals.taxablePaise },
      '',
      { amount: totals.cgstPaise },
      { amount: totals.sgstPaise },
      { amount: totals.igstPaise },
      { amount: totals.valuePaise },
    ])
  );
}

// The marketplace's fee invoices to its sellers

/** The operator's GST state: a seller registered in it is charged CGST and SGST on fees, any other IGST. */
export const feeSupplyKind = (sellerStateCode: string, operatorStateCode: string): SupplyKind =>
  sellerStateCode === operatorStateCode ? 'intra' : 'inter';

export type FeeFigures = {
  commissionPaise: number;
  closingFeePaise: number;
  shippingFeePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  valuePaise: number;
};

/**
 * A fee invoice's figures from a seller's month in its ledger: each fee net of what returns gave
 * back, and the GST the ledger charged on them (18 % of each fee of each item, rounded there), split
 * into CGST and SGST (the odd paisa to CGST) within the operator's state, IGST from another.
 */
export function feeFigures(
  fees: { commissionPaise: number; closingFeePaise: number; shippingFeePaise: number; gstPaise: number },
  kind: SupplyKind,
): FeeFigures {
  const taxablePaise = fees.commissionPaise + fees.closingFeePaise + fees.shippingFeePaise;
  const tax =
    kind === 'intra'
      ? { ...splitIntra(fees.gstPaise), igstPaise: 0 }
      : { cgstPaise: 0, sgstPaise: 0, igstPaise: fees.gstPaise };
  return {
    commissionPaise: fees.commissionPaise,
    closingFeePaise: fees.closingFeePaise,
    shippingFeePaise: fees.shippingFeePaise,
    taxablePaise,
    ...tax,
    valuePaise: taxablePaise + fees.gstPaise,
  };
}

export type FeeInvoiceLine = FeeFigures & {
  /** null: not issued yet */
  number: string | null;
  /** requirements#fee-invoices: a credit note's figures are negative (what returns gave back); null: not issued yet */
  kind: 'invoice' | 'credit_note' | null;
  issuedAt: Date | null;
  month: string;
  sellerGstin: string | null;
  sellerLegalName: string;
  sellerStateCode: string;
  supplyKind: SupplyKind;
};

export const FEE_INVOICE_CSV_COLUMNS = [
  'fee_invoice_number',
  'invoice_date',
  'month',
  'seller_gstin',
  'seller_legal_name',
  'seller_state',
  'supply',
  'commission_inr',
  'closing_fee_inr',
  'shipping_fee_inr',
  'taxable_inr',
  'gst_rate_percent',
  'cgst_inr',
  'sgst_inr',
  'igst_inr',
  'total_inr',
  'note',
] as const;

export const FEE_INVOICE_NOTES = {
  credit: 'Credit note: returns gave back more fees than the month charged',
  waiting: 'Not issued yet',
} as const;

const FEE_KEYS = [
  'commissionPaise',
  'closingFeePaise',
  'shippingFeePaise',
  'taxablePaise',
  'cgstPaise',
  'sgstPaise',
  'igstPaise',
  'valuePaise',
] as const;

/** The sums of a month's fee lines. */
export function feeTotals(lines: readonly FeeFigures[]): FeeFigures {
  const totals: FeeFigures = {
    commissionPaise: 0,
    closingFeePaise: 0,
    shippingFeePaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    valuePaise: 0,
  };
  for (const line of lines) for (const key of FEE_KEYS) totals[key] += line[key];
  return totals;
}

/** The month's fee invoices as CSV, in number order, then sellers not invoiced, then the totals. */
export function feeInvoicesCsv(lines: readonly FeeInvoiceLine[]): string {
  const amounts = (f: FeeFigures) => [
    { amount: f.commissionPaise },
    { amount: f.closingFeePaise },
    { amount: f.shippingFeePaise },
    { amount: f.taxablePaise },
    FEE_GST_RATE,
    { amount: f.cgstPaise },
    { amount: f.sgstPaise },
    { amount: f.igstPaise },
    { amount: f.valuePaise },
  ];
  let text = exportLine(FEE_INVOICE_CSV_COLUMNS);
  for (const line of lines)
    text += exportLine([
      line.number ?? '',
      line.issuedAt ? momentToIndianDay(line.issuedAt) : '',
      line.month,
      line.sellerGstin ?? '',
      line.sellerLegalName,
      placeOfSupply(line.sellerStateCode),
      line.supplyKind,
      ...amounts(line),
      line.number === null
        ? FEE_INVOICE_NOTES.waiting
        : line.kind === 'credit_note'
          ? FEE_INVOICE_NOTES.credit
          : '',
    ]);
  return text + exportLine(['Total', '', '', '', '', '', '', ...amounts(feeTotals(lines)), '']);
}
