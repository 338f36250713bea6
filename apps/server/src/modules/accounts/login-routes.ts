import { createRoute } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  CODE_LOGIN_MESSAGES,
  CodeLoginRequest,
  CodeLoginVerify,
  LoggedIn,
  LoginInput,
  PasswordResetInput,
  PasswordResetRequest,
  RESET_MESSAGES,
  SuccessMessage,
} from '@marketplace/domain/accounts/login';
import { clientIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/router.ts';
import { loginWithCode, sendLoginCode } from './code-login.ts';
import { loginWithPassword } from './password-login.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { failureResponse } from './results.ts';
import { ACCOUNT_ERRORS, type AccountDeps, jsonBody, loggedIn } from './route-kit.ts';
import { startSession } from './session-cookie.ts';

const loggedInResponse = {
  200: {
    content: { 'application/json': { schema: LoggedIn } },
    description: 'Logged in; a new session cookie is set',
  },
  ...ACCOUNT_ERRORS,
};
const sentResponse = {
  200: {
    content: { 'application/json': { schema: SuccessMessage } },
    description: 'Sent if the account exists',
  },
  ...ACCOUNT_ERRORS,
};

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['Accounts'],
  summary: 'Log in with email and password',
  description:
    'spec Login.php. One answer (401) for an unknown email and a wrong password. Five failures for an account (or 30 from one address) within 15 minutes pause it with 429 until the window ends. Every login gets a new session token; the old session ends.',
  request: jsonBody(LoginInput),
  responses: loggedInResponse,
});

const sendCode = createRoute({
  method: 'post',
  path: '/auth/login-codes',
  tags: ['Accounts'],
  summary: 'Send a 4-digit login code',
  description:
    'spec checkotplogin.php. To an email or a 10-digit mobile; the same answer whether or not an account has it. One code per 30 s and 5 per hour per destination (429).',
  request: jsonBody(CodeLoginRequest),
  responses: sentResponse,
});

const verifyCode = createRoute({
  method: 'post',
  path: '/auth/login-codes/verify',
  tags: ['Accounts'],
  summary: 'Log in with the code',
  description: 'spec checkotpverify.php. The code works for 10 minutes; the fifth wrong try kills it (422).',
  request: jsonBody(CodeLoginVerify),
  responses: loggedInResponse,
});

const requestReset = createRoute({
  method: 'post',
  path: '/auth/password-resets',
  tags: ['Accounts'],
  summary: 'Send a password reset code',
  description:
    'spec ForgotPassword.php. A 6-digit code to the email; the same answer whether or not it has an account.',
  request: jsonBody(PasswordResetRequest),
  responses: sentResponse,
});

const confirmReset = createRoute({
  method: 'post',
  path: '/auth/password-resets/confirm',
  tags: ['Accounts'],
  summary: 'Set a new password with the reset code',
  description:
    'spec UpdateForgotPassword.php. Sets the password and ends every session of the account; log in again with the new password.',
  request: jsonBody(PasswordResetInput),
  responses: {
    200: { content: { 'application/json': { schema: SuccessMessage } }, description: 'Password changed' },
    ...ACCOUNT_ERRORS,
  },
});

export function loginRoutes(db: Database, deps: AccountDeps) {
  return createRouter()
    .openapi(login, async (c) => {
      const { email, password } = c.req.valid('json');
      const result = await loginWithPassword(db, email, password, clientIp(c), deps.now?.());
      if (!result.ok) return failureResponse(c, result);
      await startSession(c, db, result.userId);
      return c.json(await loggedIn(db, result.userId), 200);
    })
    .openapi(sendCode, async (c) => {
      const result = await sendLoginCode(db, c.req.valid('json').emailOrMobile, clientIp(c));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      return c.json({ success: true as const, message: CODE_LOGIN_MESSAGES.sent }, 200);
    })
    .openapi(verifyCode, async (c) => {
      const { emailOrMobile, code } = c.req.valid('json');
      const result = await loginWithCode(db, emailOrMobile, code);
      if (!result.ok) return failureResponse(c, result);
      await startSession(c, db, result.userId);
      return c.json(await loggedIn(db, result.userId), 200);
    })
    .openapi(requestReset, async (c) => {
      const result = await requestPasswordReset(db, c.req.valid('json').email, clientIp(c));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      return c.json({ success: true as const, message: RESET_MESSAGES.sent }, 200);
    })
    .openapi(confirmReset, async (c) => {
      const result = await resetPassword(db, c.req.valid('json'));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      return c.json({ success: true as const, message: RESET_MESSAGES.done }, 200);
    });
}
