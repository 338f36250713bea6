import { createRoute } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  canEditGrievanceOfficer,
  GRIEVANCE_OFFICER_MESSAGES,
  GrievanceList,
  GrievanceQuery,
  GrievanceStepDone,
  ResolveGrievanceInput,
  StaffGrievanceDetail,
  StaffGrievanceMessageInput,
} from '@marketplace/domain/admin/grievances-api';
import { GrievanceOfficer } from '@marketplace/domain/grievances/grievance-api';
import { GRIEVANCE_MESSAGES, TICKET_NO } from '@marketplace/domain/grievances/grievances';
import type { Context, MiddlewareHandler } from 'hono';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { listGrievances, staffGrievance, type StaffStep, takeStaffStep } from './console.ts';
import { getGrievanceOfficer, saveGrievanceOfficer } from './officer.ts';
import { TicketParams } from './routes.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role does not reach grievances',
  ),
};
const messageBody = <T extends typeof StaffGrievanceMessageInput | typeof ResolveGrievanceInput>(
  schema: T,
) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const stepAnswers = {
  200: json(GrievanceStepDone, 'Done; the shopper is emailed'),
  400: errorResponse('The message is empty, too long or holds control characters'),
  ...refusals,
  404: errorResponse('No such complaint'),
  409: errorResponse(
    'The step does not fit the complaint’s status (already acknowledged, not yet, or resolved)',
  ),
};

const listRoute = createRoute({
  method: 'get',
  path: '/admin/grievances',
  tags: [TAG],
  summary: 'Complaints by age, oldest open first, with the 48-hour and one-month deadlines and their flags',
  request: { query: GrievanceQuery },
  responses: {
    200: json(GrievanceList, 'A page of complaints'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});
const detailRoute = createRoute({
  method: 'get',
  path: '/admin/grievances/{ticketNo}',
  tags: [TAG],
  summary: 'A complaint: the shopper, the order, the deadlines and every message',
  request: { params: TicketParams },
  responses: {
    200: json(StaffGrievanceDetail, 'The complaint'),
    ...refusals,
    404: errorResponse('No such complaint'),
  },
});
const acknowledgeRoute = createRoute({
  method: 'post',
  path: '/admin/grievances/{ticketNo}/acknowledgement',
  tags: [TAG],
  summary: 'Acknowledges an open complaint with a message to the shopper (audited)',
  request: { params: TicketParams, ...messageBody(StaffGrievanceMessageInput) },
  responses: stepAnswers,
});
const replyRoute = createRoute({
  method: 'post',
  path: '/admin/grievances/{ticketNo}/replies',
  tags: [TAG],
  summary: 'Answers an acknowledged complaint; the shopper is emailed (audited)',
  request: { params: TicketParams, ...messageBody(StaffGrievanceMessageInput) },
  responses: stepAnswers,
});
const resolveRoute = createRoute({
  method: 'post',
  path: '/admin/grievances/{ticketNo}/resolution',
  tags: [TAG],
  summary: 'Resolves a complaint with its resolution; the shopper is emailed (audited)',
  request: { params: TicketParams, ...messageBody(ResolveGrievanceInput) },
  responses: stepAnswers,
});
const officerRoute = createRoute({
  method: 'get',
  path: '/admin/grievance-officer',
  tags: [TAG],
  summary: 'The grievance officer the storefront names',
  responses: {
    200: json(GrievanceOfficer, 'The officer'),
    ...refusals,
    404: errorResponse('No officer is named yet'),
  },
});
const saveOfficerRoute = createRoute({
  method: 'put',
  path: '/admin/grievance-officer',
  tags: [TAG],
  summary: 'Names the grievance officer and their contact (owners only; audited)',
  request: { body: { required: true, content: { 'application/json': { schema: GrievanceOfficer } } } },
  responses: {
    200: json(GrievanceOfficer, 'Saved'),
    400: errorResponse('A field is missing or invalid'),
    ...refusals,
  },
});

/** requirements#grievances: the console's complaints and the grievance officer. `now` is the clock. */
export function grievanceConsoleRoutes(db: Database, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const staffOnly = requireStaff(db, { area: 'grievances', now });
  // support reads the officer; only owners name one, refused before the body is read
  const officerEditors: MiddlewareHandler<AppEnv> = async (c, next) => {
    let isStaff = false;
    const refused = await staffOnly(c, () => {
      isStaff = true;
      return Promise.resolve();
    });
    if (!isStaff) return refused;
    if (!canEditGrievanceOfficer(c.get('staff').role))
      return apiError(c, 'FORBIDDEN', GRIEVANCE_OFFICER_MESSAGES.ownersOnly);
    return next();
  };

  async function step(c: Context<AppEnv>, ticketNo: string, kind: StaffStep, text: string, done: string) {
    if (!TICKET_NO.test(ticketNo)) return apiError(c, 'NOT_FOUND', GRIEVANCE_MESSAGES.notFound);
    const member = c.get('staff');
    const result = await takeStaffStep(db, member, ticketNo, kind, text, now());
    switch (result.code) {
      case 'NOT_FOUND':
        return apiError(c, 'NOT_FOUND', GRIEVANCE_MESSAGES.notFound);
      case 'ALREADY_ACKNOWLEDGED':
      case 'NOT_ACKNOWLEDGED':
      case 'RESOLVED':
        return apiError(c, 'CONFLICT', result.message);
      case 'OK':
        return c.json({ ticketNo, status: result.status, message: done }, 200);
    }
  }

  return createRouter()
    .openapi(guarded(listRoute, staffOnly), async (c) => {
      return c.json(await listGrievances(db, c.req.valid('query'), now()), 200);
    })
    .openapi(guarded(detailRoute, staffOnly), async (c) => {
      const { ticketNo } = c.req.valid('param');
      const found = TICKET_NO.test(ticketNo) ? await staffGrievance(db, ticketNo, now()) : null;
      if (!found) return apiError(c, 'NOT_FOUND', GRIEVANCE_MESSAGES.notFound);
      return c.json(found, 200);
    })
    .openapi(guarded(acknowledgeRoute, staffOnly), async (c) =>
      step(
        c,
        c.req.valid('param').ticketNo,
        'acknowledge',
        c.req.valid('json').message,
        GRIEVANCE_MESSAGES.acknowledgedDone,
      ),
    )
    .openapi(guarded(replyRoute, staffOnly), async (c) =>
      step(
        c,
        c.req.valid('param').ticketNo,
        'staff-reply',
        c.req.valid('json').message,
        GRIEVANCE_MESSAGES.staffRepliedDone,
      ),
    )
    .openapi(guarded(resolveRoute, staffOnly), async (c) =>
      step(
        c,
        c.req.valid('param').ticketNo,
        'resolve',
        c.req.valid('json').resolution,
        GRIEVANCE_MESSAGES.resolvedDone,
      ),
    )
    .openapi(guarded(officerRoute, staffOnly), async (c) => {
      const officer = await getGrievanceOfficer(db);
      if (!officer) return apiError(c, 'NOT_FOUND', 'No grievance officer is named yet.');
      return c.json(officer, 200);
    })
    .openapi(guarded(saveOfficerRoute, officerEditors), async (c) => {
      const member = c.get('staff');
      const saved = await saveGrievanceOfficer(
        db,
        { staffId: member.id, email: member.email },
        c.req.valid('json'),
        now(),
      );
      return c.json(saved, 200);
    });
}
