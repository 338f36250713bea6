import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import {
  documentFileName,
  type TaxDocumentView,
  TaxDocumentList,
} from '@marketplace/domain/tax/document-view';
import { guarded, requireSeller, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { renderTaxDocument } from './pdf.ts';
import { sellerDocuments, sellerDocumentView, shopperDocuments, shopperDocumentView } from './read.ts';

const tags = ['Invoices'];
const NOT_LOGGED_IN = 'Please log in to see your orders.';
export const DOCUMENT_NOT_FOUND = 'No such invoice or credit note.';

const orderNo = z
  .string()
  .regex(ORDER_NO_PATTERN, 'An order number is OD followed by its digits.')
  .openapi({ param: { name: 'orderNo', in: 'path' }, example: 'OD20261123101234' });
const OrderParams = z.object({ orderNo });
const OrderDocumentParams = RecordIdParams.extend({ orderNo });
const pdf = {
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  description: 'The document as a PDF, to download',
};

const shopperListRoute = createRoute({
  method: 'get',
  path: '/my-orders/{orderNo}/tax-documents',
  tags,
  summary: 'The tax invoices and credit notes of one of the shopper’s orders',
  request: { params: OrderParams },
  responses: {
    200: json(TaxDocumentList, 'Each seller’s invoice per shipment, and credit notes, oldest first'),
    400: errorResponse('Malformed order number'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order of this shopper'),
  },
});
const shopperPdfRoute = createRoute({
  method: 'get',
  path: '/my-orders/{orderNo}/tax-documents/{id}/pdf',
  tags,
  summary: 'Download one invoice or credit note of the shopper’s order as a PDF',
  request: { params: OrderDocumentParams },
  responses: {
    200: pdf,
    400: errorResponse('Malformed order number or id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such document of this shopper’s order'),
  },
});
const sellerListRoute = createRoute({
  method: 'get',
  path: '/seller/tax-documents',
  tags,
  summary: 'The seller’s own tax invoices and credit notes, optionally of one order',
  request: {
    query: z.object({ orderNo: orderNo.optional().openapi({ param: { name: 'orderNo', in: 'query' } }) }),
  },
  responses: {
    200: json(TaxDocumentList, 'The seller’s documents (the latest 500), oldest first'),
    400: errorResponse('Malformed order number'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Not a seller'),
  },
});
const sellerPdfRoute = createRoute({
  method: 'get',
  path: '/seller/tax-documents/{id}/pdf',
  tags,
  summary: 'Download one of the seller’s own invoices or credit notes as a PDF',
  request: { params: RecordIdParams },
  responses: {
    200: pdf,
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Not a seller'),
    404: errorResponse('No such document of this seller'),
  },
});

async function pdfResponse(view: TaxDocumentView) {
  const body = await renderTaxDocument(view);
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(body.length),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `attachment; filename="${documentFileName(view.number)}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * requirements#gst-invoices: the shopper downloads the invoices and credit notes of their own
 * orders, and the seller its own, even while suspended; anyone else's answers 404.
 */
export function invoiceRoutes(db: Executor) {
  const shopper = requireShopper(db, NOT_LOGGED_IN);
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .openapi(guarded(shopperListRoute, shopper), async (c) => {
      const documents = await shopperDocuments(db, c.get('shopper').id, c.req.valid('param').orderNo);
      if (!documents) return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      return c.json({ documents }, 200);
    })
    .openapi(guarded(shopperPdfRoute, shopper), async (c) => {
      const { orderNo: number, id } = c.req.valid('param');
      const view = await shopperDocumentView(db, c.get('shopper').id, number, id);
      if (!view) return apiError(c, 'NOT_FOUND', DOCUMENT_NOT_FOUND);
      return pdfResponse(view);
    })
    .openapi(guarded(sellerListRoute, seller), async (c) => {
      const documents = await sellerDocuments(db, c.get('seller').sellerId, c.req.valid('query').orderNo);
      return c.json({ documents }, 200);
    })
    .openapi(guarded(sellerPdfRoute, seller), async (c) => {
      const view = await sellerDocumentView(db, c.get('seller').sellerId, c.req.valid('param').id);
      if (!view) return apiError(c, 'NOT_FOUND', DOCUMENT_NOT_FOUND);
      return pdfResponse(view);
    });
}
