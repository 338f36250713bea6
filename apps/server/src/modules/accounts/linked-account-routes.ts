import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import { LoggedIn, SuccessMessage } from '@marketplace/domain/accounts/login';
import {
  LINKED_ACCOUNT_MESSAGES as M,
  LinkedAccountList,
  LinkByCodeInput,
  LinkByPasswordInput,
  LinkCodeRequest,
  SwitchAccountInput,
} from '@marketplace/domain/accounts/linked-accounts';
import { MAX_RECORD_ID } from '@marketplace/domain/validation/record-id';
import { requireShopper } from '../../http/auth.ts';
import { clientIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/router.ts';
import {
  linkByCode,
  linkByPassword,
  listLinkedAccounts,
  sendLinkCode,
  sendSwitchCode,
  switchAccount,
} from './linked-accounts.ts';
import { failureResponse } from './results.ts';
import { ACCOUNT_ERRORS, type AccountDeps, jsonBody, loggedIn } from './route-kit.ts';
import { startSession } from './session-cookie.ts';

const LinkId = z.object({
  id: z.coerce
    .number({ message: 'Unknown linked account.' })
    .int('Unknown linked account.')
    .positive('Unknown linked account.')
    .max(MAX_RECORD_ID, 'Unknown linked account.')
    .openapi({ param: { name: 'id', in: 'path' }, example: 3, type: 'integer' }),
});
const ok = (description: string) => ({
  200: { content: { 'application/json': { schema: SuccessMessage } }, description },
  ...ACCOUNT_ERRORS,
});
const tags = ['Linked accounts'];

const list = createRoute({
  method: 'get',
  path: '/linked-accounts',
  tags,
  summary: 'Accounts I can switch to',
  description: 'spec swaccount.php (GET): first name, email and mobile of each linked account.',
  responses: {
    200: {
      content: { 'application/json': { schema: LinkedAccountList } },
      description: 'The linked accounts',
    },
    ...ACCOUNT_ERRORS,
  },
});
const addByPassword = createRoute({
  method: 'post',
  path: '/linked-accounts',
  tags,
  summary: 'Link an account by its password',
  description:
    'spec swaccount.php action=check. Proves the other account with its email or mobile and password (limited like login); links both ways.',
  request: jsonBody(LinkByPasswordInput),
  responses: ok('Linked'),
});
const sendAddCode = createRoute({
  method: 'post',
  path: '/linked-accounts/codes',
  tags,
  summary: 'Send a code to an account to link',
  description: 'The same answer whether or not the account exists; limits as for every code.',
  request: jsonBody(LinkCodeRequest),
  responses: ok('Sent if the account exists'),
});
const addByCode = createRoute({
  method: 'post',
  path: '/linked-accounts/verify',
  tags,
  summary: 'Link an account by the code sent to it',
  description: 'spec swaccount.php action=otpcheck.',
  request: jsonBody(LinkByCodeInput),
  responses: ok('Linked'),
});
const sendSwitch = createRoute({
  method: 'post',
  path: '/linked-accounts/{id}/codes',
  tags,
  summary: 'Send a switch code to a linked account',
  description:
    'spec swaccountotp.php?action=sendotp: a code to its email and mobile. 404 unless it is one of mine.',
  request: { params: LinkId },
  responses: ok('Sent'),
});
const doSwitch = createRoute({
  method: 'post',
  path: '/linked-accounts/{id}/switch',
  tags,
  summary: 'Switch to a linked account',
  description:
    'spec swaccountotp.php with swotp. The right code ends this session and starts one for the linked account (new cookie).',
  request: { params: LinkId, ...jsonBody(SwitchAccountInput) },
  responses: {
    200: { content: { 'application/json': { schema: LoggedIn } }, description: 'Switched' },
    ...ACCOUNT_ERRORS,
  },
});

export function linkedAccountRoutes(db: Database, deps: AccountDeps) {
  // not logged in: 401 before the body is even read
  const signedIn = requireShopper(db, 'Please log in to continue.');
  const router = createRouter();
  router.use('/linked-accounts', signedIn);
  router.use('/linked-accounts/*', signedIn);
  return router
    .openapi(list, async (c) => {
      const user = c.get('shopper');
      c.header('Cache-Control', 'no-store');
      return c.json({ accounts: await listLinkedAccounts(db, user.id) }, 200);
    })
    .openapi(addByPassword, async (c) => {
      const user = c.get('shopper');
      const { emailOrMobile, password } = c.req.valid('json');
      const result = await linkByPassword(db, user.id, emailOrMobile, password, clientIp(c));
      if (!result.ok) return failureResponse(c, result);
      return c.json({ success: true as const, message: M.linked }, 200);
    })
    .openapi(sendAddCode, async (c) => {
      const user = c.get('shopper');
      const result = await sendLinkCode(db, user.id, c.req.valid('json').emailOrMobile, clientIp(c));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      return c.json({ success: true as const, message: M.linkCodeSent }, 200);
    })
    .openapi(addByCode, async (c) => {
      const user = c.get('shopper');
      const { emailOrMobile, code } = c.req.valid('json');
      const result = await linkByCode(db, user.id, emailOrMobile, code);
      if (!result.ok) return failureResponse(c, result);
      return c.json({ success: true as const, message: M.linked }, 200);
    })
    .openapi(sendSwitch, async (c) => {
      const user = c.get('shopper');
      const result = await sendSwitchCode(db, user.id, c.req.valid('param').id, clientIp(c));
      if (!result.ok) return failureResponse(c, result);
      deps.notifyMessages?.();
      return c.json({ success: true as const, message: M.codeSent }, 200);
    })
    .openapi(doSwitch, async (c) => {
      const user = c.get('shopper');
      const result = await switchAccount(db, user.id, c.req.valid('param').id, c.req.valid('json').code);
      if (!result.ok) return failureResponse(c, result);
      await startSession(c, db, result.userId);
      return c.json(await loggedIn(db, result.userId), 200);
    });
}
