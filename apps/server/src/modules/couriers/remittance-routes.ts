// requirements#courier-remittance-import: finance imports the courier's COD remittance report (see remittance-import.ts).
import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  COURIER_IMPORT_MESSAGES as M,
  CourierImportInput,
  CourierImportView,
} from '@marketplace/domain/settlement/courier-import';
import { indianDay } from '@marketplace/domain/text/dates';
import { guarded } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import type { CourierProvider } from './provider.ts';
import { importCourierRemittances } from './remittance-import.ts';

const importRoute = createRoute({
  method: 'post',
  path: '/admin/settlements/cod/courier-imports',
  tags: ['admin'],
  summary: 'Import the Bazaar courier’s COD remittance report for some days',
  description:
    'Each transfer of the report is recorded once by its UTR, as a transfer typed by hand is, its parcels matched by AWB against the cash recorded at delivery and its COD charges accepted. A transfer naming an unknown parcel, one already remitted or more cash than recorded is shown with its differences and not recorded; a parcel paid short is recorded and the shortfall stays owed by the courier. Importing the same days again records nothing twice.',
  request: { body: { content: { 'application/json': { schema: CourierImportInput } }, required: true } },
  responses: {
    200: json(CourierImportView, 'Each transfer: recorded now, recorded before, or its differences'),
    400: errorResponse('Malformed days, more than the allowed range, or a day after today'),
    401: errorResponse('Not signed in to the console'),
    403: errorResponse('Signed in, but this role does not run settlements'),
    503: errorResponse('The courier could not be reached'),
  },
});

export function courierRemittanceRoutes(
  db: Executor,
  courier: CourierProvider,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();
  const finance = requireStaff(db, { area: 'settlements', now });
  return createRouter().openapi(guarded(importRoute, finance), async (c) => {
    const range = c.req.valid('json');
    const at = now();
    if (range.to > indianDay(at)) return apiError(c, 'VALIDATION_FAILED', M.range, { to: M.range });
    const staff = c.get('staff');
    const outcome = await importCourierRemittances(
      db,
      courier,
      { staffId: staff.id, email: staff.email },
      range,
      at,
    );
    if (outcome.code === 'UNAVAILABLE') return apiError(c, 'UPSTREAM_UNAVAILABLE', M.unavailable);
    return c.json(outcome.view, 200);
  });
}
