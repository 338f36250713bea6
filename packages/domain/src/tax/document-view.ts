// requirements#gst-invoices: what a tax invoice or credit note shows (CGST rules 46 and 53), one
// contract for the PDF, the pages that list documents and their tests.
import { z } from 'zod';
import { GST_STATE_CODES } from '../sellers/tax-identity.ts';
import { supplyDocumentKind } from './documents.ts';

/**
 * The e-commerce operator every document names (CGST Act section 52: the operator through whom the
 * supply is made collects TCS on it).
 */
export const MARKETPLACE_OPERATOR = {
  legalName: 'Bazaar Marketplace Private Limited',
  gstin: '29AABCB1234K1ZT',
  address: 'No. 42, 3rd Floor, Residency Road, Bengaluru, Karnataka 560025',
} as const;

/** The statement rule 46 (p) asks every invoice to make about reverse charge. */
export const REVERSE_CHARGE_TEXT = 'Tax is not payable on reverse charge basis.';

export const TAX_DOCUMENT_TITLES = {
  invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
  bill_of_supply: 'Bill of Supply',
  invoice_cum_bill_of_supply: 'Invoice-cum-Bill of Supply',
} as const;

/** A state by its GST code, as documents print the place of supply: 'Karnataka (29)'. */
export function stateWithCode(code: string): string {
  const name = GST_STATE_CODES[code];
  return name ? `${name} (${code})` : code;
}

const paise = z.number().int();

export const TaxDocumentLineView = z.object({
  kind: z.enum(['goods', 'delivery']),
  description: z.string(),
  hsnCode: z.string(),
  quantity: z.number().int(),
  grossPaise: paise,
  discountPaise: paise,
  valuePaise: paise,
  taxablePaise: paise,
  rateBp: z.number().int().describe('GST rate in basis points: 1800 is 18 %'),
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
});
export type TaxDocumentLineView = z.infer<typeof TaxDocumentLineView>;

/** One document in a list: the order page's and Seller Central's links to the PDF. */
export const TaxDocumentSummary = z
  .object({
    id: z.number().int(),
    kind: z.enum(['invoice', 'credit_note']),
    title: z.string().describe('Tax Invoice, Bill of Supply, Invoice-cum-Bill of Supply or Credit Note'),
    number: z.string(),
    issuedAt: z.string(),
    sellerName: z.string(),
    valuePaise: paise,
    invoiceNumber: z.string().nullable().describe('A credit note’s invoice'),
    pdfUrl: z.string(),
  })
  .meta({ id: 'TaxDocumentSummary' });
export type TaxDocumentSummary = z.infer<typeof TaxDocumentSummary>;

export const TaxDocumentList = z
  .object({ documents: z.array(TaxDocumentSummary) })
  .meta({ id: 'TaxDocumentList' });
export type TaxDocumentList = z.infer<typeof TaxDocumentList>;

/** Everything a document prints. */
export type TaxDocumentView = {
  kind: 'invoice' | 'credit_note';
  title: string;
  number: string;
  issuedAt: Date;
  orderNo: string;
  orderedAt: Date;
  invoice: { number: string; issuedAt: Date } | null;
  seller: {
    legalName: string;
    address: string;
    gstin: string | null;
    enrolmentNo: string | null;
    stateCode: string;
  };
  buyer: { name: string; address: string; gstin: string | null; businessName: string | null };
  placeOfSupplyCode: string;
  supplyKind: 'intra' | 'inter';
  lines: TaxDocumentLineView[];
  totals: {
    valuePaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  };
};

/**
 * A document's title, by its lines: a tax invoice; a bill of supply when nothing on it is taxed
 * (nil-rated or exempt goods only: CGST Act s. 31(3)(c), rule 49; or a seller without GST
 * registration); an invoice-cum-bill of supply when taxed and untaxed goods are mixed (rule 46A).
 */
export function documentTitle(
  kind: 'invoice' | 'credit_note',
  sellerGstin: string | null,
  lines: { taxedLines: number; untaxedLines: number },
): string {
  if (kind === 'credit_note') return TAX_DOCUMENT_TITLES.credit_note;
  const which = supplyDocumentKind(lines, sellerGstin !== null);
  return which === 'tax_invoice' ? TAX_DOCUMENT_TITLES.invoice : TAX_DOCUMENT_TITLES[which];
}

/** The download name of a document: its number with the slash made safe, 'INV26-27-000001.pdf'. */
export const documentFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
