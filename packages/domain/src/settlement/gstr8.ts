// requirements#gstr-8 (ADR-0043): the operator's monthly TCS return under CGST s. 52(4) and rule 67,
// FORM GSTR-8, as data a CA can file: Table 3 per supplier GSTIN and place of supply, supplies to
// registered and to unregistered recipients and what each returned, the net, and the TCS as CGST,
// SGST and IGST; Table 4 amendments of an earlier month's figures with that month; suppliers enrolled
// without registration (Notification 37/2023-CT) apart and without TCS. As CSV and as the JSON the
// GST portal's offline tool takes (gstin, fp, tcs[], tcsa[], urd[]). The TCS is the ledger's, document
// by document, so the return reconciles with the sellers' ledgers to the paisa.
import { z } from 'zod';
import type { SupplyKind } from '../tax/gst.ts';
import { exportLine, placeOfSupply, splitIntra } from './exports-csv.ts';

/** One invoice or credit note issued in the month, with the TCS the ledger took or gave back on it. */
export type Gstr8Document = {
  kind: 'invoice' | 'credit_note';
  sellerId: number;
  sellerLegalName: string;
  /** null: a supplier enrolled without registration (its enrolment number instead) */
  sellerGstin: string | null;
  sellerEnrolmentNo: string | null;
  placeOfSupplyCode: string;
  supplyKind: SupplyKind;
  /** the recipient gave a GSTIN (a B2B supply) */
  recipientRegistered: boolean;
  /** the taxable value of its lines that bear tax (TCS is on taxable supplies only; the whole value for an enrolled supplier) */
  taxablePaise: number;
  /** the ledger's TCS on the document, positive: collected on an invoice, given back on a credit note */
  tcsPaise: number;
};

export type TcsFigures = {
  /** gross value of supplies made to registered persons */
  supRPaise: number;
  /** gross value of supplies returned by registered persons */
  retsupRPaise: number;
  supUPaise: number;
  retsupUPaise: number;
  /** net amount liable for TCS: made less returned */
  netPaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
};

/** A Table 3 row: one supplier GSTIN and place of supply. */
export type Gstr8Row = TcsFigures & {
  sellerId: number;
  sellerGstin: string;
  sellerLegalName: string;
  placeOfSupplyCode: string;
  supplyKind: SupplyKind;
};

/** Table 4: an earlier month's Table 3 figures for a supplier, replaced; with that month and GSTIN. */
export type Gstr8Amendment = TcsFigures & {
  /** the month the figures were first reported in, YYYY-MM */
  originalMonth: string;
  originalGstin: string;
  sellerGstin: string;
  sellerLegalName: string;
};

/** A supplier enrolled without registration: its supplies, listed apart, no TCS on them. */
export type EnrolledRow = {
  sellerId: number;
  enrolmentNo: string;
  sellerLegalName: string;
  grossPaise: number;
  returnedPaise: number;
  netPaise: number;
};

export type Gstr8 = {
  month: string;
  operatorGstin: string;
  table3: Gstr8Row[];
  table4: Gstr8Amendment[];
  enrolled: EnrolledRow[];
  totals: TcsFigures;
};

const emptyFigures = (): TcsFigures => ({
  supRPaise: 0,
  retsupRPaise: 0,
  supUPaise: 0,
  retsupUPaise: 0,
  netPaise: 0,
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
});

const FIGURE_KEYS = [
  'supRPaise',
  'retsupRPaise',
  'supUPaise',
  'retsupUPaise',
  'netPaise',
  'igstPaise',
  'cgstPaise',
  'sgstPaise',
] as const satisfies readonly (keyof TcsFigures)[];

/** The figures of rows added up, head by head. */
export function sumTcsFigures(rows: readonly TcsFigures[]): TcsFigures {
  const total = emptyFigures();
  for (const row of rows) for (const key of FIGURE_KEYS) total[key] += row[key];
  return total;
}

/** The TCS of figures, all heads together. */
export const tcsTotalOf = (f: TcsFigures) => f.igstPaise + f.cgstPaise + f.sgstPaise;

/**
 * GSTR-8 of a month from its documents: Table 3 a row per supplier GSTIN and place of supply (its
 * invoices' taxable value as supplies made, its credit notes' as returned, by whether the recipient
 * is registered), the TCS the ledger holds on them, IGST between states and CGST + SGST within one
 * (split as invoices split, the odd paisa to CGST); enrolled suppliers apart, without TCS.
 */
export function gstr8Of(input: {
  month: string;
  operatorGstin: string;
  documents: readonly Gstr8Document[];
  amendments?: readonly Gstr8Amendment[];
}): Gstr8 {
  const rows = new Map<string, Gstr8Row & { tcsPaise: number }>();
  const enrolled = new Map<string, EnrolledRow>();
  for (const d of input.documents) {
    const sign = d.kind === 'invoice' ? 1 : -1;
    if (d.sellerGstin === null) {
      const id = d.sellerEnrolmentNo ?? `seller ${d.sellerId}`;
      const row = enrolled.get(id) ?? {
        sellerId: d.sellerId,
        enrolmentNo: id,
        sellerLegalName: d.sellerLegalName,
        grossPaise: 0,
        returnedPaise: 0,
        netPaise: 0,
      };
      enrolled.set(id, row);
      if (sign > 0) row.grossPaise += d.taxablePaise;
      else row.returnedPaise += d.taxablePaise;
      row.netPaise += sign * d.taxablePaise;
      continue;
    }
    const key = `${d.sellerGstin}|${d.placeOfSupplyCode}`;
    const row = rows.get(key) ?? {
      ...emptyFigures(),
      sellerId: d.sellerId,
      sellerGstin: d.sellerGstin,
      sellerLegalName: d.sellerLegalName,
      placeOfSupplyCode: d.placeOfSupplyCode,
      supplyKind: d.supplyKind,
      tcsPaise: 0,
    };
    rows.set(key, row);
    if (d.recipientRegistered) {
      if (sign > 0) row.supRPaise += d.taxablePaise;
      else row.retsupRPaise += d.taxablePaise;
    } else if (sign > 0) row.supUPaise += d.taxablePaise;
    else row.retsupUPaise += d.taxablePaise;
    row.netPaise += sign * d.taxablePaise;
    row.tcsPaise += sign * d.tcsPaise;
  }
  const table3 = [...rows.values()]
    .sort(
      (a, b) =>
        (a.sellerGstin < b.sellerGstin ? -1 : a.sellerGstin > b.sellerGstin ? 1 : 0) ||
        (a.placeOfSupplyCode < b.placeOfSupplyCode ? -1 : a.placeOfSupplyCode > b.placeOfSupplyCode ? 1 : 0),
    )
    .map(({ tcsPaise, ...row }): Gstr8Row => {
      const tax =
        row.supplyKind === 'inter'
          ? { igstPaise: tcsPaise, cgstPaise: 0, sgstPaise: 0 }
          : { igstPaise: 0, ...splitIntra(tcsPaise) };
      return { ...row, ...tax };
    });
  const totals = sumTcsFigures(table3);
  return {
    month: input.month,
    operatorGstin: input.operatorGstin,
    table3,
    table4: [...(input.amendments ?? [])],
    enrolled: [...enrolled.values()].sort((a, b) => (a.enrolmentNo < b.enrolmentNo ? -1 : 1)),
    totals,
  };
}

// The offline tool's JSON

/** A return period as the portal writes it: '2026-11' → '112026'. */
export const returnPeriod = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

/** Rupees with two decimals as a JSON number: 123456 paise → 1234.56. */
const rupees = (paise: number) => Math.round(paise) / 100;

/** The figures in the order of the portal's GSTR-8 format (TCS and TCSA tables): central before integrated. */
const tcsJson = (f: TcsFigures) => ({
  supR: rupees(f.supRPaise),
  retsupR: rupees(f.retsupRPaise),
  supU: rupees(f.supUPaise),
  retsupU: rupees(f.retsupUPaise),
  amt: rupees(f.netPaise),
  camt: rupees(f.cgstPaise),
  samt: rupees(f.sgstPaise),
  iamt: rupees(f.igstPaise),
});

export type Gstr8TcsJson = { stin: string } & ReturnType<typeof tcsJson> & { stin_name: string };
export type Gstr8Json = {
  gstin: string;
  fp: string;
  tcs: Gstr8TcsJson[];
  tcsa: ({ stin: string; ostin: string; ofp: string } & ReturnType<typeof tcsJson> & {
      stin_name: string;
      ostin_name: string;
    })[];
  urd: { eid: string; grsval: number; supret: number; amt: number }[];
};

/**
 * The return as the offline tool's JSON: `tcs` (Table 3) a record per supplier GSTIN, its places of
 * supply added together (the form's rows are per supplier; the CSV keeps each place apart); `tcsa`
 * (Table 4) each amendment with its original period `ofp` and GSTIN `ostin`; `urd` the enrolled
 * suppliers by enrolment id. Amounts in rupees, two decimals.
 */
export function gstr8Json(gstr8: Gstr8): Gstr8Json {
  const perSupplier = new Map<string, { figures: TcsFigures; name: string }>();
  for (const row of gstr8.table3) {
    const supplier = perSupplier.get(row.sellerGstin) ?? {
      figures: emptyFigures(),
      name: row.sellerLegalName,
    };
    for (const key of FIGURE_KEYS) supplier.figures[key] += row[key];
    perSupplier.set(row.sellerGstin, supplier);
  }
  return {
    gstin: gstr8.operatorGstin,
    fp: returnPeriod(gstr8.month),
    tcs: [...perSupplier.entries()].map(([stin, { figures, name }]) => ({
      stin,
      ...tcsJson(figures),
      stin_name: name,
    })),
    tcsa: gstr8.table4.map((a) => ({
      stin: a.sellerGstin,
      ostin: a.originalGstin,
      ofp: returnPeriod(a.originalMonth),
      ...tcsJson(a),
      stin_name: a.sellerLegalName,
      ostin_name: a.sellerLegalName,
    })),
    urd: gstr8.enrolled.map((e) => ({
      eid: e.enrolmentNo,
      grsval: rupees(e.grossPaise),
      supret: rupees(e.returnedPaise),
      amt: rupees(e.netPaise),
    })),
  };
}

// The CSV

/** The columns of a TCS figures' cells (`tcsFigureCells`), in the order GSTR-8 Table 3 gives them. */
export const TCS_FIGURE_COLUMNS = [
  'supplies_to_registered_inr',
  'returned_by_registered_inr',
  'supplies_to_unregistered_inr',
  'returned_by_unregistered_inr',
  'net_amount_liable_for_tcs_inr',
  'tcs_igst_inr',
  'tcs_cgst_inr',
  'tcs_sgst_inr',
  'tcs_total_inr',
] as const;

export const GSTR8_CSV_COLUMNS = [
  'table',
  'original_period',
  'original_supplier_gstin',
  'supplier_gstin',
  'supplier_legal_name',
  'place_of_supply',
  'supply',
  ...TCS_FIGURE_COLUMNS,
] as const;

export const tcsFigureCells = (f: TcsFigures) => [
  { amount: f.supRPaise },
  { amount: f.retsupRPaise },
  { amount: f.supUPaise },
  { amount: f.retsupUPaise },
  { amount: f.netPaise },
  { amount: f.igstPaise },
  { amount: f.cgstPaise },
  { amount: f.sgstPaise },
  { amount: tcsTotalOf(f) },
];

/** An Indian month as a return period reads to a person: '2026-11' → '11-2026'. */
const periodText = (month: string) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

/**
 * GSTR-8 as CSV: Table 3 a line per supplier GSTIN and place of supply, then its totals; Table 4's
 * amendments with their original period; then the enrolled suppliers (enrolment number, supplies
 * made, returned and net; no TCS).
 */
export function gstr8Csv(gstr8: Gstr8): string {
  let text = exportLine(GSTR8_CSV_COLUMNS);
  for (const row of gstr8.table3)
    text += exportLine([
      '3',
      '',
      '',
      row.sellerGstin,
      row.sellerLegalName,
      placeOfSupply(row.placeOfSupplyCode),
      row.supplyKind,
      ...tcsFigureCells(row),
    ]);
  text += exportLine(['3 total', '', '', '', '', '', '', ...tcsFigureCells(gstr8.totals)]);
  for (const a of gstr8.table4)
    text += exportLine([
      '4',
      periodText(a.originalMonth),
      a.originalGstin,
      a.sellerGstin,
      a.sellerLegalName,
      '',
      '',
      ...tcsFigureCells(a),
    ]);
  for (const e of gstr8.enrolled)
    text += exportLine([
      'enrolled',
      '',
      '',
      e.enrolmentNo,
      e.sellerLegalName,
      '',
      'no TCS (Notification 37/2023-CT)',
      '',
      '',
      { amount: e.grossPaise },
      { amount: e.returnedPaise },
      { amount: e.netPaise },
      '',
      '',
      '',
      '',
    ]);
  return text;
}

const amount = z.number();
const figuresSchema = {
  supR: amount,
  retsupR: amount,
  supU: amount,
  retsupU: amount,
  amt: amount,
  camt: amount,
  samt: amount,
  iamt: amount,
};
/** The JSON's shape, for the API's documentation and its tests. */
export const Gstr8JsonSchema = z
  .object({
    gstin: z.string().describe('The e-commerce operator’s GSTIN'),
    fp: z.string().describe('The return period, MMYYYY'),
    tcs: z.array(z.object({ stin: z.string(), ...figuresSchema, stin_name: z.string() })).describe('Table 3'),
    tcsa: z
      .array(
        z.object({
          stin: z.string(),
          ostin: z.string(),
          ofp: z.string(),
          ...figuresSchema,
          stin_name: z.string(),
          ostin_name: z.string(),
        }),
      )
      .describe('Table 4: amendments, with the original period and GSTIN'),
    urd: z
      .array(z.object({ eid: z.string(), grsval: amount, supret: amount, amt: amount }))
      .describe('Suppliers enrolled without registration: no TCS'),
  })
  .meta({ id: 'Gstr8Json' });
