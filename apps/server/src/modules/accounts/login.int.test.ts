import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { LOGIN_LIMITS } from './password-login.ts';
import {
  addShopper,
  cookieFrom,
  errorOf,
  isLoggedIn,
  latestCode,
  send,
} from '../../../test-support/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
const from = () => ({ 'x-forwarded-for': `10.2.0.${++ip}` });
const login = (email: string, password: string, headers: Record<string, string> = from()) =>
  send(t, 'POST', '/api/auth/login', { email, password }, headers);

describe('POST /api/auth/login', () => {
  it('logs in with the right password: a new httpOnly, SameSite=Lax session cookie', async () => {
    const reply = await login('Priya@Example.com', DEMO_PASSWORDS.shopper);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, user: { firstName: 'Priya', email: 'priya@example.com' } });
    const setCookie = reply.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // plain http (a laptop)
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(await isLoggedIn(t, cookieFrom(reply))).toBe(true);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const res = await t.request('https://shop.example/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: JSON.stringify({ email: 'rahul@example.com', password: DEMO_PASSWORDS.shopper }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
    const proxied = await login('rahul@example.com', DEMO_PASSWORDS.shopper, {
      ...from(),
      'x-forwarded-proto': 'https',
    });
    expect(proxied.headers.get('set-cookie')).toMatch(/Secure/);
  });

  // requirements#host-cookie (ASVS 5.0 V7.2): behind HTTPS the session is a __Host- cookie
  it('behind HTTPS names the cookie __Host-session, trusts only that name there, and logs out by it', async () => {
    const over = async (url: string, cookie: string) =>
      (await t.request(url, { headers: { cookie, ...from() } })).status;
    const res = await t.request('https://shop.example/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: JSON.stringify({ email: 'ananya@example.com', password: DEMO_PASSWORDS.shopper }),
    });
    expect(res.status).toBe(200);
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^__Host-session=[\w-]+; Path=\/; /);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).toMatch(/; Secure$/);
    expect(set).not.toMatch(/Domain=/i);
    const token = /^__Host-session=([^;]+)/.exec(set)?.[1] ?? '';
    expect(await over('https://shop.example/myprofile', `__Host-session=${token}`)).toBe(200);
    // the plain name over HTTPS could have been planted by another host or a plain-http page
    expect(await over('https://shop.example/myprofile', `session=${token}`)).not.toBe(200);
    expect(await over('https://shop.example/myprofile', `session=${token}; __Host-session=x`)).not.toBe(200);
    // over plain http browsers keep no __Host- cookie, and the plain name works as before
    expect(await over('http://shop.example/myprofile', `__Host-session=${token}`)).not.toBe(200);
    expect(await over('http://shop.example/myprofile', `session=${token}`)).toBe(200);
    // a trusted proxy's https counts the same
    const proxied = await login('ananya@example.com', DEMO_PASSWORDS.shopper, {
      ...from(),
      'x-forwarded-proto': 'https',
    });
    expect(proxied.headers.get('set-cookie')).toMatch(/^__Host-session=.*; Secure$/);
    // logging out clears the __Host- cookie and ends the session
    const out = await t.request('https://shop.example/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `__Host-session=${token}`, origin: 'https://shop.example', ...from() },
    });
    expect(out.status).toBeLessThan(300);
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-session=; Path=\/; Max-Age=0; .*Secure$/);
    expect(await over('https://shop.example/myprofile', `__Host-session=${token}`)).not.toBe(200);
  });

  it('gives a new session token at every login and ends the one the browser had', async () => {
    const first = cookieFrom(await login('ananya@example.com', DEMO_PASSWORDS.shopper));
    const second = await login('ananya@example.com', DEMO_PASSWORDS.shopper, { ...from(), cookie: first });
    const next = cookieFrom(second);
    expect(next).not.toBe(first);
    expect(await isLoggedIn(t, first)).toBe(false);
    expect(await isLoggedIn(t, next)).toBe(true);
    // a planted (unknown) session id is not adopted either
    const planted = await login('ananya@example.com', DEMO_PASSWORDS.shopper, {
      ...from(),
      cookie: 'session=planted',
    });
    expect(cookieFrom(planted)).not.toBe('session=planted');
  });

  it('says the same for an unknown email and a wrong password', async () => {
    const wrong = await login('priya@example.com', 'not-the-password');
    const unknown = await login('nobody-here@example.com', 'not-the-password');
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(401);
      expect(errorOf(reply).message).toBe(LOGIN_MESSAGES.wrongCredentials);
      expect(reply.headers.get('set-cookie')).toBeNull();
    }
    const { code, message, fields } = errorOf(wrong);
    const other = errorOf(unknown);
    expect({ code, message, fields }).toEqual({
      code: other.code,
      message: other.message,
      fields: other.fields,
    });
  });

  it('pauses an account after 5 wrong passwords from one address (429), while the owner elsewhere still logs in', async () => {
    const email = 'rahul@example.com';
    const attacker = { 'x-forwarded-for': '10.2.1.1' };
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}-pass`, attacker)).status).toBe(401);
    const paused = await login(email, DEMO_PASSWORDS.shopper, attacker);
    expect(paused.status).toBe(429);
    expect(errorOf(paused).message).toBe(LOGIN_MESSAGES.tooManyAttempts(15));
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(800);
    // the lockout is no weapon: the owner from another address is not refused
    expect((await login(email, DEMO_PASSWORDS.shopper)).status).toBe(200);
    // 15 minutes later that address may try again (never locked out forever)
    await t.db.execute(
      sql`UPDATE rate_limit_counters SET expires_at = now() - interval '1 second' WHERE key LIKE 'login-pair:%'`,
    );
    expect((await login(email, DEMO_PASSWORDS.shopper, attacker)).status).toBe(200);
  });

  it('limits one address guessing many accounts, but not the shoppers who logged in from it before', async () => {
    const headers = { 'x-forwarded-for': '10.9.9.9' };
    // priya has logged in from this address (a carrier's shared address, say)
    expect((await login('priya@example.com', DEMO_PASSWORDS.shopper, headers)).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i++)
      expect((await login(`guess${i}@example.com`, 'wrong-password', headers)).status).toBe(401);
    expect((await login('ananya@example.com', DEMO_PASSWORDS.shopper, headers)).status).toBe(429);
    expect((await login('priya@example.com', DEMO_PASSWORDS.shopper, headers)).status).toBe(200);
    expect((await login('ananya@example.com', DEMO_PASSWORDS.shopper)).status).toBe(200);
  });

  it('does not open accounts that have no password (seeded reviewers)', async () => {
    const [reviewer] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.passwordHash, 'locked'))
      .limit(1);
    expect(reviewer).toBeDefined();
    expect((await login(reviewer?.email ?? '', 'locked')).status).toBe(401);
  });

  it.each([
    ['an invalid email', { email: 'priya', password: 'Shopper@123' }, { email: LOGIN_MESSAGES.email }],
    [
      'a short password',
      { email: 'priya@example.com', password: '123' },
      { password: LOGIN_MESSAGES.password },
    ],
    ['nothing', {}, { email: LOGIN_MESSAGES.email, password: LOGIN_MESSAGES.password }],
    [
      'objects',
      { email: { $ne: '' }, password: ['x'] },
      { email: LOGIN_MESSAGES.email, password: LOGIN_MESSAGES.password },
    ],
  ])('answers %s with the spec’s messages and no cookie', async (_, body, fields) => {
    const reply = await send(t, 'POST', '/api/auth/login', body, from());
    expect(reply.status).toBe(400);
    expect(errorOf(reply).fields).toEqual(fields);
    expect(reply.headers.get('set-cookie')).toBeNull();
  });

  it('refuses malformed, oversized and cross-site requests', async () => {
    expect((await send(t, 'POST', '/api/auth/login', '{"email":', from())).status).toBe(400);
    expect(
      (
        await send(t, 'POST', '/api/auth/login', {
          email: 'priya@example.com',
          password: 'x'.repeat(2_000_000),
        })
      ).status,
    ).toBe(413);
    const long = await send(
      t,
      'POST',
      '/api/auth/login',
      { email: 'priya@example.com', password: 'x'.repeat(500) },
      from(),
    );
    expect(long.status).toBe(400);
    const cross = await login('priya@example.com', DEMO_PASSWORDS.shopper, {
      origin: 'https://evil.example',
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('set-cookie')).toBeNull();
  });

  it('keeps the active sessions of the account apart from the failed attempts', async () => {
    const [priya] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'priya@example.com'));
    const live = await t.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.userId, priya?.id ?? 0), isNull(sessions.revokedAt)));
    expect(live.length).toBeGreaterThan(0);
  });
});

describe('login limits under attack', () => {
  it('counts each attempt before the password is checked: 100 at once from one address check 5', async () => {
    const shopper = await addShopper(t.db, 'Right#Password1');
    const headers = { 'x-forwarded-for': '10.2.200.1' };
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(shopper.email, `wrong-${i}-password`, headers)),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndIp.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - LOGIN_LIMITS.perAccountAndIp.max);
    expect((await login(shopper.email, 'Right#Password1', headers)).status).toBe(429);
  });

  it('lets the right password last in 40 at once through only if it was among the 5 counted', async () => {
    const shopper = await addShopper(t.db, 'Right#Password2');
    const headers = { 'x-forwarded-for': '10.2.200.2' };
    const passwords = [...Array.from({ length: 39 }, (_, i) => `wrong-${i}-password`), 'Right#Password2'];
    const replies = await Promise.all(passwords.map((password) => login(shopper.email, password, headers)));
    const checked = replies.filter((reply) => reply.status !== 429);
    expect(checked.length).toBe(LOGIN_LIMITS.perAccountAndIp.max);
    expect(replies.filter((reply) => reply.status === 200).length).toBeLessThanOrEqual(1);
  });

  it('holds the account-wide limit across many addresses at once, while code login stays open', async () => {
    const shopper = await addShopper(t.db, 'Right#Password3');
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(shopper.email, `wrong-${i}-password`, { 'x-forwarded-for': `10.2.201.${i + 1}` }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.perAccount.max);
    const paused = await login(shopper.email, 'Right#Password3', { 'x-forwarded-for': '10.2.202.1' });
    expect(paused.status).toBe(429);
    expect(errorOf(paused).message).toBe(LOGIN_MESSAGES.accountPaused(60));
    // the owner is not denied: a login code still opens the account
    const headers = { 'x-forwarded-for': '10.2.202.2' };
    expect(
      (await send(t, 'POST', '/api/auth/login-codes', { emailOrMobile: shopper.email }, headers)).status,
    ).toBe(200);
    const code = await latestCode(t.db, shopper.email);
    const byCode = await send(
      t,
      'POST',
      '/api/auth/login-codes/verify',
      { emailOrMobile: shopper.email, code },
      headers,
    );
    expect(byCode.status).toBe(200);
    // and from the address it has just logged in from, the right password works again
    expect((await login(shopper.email, 'Right#Password3', headers)).status).toBe(200);
  });

  it('does not count a successful login against the account or the address', async () => {
    const shopper = await addShopper(t.db, 'Right#Password4');
    for (let i = 0; i < LOGIN_LIMITS.perIp.max + 5; i++)
      expect(
        (await login(shopper.email, 'Right#Password4', { 'x-forwarded-for': '10.2.203.1' })).status,
      ).toBe(200);
  });
});
