import { createRoute } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  ApprovePaymentScripts,
  compareInventories,
  PAYMENT_SCRIPTS_MESSAGES,
  PaymentScriptsApproved,
  PaymentScriptsView,
} from '@marketplace/domain/admin/payment-scripts-api';
import { guarded } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { contentSecurityPolicy } from '../../http/middleware.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { recentViolations } from './csp-reports.ts';
import { approveInventory, newestInventory, newestReviewedInventory } from './inventory.ts';

/** The payment page's address, whose reports come first. */
export const PAYMENT_PAGE_PATH = '/paymentgateway';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, the second factor not entered in this session, or not an owner'),
};

const viewRoute = createRoute({
  method: 'get',
  path: '/admin/payment-scripts',
  tags: [TAG],
  summary: 'The payment page’s scripts, their review and the policy reports of the last 7 days (owners)',
  description: 'requirements#payment-page-scripts (PCI DSS 4.0 6.4.3 and 11.6.1).',
  responses: { 200: json(PaymentScriptsView, 'The newest checked list'), ...refusals },
});
const approveRoute = createRoute({
  method: 'post',
  path: '/admin/payment-scripts/review',
  tags: [TAG],
  summary: 'Records the newest list as reviewed by this owner (audited)',
  request: { body: { required: true, content: { 'application/json': { schema: ApprovePaymentScripts } } } },
  responses: {
    200: json(PaymentScriptsApproved, 'Reviewed'),
    400: errorResponse('The fingerprint is missing or malformed'),
    ...refusals,
    409: errorResponse('The list changed since it was read, or is already reviewed'),
  },
});

export async function paymentScriptsView(db: Database, now: Date): Promise<PaymentScriptsView> {
  const latest = await newestInventory(db);
  const reviewed = await newestReviewedInventory(db);
  const moved =
    latest && !latest.reviewedAt
      ? compareInventories(reviewed?.scripts ?? [], latest.scripts)
      : { added: [], removed: [], changed: [] };
  const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);
  const violations = await recentViolations(db, now, PAYMENT_PAGE_PATH);
  return {
    scripts: latest?.scripts ?? [],
    review: {
      status: !latest ? 'unchecked' : latest.reviewedAt ? 'reviewed' : 'changed',
      fingerprint: latest?.fingerprint ?? null,
      checkedAt: iso(latest?.checkedAt),
      firstSeenAt: iso(latest?.firstSeenAt),
      reviewedAt: iso(latest?.reviewedAt ?? reviewed?.reviewedAt),
      reviewedBy: latest?.reviewedAt ? latest.reviewedBy : (reviewed?.reviewedBy ?? null),
    },
    ...moved,
    contentSecurityPolicy: contentSecurityPolicy('{nonce}'),
    violations: violations.map((row) => ({
      day: row.day,
      documentPath: row.documentPath,
      directive: row.directive,
      blocked: row.blocked,
      sourceFile: row.sourceFile,
      count: row.count,
      lastAt: row.lastAt.toISOString(),
    })),
  };
}

/** requirements#payment-page-scripts: the console's page of the payment page's scripts (owners). */
export function paymentScriptRoutes(db: Database, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const ownersOnly = requireStaff(db, { area: 'security', now });
  return createRouter()
    .openapi(guarded(viewRoute, ownersOnly), async (c) => c.json(await paymentScriptsView(db, now()), 200))
    .openapi(guarded(approveRoute, ownersOnly), async (c) => {
      const member = c.get('staff');
      const { fingerprint } = c.req.valid('json');
      const result = await approveInventory(
        db,
        { staffId: member.id, email: member.email },
        fingerprint,
        now(),
      );
      if (result === 'STALE') return apiError(c, 'CONFLICT', PAYMENT_SCRIPTS_MESSAGES.stale);
      if (result === 'ALREADY') return apiError(c, 'CONFLICT', PAYMENT_SCRIPTS_MESSAGES.nothingToApprove);
      return c.json({ fingerprint, message: PAYMENT_SCRIPTS_MESSAGES.approved }, 200);
    });
}
