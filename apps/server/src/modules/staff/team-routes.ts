import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Database } from '@marketplace/db';
import {
  STAFF_TEAM_MESSAGES as M,
  StaffChanged,
  StaffInviteInput,
  StaffRemoved,
  StaffRoleInput,
  StaffTeam,
} from '@marketplace/domain/admin/staff-team-api';
import { guarded } from '../../http/auth.ts';
import { siteOrigin } from '../../http/client-address.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from './guard.ts';
import {
  changeStaffRole,
  type EnqueueEmail,
  inviteStaff,
  listTeam,
  removeStaffMember,
  type TeamChangeResult,
} from './team.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an owner, or the second factor not entered in this session'),
};
const body = <T extends typeof StaffInviteInput | typeof StaffRoleInput>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const listRoute = createRoute({
  method: 'get',
  path: '/admin/staff',
  tags: [TAG],
  summary: 'The console’s staff with their roles (owners only)',
  responses: { 200: json(StaffTeam, 'Owners first, then by email'), ...refusals },
});
const inviteRoute = createRoute({
  method: 'post',
  path: '/admin/staff',
  tags: [TAG],
  summary: 'Invite a person by email with a role (staff.add)',
  description:
    'An account gets the role at once; an email without one gets an account and an email through the outbox saying how to choose its password (ADR-0038).',
  request: body(StaffInviteInput),
  responses: {
    201: json(StaffChanged, 'Invited'),
    400: errorResponse('Not an email address, or an unknown role'),
    ...refusals,
    409: errorResponse('Already staff'),
  },
});
const roleRoute = createRoute({
  method: 'put',
  path: '/admin/staff/{id}/role',
  tags: [TAG],
  summary: 'Change a staff member’s role (staff.role)',
  request: { params: RecordIdParams, ...body(StaffRoleInput) },
  responses: {
    200: json(StaffChanged, 'Changed'),
    400: errorResponse('An unknown role'),
    ...refusals,
    404: errorResponse('No such staff member'),
    409: errorResponse('The last owner, one’s own role, or the role they have'),
  },
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/admin/staff/{id}',
  tags: [TAG],
  summary: 'Take the console away from a staff member (staff.remove)',
  request: { params: RecordIdParams },
  responses: {
    200: json(StaffRemoved, 'Removed'),
    ...refusals,
    404: errorResponse('No such staff member'),
    409: errorResponse('The last owner, or oneself'),
  },
});

/** A change the rules refuse, or a staff member not found. */
function refusal(c: Context<AppEnv>, result: Exclude<TeamChangeResult, { code: 'CHANGED' | 'REMOVED' }>) {
  return result.code === 'NOT_FOUND'
    ? apiError(c, 'NOT_FOUND', M.notFound)
    : apiError(c, 'CONFLICT', M[result.reason]);
}

/** requirements#operator-staff: the owners' staff screens' API. `now` is the clock. */
export function staffTeamRoutes(
  db: Database,
  options: { now?: () => Date; enqueue: EnqueueEmail; siteUrl?: string | null },
) {
  const now = () => options.now?.() ?? new Date();
  const owners = requireStaff(db, { area: 'staff', now });
  const actorOf = (c: Context<AppEnv>) => {
    const member = c.get('staff');
    return { staffId: member.id, email: member.email };
  };
  return createRouter()
    .openapi(guarded(listRoute, owners), async (c) =>
      c.json({ staff: await listTeam(db, c.get('staff').id) }, 200),
    )
    .openapi(guarded(inviteRoute, owners), async (c) => {
      const origin = options.siteUrl ?? siteOrigin(c);
      const result = await inviteStaff(db, actorOf(c), c.req.valid('json'), options.enqueue, now(), origin);
      if (result.code === 'ALREADY_STAFF')
        return apiError(c, 'CONFLICT', M.alreadyStaff, { email: M.alreadyStaff });
      const message = result.isNewAccount ? M.invitedNew : M.invitedAccount;
      return c.json({ message, member: result.member }, 201);
    })
    .openapi(guarded(roleRoute, owners), async (c) => {
      const { id } = c.req.valid('param');
      const result = await changeStaffRole(db, actorOf(c), id, c.req.valid('json').role, now());
      if (result.code === 'CHANGED') return c.json({ message: M.roleChanged, member: result.member }, 200);
      if (result.code === 'REMOVED') throw new Error('a role change removed no one');
      return refusal(c, result);
    })
    .openapi(guarded(removeRoute, owners), async (c) => {
      const result = await removeStaffMember(db, actorOf(c), c.req.valid('param').id, now());
      if (result.code === 'REMOVED') return c.json({ message: M.removed }, 200);
      if (result.code === 'CHANGED') throw new Error('a removal changed a role');
      return refusal(c, result);
    });
}
