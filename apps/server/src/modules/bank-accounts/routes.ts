import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  BANK_ACCOUNT_MESSAGES,
  BankAccountChanged,
  BankAccountForEdit,
  BankAccountInput,
  BankAccountList,
  BankAccountSaved,
} from '@marketplace/domain/accounts/bank-accounts';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import {
  createBankAccount,
  deleteBankAccount,
  getBankAccountForEdit,
  listBankAccounts,
  setDefaultBankAccount,
  updateBankAccount,
} from './service.ts';

const NOT_LOGGED_IN = 'Please log in to manage your bank accounts.';

// the answers' schemas live beside the request's in the domain (named there), shared with the web client
const body = { body: { required: true, content: { 'application/json': { schema: BankAccountInput } } } };
const tags = ['Bank accounts'];

const listRoute = createRoute({
  method: 'get',
  path: '/bank-accounts',
  tags,
  summary: 'The shopper’s bank accounts (numbers masked), default first',
  responses: {
    200: json(BankAccountList, 'The accounts'),
    401: errorResponse('Not logged in'),
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/bank-accounts/{id}',
  tags,
  summary: 'One account with its full number, for its owner’s edit form',
  request: { params: RecordIdParams },
  responses: {
    200: json(BankAccountForEdit, 'The account, number in full'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such account of this shopper'),
  },
});
const createRouteDef = createRoute({
  method: 'post',
  path: '/bank-accounts',
  tags,
  summary: 'Add a bank account',
  description: 'The first account becomes the default.',
  request: body,
  responses: {
    201: json(BankAccountSaved, 'Added'),
    400: errorResponse('A field is missing or invalid'),
    401: errorResponse('Not logged in'),
    409: errorResponse('Too many accounts'),
  },
});
const updateRouteDef = createRoute({
  method: 'put',
  path: '/bank-accounts/{id}',
  tags,
  summary: 'Edit a bank account',
  request: { params: RecordIdParams, ...body },
  responses: {
    200: json(BankAccountSaved, 'Saved'),
    400: errorResponse('A field is missing or invalid'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such account of this shopper'),
  },
});
const defaultRoute = createRoute({
  method: 'post',
  path: '/bank-accounts/{id}/default',
  tags,
  summary: 'Make an account the default (the others stop being it)',
  request: { params: RecordIdParams },
  responses: {
    200: json(BankAccountChanged, 'It is the default now'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such account of this shopper'),
  },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/bank-accounts/{id}',
  tags,
  summary: 'Delete an account that is not the default',
  request: { params: RecordIdParams },
  responses: {
    200: json(BankAccountChanged, 'Deleted'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such account of this shopper'),
    409: errorResponse('It is the default account'),
  },
});

export function bankAccountRoutes(db: Executor) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  return createRouter()
    .openapi(guarded(listRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json({ accounts: await listBankAccounts(db, shopper.id) }, 200);
    })
    .openapi(guarded(getRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const account = await getBankAccountForEdit(db, shopper.id, c.req.valid('param').id);
      if (!account) return apiError(c, 'NOT_FOUND', BANK_ACCOUNT_MESSAGES.notFound);
      return c.json(account, 200);
    })
    .openapi(guarded(createRouteDef, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await createBankAccount(db, shopper.id, c.req.valid('json'));
      if (result.code === 'LIMIT_REACHED') return apiError(c, 'CONFLICT', BANK_ACCOUNT_MESSAGES.limit);
      return c.json({ account: result.account, message: BANK_ACCOUNT_MESSAGES.added }, 201);
    })
    .openapi(guarded(updateRouteDef, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await updateBankAccount(db, shopper.id, c.req.valid('param').id, c.req.valid('json'));
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', BANK_ACCOUNT_MESSAGES.notFound);
      return c.json({ account: result.account, message: BANK_ACCOUNT_MESSAGES.updated }, 200);
    })
    .openapi(guarded(defaultRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await setDefaultBankAccount(db, shopper.id, c.req.valid('param').id);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', BANK_ACCOUNT_MESSAGES.notFound);
      return c.json({ success: true as const, message: BANK_ACCOUNT_MESSAGES.defaultUpdated }, 200);
    })
    .openapi(guarded(deleteRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await deleteBankAccount(db, shopper.id, c.req.valid('param').id);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', BANK_ACCOUNT_MESSAGES.notFound);
      if (result.code === 'IS_DEFAULT')
        return apiError(c, 'CONFLICT', BANK_ACCOUNT_MESSAGES.defaultNotDeletable);
      return c.json({ success: true as const, message: BANK_ACCOUNT_MESSAGES.deleted }, 200);
    });
}
