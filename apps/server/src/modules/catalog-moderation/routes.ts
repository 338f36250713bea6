import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Database } from '@marketplace/db';
import {
  ApproveInput,
  MergeDone,
  MergeInput,
  MergePreview,
  MergeQuery,
  MODERATION_MESSAGES,
  ModerationDone,
  ModerationProduct,
  ModerationQueue,
  ProductSearchQuery,
  ProductSearchResults,
  RejectInput,
} from '@marketplace/domain/admin/moderation-api';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import {
  approveProduct,
  approveRevision,
  type ModerationResult,
  productUrl,
  rejectProduct,
  rejectRevision,
} from '../seller-listings/index.ts';
import { type AuditActor, requireStaff } from '../staff/index.ts';
import { mergePreview, mergeProducts } from './merge.ts';
import { moderationQueue, productForModeration, searchProducts } from './queue.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role does not reach the catalog',
  ),
};
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const decisionAnswers = {
  200: json(ModerationDone, 'Decided'),
  400: errorResponse('Invalid input: a message per field'),
  ...refusals,
  404: errorResponse('No such product or edit'),
  409: errorResponse('Already decided, or the edited title is taken'),
};

const queueRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/queue',
  tags: [TAG],
  summary: 'The moderation queue: new products and edits of live ones, oldest first',
  responses: { 200: json(ModerationQueue, 'The queue'), ...refusals },
});
const productRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/products/{id}',
  tags: [TAG],
  summary: 'One product as its review shows it, with its edit waiting for review and the fields it changes',
  request: { params: RecordIdParams },
  responses: {
    200: json(ModerationProduct, 'The product'),
    400: errorResponse('Malformed id'),
    ...refusals,
    404: errorResponse('No such product'),
  },
});
const decision = (summary: string) => ({
  method: 'post' as const,
  tags: [TAG],
  summary,
  responses: decisionAnswers,
});
const approveRoute = createRoute({
  ...decision('Approve a new product, with the staff member’s edits of its content when given: it goes live'),
  path: '/admin/catalog/products/{id}/approve',
  request: { params: RecordIdParams, ...body(ApproveInput) },
});
const rejectRoute = createRoute({
  ...decision('Reject a new product with the reason its seller reads'),
  path: '/admin/catalog/products/{id}/reject',
  request: { params: RecordIdParams, ...body(RejectInput) },
});
const approveRevisionRoute = createRoute({
  ...decision(
    'Approve a seller’s edit of its live product (as the staff member edited it, when given): it applies at once',
  ),
  path: '/admin/catalog/revisions/{id}/approve',
  request: { params: RecordIdParams, ...body(ApproveInput) },
});
const rejectRevisionRoute = createRoute({
  ...decision('Reject a seller’s edit with the reason it reads; the live product keeps its content'),
  path: '/admin/catalog/revisions/{id}/reject',
  request: { params: RecordIdParams, ...body(RejectInput) },
});
const searchRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/products',
  tags: [TAG],
  summary: 'Products by id or any part of the name (20 at most), to choose a merge’s two',
  request: { query: ProductSearchQuery },
  responses: {
    200: json(ProductSearchResults, 'Matching products'),
    400: errorResponse('Bad query'),
    ...refusals,
  },
});
const previewRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/merge',
  tags: [TAG],
  summary: 'What merging the duplicate into the product kept would move, and why it cannot, if it cannot',
  request: {
    query: z.object({
      keep: z.string().openapi({ param: { name: 'keep', in: 'query' }, example: '12' }),
      duplicate: z.string().openapi({ param: { name: 'duplicate', in: 'query' }, example: '34' }),
    }),
  },
  responses: {
    200: json(MergePreview, 'The preview'),
    400: errorResponse('An id is malformed'),
    ...refusals,
    404: errorResponse('No such product'),
  },
});
const mergeRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/merge',
  tags: [TAG],
  summary:
    'Merge the duplicate into the product kept in one transaction: offers, reviews, ratings, saved, history, order items and promotions move; its address redirects',
  request: body(MergeInput),
  responses: {
    200: json(MergeDone, 'Merged'),
    400: errorResponse('Invalid input'),
    ...refusals,
    404: errorResponse('No such product'),
    409: errorResponse(
      'The two cannot merge: the same product, one merged already, the kept one not live, or a seller selling both',
    ),
  },
});

function refuse(c: Context<AppEnv>, result: Exclude<ModerationResult, { code: 'OK' }>, isRevision: boolean) {
  switch (result.code) {
    case 'NOT_FOUND':
      return apiError(
        c,
        'NOT_FOUND',
        isRevision ? MODERATION_MESSAGES.revisionNotFound : MODERATION_MESSAGES.productNotFound,
      );
    case 'NOT_SELLER_PRODUCT':
      return apiError(c, 'CONFLICT', MODERATION_MESSAGES.notSellerProduct);
    case 'NOT_PENDING':
      return apiError(
        c,
        'CONFLICT',
        isRevision ? MODERATION_MESSAGES.revisionDecided : MODERATION_MESSAGES.notPending,
      );
    case 'NO_REASON':
      return apiError(c, 'VALIDATION_FAILED', MODERATION_MESSAGES.reason, {
        reason: MODERATION_MESSAGES.reason,
      });
    case 'DUPLICATE_TITLE':
      return apiError(c, 'CONFLICT', MODERATION_MESSAGES.duplicateTitle, {
        'content.title': MODERATION_MESSAGES.duplicateTitle,
      });
    case 'INVALID':
      return apiError(c, 'VALIDATION_FAILED', result.message, { 'content.attributes': result.message });
    case 'CONTENT_PROBLEMS':
      return apiError(
        c,
        'CONFLICT',
        MODERATION_MESSAGES.fixFirst,
        Object.fromEntries(Object.entries(result.fields).map(([field, text]) => [`content.${field}`, text])),
      );
    case 'NO_TAX_DETAILS':
      return apiError(c, 'CONFLICT', MODERATION_MESSAGES.noTaxDetails, {
        'content.hsnCode': MODERATION_MESSAGES.noTaxDetails,
      });
  }
}

const actorOf = (c: Context<AppEnv>): AuditActor => {
  const member = c.get('staff');
  return { staffId: member.id, email: member.email };
};

/** requirements#operator-catalog: the moderation queue and merging duplicates, for owner and catalog staff. */
export function catalogModerationRoutes(db: Database, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const staff = requireStaff(db, { area: 'catalog', now });
  const done = (c: Context<AppEnv>, message: string, productId: number) =>
    c.json({ success: true as const, message, productId }, 200);
  return createRouter()
    .openapi(guarded(queueRoute, staff), async (c) => c.json(await moderationQueue(db), 200))
    .openapi(guarded(productRoute, staff), async (c) => {
      const found = await productForModeration(db, c.req.valid('param').id);
      if (!found) return apiError(c, 'NOT_FOUND', MODERATION_MESSAGES.productNotFound);
      return c.json(found, 200);
    })
    .openapi(guarded(approveRoute, staff), async (c) => {
      const { id } = c.req.valid('param');
      const { content } = c.req.valid('json');
      const result = await approveProduct(db, id, now(), { actor: actorOf(c), content });
      if (result.code !== 'OK') return refuse(c, result, false);
      return done(c, content ? MODERATION_MESSAGES.editedApproved : MODERATION_MESSAGES.approved, id);
    })
    .openapi(guarded(rejectRoute, staff), async (c) => {
      const { id } = c.req.valid('param');
      const result = await rejectProduct(db, id, c.req.valid('json').reason, now(), { actor: actorOf(c) });
      if (result.code !== 'OK') return refuse(c, result, false);
      return done(c, MODERATION_MESSAGES.rejected, id);
    })
    .openapi(guarded(approveRevisionRoute, staff), async (c) => {
      const { content } = c.req.valid('json');
      const result = await approveRevision(db, c.req.valid('param').id, now(), {
        actor: actorOf(c),
        content,
      });
      if (result.code !== 'OK') return refuse(c, result, true);
      return done(c, MODERATION_MESSAGES.revisionApproved, result.productId ?? 0);
    })
    .openapi(guarded(rejectRevisionRoute, staff), async (c) => {
      const result = await rejectRevision(db, c.req.valid('param').id, c.req.valid('json').reason, now(), {
        actor: actorOf(c),
      });
      if (result.code !== 'OK') return refuse(c, result, true);
      return done(c, MODERATION_MESSAGES.revisionRejected, result.productId ?? 0);
    })
    .openapi(guarded(searchRoute, staff), async (c) =>
      c.json({ products: await searchProducts(db, c.req.valid('query').q) }, 200),
    )
    .openapi(guarded(previewRoute, staff), async (c) => {
      const parsed = MergeQuery.safeParse(c.req.valid('query'));
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
        return apiError(c, 'VALIDATION_FAILED', MODERATION_MESSAGES.productId, fields);
      }
      const preview = await mergePreview(db, parsed.data.keepId, parsed.data.duplicateId);
      if (!preview) return apiError(c, 'NOT_FOUND', MODERATION_MESSAGES.mergeNotFound);
      return c.json(preview, 200);
    })
    .openapi(guarded(mergeRoute, staff), async (c) => {
      const { keepId, duplicateId } = c.req.valid('json');
      const result = await mergeProducts(db, actorOf(c), keepId, duplicateId, now());
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', MODERATION_MESSAGES.mergeNotFound);
        case 'REFUSED':
        case 'SAME_SELLER':
          return apiError(c, 'CONFLICT', result.message);
        case 'OK':
          return c.json(
            {
              success: true as const,
              message: MODERATION_MESSAGES.merged(result.duplicateName, result.keepName),
              keepId: result.keepId,
              keepUrl: productUrl(result.keepName),
              moves: result.moves,
            },
            200,
          );
      }
    });
}
