// requirements#operator-sellers: the console's sellers area, for staff whose role reaches it
// (owner and catalog), under the OpenAPI tag `admin`.
import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  ADMIN_SELLER_MESSAGES,
  AdminSellerDecided,
  AdminSellerDetail,
  AdminSellerList,
  AdminSellersQuery,
  SellerDecisionInput,
} from '@marketplace/domain/admin/sellers-api';
import { guarded } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams, recordId } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { recordRead, requireStaff } from '../staff/index.ts';
import type { UploadStore } from '../uploads/index.ts';
import { listSellers, sellerDetail } from './admin-sellers.ts';
import { changeSellerStatus } from './change-status.ts';
import { openDocument } from './service.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role does not reach sellers',
  ),
};

const listRoute = createRoute({
  method: 'get',
  path: '/admin/sellers',
  tags: [TAG],
  summary:
    'Sellers by status (the pending queue oldest first by default), searched by name, email or GSTIN; approved ones with their performance',
  request: { query: AdminSellersQuery },
  responses: {
    200: json(AdminSellerList, 'A page of sellers and each tab’s count'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/admin/sellers/{id}',
  tags: [TAG],
  summary:
    'One seller: business details and documents, offers, status history, 90-day performance and the actions open to it',
  request: { params: RecordIdParams },
  responses: {
    200: json(AdminSellerDetail, 'The seller'),
    400: errorResponse('The id is malformed'),
    ...refusals,
    404: errorResponse('No such seller'),
  },
});

const decisionRoute = createRoute({
  method: 'post',
  path: '/admin/sellers/{id}/decision',
  tags: [TAG],
  summary:
    'Approve or reject (with a reason) a pending application, suspend (with a reason) an approved seller, reinstate a suspended one',
  description:
    'Suspension takes the seller’s offers off the storefront, search, suggestions, cart and checkout; its open orders are still fulfilled. Written to the audit log with before and after.',
  request: {
    params: RecordIdParams,
    body: { required: true, content: { 'application/json': { schema: SellerDecisionInput } } },
  },
  responses: {
    200: json(AdminSellerDecided, 'Done: the seller as it is now'),
    400: errorResponse('The action or the reason is missing or wrong'),
    ...refusals,
    404: errorResponse('No such seller'),
    409: errorResponse(
      'The seller’s status does not allow this action (someone else may have decided first)',
    ),
  },
});

const documentRoute = createRoute({
  method: 'get',
  path: '/admin/sellers/{id}/documents/{documentId}',
  tags: [TAG],
  summary: 'Download one of a seller’s documents (GST or enrolment certificate, cancelled cheque)',
  request: {
    params: RecordIdParams.extend({
      documentId: recordId('The document id must be a positive whole number.').openapi({
        param: { name: 'documentId', in: 'path' },
        example: '3',
      }),
    }),
  },
  responses: {
    200: {
      content: { 'application/octet-stream': { schema: z.string() } },
      description: 'The file, as an attachment',
    },
    400: errorResponse('An id is malformed'),
    ...refusals,
    404: errorResponse('No such document of this seller'),
  },
});

/** requirements#operator-sellers: `now` is the clock (tests move it). */
export function adminSellerRoutes(db: Executor, store: UploadStore, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const staff = requireStaff(db, { area: 'sellers', now });
  return createRouter()
    .openapi(guarded(listRoute, staff), async (c) =>
      c.json(await listSellers(db, c.req.valid('query'), now()), 200),
    )
    .openapi(guarded(detailRoute, staff), async (c) => {
      const detail = await sellerDetail(db, c.req.valid('param').id, now());
      if (!detail) return apiError(c, 'NOT_FOUND', ADMIN_SELLER_MESSAGES.notFound);
      return c.json(detail, 200);
    })
    .openapi(guarded(decisionRoute, staff), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const member = c.get('staff');
      const at = now();
      const result = await changeSellerStatus(db, id, input, { staffId: member.id, email: member.email }, at);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', ADMIN_SELLER_MESSAGES.notFound);
      if (result.code === 'NOT_ALLOWED') return apiError(c, 'CONFLICT', result.message);
      const seller = await sellerDetail(db, id, at);
      if (!seller) throw new Error('the seller just decided was not found');
      return c.json({ message: ADMIN_SELLER_MESSAGES.done[input.action](result.displayName), seller }, 200);
    })
    .openapi(guarded(documentRoute, staff), async (c) => {
      const { id, documentId } = c.req.valid('param');
      const found = await openDocument(db, store, id, documentId);
      if (!found) return apiError(c, 'NOT_FOUND', 'No such document.');
      // requirements#staff-security-events: a seller's KYC document read by staff is written to the audit log
      const reader = c.get('staff');
      await recordRead(
        db,
        { staffId: reader.id, email: reader.email },
        { action: 'read.kyc-document', sellerId: id, documentId, kind: found.kind },
      );
      const asciiName = found.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return new Response(found.body, {
        status: 200,
        headers: {
          'Content-Type': found.contentType,
          'Content-Length': String(found.size),
          'Cache-Control': 'private, no-store',
          // a download, never shown in the page's origin: a PDF's scripts stay shut in
          'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'X-Content-Type-Options': 'nosniff',
        },
      });
    });
}
