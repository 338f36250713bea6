import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import { LoggedIn, SuccessMessage } from '@marketplace/domain/accounts/login';
import {
  PENDING_REGISTRATION_ID,
  PendingRegistration,
  REGISTRATION_MESSAGES as M,
  RegistrationCodesInput,
  RegistrationInput,
  RegistrationStarted,
} from '@marketplace/domain/accounts/registration';
import { createRouter } from '../../http/router.ts';
import { clientIp } from '../../http/rate-limit.ts';
import {
  completeRegistration,
  describeRegistration,
  resendRegistrationCodes,
  startRegistration,
} from './registration.ts';
import { failureResponse } from './results.ts';
import { ACCOUNT_ERRORS, type AccountDeps, jsonBody, loggedIn } from './route-kit.ts';
import { startSession } from './session-cookie.ts';

const RegistrationId = z.object({
  id: z
    .string()
    .regex(PENDING_REGISTRATION_ID, 'Unknown registration.')
    .openapi({ param: { name: 'id', in: 'path' }, example: 'q1w2e3r4t5y6u7i8o9p0aa' }),
});

const start = createRoute({
  method: 'post',
  path: '/registrations',
  tags: ['Accounts'],
  summary: 'Start a registration',
  description:
    'spec CheckRegister.php. Checks every field, keeps the details pending (password hashed) and sends a 6-digit code to the email and another to the mobile. The account is created only by the verify call.',
  request: jsonBody(RegistrationInput),
  responses: {
    201: {
      content: { 'application/json': { schema: RegistrationStarted } },
      description: 'Codes sent; continue at /verifyotp?registration={registrationId}',
    },
    ...ACCOUNT_ERRORS,
  },
});

const describe = createRoute({
  method: 'get',
  path: '/registrations/{id}',
  tags: ['Accounts'],
  summary: 'A pending registration',
  description:
    'Where its codes went (masked) and until when they work; 404 once it can no longer be finished.',
  request: { params: RegistrationId },
  responses: {
    200: {
      content: { 'application/json': { schema: PendingRegistration } },
      description: 'The pending registration',
    },
    ...ACCOUNT_ERRORS,
  },
});

const resend = createRoute({
  method: 'post',
  path: '/registrations/{id}/codes',
  tags: ['Accounts'],
  summary: 'Resend the registration codes',
  description: 'spec: a resend sends only email and mobile. New codes to both; the old ones stop working.',
  request: { params: RegistrationId },
  responses: {
    200: { content: { 'application/json': { schema: SuccessMessage } }, description: 'Sent' },
    ...ACCOUNT_ERRORS,
  },
});

const verify = createRoute({
  method: 'post',
  path: '/registrations/{id}/verify',
  tags: ['Accounts'],
  summary: 'Verify both codes and create the account',
  description:
    'spec ConfirmRegister.php. Both codes right: the account is created and logged in (a session cookie is set). Each wrong code counts against that code (5 tries).',
  request: { params: RegistrationId, ...jsonBody(RegistrationCodesInput) },
  responses: {
    201: {
      content: { 'application/json': { schema: LoggedIn } },
      description: 'Registered and logged in',
    },
    ...ACCOUNT_ERRORS,
  },
});

export function registrationRoutes(db: Database, deps: AccountDeps) {
  return createRouter()
    .openapi(start, async (c) => {
      const result = await startRegistration(db, c.req.valid('json'), clientIp(c));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      return c.json(
        { success: true as const, message: M.codesSent, registrationId: result.registrationId },
        201,
      );
    })
    .openapi(describe, async (c) => {
      const result = await describeRegistration(db, c.req.valid('param').id);
      if (!result.ok) return failureResponse(c, result);
      c.header('Cache-Control', 'no-store');
      return c.json({ email: result.email, mobile: result.mobile, expiresAt: result.expiresAt }, 200);
    })
    .openapi(resend, async (c) => {
      const result = await resendRegistrationCodes(db, c.req.valid('param').id, clientIp(c));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      return c.json({ success: true as const, message: M.codesResent }, 200);
    })
    .openapi(verify, async (c) => {
      const result = await completeRegistration(db, c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      await startSession(c, db, result.userId);
      return c.json(await loggedIn(db, result.userId), 201);
    });
}
