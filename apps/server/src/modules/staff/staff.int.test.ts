import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, users } from '@marketplace/db';
import {
  CONSOLE_AREAS,
  type ConsoleArea,
  STAFF_ROLES,
  type StaffRole,
  canReach,
} from '@marketplace/domain/admin/console';
import { AUDIT_PAGE_SIZE, STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { runStaffCommand } from '../../cli/staff-command.ts';
import { guarded } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { createRoute } from '@hono/zod-openapi';
import { STAFF_TEST_PASSWORD } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { codeAt, CODE_LIMIT, requireStaff, writeAudit } from './index.ts';

// requirements#operator-console
let t: TestApp;
const clock = { now: new Date() };
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
const MINUTE = 60_000;
const SHOPPER = 'priya@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';

beforeAll(async () => {
  // as in production: the authenticator secrets are sealed under the operator's key (ADR-0028)
  t = await createTestApp({ clock: () => clock.now, staffSecretKey: randomBytes(32) });
});
afterAll(() => t.close());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCommand(t.db, argv, { log: (l) => out.push(l), error: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const get = (path: string, cookie?: string) => t.request(path, { headers: cookie ? { cookie } : {} });
const post = (path: string, body: unknown, cookie?: string) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

const put = (path: string, body: unknown, cookie: string) =>
  t.request(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
const temporaryPasswordIn = (out: string) => /Temporary password .*: (\S+)$/m.exec(out)?.[1] ?? '';
const changePassword = (cookie: string, currentPassword: string, newPassword = STAFF_TEST_PASSWORD) =>
  put('/api/profile/password', { currentPassword, newPassword, confirmPassword: newPassword }, cookie);

/** Staff added from the command line and logged in, its temporary password replaced. */
async function newStaff(email: string, role: StaffRole) {
  const added = await cli('add', email, role);
  expect(added.code).toBe(0);
  const cookie = await t.loginCookie(email);
  expect((await changePassword(cookie, temporaryPasswordIn(added.out))).status).toBe(200);
  return cookie;
}

/** A staff member added from the command line, logged in, with its authenticator app set up. */
async function enrolledStaff(email: string, role: StaffRole) {
  const cookie = await newStaff(email, role);
  const enrolment = await get('/api/admin/enrolment', cookie);
  expect(enrolment.status).toBe(200);
  const { secret } = (await enrolment.json()) as { secret: string };
  later(30_000); // each test's codes belong to a step of their own
  const enrolled = await post('/api/admin/enrolment', { code: codeAt(secret, clock.now) }, cookie);
  expect(enrolled.status).toBe(200);
  return { cookie, secret };
}

describe('who reaches the console API', () => {
  it('answers a visitor 401, shoppers and sellers 403', async () => {
    for (const path of ['/api/admin/me', '/api/admin/overview', '/api/admin/audit', '/api/admin/enrolment']) {
      expect((await get(path)).status, path).toBe(401);
      const shopper = await get(path, await t.loginCookie(SHOPPER));
      expect(shopper.status, path).toBe(403);
      expect((await errorOf(shopper)).message).toBe(STAFF_MESSAGES.notStaff);
      expect((await get(path, await t.loginCookie(SELLER))).status, path).toBe(403);
    }
    expect((await post('/api/admin/verification', { code: '123456' })).status).toBe(401);
    expect(
      (await post('/api/admin/verification', { code: '123456' }, await t.loginCookie(SHOPPER))).status,
    ).toBe(403);
    expect((await post('/api/admin/enrolment', { code: '123456' }, await t.loginCookie(SELLER))).status).toBe(
      403,
    );
  });

  it('refuses each role the areas it does not reach, on every area, once verified', async () => {
    // one probe endpoint per area, behind the same guard the console's endpoints use
    let probes = createRouter();
    for (const area of CONSOLE_AREAS) {
      const route = createRoute({
        method: 'get',
        path: `/probe/${area}`,
        responses: { 204: { description: 'reached' } },
      });
      probes = probes.openapi(guarded(route, requireStaff(t.db, { area, now: () => clock.now })), (c) =>
        c.body(null, 204),
      );
    }
    for (const role of STAFF_ROLES) {
      const { cookie } = await enrolledStaff(`probe-${role}@staff.example.com`, role);
      for (const area of CONSOLE_AREAS) {
        const res = await probes.request(`/probe/${area}`, { headers: { cookie } });
        expect(res.status, `${role} → ${area}`).toBe(canReach(role, area) ? 204 : 403);
      }
    }
    const unverified = await t.loginCookie('probe-owner@staff.example.com');
    for (const area of ['audit', 'orders'] satisfies ConsoleArea[]) {
      const res = await probes.request(`/probe/${area}`, { headers: { cookie: unverified } });
      expect(res.status).toBe(403);
    }
  });

  it('lets only the owner read the audit log', async () => {
    for (const role of STAFF_ROLES) {
      const { cookie } = await enrolledStaff(`audit-reader-${role}@staff.example.com`, role);
      const res = await get('/api/admin/audit', cookie);
      expect(res.status, role).toBe(role === 'owner' ? 200 : 403);
      if (role !== 'owner') expect((await errorOf(res)).message).toBe(STAFF_MESSAGES.wrongRole);
      expect((await get('/api/admin/overview', cookie)).status).toBe(200);
    }
  });
});

describe('the second factor', () => {
  it('asks a new account to replace its temporary password before anything else', async () => {
    const added = await cli('add', 'temporary@staff.example.com', 'support');
    const temporary = temporaryPasswordIn(added.out);
    expect(temporary.length).toBeGreaterThanOrEqual(16);
    const cookie = await t.loginCookie('temporary@staff.example.com');
    const me = await get('/api/admin/me', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ mustChangePassword: true, isEnrolled: false });
    for (const path of ['/api/admin/enrolment', '/api/admin/overview', '/api/admin/grievances']) {
      const refused = await get(path, cookie);
      expect(refused.status, path).toBe(403);
      expect((await errorOf(refused)).message, path).toBe(STAFF_MESSAGES.needsNewPassword);
    }
    expect((await post('/api/admin/enrolment', { code: '123456' }, cookie)).status).toBe(403);

    // a wrong temporary password changes nothing
    expect((await changePassword(cookie, 'not-the-temporary-one')).status).toBe(422);
    expect(await (await get('/api/admin/me', cookie)).json()).toMatchObject({ mustChangePassword: true });
    expect((await changePassword(cookie, temporary)).status).toBe(200);
    expect(await (await get('/api/admin/me', cookie)).json()).toMatchObject({ mustChangePassword: false });
    expect((await get('/api/admin/enrolment', cookie)).status).toBe(200);
  });

  it('leaves an account that already had its own password as it was', async () => {
    const added = await cli('add', SHOPPER, 'support');
    expect(temporaryPasswordIn(added.out)).toBe('');
    const cookie = await t.loginCookie(SHOPPER);
    expect(await (await get('/api/admin/me', cookie)).json()).toMatchObject({ mustChangePassword: false });
    expect((await cli('remove', SHOPPER)).code).toBe(0);
  });

  it('sets up the authenticator app with its first right code', async () => {
    const cookie = await newStaff('asha@staff.example.com', 'catalog');
    const me = await get('/api/admin/me', cookie);
    expect(await me.json()).toMatchObject({
      role: 'catalog',
      isEnrolled: false,
      isVerified: false,
      areas: ['sellers', 'catalog'],
    });
    const refused = await get('/api/admin/overview', cookie);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(STAFF_MESSAGES.needsEnrolment);

    const first = (await (await get('/api/admin/enrolment', cookie)).json()) as {
      secret: string;
      uri: string;
      qrSvg: string;
    };
    const again = (await (await get('/api/admin/enrolment', cookie)).json()) as { secret: string };
    expect(again.secret).toBe(first.secret);
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(first.qrSvg).toContain('<svg');

    const malformed = await post('/api/admin/enrolment', { code: '12345' }, cookie);
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toBe(STAFF_MESSAGES.codeShape);
    for (const hostile of [{ code: '12\u000034' }, { code: 'x'.repeat(5000) }, {}, { code: 123456 }])
      expect((await post('/api/admin/enrolment', hostile, cookie)).status).toBe(400);
    expect((await post('/api/admin/enrolment', '{"code":', cookie)).status).toBe(400);

    later(30_000);
    const right = codeAt(first.secret, clock.now);
    const wrong = right === '000000' ? '111111' : '000000';
    const refusedCode = await post('/api/admin/enrolment', { code: wrong }, cookie);
    expect(refusedCode.status).toBe(422);
    expect((await errorOf(refusedCode)).message).toBe(STAFF_MESSAGES.wrongCode);
    expect((await get('/api/admin/me', cookie)).status).toBe(200);

    const enrolled = await post(
      '/api/admin/enrolment',
      { code: `${right.slice(0, 3)} ${right.slice(3)}` },
      cookie,
    );
    expect(enrolled.status).toBe(200);
    expect(await enrolled.json()).toMatchObject({ isEnrolled: true, isVerified: true });
    expect((await get('/api/admin/overview', cookie)).status).toBe(200);
    expect((await get('/api/admin/enrolment', cookie)).status).toBe(409);

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.enrol'), eq(auditLog.targetId, 'asha@staff.example.com')));
    expect(row).toMatchObject({
      actor: 'asha@staff.example.com',
      targetId: 'asha@staff.example.com',
      after: { enrolled: true },
    });
    // the secret and the code are nowhere in the record
    expect(JSON.stringify(row)).not.toContain(first.secret);
    expect(JSON.stringify(row)).not.toContain(right);
  });

  it('keeps the secret sealed in the database, and seals one written before the key was set', async () => {
    const added = await cli('add', 'sealed@staff.example.com', 'support');
    const cookie = await t.loginCookie('sealed@staff.example.com');
    expect((await changePassword(cookie, temporaryPasswordIn(added.out))).status).toBe(200);
    const { secret } = (await (await get('/api/admin/enrolment', cookie)).json()) as { secret: string };
    const stored = async () => {
      const [row] = await t.db
        .select({ totp: staff.totpSecret, pending: staff.pendingTotpSecret })
        .from(staff)
        .innerJoin(users, eq(users.id, staff.userId))
        .where(eq(users.email, 'sealed@staff.example.com'));
      return row;
    };
    expect((await stored())?.pending).toMatch(/^v1\./);
    expect((await stored())?.pending).not.toContain(secret);
    later(30_000);
    expect((await post('/api/admin/enrolment', { code: codeAt(secret, clock.now) }, cookie)).status).toBe(
      200,
    );
    expect((await stored())?.totp).toMatch(/^v1\./);
    expect((await stored())?.totp).not.toContain(secret);

    // a secret stored in clear (set up before the operator set the key) still works, and is sealed
    await t.db
      .update(staff)
      .set({ totpSecret: secret })
      .where(eq(staff.userId, sql`(SELECT id FROM users WHERE email = 'sealed@staff.example.com')`));
    const next = await t.loginCookie('sealed@staff.example.com');
    later(30_000);
    expect((await post('/api/admin/verification', { code: codeAt(secret, clock.now) }, next)).status).toBe(
      200,
    );
    expect((await stored())?.totp).toMatch(/^v1\./);
  });

  it('asks each new session for a code, used once', async () => {
    const { secret } = await enrolledStaff('bela@staff.example.com', 'support');
    const used = codeAt(secret, clock.now);
    const fresh = await t.loginCookie('bela@staff.example.com');
    const refused = await get('/api/admin/overview', fresh);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(STAFF_MESSAGES.needsSecondFactor);
    expect(await (await get('/api/admin/me', fresh)).json()).toMatchObject({
      isEnrolled: true,
      isVerified: false,
    });
    // the code that set the app up cannot be replayed
    expect((await post('/api/admin/verification', { code: used }, fresh)).status).toBe(422);
    later(30_000);
    const verified = await post('/api/admin/verification', { code: codeAt(secret, clock.now) }, fresh);
    expect(verified.status).toBe(200);
    expect((await get('/api/admin/overview', fresh)).status).toBe(200);
  });

  it('lapses after 15 minutes without a console request (requirements#staff-credentials)', async () => {
    const { cookie, secret } = await enrolledStaff('chitra@staff.example.com', 'finance');
    later(14 * MINUTE);
    expect((await get('/api/admin/overview', cookie)).status).toBe(200);
    later(14 * MINUTE); // counted from the last request, not from the code
    expect((await get('/api/admin/overview', cookie)).status).toBe(200);
    later(15 * MINUTE + 1000);
    const lapsed = await get('/api/admin/overview', cookie);
    expect(lapsed.status).toBe(403);
    expect((await errorOf(lapsed)).message).toBe(STAFF_MESSAGES.needsSecondFactor);
    expect(await (await get('/api/admin/me', cookie)).json()).toMatchObject({ isVerified: false });
    expect((await post('/api/admin/verification', { code: codeAt(secret, clock.now) }, cookie)).status).toBe(
      200,
    );
    expect((await get('/api/admin/overview', cookie)).status).toBe(200);
  });

  it('pauses the code after too many wrong ones, even a right one', async () => {
    const { secret } = await enrolledStaff('deepa@staff.example.com', 'marketing');
    const cookie = await t.loginCookie('deepa@staff.example.com');
    later(30_000);
    const right = codeAt(secret, clock.now);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < CODE_LIMIT.max; i++)
      expect((await post('/api/admin/verification', { code: wrong }, cookie)).status).toBe(422);
    const paused = await post('/api/admin/verification', { code: right }, cookie);
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(paused)).message).toMatch(/^Too many wrong codes/);
    // another staff member is not paused by it
    const other = await enrolledStaff('esha@staff.example.com', 'marketing');
    expect(other.cookie).toBeTruthy();
    later(CODE_LIMIT.windowMs + MINUTE);
    const after = await post('/api/admin/verification', { code: codeAt(secret, clock.now) }, cookie);
    expect(after.status).toBe(200);
  });
});

describe('staff from the command line and the audit log', () => {
  it('adds, changes the role of, lists and removes staff, each change logged as cli', async () => {
    const email = 'farah@staff.example.com';
    const added = await cli('add', email, 'support');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Temporary password .*: \S{16}$/m);
    expect((await cli('add', email, 'support')).out).toContain('nothing changed');
    expect((await cli('add', email, 'finance')).out).toContain('from support to finance');
    expect((await cli('list')).out).toContain(`${email}\tfinance\tauthenticator not set up yet`);
    expect((await cli('add', SHOPPER, 'catalog')).out).not.toContain('Temporary password');

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetId, email)).orderBy(auditLog.id);
    expect(rows.map((r) => [r.actor, r.action, r.before, r.after])).toEqual([
      ['cli', 'staff.add', null, { role: 'support' }],
      ['cli', 'staff.role', { role: 'support' }, { role: 'finance' }],
    ]);

    const { cookie } = await enrolledStaff('gita@staff.example.com', 'catalog');
    expect((await cli('remove', 'gita@staff.example.com')).code).toBe(0);
    // requirements#staff-credentials: the removed member's login sessions end at once
    expect((await get('/api/admin/overview', cookie)).status).toBe(401);
    expect((await get('/api/admin/me', cookie)).status).toBe(401);
    expect((await cli('remove', 'gita@staff.example.com')).code).toBe(1);
    // back again, it sets up a new authenticator app
    expect((await cli('add', 'gita@staff.example.com', 'catalog')).code).toBe(0);
    const again = await t.loginCookie('gita@staff.example.com');
    expect(await (await get('/api/admin/me', again)).json()).toMatchObject({ isEnrolled: false });
    const [removed] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'staff.remove' AND ${auditLog.targetId} = 'gita@staff.example.com'`);
    expect(removed).toMatchObject({ actor: 'cli', before: { role: 'catalog' }, after: null });
  });

  it('refuses misuse of the command with its usage', async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli('add', 'h@staff.example.com')).code).toBe(2);
    expect((await cli('add', 'h@staff.example.com', 'admin')).err).toContain(
      'owner, catalog, support, finance, marketing',
    );
    expect((await cli('add', 'not-an-email', 'owner')).code).toBe(2);
    expect((await cli('add', 'h\u0000@staff.example.com', 'owner')).code).toBe(2);
    expect((await cli('list', 'extra')).code).toBe(2);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'h@staff.example.com'));
    expect(user).toBeUndefined();
  });

  it('refuses to update, delete or empty the audit log', async () => {
    // the database's own refusal, whatever the query builder wraps it in
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'accepted',
        (error: unknown) =>
          error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error),
      );
    expect(await refusal(t.db.update(auditLog).set({ actor: 'someone-else' }))).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(t.db.delete(auditLog))).toMatch(/append-only: DELETE/);
    expect(await refusal(t.db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only: TRUNCATE/);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.actor, 'someone-else'))).length).toBe(0);
    expect((await t.db.select().from(auditLog)).length).toBeGreaterThan(0);
  });

  it('searches the log by staff member, action and day, a page at a time', async () => {
    const { cookie } = await enrolledStaff('hema@staff.example.com', 'owner');
    const day = new Date('2026-03-10T06:00:00Z'); // 11:30 in India
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++)
      await writeAudit(
        t.db,
        { cli: true },
        {
          action: 'staff.role',
          targetType: 'staff',
          targetId: `paged-${i}@staff.example.com`,
          before: { role: 'support' },
          after: { role: 'finance' },
        },
        new Date(day.getTime() + i * MINUTE),
      );
    const search = async (query: string) => {
      const res = await get(`/api/admin/audit?${query}`, cookie);
      expect(res.status, query).toBe(200);
      return (await res.json()) as {
        entries: { targetId: string; actor: string; action: string }[];
        total: number;
        pageCount: number;
        page: number;
      };
    };
    const first = await search('from=2026-03-10&to=2026-03-10');
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 3);
    expect(first.pageCount).toBe(2);
    expect(first.entries[0]?.targetId).toBe(`paged-${AUDIT_PAGE_SIZE + 2}@staff.example.com`);
    const second = await search('from=2026-03-10&to=2026-03-10&page=2');
    expect(second.entries.map((e) => e.targetId)).toEqual([
      'paged-2@staff.example.com',
      'paged-1@staff.example.com',
      'paged-0@staff.example.com',
    ]);
    expect((await search('from=2026-03-11')).entries.every((e) => !e.targetId.startsWith('paged-'))).toBe(
      true,
    );
    expect((await search('to=2026-03-09')).total).toBe(0);
    const mine = await search('actor=HEMA@staff.example.com');
    // requirements#staff-security-events: the password chosen in place of the temporary one, then the app
    expect(mine.entries.map((e) => e.action)).toEqual(['staff.enrol', 'staff.password']);
    const enrolments = await search('action=staff.enrol');
    expect(enrolments.entries.every((e) => e.action === 'staff.enrol')).toBe(true);
    expect(enrolments.total).toBeGreaterThan(1);

    for (const bad of [
      'action=staff.bogus',
      'from=2026-13-45',
      'from=yesterday',
      'page=0',
      'page=abc',
      'from=2026-03-11&to=2026-03-10',
      `actor=${'a'.repeat(300)}`,
      'actor=a%00b',
    ])
      expect((await get(`/api/admin/audit?${bad}`, cookie)).status, bad).toBe(400);
    expect((await get('/api/admin/audit?actor=%E0%A4', cookie)).status).toBe(400);
  });

  it('lists every console endpoint in the OpenAPI document under the admin tag', async () => {
    const document = (await (await get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const admin = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/admin/'));
    // each console area's own test names its endpoints; these are the staff module's
    expect(admin.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/api/admin/audit',
        // requirements#product-languages: the review of products' texts in Hindi, Tamil and Telugu
        '/api/admin/catalog/translations',
        '/api/admin/catalog/translations/{id}/{language}/approve',
        '/api/admin/catalog/translations/{id}/{language}/reject',
        '/api/admin/enrolment',
        '/api/admin/me',
        '/api/admin/ondc',
        '/api/admin/ondc/callbacks/{id}/retry',
        '/api/admin/overview',
        '/api/admin/verification',
      ]),
    );
    for (const [, operations] of admin)
      for (const operation of Object.values(operations)) expect(operation.tags).toEqual(['admin']);
  });
});
