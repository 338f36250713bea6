import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  BREACH_BOARD_STEPS,
  BREACH_MESSAGES,
  BreachDetail,
  BreachList,
  BreachPreview,
  BreachPreviewInput,
  BreachRecorded,
  BreachReportDetails,
  BreachStepDone,
  RecordBreachInput,
} from '@marketplace/domain/admin/breaches-api';
import { guarded } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import {
  breachDetail,
  listBreaches,
  markBoardStep,
  previewBreachAudience,
  recordBreach,
  saveReportDetails,
} from './breaches.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, the second factor not entered in this session, or not an owner'),
};
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const BreachParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, BREACH_MESSAGES.notFound)
    .transform(Number),
});

const listRoute = createRoute({
  method: 'get',
  path: '/admin/breaches',
  tags: [TAG],
  summary: 'Recorded personal data breaches with the 72-hour deadline of the Board’s report (owners)',
  responses: { 200: json(BreachList, 'The breaches, newest discovery first'), ...refusals },
});
const previewRoute = createRoute({
  method: 'post',
  path: '/admin/breaches/preview',
  tags: [TAG],
  summary: 'How many people an audience rule reaches; nothing is recorded or sent',
  request: body(BreachPreviewInput),
  responses: {
    200: json(BreachPreview, 'The count'),
    400: errorResponse('The rule is malformed'),
    ...refusals,
    422: errorResponse('The seller is unknown, or the rule reaches too many people'),
  },
});
const recordRoute = createRoute({
  method: 'post',
  path: '/admin/breaches',
  tags: [TAG],
  summary: 'Records a breach and queues one email to each person affected (rule 7(1); audited)',
  description:
    'requirements#privacy-breach. The form’s submissionKey makes a second submit answer 200 with the first record, sending nothing more.',
  request: body(RecordBreachInput),
  responses: {
    201: json(BreachRecorded, 'Recorded; the notices are queued'),
    200: json(BreachRecorded, 'This form was already recorded; nothing more was sent'),
    400: errorResponse('A field is missing or invalid'),
    ...refusals,
    422: errorResponse('Nobody matches the rule, too many do, or the seller is unknown'),
  },
});
const detailRoute = createRoute({
  method: 'get',
  path: '/admin/breaches/{id}',
  tags: [TAG],
  summary: 'A breach, the delivery of its notices and the Board’s detailed report prepared from it',
  request: { params: BreachParams },
  responses: { 200: json(BreachDetail, 'The breach'), ...refusals, 404: errorResponse('No such breach') },
});
const reportFileRoute = createRoute({
  method: 'get',
  path: '/admin/breaches/{id}/board-report.txt',
  tags: [TAG],
  summary: 'The rule 7(2) detailed report to the Board as a text file',
  request: { params: BreachParams },
  responses: {
    200: { content: { 'text/plain': { schema: z.string() } }, description: 'The report' },
    ...refusals,
    404: errorResponse('No such breach'),
  },
});
const detailsRoute = createRoute({
  method: 'put',
  path: '/admin/breaches/{id}/report-details',
  tags: [TAG],
  summary: 'Saves the report’s facts and reasons, findings about the cause and remedial measures (audited)',
  request: { params: BreachParams, ...body(BreachReportDetails) },
  responses: {
    200: json(BreachStepDone, 'Saved'),
    400: errorResponse('A field is too short, too long or holds control characters'),
    ...refusals,
    404: errorResponse('No such breach'),
  },
});
const stepRoute = createRoute({
  method: 'post',
  path: '/admin/breaches/{id}/board/{step}',
  tags: [TAG],
  summary: 'Marks the Board’s first intimation or detailed report sent, once (audited)',
  request: {
    params: BreachParams.extend({
      step: z.enum(BREACH_BOARD_STEPS, { error: 'The step is intimation or report.' }),
    }),
  },
  responses: {
    200: json(BreachStepDone, 'Marked'),
    400: errorResponse('The step is unknown'),
    ...refusals,
    404: errorResponse('No such breach'),
    409: errorResponse('Already marked'),
  },
});

/** requirements#privacy-breach: the console's breaches, for owners only. `now` is the clock. */
export function breachConsoleRoutes(db: Database, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const ownersOnly = requireStaff(db, { area: 'privacy', now });
  const actorOf = (member: { id: number; email: string }) => ({ id: member.id, email: member.email });

  return createRouter()
    .openapi(guarded(listRoute, ownersOnly), async (c) => {
      return c.json({ breaches: await listBreaches(db, now()) }, 200);
    })
    .openapi(guarded(previewRoute, ownersOnly), async (c) => {
      const preview = await previewBreachAudience(db, c.req.valid('json').audience);
      if ('error' in preview) return apiError(c, 'UNPROCESSABLE', preview.error, { audience: preview.error });
      return c.json(preview, 200);
    })
    .openapi(guarded(recordRoute, ownersOnly), async (c) => {
      const result = await recordBreach(db, actorOf(c.get('staff')), c.req.valid('json'), now());
      if (result.code === 'REFUSED')
        return apiError(
          c,
          result.field === 'discoveredAt' ? 'VALIDATION_FAILED' : 'UNPROCESSABLE',
          result.message,
          result.field ? { [result.field]: result.message } : undefined,
        );
      const { id, affectedCount } = result;
      if (result.code === 'ALREADY_RECORDED')
        return c.json({ id, affectedCount, message: BREACH_MESSAGES.alreadyRecorded }, 200);
      return c.json({ id, affectedCount, message: BREACH_MESSAGES.recorded(affectedCount) }, 201);
    })
    .openapi(guarded(detailRoute, ownersOnly), async (c) => {
      const found = await breachDetail(db, c.req.valid('param').id, now());
      if (!found) return apiError(c, 'NOT_FOUND', BREACH_MESSAGES.notFound);
      return c.json(found, 200);
    })
    .openapi(guarded(reportFileRoute, ownersOnly), async (c) => {
      const { id } = c.req.valid('param');
      const found = await breachDetail(db, id, now());
      if (!found) return apiError(c, 'NOT_FOUND', BREACH_MESSAGES.notFound);
      c.header('Content-Disposition', `attachment; filename="breach-${id}-board-report.txt"`);
      return c.text(`${found.boardReport}\n`, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
    })
    .openapi(guarded(detailsRoute, ownersOnly), async (c) => {
      const { id } = c.req.valid('param');
      const saved = await saveReportDetails(db, actorOf(c.get('staff')), id, c.req.valid('json'), now());
      if (!saved) return apiError(c, 'NOT_FOUND', BREACH_MESSAGES.notFound);
      return c.json({ id, at: now().toISOString(), message: BREACH_MESSAGES.reportSaved }, 200);
    })
    .openapi(guarded(stepRoute, ownersOnly), async (c) => {
      const { id, step } = c.req.valid('param');
      const at = now();
      const result = await markBoardStep(db, actorOf(c.get('staff')), id, step, at);
      if (result === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', BREACH_MESSAGES.notFound);
      if (result === 'ALREADY') return apiError(c, 'CONFLICT', BREACH_MESSAGES.alreadyMarked);
      const message = step === 'intimation' ? BREACH_MESSAGES.intimationMarked : BREACH_MESSAGES.reportMarked;
      return c.json({ id, at: at.toISOString(), message }, 200);
    });
}
