import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Database } from '@marketplace/db';
import { RejectInput } from '@marketplace/domain/admin/moderation-api';
import {
  LANGUAGE_MESSAGES,
  PRODUCT_LANGUAGES,
  SellerTranslations,
  TRANSLATION_MESSAGES,
  TranslationInput,
} from '@marketplace/domain/catalog/product-languages';
import { guarded, requireSeller } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams, recordId } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { type AuditActor, requireStaff } from '../staff/index.ts';
import { decideTranslation, pendingTranslations, sellerTranslations, submitTranslation } from './service.ts';

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const Done = z.object({ success: z.literal(true), message: z.string() });
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as an approved seller'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/seller/listings/{id}/translations',
  tags: ['Seller Central'],
  summary:
    'The product’s title, bullet points and description in Hindi, Tamil and Telugu, live and in review',
  request: { params: RecordIdParams },
  responses: {
    200: json(SellerTranslations, 'The translations'),
    400: errorResponse('Malformed id'),
    ...sellerOnly,
    404: errorResponse('No such listing of this seller'),
  },
});
const putRoute = createRoute({
  method: 'put',
  path: '/seller/listings/{id}/translations',
  tags: ['Seller Central'],
  summary: 'Send the product’s text in one language for review (only the seller who added the product)',
  request: { params: RecordIdParams, ...body(TranslationInput) },
  responses: {
    200: json(Done, 'Sent for review, or nothing changed'),
    400: errorResponse('Invalid input: a message per field'),
    ...sellerOnly,
    404: errorResponse('No such listing of this seller'),
  },
});

const TAG = 'admin';
const staffOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, no second factor this session, or the role does not reach the catalog'),
};
const PendingList = z.object({
  translations: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      language: z.enum(PRODUCT_LANGUAGES),
      title: z.string(),
      bulletPoints: z.array(z.string()),
      description: z.string(),
      liveTitle: z.string().nullable(),
      submittedAt: z.string(),
    }),
  ),
});
const DecisionParams = z.object({
  id: recordId('The id must be a positive whole number.').openapi({
    param: { name: 'id', in: 'path' },
    example: '12',
  }),
  language: z
    .enum(PRODUCT_LANGUAGES, { message: LANGUAGE_MESSAGES.unknown })
    .openapi({ param: { name: 'language', in: 'path' }, example: 'hi' }),
});
const queueRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/translations',
  tags: [TAG],
  summary: 'Products’ texts in Hindi, Tamil and Telugu waiting for review, oldest first',
  responses: { 200: json(PendingList, 'The texts'), ...staffOnly },
});
const decisionAnswers = {
  200: json(Done, 'Decided'),
  400: errorResponse('Invalid input'),
  ...staffOnly,
  409: errorResponse('No text of this product in this language waits for review'),
};
const approveRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/translations/{id}/{language}/approve',
  tags: [TAG],
  summary: 'Approve a product’s text in a language: shoppers in that language see it',
  request: { params: DecisionParams },
  responses: decisionAnswers,
});
const rejectRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/translations/{id}/{language}/reject',
  tags: [TAG],
  summary: 'Reject a product’s text in a language with the reason its seller reads',
  request: { params: DecisionParams, ...body(RejectInput) },
  responses: decisionAnswers,
});

export const TEXT_DECISION_MESSAGES = {
  approved: 'The text is live.',
  rejected: 'The text was rejected; the seller sees why.',
  notPending: 'No text of this product in this language waits for review.',
} as const;

const actorOf = (c: Context<AppEnv>): AuditActor => {
  const member = c.get('staff');
  return { staffId: member.id, email: member.email };
};

/** requirements#product-languages: sellers write their products' texts in the shop's languages. */
export function sellerProductTextRoutes(db: Database, clock: () => Date = () => new Date()) {
  const guard = requireSeller(db);
  return createRouter()
    .openapi(guarded(getRoute, guard), async (c) => {
      const found = await sellerTranslations(db, c.get('seller').sellerId, c.req.valid('param').id);
      if (!found) return apiError(c, 'NOT_FOUND', TRANSLATION_MESSAGES.notFound);
      return c.json(found, 200);
    })
    .openapi(guarded(putRoute, guard), async (c) => {
      const result = await submitTranslation(
        db,
        c.get('seller').sellerId,
        c.req.valid('param').id,
        c.req.valid('json'),
        clock(),
      );
      switch (result.code) {
        // another seller's product: as if the listing were not there for it to write on
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', TRANSLATION_MESSAGES.notFound);
        case 'NOT_CREATOR':
          return apiError(c, 'FORBIDDEN', TRANSLATION_MESSAGES.notCreator);
        case 'UNCHANGED':
          return c.json({ success: true as const, message: TRANSLATION_MESSAGES.unchanged }, 200);
        case 'OK':
          return c.json({ success: true as const, message: TRANSLATION_MESSAGES.submitted }, 200);
      }
    });
}

/** requirements#product-languages, requirements#operator-catalog: staff review the texts. */
export function productTextModerationRoutes(db: Database, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const staff = requireStaff(db, { area: 'catalog', now });
  return createRouter()
    .openapi(guarded(queueRoute, staff), async (c) =>
      c.json({ translations: await pendingTranslations(db) }, 200),
    )
    .openapi(guarded(approveRoute, staff), async (c) => {
      const { id, language } = c.req.valid('param');
      const result = await decideTranslation(db, id, language, { approve: true }, actorOf(c), now());
      if (result.code !== 'OK') return apiError(c, 'CONFLICT', TEXT_DECISION_MESSAGES.notPending);
      return c.json({ success: true as const, message: TEXT_DECISION_MESSAGES.approved }, 200);
    })
    .openapi(guarded(rejectRoute, staff), async (c) => {
      const { id, language } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const result = await decideTranslation(db, id, language, { approve: false, reason }, actorOf(c), now());
      if (result.code !== 'OK') return apiError(c, 'CONFLICT', TEXT_DECISION_MESSAGES.notPending);
      return c.json({ success: true as const, message: TEXT_DECISION_MESSAGES.rejected }, 200);
    });
}
