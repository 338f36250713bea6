import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  FileGrievanceInput,
  GrievanceDetail,
  GrievanceFiled,
  GrievanceMessageInput,
  GrievanceOfficer,
  GrievanceOrders,
  GrievanceStepDone,
  MyGrievances,
} from '@marketplace/domain/grievances/grievance-api';
import { GRIEVANCE_MESSAGES, TICKET_NO } from '@marketplace/domain/grievances/grievances';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { getGrievanceOfficer } from './officer.ts';
import { fileGrievance, grievanceOrders, myGrievance, myGrievances, replyAsShopper } from './shopper.ts';

const tags = ['Grievances'];
const NOT_LOGGED_IN = { 401: errorResponse('Not logged in') };

/** A ticket number in a path; a malformed one reads as a ticket that does not exist. */
export const TicketParams = z.object({
  ticketNo: z
    .string()
    .max(40)
    .openapi({ param: { name: 'ticketNo', in: 'path' }, example: 'GRV-2026-000123' }),
});

const officerRoute = createRoute({
  method: 'get',
  path: '/grievance-officer',
  tags,
  summary: 'The grievance officer: name, designation, email, phone, address and hours (public)',
  responses: {
    200: json(GrievanceOfficer, 'The officer'),
    404: errorResponse('No officer is named yet'),
  },
});
const listRoute = createRoute({
  method: 'get',
  path: '/grievances',
  tags,
  summary: 'The shopper’s complaints, newest first, with their status and deadlines',
  responses: { 200: json(MyGrievances, 'The complaints'), ...NOT_LOGGED_IN },
});
const fileRoute = createRoute({
  method: 'post',
  path: '/grievances',
  tags,
  summary: 'Files a complaint, optionally about one of the shopper’s orders; answers its ticket number',
  description:
    'Consumer Protection (E-Commerce) Rules, 2020: acknowledged within 48 hours, resolved within one month. The ticket number (GRV-YEAR-NNNNNN) is unique; the shopper is emailed it.',
  request: { body: { required: true, content: { 'application/json': { schema: FileGrievanceInput } } } },
  responses: {
    201: json(GrievanceFiled, 'Filed'),
    400: errorResponse('A field is missing or invalid, or the order is not the shopper’s'),
    ...NOT_LOGGED_IN,
  },
});
const ordersRoute = createRoute({
  method: 'get',
  path: '/grievance-orders',
  tags,
  summary: 'The shopper’s latest orders a complaint may be about',
  responses: { 200: json(GrievanceOrders, 'The orders, newest first'), ...NOT_LOGGED_IN },
});
const detailRoute = createRoute({
  method: 'get',
  path: '/grievances/{ticketNo}',
  tags,
  summary: 'One of the shopper’s complaints: status, dates, the staff’s answers and the shopper’s replies',
  request: { params: TicketParams },
  responses: {
    200: json(GrievanceDetail, 'The complaint'),
    ...NOT_LOGGED_IN,
    404: errorResponse('No such complaint of this shopper'),
  },
});
const replyRoute = createRoute({
  method: 'post',
  path: '/grievances/{ticketNo}/replies',
  tags,
  summary: 'The shopper adds a reply to their complaint while it is not resolved',
  request: {
    params: TicketParams,
    body: { required: true, content: { 'application/json': { schema: GrievanceMessageInput } } },
  },
  responses: {
    201: json(GrievanceStepDone, 'Added'),
    400: errorResponse('The message is empty, too long or holds control characters'),
    ...NOT_LOGGED_IN,
    404: errorResponse('No such complaint of this shopper'),
    409: errorResponse('The complaint is resolved'),
  },
});

/** requirements#grievances: the shopper's complaints. `now` is the clock. */
export function grievanceRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const signedIn = requireShopper(db, GRIEVANCE_MESSAGES.notLoggedIn);
  return createRouter()
    .openapi(officerRoute, async (c) => {
      const officer = await getGrievanceOfficer(db);
      if (!officer) return apiError(c, 'NOT_FOUND', 'No grievance officer is named yet.');
      return c.json(officer, 200);
    })
    .openapi(guarded(listRoute, signedIn), async (c) => {
      return c.json({ grievances: await myGrievances(db, c.get('shopper').id) }, 200);
    })
    .openapi(guarded(fileRoute, signedIn), async (c) => {
      const result = await fileGrievance(db, c.get('shopper').id, c.req.valid('json'), now());
      if (result.code === 'ORDER_NOT_FOUND')
        return apiError(c, 'VALIDATION_FAILED', GRIEVANCE_MESSAGES.orderNotFound, {
          orderNo: GRIEVANCE_MESSAGES.orderNotFound,
        });
      return c.json({ ticketNo: result.ticketNo, message: GRIEVANCE_MESSAGES.filed(result.ticketNo) }, 201);
    })
    .openapi(guarded(ordersRoute, signedIn), async (c) => {
      return c.json(await grievanceOrders(db, c.get('shopper').id), 200);
    })
    .openapi(guarded(detailRoute, signedIn), async (c) => {
      const { ticketNo } = c.req.valid('param');
      const found = TICKET_NO.test(ticketNo) ? await myGrievance(db, c.get('shopper').id, ticketNo) : null;
      if (!found) return apiError(c, 'NOT_FOUND', GRIEVANCE_MESSAGES.notFound);
      return c.json(found, 200);
    })
    .openapi(guarded(replyRoute, signedIn), async (c) => {
      const { ticketNo } = c.req.valid('param');
      if (!TICKET_NO.test(ticketNo)) return apiError(c, 'NOT_FOUND', GRIEVANCE_MESSAGES.notFound);
      const { message } = c.req.valid('json');
      const result = await replyAsShopper(db, c.get('shopper').id, ticketNo, message, now());
      switch (result.code) {
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', GRIEVANCE_MESSAGES.notFound);
        case 'RESOLVED':
          return apiError(c, 'CONFLICT', result.message);
        case 'OK': {
          const detail = await myGrievance(db, c.get('shopper').id, ticketNo);
          return c.json(
            { ticketNo, status: detail?.status ?? 'open', message: GRIEVANCE_MESSAGES.replied },
            201,
          );
        }
      }
    });
}
