// requirements#fee-invoices: the seller's fee invoices (its list and each PDF) and finance's view of a
// month's, in the console.
import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  ExportQuery,
  monthOf,
  monthStart,
  SETTLEMENT_CONSOLE_MESSAGES,
  shiftMonth,
} from '@marketplace/domain/settlement/console-api';
import {
  consoleFeeInvoicePdfUrl,
  FEE_INVOICE_MESSAGES,
  feeDocumentFileName,
  FeeInvoiceList,
} from '@marketplace/domain/settlement/fee-invoices';
import { FEE_GST_RATE } from '@marketplace/domain/settlement/fees';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { renderFeeDocument } from './fee-invoice-pdf.ts';
import { feeDocument, monthFeeInvoices, sellerFeeInvoices } from './fee-invoices.ts';

const pdfResponse = {
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  description: 'The document, with CGST rule 46’s particulars',
};
const sellerOnly = { 401: errorResponse('Not logged in'), 403: errorResponse('Not a seller') };
const staffOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, or the role (owner and finance only) does not reach settlements'),
};

const sellerList = createRoute({
  method: 'get',
  path: '/seller/fee-invoices',
  tags: ['Seller payments'],
  summary:
    'The marketplace’s tax invoices to the seller for its monthly fees (and credit notes of months whose returns gave back more), newest first: month, number, taxable value, GST, IRN and the PDF',
  responses: { 200: json(FeeInvoiceList, 'The seller’s fee invoices'), ...sellerOnly },
});
const sellerPdf = createRoute({
  method: 'get',
  path: '/seller/fee-invoices/{id}/pdf',
  tags: ['Seller payments'],
  summary: 'One of the seller’s fee invoices or fee credit notes as PDF',
  request: { params: RecordIdParams },
  responses: {
    200: pdfResponse,
    400: errorResponse('Malformed id'),
    ...sellerOnly,
    404: errorResponse('No such fee invoice of this seller'),
  },
});
const consoleList = createRoute({
  method: 'get',
  path: '/admin/settlements/fee-invoices',
  tags: ['admin'],
  summary:
    'A month’s fee invoices and credit notes to sellers (the last month that ended when none is chosen)',
  request: { query: ExportQuery },
  responses: {
    200: json(FeeInvoiceList, 'The month’s fee documents'),
    400: errorResponse('Not a month, or one that has not begun'),
    ...staffOnly,
  },
});
const consolePdf = createRoute({
  method: 'get',
  path: '/admin/settlements/fee-invoices/{id}/pdf',
  tags: ['admin'],
  summary: 'A fee invoice or fee credit note as PDF, for finance',
  request: { params: RecordIdParams },
  responses: {
    200: pdfResponse,
    400: errorResponse('Malformed id'),
    ...staffOnly,
    404: errorResponse('No such fee invoice'),
  },
});

const pdf = (name: string, bytes: Buffer) =>
  new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `attachment; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });

/** requirements#fee-invoices: a seller reads only its own (another's answers 404, as one that does not exist). */
export function feeInvoiceRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const seller = requireSeller(db, { evenSuspended: true });
  const finance = requireStaff(db, { area: 'settlements', now });
  return createRouter()
    .openapi(guarded(sellerList, seller), async (c) =>
      c.json(
        {
          invoices: await sellerFeeInvoices(db, c.get('seller').sellerId),
          gstRatePercent: FEE_GST_RATE,
        },
        200,
      ),
    )
    .openapi(guarded(sellerPdf, seller), async (c) => {
      const found = await feeDocument(db, c.req.valid('param').id, c.get('seller').sellerId);
      if (!found) return apiError(c, 'NOT_FOUND', FEE_INVOICE_MESSAGES.notFound);
      return pdf(feeDocumentFileName(found.document.number), await renderFeeDocument(found));
    })
    .openapi(guarded(consoleList, finance), async (c) => {
      const month = c.req.valid('query').month ?? shiftMonth(monthOf(now()), -1);
      const start = monthStart(month);
      if (!start || start.getTime() > now().getTime())
        return apiError(c, 'VALIDATION_FAILED', SETTLEMENT_CONSOLE_MESSAGES.monthAhead, {
          month: SETTLEMENT_CONSOLE_MESSAGES.monthAhead,
        });
      return c.json(
        {
          invoices: await monthFeeInvoices(db, month, consoleFeeInvoicePdfUrl),
          gstRatePercent: FEE_GST_RATE,
        },
        200,
      );
    })
    .openapi(guarded(consolePdf, finance), async (c) => {
      const found = await feeDocument(db, c.req.valid('param').id, null);
      if (!found) return apiError(c, 'NOT_FOUND', FEE_INVOICE_MESSAGES.notFound);
      return pdf(feeDocumentFileName(found.document.number), await renderFeeDocument(found));
    });
}
