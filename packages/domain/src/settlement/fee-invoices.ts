// requirements#fee-invoices: the marketplace's monthly tax invoice to each seller for its fees
// (commission, closing and shipping fees, 18 % GST), or the credit note of a month whose returns gave
// back more fees than it charged: the lines a document prints (rule 46), when e-invoicing applies to
// it, and what Seller Central and the console read of it.
import { z } from 'zod';
import { allocateLargestRemainder } from '../money/money.ts';
import type { TurnoverBand } from '../tax/rates.ts';
import { FEE_GST_RATE } from './fees.ts';
import type { FeeFigures } from './exports-csv.ts';

export const FEE_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type FeeDocumentKind = (typeof FEE_DOCUMENT_KINDS)[number];

export const FEE_DOCUMENT_TITLES: Record<FeeDocumentKind, string> = {
  invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
};

/**
 * Rule 46(g), (h): each fee's description and its services accounting code. Commission and the
 * closing fee are the marketplace's support services to the seller (998599, other support services);
 * the shipping fee is the courier service the marketplace arranges (996812, courier services).
 */
export const FEE_LINES = [
  { key: 'commissionPaise', description: 'Marketplace commission', sac: '998599' },
  { key: 'closingFeePaise', description: 'Closing fee', sac: '998599' },
  { key: 'shippingFeePaise', description: 'Shipping fee', sac: '996812' },
] as const;

export type FeeDocumentLine = {
  description: string;
  sac: string;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  valuePaise: number;
};

/**
 * A fee document's lines: each fee it charges (a fee of ₹0 is left out), with its share of the
 * document's CGST, SGST and IGST by largest remainder over the fees, so the lines add up to the
 * document's totals to the paisa (the ledger charged 18 % of each fee of each item, rounded there).
 */
export function feeDocumentLines(figures: FeeFigures): FeeDocumentLine[] {
  const fees = FEE_LINES.map((line) => ({ ...line, taxablePaise: figures[line.key] })).filter(
    (line) => line.taxablePaise !== 0,
  );
  if (fees.length === 0) return [];
  const weights = fees.map((line) => Math.abs(line.taxablePaise));
  const gst = allocateLargestRemainder(figures.cgstPaise + figures.sgstPaise + figures.igstPaise, weights);
  const cgst = allocateLargestRemainder(figures.cgstPaise, weights);
  const igst = allocateLargestRemainder(figures.igstPaise, weights);
  return fees.map((line, index) => {
    const lineIgst = igst[index] ?? 0;
    // within the state each line's CGST is its share of the document's and its SGST the rest of its tax
    const lineCgst = figures.igstPaise === 0 ? Math.min(cgst[index] ?? 0, gst[index] ?? 0) : 0;
    const lineTax = figures.igstPaise === 0 ? (gst[index] ?? 0) : lineIgst;
    const lineSgst = figures.igstPaise === 0 ? lineTax - lineCgst : 0;
    return {
      description: line.description,
      sac: line.sac,
      taxablePaise: line.taxablePaise,
      ratePercent: FEE_GST_RATE,
      cgstPaise: lineCgst,
      sgstPaise: lineSgst,
      igstPaise: lineIgst,
      valuePaise: line.taxablePaise + lineTax,
    };
  });
}

/**
 * The document a seller's month gets from its net fees: an invoice when they charged more than
 * nothing, a credit note (CGST s. 34) when returns gave back more than the month charged, none when
 * they come to nothing.
 */
export function feeDocumentKindOf(figures: FeeFigures): FeeDocumentKind | null {
  if (figures.taxablePaise > 0) return 'invoice';
  if (figures.taxablePaise < 0) return 'credit_note';
  return null;
}

/** A credit note's figures: what the month gave back, as positive amounts. */
export function creditedFigures(figures: FeeFigures): FeeFigures {
  return {
    commissionPaise: -figures.commissionPaise + 0,
    closingFeePaise: -figures.closingFeePaise + 0,
    shippingFeePaise: -figures.shippingFeePaise + 0,
    taxablePaise: -figures.taxablePaise + 0,
    cgstPaise: -figures.cgstPaise + 0,
    sgstPaise: -figures.sgstPaise + 0,
    igstPaise: -figures.igstPaise + 0,
    valuePaise: -figures.valuePaise + 0,
  };
}

/**
 * requirements#fee-invoices, requirements#e-invoicing: the operator registers its fee documents with
 * the Invoice Registration Portal when its own aggregate turnover exceeds ₹5 crore (Notification
 * 10/2023-Central Tax), and only those to a registered seller (B2B); an unregistered seller's is a
 * B2C invoice without IRN.
 */
/**
 * The operator's band when OPERATOR_TURNOVER_BAND is not set: a marketplace collecting TCS for sellers
 * across India is taken to be above ₹10 crore, so its fee invoices to registered sellers carry an IRN.
 */
export const OPERATOR_TURNOVER_BAND_DEFAULT: TurnoverBand = 'above_10cr';

export function isFeeEInvoiceDue(operatorBand: TurnoverBand, sellerGstin: string | null): boolean {
  return sellerGstin !== null && (operatorBand === '5cr_to_10cr' || operatorBand === 'above_10cr');
}

export const FEE_INVOICE_MESSAGES = {
  notFound: 'No such fee invoice.',
  none: 'No fee invoices yet. Each month’s invoice for the fees deducted from your sales is issued once the month has ended.',
} as const;

/** The file name of a fee document's PDF: its number with the slash made safe. */
export const feeDocumentFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
export const sellerFeeInvoicePdfUrl = (id: number) => `/api/seller/fee-invoices/${id}/pdf`;
export const consoleFeeInvoicePdfUrl = (id: number) => `/api/admin/settlements/fee-invoices/${id}/pdf`;

export const FeeInvoiceSummary = z.object({
  id: z.number().int(),
  kind: z.enum(FEE_DOCUMENT_KINDS),
  number: z.string(),
  month: z.string(),
  issuedAt: z.string(),
  sellerLegalName: z.string(),
  sellerGstin: z.string().nullable(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  valuePaise: z.number().int(),
  /** requirements#e-invoicing: the portal's IRN, when the document was registered */
  irn: z.string().nullable(),
  eInvoiceStatus: z.enum(['pending', 'registered', 'refused']).nullable(),
  pdfUrl: z.string(),
});
export type FeeInvoiceSummary = z.infer<typeof FeeInvoiceSummary>;

export const FeeInvoiceList = z.object({ invoices: z.array(FeeInvoiceSummary), gstRatePercent: z.number() });
export type FeeInvoiceList = z.infer<typeof FeeInvoiceList>;
