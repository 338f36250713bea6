import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@marketplace/db';
import { STAFF_CREDENTIALS } from '@marketplace/domain/admin/console';
import { type AuditAction, STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { runStaffCommand } from '../../cli/staff-command.ts';
import { requestContext } from '../../http/middleware.ts';
import { createRouter } from '../../http/router.ts';
import { noteActingUser } from '../../http/request-origin.ts';
import { STAFF_TEST_PASSWORD, verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { codeAt } from './index.ts';

// requirements#staff-security-events and requirements#staff-credentials (ADR-0061)
let t: TestApp;
const clock = { now: new Date() };
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
const MINUTE = 60_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Console-Test';

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock.now, staffSecretKey: randomBytes(32) });
});
afterAll(() => t.close());

const headers = (cookie: string | undefined, ip: string, json = false) => ({
  'x-forwarded-for': ip,
  'user-agent': BROWSER,
  ...(cookie ? { cookie } : {}),
  ...(json ? { 'content-type': 'application/json' } : {}),
});
const get = (path: string, cookie?: string, ip = '203.0.113.10') =>
  t.request(path, { headers: headers(cookie, ip) });
const send = (method: string, path: string, body: unknown, cookie?: string, ip = '203.0.113.10') =>
  t.request(path, { method, headers: headers(cookie, ip, true), body: JSON.stringify(body) });
const login = (email: string, password: string, ip = '203.0.113.10') =>
  send('POST', '/api/auth/login', { email, password }, undefined, ip);
const cookieOf = (res: Response) => /^([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
const wrongFor = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

async function latest(action: AuditAction, actor?: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(actor ? and(eq(auditLog.action, action), eq(auditLog.actor, actor)) : eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
async function countOf(action: AuditAction, actor: string) {
  const rows = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actor, actor)));
  return rows.length;
}

async function addWithTemporaryPassword(email: string, role: string) {
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  expect(await runStaffCommand(t.db, ['add', email, role], out, clock.now)).toBe(0);
  return /Temporary password .*: (\S+)$/m.exec(lines.join('\n'))?.[1] ?? '';
}

describe('security events in the audit log', () => {
  it('writes a finance export read with who, when and from where', async () => {
    const { cookie } = await verifiedStaff(t, 'farah@staff.example.com', 'finance', () => clock.now);
    const month = `${clock.now.getUTCFullYear() - 1}-03`;
    const res = await get(`/api/admin/settlements/exports/tds.csv?month=${month}`, cookie, '198.51.100.23');
    expect(res.status).toBe(200);
    const row = await latest('read.finance-export', 'farah@staff.example.com');
    expect(row).toMatchObject({
      targetType: 'export',
      targetId: `tds:${month}`,
      ipAddress: '198.51.100.23',
      userAgent: BROWSER,
      after: { export: 'tds', month },
    });
    expect(row?.at.getTime()).toBe(clock.now.getTime());
    // a refused export (a month not begun) reads nothing and writes nothing
    const before = await countOf('read.finance-export', 'farah@staff.example.com');
    expect((await get('/api/admin/settlements/exports/tds.csv?month=2999-01', cookie)).status).toBe(400);
    expect(await countOf('read.finance-export', 'farah@staff.example.com')).toBe(before);
  });

  it('does not write a read the role may not make (wrong party)', async () => {
    const { cookie } = await verifiedStaff(t, 'mona@staff.example.com', 'marketing', () => clock.now);
    const res = await get('/api/admin/settlements/exports/tds.csv', cookie);
    expect(res.status).toBe(403);
    expect(await countOf('read.finance-export', 'mona@staff.example.com')).toBe(0);
  });

  it('writes sign-in, wrong code, code pause, failed sign-in and password change, each with its address', async () => {
    const email = 'gauri@staff.example.com';
    const temporary = await addWithTemporaryPassword(email, 'support');
    // the temporary password signs in once; the new one must be 12 characters or more
    const first = await login(email, temporary, '192.0.2.5');
    expect(first.status).toBe(200);
    const cookie = cookieOf(first);
    const short = await send(
      'PUT',
      '/api/profile/password',
      { currentPassword: temporary, newPassword: 'Short-pass1', confirmPassword: 'Short-pass1' },
      cookie,
      '192.0.2.5',
    );
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { message: string } }).error.message).toBe(
      NEW_PASSWORD_MESSAGES.staffTooShort,
    );
    const changed = await send(
      'PUT',
      '/api/profile/password',
      { currentPassword: temporary, newPassword: STAFF_TEST_PASSWORD, confirmPassword: STAFF_TEST_PASSWORD },
      cookie,
      '192.0.2.5',
    );
    expect(changed.status).toBe(200);
    expect(await latest('staff.password', email)).toMatchObject({
      ipAddress: '192.0.2.5',
      after: { how: 'changed' },
    });

    // a wrong password of a staff account
    expect((await login(email, 'not-the-password-at-all', '192.0.2.99')).status).toBe(401);
    expect(await latest('staff.sign-in-failed', email)).toMatchObject({
      ipAddress: '192.0.2.99',
      userAgent: BROWSER,
      after: { reason: 'wrong password' },
    });
    // a shopper's wrong password is not a console event
    const shopperFailures = await countOf('staff.sign-in-failed', 'priya@example.com');
    expect((await login('priya@example.com', 'not-the-password-at-all')).status).toBe(401);
    expect(await countOf('staff.sign-in-failed', 'priya@example.com')).toBe(shopperFailures);

    // the authenticator app, a wrong code, then the right one: a sign-in
    const enrolment = await get('/api/admin/enrolment', cookie, '192.0.2.5');
    const { secret } = (await enrolment.json()) as { secret: string };
    later(30_000);
    expect(
      (await send('POST', '/api/admin/enrolment', { code: codeAt(secret, clock.now) }, cookie)).status,
    ).toBe(200);
    const next = cookieOf(await login(email, STAFF_TEST_PASSWORD, '192.0.2.5'));
    later(30_000);
    const right = codeAt(secret, clock.now);
    expect(
      (await send('POST', '/api/admin/verification', { code: wrongFor(right) }, next, '192.0.2.5')).status,
    ).toBe(422);
    expect(await latest('staff.code-failed', email)).toMatchObject({
      ipAddress: '192.0.2.5',
      after: { attempt: 1 },
    });
    expect((await send('POST', '/api/admin/verification', { code: right }, next, '192.0.2.5')).status).toBe(
      200,
    );
    expect(await latest('staff.sign-in', email)).toMatchObject({
      ipAddress: '192.0.2.5',
      userAgent: BROWSER,
      after: { factor: 'authenticator code' },
    });

    // wrong codes until the pause: the pause itself is written once
    const guesser = cookieOf(await login(email, STAFF_TEST_PASSWORD, '192.0.2.77'));
    later(30_000);
    const now = codeAt(secret, clock.now);
    for (let i = 0; i < STAFF_CREDENTIALS.wrongCodesBeforePause; i++)
      expect(
        (await send('POST', '/api/admin/verification', { code: wrongFor(now) }, guesser, '192.0.2.77'))
          .status,
      ).toBe(422);
    expect(await countOf('staff.code-paused', email)).toBe(1);
    expect(await latest('staff.code-paused', email)).toMatchObject({
      ipAddress: '192.0.2.77',
      after: { scope: 'session and address' },
    });
  });

  it('writes a shopper’s order opened from support, and shows security events by the audit page’s filter', async () => {
    const owner = await verifiedStaff(t, 'olga@staff.example.com', 'owner', () => clock.now);
    const support = await verifiedStaff(t, 'sunil@staff.example.com', 'support', () => clock.now);
    const search = await get('/api/admin/orders', support.cookie);
    expect(search.status).toBe(200);
    const { orders } = (await search.json()) as { orders: { orderNo: string }[] };
    const orderNo = orders[0]?.orderNo;
    if (orderNo) {
      expect((await get(`/api/admin/orders/${orderNo}`, support.cookie, '198.51.100.40')).status).toBe(200);
      expect(await latest('read.shopper-order', 'sunil@staff.example.com')).toMatchObject({
        targetType: 'order',
        targetId: orderNo,
        ipAddress: '198.51.100.40',
      });
    }
    const security = await get('/api/admin/audit?kind=security', owner.cookie);
    expect(security.status).toBe(200);
    const page = (await security.json()) as { entries: { action: string; ipAddress: string | null }[] };
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.every((e) => /^(staff|read)\./.test(e.action))).toBe(true);
    expect(page.entries.some((e) => e.ipAddress !== null)).toBe(true);
    const changes = (await (await get('/api/admin/audit?kind=changes', owner.cookie)).json()) as {
      entries: { action: string }[];
    };
    expect(changes.entries.every((e) => !/^(staff|read)\./.test(e.action))).toBe(true);
    // malformed and hostile filters are a 400, never a 500
    for (const kind of ['everything', 'security%00', '%E0%A4%A', 'x'.repeat(5000)]) {
      const res = await get(`/api/admin/audit?kind=${kind}`, owner.cookie);
      expect(res.status, kind.slice(0, 20)).toBe(400);
    }
    // the filter is the owner's: support staff may not read the log
    expect((await get('/api/admin/audit?kind=security', support.cookie)).status).toBe(403);
  });

  it('puts the acting account’s id on the request’s log line', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const app = createRouter();
    app.use('*', requestContext(logger));
    app.get('/as/:id', (c) => {
      noteActingUser(Number(c.req.param('id')));
      return c.text('ok');
    });
    app.get('/visitor', (c) => c.text('ok'));
    await app.request('/as/42');
    await app.request('/visitor');
    const [acting, visitor] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(acting).toMatchObject({ msg: 'request', path: '/as/42', userId: 42 });
    expect(visitor).toMatchObject({ msg: 'request', path: '/visitor' });
    expect(visitor).not.toHaveProperty('userId');
  });
});

describe('staff credentials', () => {
  it('pauses a staff account’s password for 30 minutes from the failure that started it, at that address only', async () => {
    const email = 'hari@staff.example.com';
    await verifiedStaff(t, email, 'catalog', () => clock.now);
    for (let i = 0; i < STAFF_CREDENTIALS.wrongPasswordsBeforePause; i++) {
      expect((await login(email, 'wrong-password-guess', '198.51.100.66')).status).toBe(401);
      later(5 * MINUTE); // spread out, so a window counted from the first failure would end early
    }
    const paused = await login(email, STAFF_TEST_PASSWORD, '198.51.100.66');
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThanOrEqual(
      STAFF_CREDENTIALS.pauseMinutes * 60 - 5 * 60,
    );
    expect(await latest('staff.sign-in-failed', email)).toMatchObject({ after: { reason: 'paused' } });
    // the real member elsewhere is not paused
    expect((await login(email, STAFF_TEST_PASSWORD, '203.0.113.200')).status).toBe(200);
    later(STAFF_CREDENTIALS.pauseMinutes * MINUTE - 6 * MINUTE);
    expect((await login(email, STAFF_TEST_PASSWORD, '198.51.100.66')).status).toBe(429);
    later(2 * MINUTE);
    expect((await login(email, STAFF_TEST_PASSWORD, '198.51.100.66')).status).toBe(200);
  });

  it('pauses authenticator codes by session and address: another session’s wrong codes do not lock the member out', async () => {
    const email = 'ira@staff.example.com';
    const { secret } = await verifiedStaff(t, email, 'support', () => clock.now);
    const attacker = cookieOf(await login(email, STAFF_TEST_PASSWORD, '198.51.100.90'));
    later(30_000);
    const code = codeAt(secret, clock.now);
    for (let i = 0; i < STAFF_CREDENTIALS.wrongCodesBeforePause; i++)
      await send('POST', '/api/admin/verification', { code: wrongFor(code) }, attacker, '198.51.100.90');
    const refused = await send('POST', '/api/admin/verification', { code }, attacker, '198.51.100.90');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many wrong codes/,
    );
    // the real member, in their own session at their own address, still gets in with the right code
    const member = cookieOf(await login(email, STAFF_TEST_PASSWORD, '203.0.113.31'));
    const accepted = await send('POST', '/api/admin/verification', { code }, member, '203.0.113.31');
    expect(accepted.status).toBe(200);
    // the guesser's pause lasts 30 minutes from its fifth failure
    later((STAFF_CREDENTIALS.pauseMinutes - 1) * MINUTE);
    expect(
      (
        await send(
          'POST',
          '/api/admin/verification',
          { code: codeAt(secret, clock.now) },
          attacker,
          '198.51.100.90',
        )
      ).status,
    ).toBe(429);
  });

  it('asks for the code again after 15 idle minutes, and after 12 hours however busy', async () => {
    const { cookie, secret } = await verifiedStaff(t, 'jaya@staff.example.com', 'catalog', () => clock.now);
    later(STAFF_CREDENTIALS.idleMinutes * MINUTE - 1000);
    expect((await get('/api/admin/overview', cookie)).status).toBe(200);
    later(STAFF_CREDENTIALS.idleMinutes * MINUTE + 1000);
    const idle = await get('/api/admin/overview', cookie);
    expect(idle.status).toBe(403);
    expect(((await idle.json()) as { error: { message: string } }).error.message).toBe(
      STAFF_MESSAGES.needsSecondFactor,
    );
    later(30_000);
    expect(
      (await send('POST', '/api/admin/verification', { code: codeAt(secret, clock.now) }, cookie)).status,
    ).toBe(200);
    // busy all day, a request every 10 minutes: the code is asked again at 12 hours
    const hours = STAFF_CREDENTIALS.absoluteHours;
    for (let minutes = 10; minutes < hours * 60; minutes += 10) {
      later(10 * MINUTE);
      expect((await get('/api/admin/me', cookie)).status).toBe(200);
    }
    later(10 * MINUTE);
    expect((await get('/api/admin/overview', cookie)).status).toBe(403);
  });

  it('lets a temporary password open the account for 24 hours only', async () => {
    const email = 'kavya@staff.example.com';
    const temporary = await addWithTemporaryPassword(email, 'marketing');
    const [user] = await t.db
      .select({ expiresAt: users.temporaryPasswordExpiresAt })
      .from(users)
      .where(eq(users.email, email));
    expect(user?.expiresAt?.getTime()).toBe(
      clock.now.getTime() + STAFF_CREDENTIALS.temporaryPasswordHours * 3_600_000,
    );
    later(STAFF_CREDENTIALS.temporaryPasswordHours * 3_600_000 + 1000);
    const expired = await login(email, temporary, '203.0.113.50');
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toBe(
      LOGIN_MESSAGES.temporaryPasswordExpired,
    );
    expect(await latest('staff.sign-in-failed', email)).toMatchObject({
      after: { reason: 'temporary password expired' },
    });
  });
});
