import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { ConsolePulse } from '@marketplace/domain/admin/pulse-api';
import { guarded } from '../../http/auth.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { consolePulse } from './pulse.ts';

const pulseRoute = createRoute({
  method: 'get',
  path: '/admin/pulse',
  tags: ['admin'],
  summary:
    'The overview’s figures: orders and GMV today and this week (Indian days), and what waits in each queue the staff member’s role reaches, each with its queue’s address',
  responses: {
    200: json(ConsolePulse, 'The figures of the role’s areas'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Not staff, or the second factor not entered in this session'),
  },
});

/** requirements#operator-console: every staff member's overview; `now` is the clock. */
export function consolePulseRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  return createRouter().openapi(guarded(pulseRoute, requireStaff(db, { now })), async (c) =>
    c.json(await consolePulse(db, c.get('staff').role, now()), 200),
  );
}
