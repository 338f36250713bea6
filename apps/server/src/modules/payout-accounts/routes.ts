// requirements#payout-account: a seller changes its payout bank account with codes to its registered
// email and mobile; staff propose and approve changes, two people (ADR-0049).
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { type Executor, sellers } from '@marketplace/db';
import {
  BankChangeList,
  PAYOUT_ACCOUNT_MESSAGES as M,
  PayoutAccountState,
  PayoutGuard,
  SellerBankCodesSent,
  SellerBankConfirmInput,
  StaffBankChangeInput,
} from '@marketplace/domain/settlement/payout-account';
import { SellerBankInput } from '@marketplace/domain/sellers/seller-join';
import { guarded, requireSeller } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams, recordId } from '../../http/openapi.ts';
import { clientIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/router.ts';
import type { AccountValidator } from '../payments/index.ts';
import { requireStaff } from '../staff/index.ts';
import {
  confirmSellerChange,
  decideStaffChange,
  proposeStaffChange,
  requestSellerChange,
  startValidation,
} from './changes.ts';
import { demoPayoutRefusal } from './demo-guard.ts';
import { bankChangesOf, payoutAccountState } from './read.ts';

const sellerTags = ['Seller Central'];
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as an approved seller'),
};
const staffOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, the second factor not entered, or the role does not reach settlements'),
};

const requestRoute = createRoute({
  method: 'put',
  path: '/seller/bank-account',
  tags: sellerTags,
  summary: 'Ask to change the payout bank account: codes go to the registered email and mobile',
  description:
    'Nothing changes yet. A 6-digit code goes to the login’s email and another to its mobile; `POST /api/seller/bank-account/confirm` with both applies the change, tells the seller’s contacts, holds payouts for 48 hours and starts the penny-drop check of the new account.',
  request: { body: { required: true, content: { 'application/json': { schema: SellerBankInput } } } },
  responses: {
    202: json(SellerBankCodesSent, 'Codes sent'),
    400: errorResponse('A field is wrong (per-field messages)'),
    409: errorResponse('This is already the payout account'),
    429: errorResponse('Too many codes; Retry-After says when to try again'),
    ...sellerOnly,
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/seller/bank-account/confirm',
  tags: sellerTags,
  summary: 'Confirm the payout bank account change with the codes sent to the registered email and mobile',
  request: { body: { required: true, content: { 'application/json': { schema: SellerBankConfirmInput } } } },
  responses: {
    200: json(PayoutAccountState, 'Changed: the account, its hold and its check'),
    400: errorResponse('A code is missing, wrong or expired (the fifth wrong try kills it)'),
    404: errorResponse('No change is waiting for its codes'),
    ...sellerOnly,
  },
});

const stateRoute = createRoute({
  method: 'get',
  path: '/seller/payout-account',
  tags: sellerTags,
  summary: 'The payout account: masked, whether the bank confirmed it, and any hold on payouts',
  responses: { 200: json(PayoutAccountState, 'The payout account'), ...sellerOnly },
});

const ChangeParams = RecordIdParams.extend({
  changeId: recordId('The change id must be a positive whole number.').openapi({
    param: { name: 'changeId', in: 'path' },
    example: '3',
  }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/admin/sellers/{id}/bank-changes',
  tags: ['admin'],
  summary: 'A seller’s payout account changes, newest first, with the bank’s name for each account',
  request: { params: RecordIdParams },
  responses: {
    200: json(BankChangeList, 'The changes'),
    400: errorResponse('The id is malformed'),
    ...staffOnly,
    404: errorResponse('No such seller'),
  },
});

const proposeRoute = createRoute({
  method: 'post',
  path: '/admin/sellers/{id}/bank-changes',
  tags: ['admin'],
  summary:
    'Propose a new payout account for a seller (the number typed twice, and why); another staff member approves it',
  request: {
    params: RecordIdParams,
    body: { required: true, content: { 'application/json': { schema: StaffBankChangeInput } } },
  },
  responses: {
    201: json(BankChangeList, 'Proposed: the changes'),
    400: errorResponse('A field is wrong'),
    409: errorResponse('This is already the seller’s account'),
    ...staffOnly,
    404: errorResponse('No such seller'),
  },
});

const decideRoute = (decision: 'approve' | 'reject') =>
  createRoute({
    method: 'post',
    path: `/admin/sellers/{id}/bank-changes/{changeId}/${decision}`,
    tags: ['admin'],
    summary:
      decision === 'approve'
        ? 'Approve another staff member’s proposed change: applied at once, payouts held 48 hours, the seller told'
        : 'Reject a proposed change',
    request: { params: ChangeParams },
    responses: {
      200: json(BankChangeList, 'Decided: the changes'),
      400: errorResponse('An id is malformed'),
      ...staffOnly,
      404: errorResponse('No such change of this seller'),
      409: errorResponse('Already decided, or proposed by the staff member deciding'),
    },
  });

const allRoute = createRoute({
  method: 'get',
  path: '/admin/settlements/bank-changes',
  tags: ['admin'],
  summary:
    'Payout account changes of every seller, those awaiting approval first, and whether payouts are stopped',
  responses: { 200: json(BankChangeList, 'The changes'), ...staffOnly },
});

const guardRoute = createRoute({
  method: 'get',
  path: '/admin/settlements/payout-guard',
  tags: ['admin'],
  summary: 'Whether the payout cycle is stopped, and why (demo sellers with a real payout provider)',
  responses: { 200: json(PayoutGuard, 'The guard'), ...staffOnly },
});

export type PayoutAccountDeps = {
  validator: AccountValidator | null;
  /** the payout provider in use ('razorpayx' moves real money), null without one */
  payoutProvider: 'sandbox' | 'razorpayx' | null;
  now?: () => Date;
};

export function payoutAccountRoutes(db: Executor, deps: PayoutAccountDeps) {
  const now = () => deps.now?.() ?? new Date();
  const seller = requireSeller(db);
  // a suspended seller is still owed its money, and reads its Payments page (requirements#settlement)
  const sellerEvenSuspended = requireSeller(db, { evenSuspended: true });
  const finance = requireStaff(db, { area: 'settlements', now });
  /** starts the penny-drop check; a provider out of reach leaves it to the validation job */
  const validate = async (c: Context<AppEnv>, changeId: number) => {
    if (!deps.validator) return;
    await startValidation(db, deps.validator, changeId).catch((error: unknown) =>
      c
        .get('logger')
        .warn({ err: error, changeId }, 'payout account check not started; the validation job retries'),
    );
  };
  const changes = async (sellerId: number, message?: string) => ({
    changes: await bankChangesOf(db, sellerId, now()),
    ...(message ? { message } : {}),
  });

  return createRouter()
    .openapi(guarded(requestRoute, seller), async (c) => {
      const { sellerId, userId } = c.get('seller');
      const result = await requestSellerChange(db, {
        sellerId,
        userId,
        bank: c.req.valid('json'),
        ip: clientIp(c),
        now: now(),
      });
      if (result.code === 'SAME_ACCOUNT') return apiError(c, 'CONFLICT', result.message);
      if (result.code !== 'CODES_SENT') {
        c.header('Retry-After', String(result.retryAfterSeconds ?? 60));
        return apiError(c, 'RATE_LIMITED', result.message);
      }
      return c.json(
        {
          message: M.codesSent(result.sentTo),
          sentTo: result.sentTo,
          needsMobileCode: result.needsMobileCode,
          expiresAt: result.expiresAt.toISOString(),
        },
        202,
      );
    })
    .openapi(guarded(confirmRoute, seller), async (c) => {
      const { sellerId, userId } = c.get('seller');
      const at = now();
      const result = await confirmSellerChange(db, { sellerId, userId, codes: c.req.valid('json'), now: at });
      if (result.code === 'NO_CHANGE') return apiError(c, 'NOT_FOUND', result.message);
      if (result.code !== 'CHANGED') {
        const field = result.message === M.mobileCodeMissing ? 'mobileCode' : 'emailCode';
        return apiError(c, 'VALIDATION_FAILED', result.message, { [field]: result.message });
      }
      await validate(c, result.changeId);
      return c.json(
        { ...(await payoutAccountState(db, sellerId, at)), message: M.changed(result.heldUntil) },
        200,
      );
    })
    .openapi(guarded(stateRoute, sellerEvenSuspended), async (c) =>
      c.json(await payoutAccountState(db, c.get('seller').sellerId, now()), 200),
    )
    .openapi(guarded(listRoute, finance), async (c) => {
      const { id } = c.req.valid('param');
      const list = await changes(id);
      if (list.changes.length === 0 && !(await sellerExists(db, id)))
        return apiError(c, 'NOT_FOUND', 'No such seller.');
      return c.json(list, 200);
    })
    .openapi(guarded(proposeRoute, finance), async (c) => {
      const { id } = c.req.valid('param');
      const member = c.get('staff');
      const result = await proposeStaffChange(db, {
        sellerId: id,
        staffId: member.id,
        staffEmail: member.email,
        change: c.req.valid('json'),
        now: now(),
      });
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', 'No such seller.');
      if (result.code === 'SAME_ACCOUNT') return apiError(c, 'CONFLICT', result.message);
      await validate(c, result.changeId);
      return c.json(await changes(id, M.proposed), 201);
    })
    .openapi(guarded(decideRoute('approve'), finance), (c) => decide(c, c.req.valid('param'), true))
    .openapi(guarded(decideRoute('reject'), finance), (c) => decide(c, c.req.valid('param'), false))
    .openapi(guarded(allRoute, finance), async (c) =>
      c.json(
        {
          changes: await bankChangesOf(db, null, now()),
          payoutsStopped: await demoPayoutRefusal(db, deps.payoutProvider),
        },
        200,
      ),
    )
    .openapi(guarded(guardRoute, finance), async (c) =>
      c.json(
        { payoutsStopped: await demoPayoutRefusal(db, deps.payoutProvider), provider: deps.payoutProvider },
        200,
      ),
    );

  async function decide(
    c: Context<AppEnv>,
    { id, changeId }: { id: number; changeId: number },
    approve: boolean,
  ) {
    const member = c.get('staff');
    const result = await decideStaffChange(db, {
      sellerId: id,
      changeId,
      staffId: member.id,
      staffEmail: member.email,
      approve,
      now: now(),
    });
    switch (result.code) {
      case 'NOT_FOUND':
        return apiError(c, 'NOT_FOUND', M.notFound);
      case 'NOT_AWAITING':
        return apiError(c, 'CONFLICT', M.notAwaiting);
      case 'OWN_PROPOSAL':
        return apiError(c, 'CONFLICT', M.ownProposal);
      case 'APPROVED':
      case 'REJECTED':
        return c.json(await changes(id, approve ? M.approved : M.rejected), 200);
    }
  }
}

async function sellerExists(db: Executor, id: number) {
  const [row] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, id));
  return row !== undefined;
}
