import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, staff, users } from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { STAFF_TEAM_MESSAGES as M, StaffChanged, StaffTeam } from '@marketplace/domain/admin/staff-team-api';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-staff, ADR-0038
let t: TestApp;
let owner: string;
const others: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = (await verifiedStaff(t, 'owner@staff.example.com', 'owner')).cookie;
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
    others[role] = (await verifiedStaff(t, `${role}@staff.example.com`, role)).cookie;
});
afterAll(() => t.close());

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const teamOf = async (cookie = owner) =>
  StaffTeam.parse(await (await call('GET', '/api/admin/staff', cookie)).json()).staff;
const idOf = async (email: string) => (await teamOf()).find((m) => m.email === email)?.id ?? 0;
const lastAudit = async (action: string) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

describe('the owners’ staff API', () => {
  it('lists staff with their roles, the owner marked as themselves', async () => {
    const team = await teamOf();
    expect(team.find((m) => m.email === 'owner@staff.example.com')).toMatchObject({
      role: 'owner',
      isYou: true,
    });
    expect(team.find((m) => m.email === 'finance@staff.example.com')?.role).toBe('finance');
  });

  it('is refused to every role but owner, to shoppers and to visitors, reading and writing', async () => {
    const shopper = await t.loginCookie('priya@example.com');
    expect((await call('GET', '/api/admin/staff', null)).status).toBe(401);
    expect((await call('GET', '/api/admin/staff', shopper)).status).toBe(403);
    const someone = await idOf('finance@staff.example.com');
    for (const cookie of Object.values(others)) {
      const listed = await call('GET', '/api/admin/staff', cookie);
      expect(listed.status).toBe(403);
      expect((await errorOf(listed)).message).toBe(STAFF_MESSAGES.wrongRole);
      expect(
        (await call('POST', '/api/admin/staff', cookie, { email: 'x@y.in', role: 'owner' })).status,
      ).toBe(403);
      expect((await call('PUT', `/api/admin/staff/${someone}/role`, cookie, { role: 'owner' })).status).toBe(
        403,
      );
      expect((await call('DELETE', `/api/admin/staff/${someone}`, cookie)).status).toBe(403);
    }
    // nor the console's page
    const page = await t.request('/admin/staff', { headers: { cookie: others.marketing ?? '' } });
    expect(page.status).toBe(403);
  });

  it('invites an email without an account: an account no one can use yet, and an email saying how to join', async () => {
    const res = await call('POST', '/api/admin/staff', owner, {
      email: ' New.Hire@Example.com ',
      role: 'support',
    });
    expect(res.status).toBe(201);
    const { message, member } = StaffChanged.parse(await res.json());
    expect(message).toBe(M.invitedNew);
    expect(member).toMatchObject({
      email: 'new.hire@example.com',
      role: 'support',
      isInvited: true,
      isEnrolled: false,
    });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'new.hire@example.com'), eq(outbox.template, 'staff-invitation')));
    // whole addresses, to open from the inbox
    expect(mail?.body).toContain('(http://localhost/forgotpassword/new.hire%40example.com)');
    expect(mail?.body).toContain('Open http://localhost/admin and set up');
    expect(mail?.body).not.toMatch(/password:\s*\S{8,}/i);
    // requirements#staff-credentials: the Forgot password page cannot know it is a console account,
    // so the invitation says the console's rule before they choose
    expect(mail?.body).toContain('1. Choose your password (at least 12 characters)');
    const audit = await lastAudit('staff.add');
    expect(audit).toMatchObject({
      actor: 'owner@staff.example.com',
      targetId: 'new.hire@example.com',
      before: null,
    });
    // the console stays closed until they choose a password
    const [user] = await t.db.select().from(users).where(eq(users.email, 'new.hire@example.com'));
    expect(user?.passwordIsTemporary).toBe(true);
    expect(
      (await call('POST', '/api/admin/staff', owner, { email: 'new.hire@example.com', role: 'owner' }))
        .status,
    ).toBe(409);
  });

  it('gives an existing account the role at once, and tells it by email', async () => {
    const res = await call('POST', '/api/admin/staff', owner, {
      email: 'priya@example.com',
      role: 'marketing',
    });
    expect(res.status).toBe(201);
    const { message, member } = StaffChanged.parse(await res.json());
    expect(message).toBe(M.invitedAccount);
    expect(member).toMatchObject({ role: 'marketing', isInvited: false });
    const me = await call('GET', '/api/admin/me', await t.loginCookie('priya@example.com'));
    expect(((await me.json()) as { role: string }).role).toBe('marketing');
  });

  it('changes a role and removes a member, each in the audit log, ending their console sessions', async () => {
    const id = await idOf('finance@staff.example.com');
    const changed = await call('PUT', `/api/admin/staff/${id}/role`, owner, { role: 'catalog' });
    expect(changed.status).toBe(200);
    expect(await lastAudit('staff.role')).toMatchObject({
      targetId: 'finance@staff.example.com',
      before: { role: 'finance' },
      after: { role: 'catalog' },
    });
    expect((await call('PUT', `/api/admin/staff/${id}/role`, owner, { role: 'catalog' })).status).toBe(409);
    const removed = await call('DELETE', `/api/admin/staff/${id}`, owner);
    expect(removed.status).toBe(200);
    expect(await lastAudit('staff.remove')).toMatchObject({
      targetId: 'finance@staff.example.com',
      after: null,
    });
    // requirements#staff-credentials: the removed member's login sessions end at once
    expect((await call('GET', '/api/admin/reports', others.finance ?? '')).status).toBe(401);
    expect((await call('DELETE', `/api/admin/staff/${id}`, owner)).status).toBe(404);
  });

  it('never demotes or removes the last owner, and an owner never changes themselves', async () => {
    const self = await idOf('owner@staff.example.com');
    for (const [method, path, body] of [
      ['PUT', `/api/admin/staff/${self}/role`, { role: 'support' }],
      ['DELETE', `/api/admin/staff/${self}`, undefined],
    ] as const) {
      const res = await call(method, path, owner, body);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(M.notYourself);
    }
    // a second owner may not take away the first when that would leave none… and the first stays owner
    const second = await verifiedStaff(t, 'second.owner@staff.example.com', 'owner');
    const first = await idOf('owner@staff.example.com');
    const secondId = await idOf('second.owner@staff.example.com');
    const [a, b] = await Promise.all([
      call('PUT', `/api/admin/staff/${secondId}/role`, owner, { role: 'support' }),
      call('PUT', `/api/admin/staff/${first}/role`, second.cookie, { role: 'support' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const owners = await t.db
      .select()
      .from(staff)
      .where(and(eq(staff.role, 'owner')));
    expect(owners.filter((o) => o.disabledAt === null)).toHaveLength(1);
    // either request may win the race: the tests after act as the owner who remains
    if (b.status === 200) owner = second.cookie;
  });

  it.each([
    ['malformed JSON', '{"email": '],
    ['a missing role', { email: 'a@b.in' }],
    ['a role that does not exist', { email: 'a@b.in', role: 'admin' }],
    ['not an email', { email: 'not-an-email', role: 'support' }],
    ['a NUL byte', { email: 'a\u0000@b.in', role: 'support' }],
    ['an oversized email', { email: `${'a'.repeat(100_000)}@b.in`, role: 'support' }],
  ])('answers %s with 400, never a 500', async (_, body) => {
    expect((await call('POST', '/api/admin/staff', owner, body)).status).toBe(400);
  });

  it('answers a bad id with 400 and an unknown one with 404', async () => {
    expect((await call('PUT', '/api/admin/staff/abc/role', owner, { role: 'owner' })).status).toBe(400);
    expect((await call('DELETE', '/api/admin/staff/%E0%A4', owner)).status).toBe(400);
    expect((await call('DELETE', '/api/admin/staff/2000000000', owner)).status).toBe(404);
  });
});

describe('the staff page before its scripts', () => {
  const post = (fields: Record<string, string>) =>
    t.request('/admin/staff', {
      method: 'POST',
      headers: { cookie: owner, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('invites, says what went wrong beside the field, and asks before removing', async () => {
    const invited = await post({ intent: 'invite', email: 'form.hire@example.com', role: 'finance' });
    expect(invited.status).toBe(200);
    expect(await invited.text()).toContain(M.invitedNew);
    const wrong = await post({ intent: 'invite', email: 'nope', role: 'finance' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Please enter a valid email address.');
    const id = await idOf('form.hire@example.com');
    const confirm = await t.request(`/admin/staff?remove=${id}`, { headers: { cookie: owner } });
    expect(await confirm.text()).toContain('Remove access');
    const removed = await post({ intent: 'remove', id: String(id) });
    expect(removed.status).toBe(302);
    expect(await idOf('form.hire@example.com')).toBe(0);
    expect((await post({ intent: 'role', id: '0', role: 'owner' })).status).toBe(404);
  });
});
