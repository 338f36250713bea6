import { createRoute, z } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import { type Executor, users } from '@marketplace/db';
import { NOTICE_LANGUAGES, NOTICE_VERSION, noticeIn } from '@marketplace/domain/privacy/notice';
import {
  ConsentChange,
  ConsentSaved,
  DeletionDone,
  DeletionInput,
  DeletionPreview,
  PRIVACY_MESSAGES as M,
  PrivacyOverview,
} from '@marketplace/domain/privacy/rights';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { currentConsents, recordConsent } from './consents.ts';
import { deletionPreview, eraseAccount } from './erase.ts';
import { exportAccountData } from './export.ts';

const tags = ['Privacy'];

const noticeRoute = createRoute({
  method: 'get',
  path: '/privacy/notice',
  tags,
  summary: 'The privacy notice in force, in a language',
  description: `requirements#privacy-notice. Languages: ${NOTICE_LANGUAGES.join(', ')}; an unknown one answers English.`,
  request: { query: z.object({ lang: z.string().max(8).optional() }) },
  responses: {
    200: {
      content: {
        'application/json': {
          schema: z.object({ version: z.string(), language: z.enum(NOTICE_LANGUAGES), notice: z.unknown() }),
        },
      },
      description: 'The notice',
    },
    400: errorResponse('A malformed language'),
  },
});

const overviewRoute = createRoute({
  method: 'get',
  path: '/privacy',
  tags,
  summary: 'The logged-in shopper’s consents',
  responses: {
    200: { content: { 'application/json': { schema: PrivacyOverview } }, description: 'The consents' },
    401: errorResponse('Not logged in'),
  },
});

const consentRoute = createRoute({
  method: 'put',
  path: '/privacy/consents',
  tags,
  summary: 'Give or withdraw one consent',
  description:
    'Withdrawing marketing turns every offers message off; withdrawing personalisation erases the browsing and search history (requirements#privacy-consent).',
  request: { body: { required: true, content: { 'application/json': { schema: ConsentChange } } } },
  responses: {
    200: { content: { 'application/json': { schema: ConsentSaved } }, description: 'Recorded' },
    400: errorResponse('An unknown purpose or choice'),
    401: errorResponse('Not logged in'),
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/privacy/export',
  tags,
  summary: 'Download everything kept about the logged-in shopper',
  description: 'A JSON file (requirements#data-export).',
  responses: {
    200: {
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
      description: 'The file',
    },
    401: errorResponse('Not logged in'),
  },
});

const previewRoute = createRoute({
  method: 'get',
  path: '/privacy/deletion',
  tags,
  summary: 'What deleting the account would keep, and what stops it',
  responses: {
    200: { content: { 'application/json': { schema: DeletionPreview } }, description: 'The preview' },
    401: errorResponse('Not logged in'),
  },
});

const deleteRoute = createRoute({
  method: 'post',
  path: '/privacy/deletion',
  tags,
  summary: 'Delete the logged-in shopper’s account',
  description:
    'Erases the personal data (requirements#account-deletion), keeps tax documents for 72 months, and ends every session.',
  request: { body: { required: true, content: { 'application/json': { schema: DeletionInput } } } },
  responses: {
    200: { content: { 'application/json': { schema: DeletionDone } }, description: 'Deleted' },
    400: errorResponse('Not confirmed'),
    401: errorResponse('Not logged in'),
    403: errorResponse('A seller’s or staff member’s account'),
    409: errorResponse('Open orders, requests or refunds must finish first'),
  },
});

/** requirements#privacy-page: the shopper's own consents and data only (no id in any path). */
export function privacyRoutes(
  db: Executor,
  {
    clock = () => new Date(),
    sessionCookie,
  }: {
    clock?: () => Date;
    /** the session cookie's name, which the app gives (requirements#module-faces): cleared once the account is erased */
    sessionCookie: string;
  },
) {
  const signedIn = requireShopper(db, M.needsUser);
  // using a right counts as approaching us (DPDP Rules 2025 rule 8(1)): the inactivity clock restarts
  const touch = (userId: number) =>
    db.update(users).set({ lastActiveAt: clock(), inactivityWarnedAt: null }).where(eq(users.id, userId));
  return createRouter()
    .openapi(noticeRoute, (c) => {
      const { language, text } = noticeIn(c.req.valid('query').lang);
      return c.json({ version: NOTICE_VERSION, language, notice: text }, 200);
    })
    .openapi(guarded(overviewRoute, signedIn), async (c) => {
      return c.json(
        { noticeVersion: NOTICE_VERSION, consents: await currentConsents(db, c.get('shopper').id) },
        200,
      );
    })
    .openapi(guarded(consentRoute, signedIn), async (c) => {
      const userId = c.get('shopper').id;
      const choice = c.req.valid('json');
      await recordConsent(db, userId, choice, clock());
      await touch(userId);
      return c.json(
        {
          consents: await currentConsents(db, userId),
          message: choice.isGranted ? M.consentGiven : M.consentWithdrawn,
        },
        200,
      );
    })
    .openapi(guarded(exportRoute, signedIn), async (c) => {
      const userId = c.get('shopper').id;
      await touch(userId);
      const now = clock();
      c.header(
        'Content-Disposition',
        `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`,
      );
      return c.json(await exportAccountData(db, userId, now), 200);
    })
    .openapi(guarded(previewRoute, signedIn), async (c) => {
      return c.json(await deletionPreview(db, c.get('shopper').id), 200);
    })
    .openapi(guarded(deleteRoute, signedIn), async (c) => {
      const result = await eraseAccount(db, c.get('shopper').id, clock());
      if (!result.ok) {
        if (result.code === 'ALREADY_ERASED') return apiError(c, 'UNAUTHENTICATED', M.needsUser);
        if (result.preview.refusal) return apiError(c, 'FORBIDDEN', result.preview.refusal);
        return apiError(
          c,
          'CONFLICT',
          [M.deleteBlocked, ...result.preview.blockers.map((b) => b.text)].join(' '),
        );
      }
      deleteCookie(c, sessionCookie, { path: '/' });
      return c.json({ message: M.deleted }, 200);
    });
}
