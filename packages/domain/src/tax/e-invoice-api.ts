// requirements#e-invoicing: the contract of Seller Central's e-invoice pages: the seller's tax settings
// (turnover band, document prefix) and each B2B document's registration with the portal.
import { z } from 'zod';
import { DocumentPrefix } from './document-series.ts';
import { CANCEL_REASONS, TURNOVER_BANDS } from './e-invoice.ts';

export const E_INVOICE_STATUS_TEXTS = {
  pending: 'Awaiting IRN',
  registered: 'Registered',
  refused: 'Refused by the portal',
  cancelled: 'IRN cancelled',
  not_required: 'Not reported',
} as const;
export type EInvoiceStatus = keyof typeof E_INVOICE_STATUS_TEXTS;

export const E_INVOICE_MESSAGES = {
  notFound: 'No such e-invoice of yours.',
  notRetryable: 'This e-invoice is already registered or cancelled.',
  notRegistered: 'Only a registered e-invoice can be cancelled.',
  windowPassed:
    'An IRN can be cancelled only within 24 hours of its acknowledgement. Issue a credit note instead.',
  stillStanding:
    'Only the IRN of an invoice whose items were all cancelled or returned can be cancelled; we cancel it for you when that happens within 24 hours.',
  unavailable: 'The Invoice Registration Portal could not be reached. Try again in a few minutes.',
  saved: 'Your tax settings are saved.',
  prefixTaken: 'Another seller account with your GSTIN uses this prefix. Choose another.',
} as const;

export const SellerTaxSettings = z
  .object({
    turnoverBand: z.enum(TURNOVER_BANDS),
    documentPrefix: z.string().describe('The prefix of the seller’s invoice and credit note numbers'),
    isPrefixChosen: z.boolean().describe('false: derived from the legal name until the seller chooses one'),
    sampleNumber: z.string().describe('How the next invoice number looks'),
    gstin: z.string().nullable(),
  })
  .meta({ id: 'SellerTaxSettings' });
export type SellerTaxSettings = z.infer<typeof SellerTaxSettings>;

export const SellerTaxSettingsInput = z
  .object({
    turnoverBand: z.enum(TURNOVER_BANDS, { error: 'Choose your aggregate turnover band.' }),
    documentPrefix: DocumentPrefix,
  })
  .strict()
  .meta({ id: 'SellerTaxSettingsInput' });
export type SellerTaxSettingsInput = z.input<typeof SellerTaxSettingsInput>;

export const EInvoiceRow = z
  .object({
    documentId: z.number().int(),
    kind: z.enum(['invoice', 'credit_note']),
    number: z.string(),
    issuedAt: z.string(),
    orderNo: z.string(),
    buyerGstin: z.string(),
    buyerName: z.string(),
    valuePaise: z.number().int(),
    status: z.enum(['pending', 'registered', 'refused', 'cancelled', 'not_required']),
    irn: z.string().nullable(),
    ackNo: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable().describe('when a pending registration is tried next'),
    cancellableUntil: z.string().nullable().describe('a registered IRN may be cancelled until then'),
    cancelledAt: z.string().nullable(),
    reportBy: z
      .string()
      .nullable()
      .describe(
        'a seller of ₹10 crore or more: the last day (YYYY-MM-DD, India) the portal takes a document not yet registered',
      ),
  })
  .meta({ id: 'EInvoiceRow' });
export type EInvoiceRow = z.infer<typeof EInvoiceRow>;

export const EInvoiceList = z.object({ eInvoices: z.array(EInvoiceRow) }).meta({ id: 'EInvoiceList' });
export type EInvoiceList = z.infer<typeof EInvoiceList>;

export const CancelEInvoiceInput = z
  .object({
    reason: z.enum(Object.keys(CANCEL_REASONS) as ['1', '2', '3', '4'], {
      error: 'Choose why the IRN is cancelled.',
    }),
    remark: z
      .string()
      .trim()
      .min(1, 'Add a remark for the portal.')
      .max(100, 'A remark is at most 100 characters.')
      // eslint-disable-next-line no-control-regex -- the portal refuses control characters in a remark
      .refine((s) => !/[\u0000-\u001f]/.test(s), 'A remark has no control characters.'),
  })
  .strict()
  .meta({ id: 'CancelEInvoiceInput' });
export type CancelEInvoiceInput = z.infer<typeof CancelEInvoiceInput>;

// requirements#e-invoicing: the console's list of registrations that failed or wait, for finance staff

export const CONSOLE_E_INVOICE_MESSAGES = {
  retried: (number: string, status: EInvoiceStatus) =>
    status === 'registered'
      ? `${number} is registered.`
      : `${number} was sent again: ${E_INVOICE_STATUS_TEXTS[status].toLowerCase()}.`,
  notFound: 'No such e-invoice registration.',
  notRetryable: 'This registration is settled: registered, cancelled or not reported.',
  unavailable: 'The registrations could not be loaded. Please try again.',
} as const;

export const ConsoleEInvoiceRow = z
  .object({
    documentId: z.number().int(),
    kind: z.enum(['invoice', 'credit_note']),
    number: z.string(),
    issuedAt: z.string(),
    orderNo: z.string(),
    sellerId: z.number().int(),
    sellerName: z.string(),
    sellerGstin: z.string(),
    status: z.enum(['pending', 'refused']),
    errorCode: z
      .string()
      .nullable()
      .describe('the portal’s code (or ours: LATE, UNAVAILABLE, AWAITING-INVOICE)'),
    errorMessage: z.string().nullable(),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable().describe('when a waiting registration is tried next by itself'),
    reportBy: z.string().nullable(),
  })
  .meta({ id: 'ConsoleEInvoiceRow' });
export type ConsoleEInvoiceRow = z.infer<typeof ConsoleEInvoiceRow>;

export const ConsoleEInvoiceList = z
  .object({
    eInvoices: z
      .array(ConsoleEInvoiceRow)
      .describe('refused first, then waiting; oldest document first; at most 200'),
    refused: z.number().int(),
    waiting: z.number().int(),
  })
  .meta({ id: 'ConsoleEInvoiceList' });
export type ConsoleEInvoiceList = z.infer<typeof ConsoleEInvoiceList>;

export const ConsoleEInvoiceRetried = z
  .object({
    message: z.string(),
    row: EInvoiceRow.pick({ documentId: true, status: true, irn: true, errorCode: true, errorMessage: true }),
  })
  .meta({ id: 'ConsoleEInvoiceRetried' });
export type ConsoleEInvoiceRetried = z.infer<typeof ConsoleEInvoiceRetried>;
