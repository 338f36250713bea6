import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { type ConsoleArea, canReach } from '@marketplace/domain/admin/console';
import { PickerChoices, PickerKindParams, PickerQuery } from '@marketplace/domain/admin/pickers-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { guarded } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { pickerChoices } from './service.ts';

/** The areas whose forms choose products, sellers, categories and brands. */
const PICKING_AREAS: readonly ConsoleArea[] = ['catalog', 'content', 'promotions'];

const pickerRoute = createRoute({
  method: 'get',
  path: '/admin/pickers/{kind}',
  tags: ['admin'],
  summary: 'Choices for a console picker: products, sellers, categories or brands by part of a name or an id',
  description:
    'Up to 10, an id typed first, then names starting with the text. A category is named by its path (Electronics › Mobiles › Smartphones). Roles owner, catalog and marketing.',
  request: { params: PickerKindParams, query: PickerQuery },
  responses: {
    200: json(PickerChoices, 'The choices'),
    400: errorResponse('An unknown picker, or a search too long or with control characters'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Not staff, the second factor not entered, or a role without a form that picks'),
  },
});

/** requirements#console-pickers: one search behind every picker of the console. */
export function pickerRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const staff = requireStaff(db, { now: () => options.now?.() ?? new Date() });
  return createRouter().openapi(guarded(pickerRoute, staff), async (c) => {
    const { role } = c.get('staff');
    if (!PICKING_AREAS.some((area) => canReach(role, area)))
      return apiError(c, 'FORBIDDEN', STAFF_MESSAGES.wrongRole);
    const choices = await pickerChoices(db, c.req.valid('param').kind, c.req.valid('query').q);
    return c.json({ choices }, 200);
  });
}
