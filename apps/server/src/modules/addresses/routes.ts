import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  Address,
  AddressChanged,
  ADDRESS_MESSAGES,
  AddressInput,
  AddressList,
  AddressSaved,
} from '@marketplace/domain/accounts/addresses';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './service.ts';

const NOT_LOGGED_IN = 'Please log in to manage your addresses.';

// the answers' schemas live beside the request's in the domain (named there), shared with the web client
const body = { body: { required: true, content: { 'application/json': { schema: AddressInput } } } };
const tags = ['Addresses'];

const listRoute = createRoute({
  method: 'get',
  path: '/addresses',
  tags,
  summary: 'The shopper’s saved addresses, default first',
  responses: {
    200: json(AddressList, 'The addresses'),
    401: errorResponse('Not logged in'),
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/addresses/{id}',
  tags,
  summary: 'One saved address (for the edit form)',
  request: { params: RecordIdParams },
  responses: {
    200: json(Address, 'The address'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such address of this shopper'),
  },
});
const createRouteDef = createRoute({
  method: 'post',
  path: '/addresses',
  tags,
  summary: 'Save a new address',
  description: 'City and state come from the pincode. The first address becomes the default.',
  request: body,
  responses: {
    201: json(AddressSaved, 'Saved'),
    400: errorResponse('A field is missing or invalid, or the pincode is unknown'),
    401: errorResponse('Not logged in'),
    409: errorResponse('The address book is full'),
  },
});
const updateRouteDef = createRoute({
  method: 'put',
  path: '/addresses/{id}',
  tags,
  summary: 'Edit a saved address',
  request: { params: RecordIdParams, ...body },
  responses: {
    200: json(AddressSaved, 'Saved'),
    400: errorResponse('A field is missing or invalid, or the pincode is unknown'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such address of this shopper'),
  },
});
const defaultRoute = createRoute({
  method: 'post',
  path: '/addresses/{id}/default',
  tags,
  summary: 'Make an address the default',
  description: 'In one transaction the old default stops being it, so exactly one address is the default.',
  request: { params: RecordIdParams },
  responses: {
    200: json(AddressChanged, 'It is the default now'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such address of this shopper'),
  },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/addresses/{id}',
  tags,
  summary: 'Delete an address that is not the default',
  request: { params: RecordIdParams },
  responses: {
    200: json(AddressChanged, 'Deleted'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such address of this shopper'),
    409: errorResponse('It is the default address'),
  },
});

export function addressRoutes(db: Executor) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  return createRouter()
    .openapi(guarded(listRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json({ addresses: await listAddresses(db, shopper.id) }, 200);
    })
    .openapi(guarded(getRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const address = await getAddress(db, shopper.id, c.req.valid('param').id);
      if (!address) return apiError(c, 'NOT_FOUND', ADDRESS_MESSAGES.notFound);
      return c.json(address, 200);
    })
    .openapi(guarded(createRouteDef, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await createAddress(db, shopper.id, c.req.valid('json'));
      if (result.code === 'INVALID_PINCODE') return invalidPincode(c);
      if (result.code === 'LIMIT_REACHED') return apiError(c, 'CONFLICT', ADDRESS_MESSAGES.limit);
      return c.json({ address: result.address, message: ADDRESS_MESSAGES.added }, 201);
    })
    .openapi(guarded(updateRouteDef, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await updateAddress(db, shopper.id, c.req.valid('param').id, c.req.valid('json'));
      if (result.code === 'INVALID_PINCODE') return invalidPincode(c);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', ADDRESS_MESSAGES.notFound);
      return c.json({ address: result.address, message: ADDRESS_MESSAGES.updated }, 200);
    })
    .openapi(guarded(defaultRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await setDefaultAddress(db, shopper.id, c.req.valid('param').id);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', ADDRESS_MESSAGES.notFound);
      return c.json({ success: true as const, message: ADDRESS_MESSAGES.defaultUpdated }, 200);
    })
    .openapi(guarded(deleteRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await deleteAddress(db, shopper.id, c.req.valid('param').id);
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', ADDRESS_MESSAGES.notFound);
      if (result.code === 'IS_DEFAULT') return apiError(c, 'CONFLICT', ADDRESS_MESSAGES.defaultNotDeletable);
      return c.json({ success: true as const, message: ADDRESS_MESSAGES.deleted }, 200);
    });
}

// requirements#addresses: a pincode we do not know gets the spec's message, on the pincode field
const invalidPincode = (c: Parameters<typeof apiError>[0]) =>
  apiError(c, 'VALIDATION_FAILED', ADDRESS_MESSAGES.pincode, { pincode: ADDRESS_MESSAGES.pincode });
