import { createRoute } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import { areasOf } from '@marketplace/domain/admin/console';
import {
  AuditPage,
  AuditQuery,
  StaffCodeInput,
  StaffEnrolment,
  StaffMe,
  StaffOverview,
  TOTP_ISSUER,
  STAFF_MESSAGES,
} from '@marketplace/domain/admin/staff-api';
import type { Context } from 'hono';
import { guarded } from '../../http/auth.ts';
import type { AppEnv, SessionStaff } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { recentActionsOf, searchAudit } from './audit.ts';
import { requireStaff } from './guard.ts';
import { type CodeResult, enrol, enrolmentSecret, verify } from './staff.ts';
import { qrSvg, totpUri } from './totp.ts';
import { type SecretBox, secretBox } from '../../secret-box.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role does not reach this area',
  ),
};
const codeAnswers = {
  200: json(StaffMe, 'The session is verified for the console'),
  400: errorResponse('The code is not 6 digits'),
  ...refusals,
  409: errorResponse('The authenticator app is already set up, or not yet'),
  422: errorResponse('The code is not right'),
  429: errorResponse('Too many wrong codes: paused'),
};
const codeBody = { body: { content: { 'application/json': { schema: StaffCodeInput } }, required: true } };

const meRoute = createRoute({
  method: 'get',
  path: '/admin/me',
  tags: [TAG],
  summary:
    'The staff member of the session: role, areas, and whether the second factor is set up and entered',
  responses: { 200: json(StaffMe, 'The staff member'), ...refusals },
});
const enrolmentRoute = createRoute({
  method: 'get',
  path: '/admin/enrolment',
  tags: [TAG],
  summary:
    'The secret to add to an authenticator app (text, otpauth address and QR code), until it is set up',
  responses: {
    200: json(StaffEnrolment, 'The secret'),
    ...refusals,
    409: errorResponse('The authenticator app is already set up'),
  },
});
const enrolRoute = createRoute({
  method: 'post',
  path: '/admin/enrolment',
  tags: [TAG],
  summary: 'Sets up the authenticator app with its first code; the session is verified',
  request: codeBody,
  responses: codeAnswers,
});
const verifyRoute = createRoute({
  method: 'post',
  path: '/admin/verification',
  tags: [TAG],
  summary: 'Verifies this session with a code from the authenticator app (for 30 minutes of idleness)',
  request: codeBody,
  responses: codeAnswers,
});
const overviewRoute = createRoute({
  method: 'get',
  path: '/admin/overview',
  tags: [TAG],
  summary: 'The console’s first screen: the staff member’s role, areas and latest changes',
  responses: { 200: json(StaffOverview, 'The overview'), ...refusals },
});
const auditRoute = createRoute({
  method: 'get',
  path: '/admin/audit',
  tags: [TAG],
  summary: 'The audit log, newest first, by staff member, action and Indian days (owners only)',
  request: { query: AuditQuery },
  responses: {
    200: json(AuditPage, 'A page of the log'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});

function meOf(member: SessionStaff, isVerified: boolean): StaffMe {
  const { role } = member;
  return {
    email: member.email,
    name: member.name,
    role,
    areas: areasOf(role),
    mustChangePassword: member.passwordIsTemporary,
    isEnrolled: member.enrolledAt !== null || isVerified,
    isVerified,
  };
}

function codeAnswer(c: Context<AppEnv>, result: CodeResult) {
  const member = c.get('staff');
  switch (result.code) {
    case 'OK':
      return c.json(meOf(member, true), 200);
    case 'WRONG_CODE':
      return apiError(c, 'UNPROCESSABLE', result.message, { code: result.message });
    case 'RATE_LIMITED':
      c.header('Retry-After', String(result.retryAfterSeconds));
      return apiError(c, 'RATE_LIMITED', result.message);
    case 'ALREADY_ENROLLED':
    case 'NOT_ENROLLED':
      return apiError(c, 'CONFLICT', result.message);
  }
}

/** requirements#operator-console: the console's staff, second factor and audit log. `now` is the clock. */
export function staffRoutes(db: Database, options: { now?: () => Date; secrets?: SecretBox } = {}) {
  const box = options.secrets ?? secretBox(null);
  const now = () => options.now?.() ?? new Date();
  const staffOnly = requireStaff(db, { unverified: true, now });
  return createRouter()
    .openapi(guarded(meRoute, requireStaff(db, { unverified: true, temporaryPassword: true, now })), (c) => {
      const member = c.get('staff');
      return c.json(meOf(member, member.isVerified), 200);
    })
    .openapi(guarded(enrolmentRoute, staffOnly), async (c) => {
      const member = c.get('staff');
      const result = await enrolmentSecret(db, member, box);
      if (result.code === 'ALREADY_ENROLLED') return apiError(c, 'CONFLICT', STAFF_MESSAGES.alreadyEnrolled);
      const uri = totpUri(result.secret, member.email);
      return c.json(
        { issuer: TOTP_ISSUER, account: member.email, secret: result.secret, uri, qrSvg: qrSvg(uri) },
        200,
      );
    })
    .openapi(guarded(enrolRoute, staffOnly), async (c) => {
      const member = c.get('staff');
      const { code } = c.req.valid('json');
      return codeAnswer(c, await enrol(db, member, member.sessionTokenHash, code, box, now()));
    })
    .openapi(guarded(verifyRoute, staffOnly), async (c) => {
      const member = c.get('staff');
      const { code } = c.req.valid('json');
      return codeAnswer(c, await verify(db, member, member.sessionTokenHash, code, box, now()));
    })
    .openapi(guarded(overviewRoute, requireStaff(db, { now })), async (c) => {
      const member = c.get('staff');
      return c.json(
        {
          name: member.name,
          role: member.role,
          areas: areasOf(member.role),
          enrolledAt: (member.enrolledAt ?? now()).toISOString(),
          recentActions: await recentActionsOf(db, member.id),
        },
        200,
      );
    })
    .openapi(guarded(auditRoute, requireStaff(db, { area: 'audit', now })), async (c) => {
      return c.json(await searchAudit(db, c.req.valid('query')), 200);
    });
}
