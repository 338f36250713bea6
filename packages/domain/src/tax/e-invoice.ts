// requirements#e-invoicing: the e-invoice of a B2B tax invoice or credit note, as the Invoice
// Registration Portal takes it: the INV-01 JSON of the NIC e-invoice schema (version 1.1), the text
// its IRN hashes, who must register, and what the signed QR code carries. Pure: the server hashes,
// signs and talks to the portal (ADR-0042).
import { z } from 'zod';
import { GSTIN_PATTERN } from '../sellers/tax-identity.ts';

import { TURNOVER_BANDS, type TurnoverBand } from './rates.ts';

/** A seller's declared aggregate turnover band (the rate schedule's, requirements#gst-tax), as Seller Central asks it. */
export { TURNOVER_BANDS, type TurnoverBand };
export const TURNOVER_BAND_LABELS: Readonly<Record<TurnoverBand, string>> = {
  up_to_5cr: 'Up to ₹5 crore',
  '5cr_to_10cr': 'Above ₹5 crore, below ₹10 crore',
  above_10cr: '₹10 crore or more',
};
export const isTurnoverBand = (value: unknown): value is TurnoverBand =>
  (TURNOVER_BANDS as readonly unknown[]).includes(value);

/**
 * requirements#e-invoicing: e-invoicing applies to a registered seller whose aggregate turnover in any
 * financial year from 2017-18 exceeds ₹5 crore (Notification 10/2023-Central Tax, 10 May 2023, from
 * 1 Aug 2023), for its B2B documents only: a buyer with a GSTIN.
 */
export function isEInvoiceDue(args: {
  band: TurnoverBand | null;
  sellerGstin: string | null;
  buyerGstin: string | null;
}): boolean {
  if (!args.sellerGstin || !args.buyerGstin) return false;
  return args.band === '5cr_to_10cr' || args.band === 'above_10cr';
}

/**
 * requirements#e-invoicing: a seller with aggregate turnover of ₹10 crore or more cannot register a
 * document older than 30 days (GSTN advisory of 5 Nov 2024, from 1 Apr 2025). The advisory's own
 * example fixes the count: a document dated 1 Apr "cannot be reported after 30th April", so its last
 * day is the 29th after its date, in India's days.
 */
export const REPORTING_LIMIT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const istDay = (at: Date) => Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS);

export function isPastReportingLimit(band: TurnoverBand | null, documentDate: Date, now: Date): boolean {
  return band === 'above_10cr' && istDay(now) - istDay(documentDate) >= REPORTING_LIMIT_DAYS;
}

/** The last Indian day (YYYY-MM-DD) a document of a ₹10 crore seller may be registered on; null below. */
export function reportingDeadline(band: TurnoverBand | null, documentDate: Date): string | null {
  if (band !== 'above_10cr') return null;
  const last = (istDay(documentDate) + REPORTING_LIMIT_DAYS - 1) * DAY_MS;
  return new Date(last).toISOString().slice(0, 10);
}

/** The portal's IRN may be cancelled within 24 hours of its acknowledgement, never after. */
export const CANCEL_LIMIT_MS = 24 * 60 * 60 * 1000;
export const canCancelIrn = (acknowledgedAt: Date, now: Date) =>
  now.getTime() - acknowledgedAt.getTime() <= CANCEL_LIMIT_MS;

/** NIC's cancellation reasons (CnlRsn). */
export const CANCEL_REASONS = {
  '1': 'Duplicate',
  '2': 'Data entry mistake',
  '3': 'Order cancelled',
  '4': 'Others',
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

export type EInvoiceDocType = 'INV' | 'CRN';
export const docTypeOf = (kind: 'invoice' | 'credit_note'): EInvoiceDocType =>
  kind === 'invoice' ? 'INV' : 'CRN';

/**
 * The text whose SHA-256 (hex) is the IRN: supplier GSTIN, financial year ('2026-27'), document type
 * and document number, run together, the number with its leading zeros, '/' and '-' dropped, as NIC's
 * IRN note shows: '01AAAAB1234C1Z02019-20INVAB1234'.
 */
export function irnText(args: {
  sellerGstin: string;
  financialYear: string;
  docType: EInvoiceDocType;
  docNo: string;
}): string {
  return `${args.sellerGstin}${args.financialYear}${args.docType}${args.docNo.replace(/^[0/-]+/, '')}`.toUpperCase();
}

// --- INV-01, schema version 1.1 (the fields this marketplace fills, with the schema's limits) ---

const text = (min: number, max: number) => z.string().min(min).max(max);
const amount = z
  .number()
  .min(0)
  .max(999_999_999_999.99)
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'at most 2 decimals');
const gstin = z.string().regex(GSTIN_PATTERN, 'not a GSTIN');
const stateCode = z.string().regex(/^\d{1,2}$/, 'a state code is 1 or 2 digits');
const pin = z.number().int().min(100000).max(999999);
const date = z.string().regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/20\d\d$/, 'a date is dd/mm/yyyy');

const Party = z.object({
  Gstin: gstin,
  LglNm: text(3, 100),
  TrdNm: text(3, 100).optional(),
  Addr1: text(1, 100),
  Addr2: text(3, 100).optional(),
  Loc: text(3, 50),
  Pin: pin,
  Stcd: stateCode,
});

export const Inv01Item = z.object({
  SlNo: z.string().regex(/^\d{1,6}$/),
  PrdDesc: text(3, 300),
  IsServc: z.enum(['Y', 'N']),
  HsnCd: z.string().regex(/^\d{4,8}$/, 'an HSN or SAC code is 4 to 8 digits'),
  Qty: z.number().min(0).max(9_999_999_999.999),
  Unit: text(3, 8),
  UnitPrice: z.number().min(0).max(999_999_999_999.999),
  TotAmt: amount,
  Discount: amount,
  AssAmt: amount,
  GstRt: z.number().min(0).max(999.999),
  IgstAmt: amount,
  CgstAmt: amount,
  SgstAmt: amount,
  TotItemVal: amount,
});
export type Inv01Item = z.infer<typeof Inv01Item>;

/** INV-01 as this marketplace's sellers send it; the portal refuses what does not parse. */
export const Inv01 = z
  .object({
    Version: z.literal('1.1'),
    TranDtls: z.object({
      TaxSch: z.literal('GST'),
      SupTyp: z.literal('B2B'),
      RegRev: z.enum(['Y', 'N']),
      EcmGstin: gstin.nullable(),
      IgstOnIntra: z.enum(['Y', 'N']),
    }),
    DocDtls: z.object({
      Typ: z.enum(['INV', 'CRN', 'DBN']),
      // the schema's pattern: no leading 0, '/' or '-', so the IRN's trimming never merges two numbers
      No: z.string().regex(/^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/, 'a document number is 1 to 16 characters'),
      Dt: date,
    }),
    SellerDtls: Party,
    BuyerDtls: Party.extend({ Pos: stateCode }),
    ItemList: z.array(Inv01Item).min(1).max(1000),
    ValDtls: z.object({
      AssVal: amount,
      CgstVal: amount,
      SgstVal: amount,
      IgstVal: amount,
      Discount: amount,
      TotInvVal: amount,
    }),
    RefDtls: z
      .object({ PrecDocDtls: z.array(z.object({ InvNo: text(1, 16), InvDt: date })).min(1) })
      .optional(),
  })
  .superRefine((inv, ctx) => {
    // the portal's arithmetic checks, to the rupee it tolerates
    const near = (a: number, b: number) => Math.abs(a - b) <= 1;
    inv.ItemList.forEach((item, index) => {
      if (!near(item.AssAmt, item.TotAmt - item.Discount))
        ctx.addIssue({
          code: 'custom',
          path: ['ItemList', index, 'AssAmt'],
          message: 'AssAmt is not TotAmt less Discount',
        });
      const tax = item.IgstAmt + item.CgstAmt + item.SgstAmt;
      if (!near(item.TotItemVal, item.AssAmt + tax))
        ctx.addIssue({
          code: 'custom',
          path: ['ItemList', index, 'TotItemVal'],
          message: 'TotItemVal is not AssAmt plus its tax',
        });
      if (!near(tax, (item.AssAmt * item.GstRt) / 100))
        ctx.addIssue({
          code: 'custom',
          path: ['ItemList', index, 'GstRt'],
          message: 'the tax is not GstRt of AssAmt',
        });
    });
    const sum = (pick: (i: Inv01Item) => number) => inv.ItemList.reduce((t, i) => t + pick(i), 0);
    if (
      !near(
        inv.ValDtls.AssVal,
        sum((i) => i.AssAmt),
      )
    )
      ctx.addIssue({
        code: 'custom',
        path: ['ValDtls', 'AssVal'],
        message: 'AssVal is not the items’ AssAmt',
      });
    if (!near(inv.ValDtls.TotInvVal, sum((i) => i.TotItemVal) - inv.ValDtls.Discount))
      ctx.addIssue({
        code: 'custom',
        path: ['ValDtls', 'TotInvVal'],
        message: 'TotInvVal is not the items’ total',
      });
    const intra = inv.SellerDtls.Stcd === inv.BuyerDtls.Pos && inv.TranDtls.IgstOnIntra === 'N';
    if (intra && inv.ValDtls.IgstVal > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['ValDtls', 'IgstVal'],
        message: 'an intra-state supply carries CGST and SGST, not IGST',
      });
    if (!intra && inv.ValDtls.CgstVal + inv.ValDtls.SgstVal > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['ValDtls', 'CgstVal'],
        message: 'an inter-state supply carries IGST, not CGST and SGST',
      });
    if (inv.SellerDtls.Gstin === inv.BuyerDtls.Gstin)
      ctx.addIssue({
        code: 'custom',
        path: ['BuyerDtls', 'Gstin'],
        message: 'the buyer’s GSTIN is the seller’s',
      });
    if (inv.DocDtls.Typ === 'CRN' && !inv.RefDtls)
      ctx.addIssue({ code: 'custom', path: ['RefDtls'], message: 'a credit note names its invoice' });
  });
export type Inv01 = z.infer<typeof Inv01>;

/** The first problems of a JSON that is not INV-01, as 'path: message' lines; empty when it is. */
export function inv01Problems(json: unknown): string[] {
  const parsed = Inv01.safeParse(json);
  if (parsed.success) return [];
  return parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || 'document'}: ${i.message}`);
}

// --- building INV-01 from a stored document ---

export type EInvoiceSource = {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  seller: { gstin: string; legalName: string; address: string; pincode: string; stateCode: string };
  buyer: { gstin: string; name: string; address: string; pincode: string; placeOfSupplyCode: string };
  invoice: { number: string; issuedAt: Date } | null;
  lines: readonly {
    description: string;
    hsnCode: string;
    quantity: number;
    ratePercent: number;
    valuePaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }[];
};

const rupees = (paise: number) => Math.round(paise) / 100;
/** dd/mm/yyyy of an instant's IST date, as the schema writes dates. */
export function portalDate(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const dd = String(ist.getUTCDate()).padStart(2, '0');
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${ist.getUTCFullYear()}`;
}

/** An address split the schema's way: up to 100 characters each for Addr1 and Addr2, and a place. */
function addressParts(address: string) {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const place = (parts.length > 1 ? parts[parts.length - 2] : parts[0]) ?? 'India';
  const first = parts.slice(0, Math.max(1, parts.length - 2)).join(', ');
  return {
    Addr1: first.slice(0, 100) || place.slice(0, 100),
    Loc: (place.length >= 3 ? place : `${place} IN`).slice(0, 50),
  };
}

/**
 * requirements#e-invoicing: INV-01 (schema 1.1) of a B2B invoice or credit note: the supply made through
 * this marketplace (EcmGstin, CGST Act s. 52), each line at its taxable value with its tax, the totals
 * the document prints, and a credit note's invoice as its preceding document.
 */
export function buildInv01(source: EInvoiceSource, ecommerceGstin: string | null): Inv01 {
  const items: Inv01Item[] = source.lines.map((line, index) => {
    const taxable = rupees(line.taxablePaise);
    const isService = line.hsnCode.startsWith('99');
    return {
      SlNo: String(index + 1),
      PrdDesc:
        line.description.length >= 3 ? line.description.slice(0, 300) : `${line.description}   `.slice(0, 3),
      IsServc: isService ? 'Y' : 'N',
      HsnCd: line.hsnCode,
      Qty: line.quantity,
      Unit: isService ? 'OTH' : 'NOS',
      UnitPrice: Math.round((line.taxablePaise / Math.max(1, line.quantity)) * 10) / 1000,
      TotAmt: taxable,
      Discount: 0,
      AssAmt: taxable,
      GstRt: line.ratePercent,
      IgstAmt: rupees(line.igstPaise),
      CgstAmt: rupees(line.cgstPaise),
      SgstAmt: rupees(line.sgstPaise),
      TotItemVal: rupees(line.valuePaise),
    };
  });
  const total = (pick: (l: EInvoiceSource['lines'][number]) => number) =>
    rupees(source.lines.reduce((t, l) => t + pick(l), 0));
  const seller = addressParts(source.seller.address);
  const buyer = addressParts(source.buyer.address);
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', EcmGstin: ecommerceGstin, IgstOnIntra: 'N' },
    DocDtls: { Typ: docTypeOf(source.kind), No: source.number, Dt: portalDate(source.issuedAt) },
    SellerDtls: {
      Gstin: source.seller.gstin,
      LglNm: source.seller.legalName.slice(0, 100),
      ...seller,
      Pin: Number(source.seller.pincode),
      Stcd: source.seller.stateCode,
    },
    BuyerDtls: {
      Gstin: source.buyer.gstin,
      LglNm: source.buyer.name.slice(0, 100),
      Pos: source.buyer.placeOfSupplyCode,
      ...buyer,
      Pin: Number(source.buyer.pincode),
      Stcd: source.buyer.gstin.slice(0, 2),
    },
    ItemList: items,
    ValDtls: {
      AssVal: total((l) => l.taxablePaise),
      CgstVal: total((l) => l.cgstPaise),
      SgstVal: total((l) => l.sgstPaise),
      IgstVal: total((l) => l.igstPaise),
      Discount: 0,
      TotInvVal: total((l) => l.valuePaise),
    },
    ...(source.invoice
      ? {
          RefDtls: {
            PrecDocDtls: [{ InvNo: source.invoice.number, InvDt: portalDate(source.invoice.issuedAt) }],
          },
        }
      : {}),
  };
}

// --- the signed QR code ---

/** What NIC's signed QR code carries (its JWT's `data` claim), and so what a scan shows. */
export const QrData = z.object({
  SellerGstin: z.string(),
  BuyerGstin: z.string(),
  DocNo: z.string(),
  DocTyp: z.string(),
  DocDt: z.string(),
  TotInvVal: z.number(),
  ItemCnt: z.number().int(),
  MainHsnCode: z.string(),
  Irn: z.string(),
  IrnDt: z.string(),
});
export type QrData = z.infer<typeof QrData>;

/** The QR code's data of a registered INV-01: the main HSN is the line of the highest taxable value. */
export function qrDataOf(inv: Inv01, irn: string, acknowledgedAt: string): QrData {
  const main = [...inv.ItemList].sort((a, b) => b.AssAmt - a.AssAmt)[0];
  return {
    SellerGstin: inv.SellerDtls.Gstin,
    BuyerGstin: inv.BuyerDtls.Gstin,
    DocNo: inv.DocDtls.No,
    DocTyp: inv.DocDtls.Typ,
    DocDt: inv.DocDtls.Dt,
    TotInvVal: inv.ValDtls.TotInvVal,
    ItemCnt: inv.ItemList.length,
    MainHsnCode: main?.HsnCd ?? '',
    Irn: irn,
    IrnDt: acknowledgedAt,
  };
}

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(b64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * The data of a signed QR code (a JWT whose `data` claim is the QR data as JSON), read without
 * checking the signature (the server checks it against the portal's key); null when it is not one.
 */
export function readSignedQr(token: string): QrData | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1])) as { data?: unknown };
    const data = QrData.safeParse(typeof claims.data === 'string' ? JSON.parse(claims.data) : claims.data);
    return data.success ? data.data : null;
  } catch {
    return null;
  }
}
