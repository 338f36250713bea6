import { createRoute, z } from '@hono/zod-openapi';
import {
  NearestPincode,
  Pincode,
  PincodeAvailability,
  PincodeCheck,
  SixDigits,
} from '@marketplace/domain/location/pincode-api';
import { apiError } from '../../http/errors.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { NEAREST_RADIUS_KM, type PincodeDirectory } from './service.ts';

const getPincode = createRoute({
  method: 'get',
  path: '/pincodes/{pincode}',
  tags: ['Pincodes'],
  summary: 'Look up a pincode',
  request: {
    params: z.object({
      // meta, not .openapi(): the domain's schema may exist before the OpenAPI extension loads
      pincode: SixDigits.meta({ param: { name: 'pincode', in: 'path' }, example: '600100' }),
    }),
  },
  responses: {
    200: { content: { 'application/json': { schema: Pincode } }, description: 'The pincode and its place' },
    400: errorResponse('Not six digits'),
    404: errorResponse('Not a known pincode'),
  },
});

/** A decimal number within ±max; an empty value is missing, not 0 (z.coerce reads '' as 0). */
function coordinate(name: string, max: number) {
  const message = `${name} must be a number.`;
  return z
    .string({ message })
    .trim()
    .min(1, message)
    .refine((value) => Number.isFinite(Number(value)), message)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-max, `${name} must be between -${max} and ${max}.`)
        .max(max, `${name} must be between -${max} and ${max}.`),
    );
}

const nearestPincode = createRoute({
  method: 'get',
  path: '/pincodes/nearest',
  tags: ['Pincodes'],
  summary: 'The pincode nearest to a point',
  description: `Finds the closest known pincode within ${NEAREST_RADIUS_KM} km of the browser's coordinates.`,
  request: {
    query: z.object({
      latitude: coordinate('Latitude', 90).openapi({ example: '12.9377' }),
      longitude: coordinate('Longitude', 180).openapi({ example: '80.2153' }),
    }),
  },
  responses: {
    200: {
      content: {
        'application/json': { schema: NearestPincode },
      },
      description: 'The nearest pincode and its distance',
    },
    400: errorResponse('Coordinates missing or out of range'),
    404: errorResponse('No pincode near the point'),
  },
});

const checkPincode = createRoute({
  method: 'post',
  path: '/pincodes/check',
  tags: ['Pincodes'],
  summary: 'Check whether we deliver to a pincode',
  description:
    "The delivery-location picker applies a pincode with this check (the spec's check_pincode call).",
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: PincodeCheck },
      },
    },
  },
  responses: {
    200: {
      content: {
        'application/json': { schema: PincodeAvailability },
      },
      description: 'Whether the pincode is served, with its place when known',
    },
    400: errorResponse('Malformed body or not six digits'),
    413: errorResponse('Body over 1 MB'),
    415: errorResponse('Body is not JSON'),
  },
});

export function pincodeRoutes(pincodes: PincodeDirectory) {
  // the fixed path is registered first so it is not read as a pincode
  return createRouter()
    .openapi(nearestPincode, async (c) => {
      const { latitude, longitude } = c.req.valid('query');
      const place = await pincodes.nearest(latitude, longitude);
      if (!place)
        return apiError(c, 'NOT_FOUND', `No pincode within ${NEAREST_RADIUS_KM} km of that location.`);
      return c.json(place, 200);
    })
    .openapi(checkPincode, async (c) => {
      const { pincode } = c.req.valid('json');
      const place = await pincodes.find(pincode);
      return c.json({ available: Boolean(place?.isServiceable), place }, 200);
    })
    .openapi(getPincode, async (c) => {
      const { pincode } = c.req.valid('param');
      const place = await pincodes.find(pincode);
      if (!place) return apiError(c, 'NOT_FOUND', `Pincode ${pincode} is not a known Indian pincode.`);
      return c.json(place, 200);
    });
}
