import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  CancelEInvoiceInput,
  CONSOLE_E_INVOICE_MESSAGES as CM,
  ConsoleEInvoiceList,
  ConsoleEInvoiceRetried,
  E_INVOICE_MESSAGES,
  EInvoiceList,
  EInvoiceRow,
  SellerTaxSettings,
  SellerTaxSettingsInput,
} from '@marketplace/domain/tax/e-invoice-api';
import type { Context } from 'hono';
import { guarded, requireSeller } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { registrationsNeedingAttention, staffRetryEInvoice } from './console.ts';
import type { IrpProvider } from './provider.ts';
import { sellerEInvoices, saveSellerTaxSettings, sellerTaxSettings } from './read.ts';
import { cancelEInvoice, retryEInvoice } from './register.ts';

const tags = ['E-invoices'];
const sellerOnly = { 401: errorResponse('Not logged in'), 403: errorResponse('Not an approved seller') };

const listRoute = createRoute({
  method: 'get',
  path: '/seller/e-invoices',
  tags,
  summary:
    'The seller’s B2B invoices and credit notes and their registration with the Invoice Registration Portal',
  responses: { 200: json(EInvoiceList, 'The latest 200, newest first'), ...sellerOnly },
});
const retryRoute = createRoute({
  method: 'post',
  path: '/seller/e-invoices/{id}/retry',
  tags,
  summary: 'Send a pending or refused registration to the portal now',
  request: { params: RecordIdParams },
  responses: {
    200: json(EInvoiceRow, 'The registration as the portal left it'),
    400: errorResponse('Malformed id'),
    404: errorResponse('No such e-invoice of this seller'),
    409: errorResponse('Already registered or cancelled'),
    ...sellerOnly,
  },
});
const cancelRoute = createRoute({
  method: 'post',
  path: '/seller/e-invoices/{id}/cancel',
  tags,
  summary:
    'Cancel the registered IRN of an invoice taken back in full, within 24 hours of its acknowledgement (the server does so itself when the invoice is taken back)',
  request: {
    params: RecordIdParams,
    body: { required: true, content: { 'application/json': { schema: CancelEInvoiceInput } } },
  },
  responses: {
    200: json(EInvoiceRow, 'Cancelled'),
    400: errorResponse('Malformed id, reason or remark'),
    404: errorResponse('No such e-invoice of this seller'),
    409: errorResponse('Not registered, past 24 hours, a credit note, or an invoice not taken back in full'),
    422: errorResponse('The portal refused: its code and message'),
    503: errorResponse('The portal could not be reached'),
    ...sellerOnly,
  },
});
const settingsRoute = createRoute({
  method: 'get',
  path: '/seller/tax-settings',
  tags,
  summary: 'The seller’s declared aggregate turnover band and invoice number prefix',
  responses: {
    200: json(SellerTaxSettings, 'The settings'),
    404: errorResponse('No such seller'),
    ...sellerOnly,
  },
});
const saveSettingsRoute = createRoute({
  method: 'put',
  path: '/seller/tax-settings',
  tags,
  summary: 'Declare the aggregate turnover band and choose the invoice number prefix',
  request: { body: { required: true, content: { 'application/json': { schema: SellerTaxSettingsInput } } } },
  responses: {
    200: json(SellerTaxSettings, 'Saved'),
    400: errorResponse('A field is wrong'),
    404: errorResponse('No such seller'),
    409: errorResponse('Another account of this GSTIN uses the prefix'),
    ...sellerOnly,
  },
});

const staffRefusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role (owner and finance only) does not reach settlements',
  ),
};
const consoleListRoute = createRoute({
  method: 'get',
  path: '/admin/settlements/e-invoices',
  tags: ['admin'],
  summary: 'Every seller’s e-invoice registrations that the portal refused or that wait after a failed try',
  responses: { 200: json(ConsoleEInvoiceList, 'Refused first, then waiting'), ...staffRefusals },
});
const consoleRetryRoute = createRoute({
  method: 'post',
  path: '/admin/settlements/e-invoices/{id}/retry',
  tags: ['admin'],
  summary:
    'Send a refused or waiting registration to the portal now, after its cause is fixed (settlement.e-invoice-retry)',
  request: { params: RecordIdParams },
  responses: {
    200: json(ConsoleEInvoiceRetried, 'Sent: the registration as the portal left it'),
    400: errorResponse('Malformed id'),
    404: errorResponse('No e-invoice registration for this document'),
    409: errorResponse('Registered, cancelled or not reported: nothing to send'),
    ...staffRefusals,
  },
});

const actorOf = (c: Context<AppEnv>) => {
  const member = c.get('staff');
  return { staffId: member.id, email: member.email };
};

/** requirements#e-invoicing: finance staff (and owners) see every seller's failed registrations and send them again. */
export function eInvoiceConsoleRoutes(
  db: Executor,
  irp: IrpProvider,
  { now = () => new Date() }: { now?: () => Date } = {},
) {
  const finance = requireStaff(db, { area: 'settlements', now });
  return createRouter()
    .openapi(guarded(consoleListRoute, finance), async (c) =>
      c.json(await registrationsNeedingAttention(db), 200),
    )
    .openapi(guarded(consoleRetryRoute, finance), async (c) => {
      const id = c.req.valid('param').id;
      const result = await staffRetryEInvoice(db, irp, actorOf(c), id, now());
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', CM.notFound);
      if (result.code === 'NOT_RETRYABLE') return apiError(c, 'CONFLICT', CM.notRetryable);
      const { row } = result;
      const [document] = await sellerEInvoices(db, row.sellerId, id);
      const status = document?.status ?? 'pending';
      return c.json(
        {
          message: CM.retried(document?.number ?? String(id), status),
          row: {
            documentId: id,
            status,
            irn: row.irn,
            errorCode: row.errorCode,
            errorMessage: row.errorMessage,
          },
        },
        200,
      );
    });
}

const one = async (db: Executor, sellerId: number, documentId: number) =>
  (await sellerEInvoices(db, sellerId, documentId))[0];

/** requirements#e-invoicing: each seller reads and acts on its own e-invoices only; anyone else's is 404. */
export function eInvoiceRoutes(
  db: Executor,
  irp: IrpProvider,
  { now = () => new Date() }: { now?: () => Date } = {},
) {
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .openapi(guarded(listRoute, seller), async (c) =>
      c.json({ eInvoices: await sellerEInvoices(db, c.get('seller').sellerId) }, 200),
    )
    .openapi(guarded(retryRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const id = c.req.valid('param').id;
      const result = await retryEInvoice(db, irp, sellerId, id, now());
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', E_INVOICE_MESSAGES.notFound);
      if (result.code === 'NOT_RETRYABLE') return apiError(c, 'CONFLICT', E_INVOICE_MESSAGES.notRetryable);
      const row = await one(db, sellerId, id);
      if (!row) return apiError(c, 'NOT_FOUND', E_INVOICE_MESSAGES.notFound);
      return c.json(row, 200);
    })
    .openapi(guarded(cancelRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const id = c.req.valid('param').id;
      const { reason, remark } = c.req.valid('json');
      const result = await cancelEInvoice(db, irp, { sellerId, documentId: id, reason, remark, now: now() });
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', E_INVOICE_MESSAGES.notFound);
        case 'NOT_REGISTERED':
          return apiError(c, 'CONFLICT', E_INVOICE_MESSAGES.notRegistered);
        case 'WINDOW_PASSED':
          return apiError(c, 'CONFLICT', E_INVOICE_MESSAGES.windowPassed);
        case 'STILL_STANDING':
          return apiError(c, 'CONFLICT', E_INVOICE_MESSAGES.stillStanding);
        case 'REFUSED':
          return apiError(
            c,
            'UNPROCESSABLE',
            result.errors.map((e) => `${e.code}: ${e.message}`).join(' ') || 'The portal refused.',
          );
        case 'UNAVAILABLE':
          return apiError(c, 'UPSTREAM_UNAVAILABLE', E_INVOICE_MESSAGES.unavailable);
        case 'CANCELLED': {
          const row = await one(db, sellerId, id);
          if (!row) return apiError(c, 'NOT_FOUND', E_INVOICE_MESSAGES.notFound);
          return c.json(row, 200);
        }
      }
    })
    .openapi(guarded(settingsRoute, seller), async (c) => {
      const settings = await sellerTaxSettings(db, c.get('seller').sellerId, now());
      if (!settings) return apiError(c, 'NOT_FOUND', E_INVOICE_MESSAGES.notFound);
      return c.json(settings, 200);
    })
    .openapi(guarded(saveSettingsRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const saved = await saveSellerTaxSettings(db, sellerId, c.req.valid('json'));
      if (saved === 'PREFIX_TAKEN')
        return apiError(c, 'CONFLICT', E_INVOICE_MESSAGES.prefixTaken, {
          documentPrefix: E_INVOICE_MESSAGES.prefixTaken,
        });
      const settings = await sellerTaxSettings(db, sellerId, now());
      if (!settings) return apiError(c, 'NOT_FOUND', E_INVOICE_MESSAGES.notFound);
      return c.json(settings, 200);
    });
}
