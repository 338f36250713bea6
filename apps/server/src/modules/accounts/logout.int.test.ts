import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { hashSessionToken } from '../sessions/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const logout = (headers: Record<string, string> = {}) =>
  t.request('/api/auth/logout', { method: 'POST', headers });
const isLoggedIn = async (cookie: string) => {
  const res = await t.request('/myprofile', { headers: { cookie } });
  return res.status === 200;
};
const tokenOf = (cookie: string) => cookie.split('=')[1] ?? '';

describe('POST /api/auth/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    expect(await isLoggedIn(cookie)).toBe(true);
    const res = await logout({ cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // the old cookie no longer logs anyone in, even if the browser kept it
    expect(await isLoggedIn(cookie)).toBe(false);
    const [row] = await t.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(tokenOf(cookie))));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('leaves the shopper’s other sessions and other shoppers logged in', async () => {
    const phone = await t.loginCookie('rahul@example.com');
    const laptop = await t.loginCookie('rahul@example.com');
    const other = await t.loginCookie('ananya@example.com');
    expect((await logout({ cookie: laptop })).status).toBe(200);
    expect(await isLoggedIn(laptop)).toBe(false);
    expect(await isLoggedIn(phone)).toBe(true);
    expect(await isLoggedIn(other)).toBe(true);
  });

  it.each([
    ['no cookie', {}],
    ['an unknown session', { cookie: 'session=not-a-real-session' }],
    ['an oversized cookie', { cookie: `session=${'x'.repeat(10_000)}` }],
    ['a malformed cookie header', { cookie: '=;;session' }],
    ['SQL in the cookie', { cookie: "session=' OR 1=1 --" }],
  ])('succeeds with %s and ends nobody’s session', async (_, headers) => {
    const bystander = await t.loginCookie('priya@example.com');
    const res = await logout(headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await isLoggedIn(bystander)).toBe(true);
  });

  it('refuses a logout posted from another site', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const attempts: Record<string, string>[] = [
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      { cookie, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const res = await logout(headers);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    }
    expect(await isLoggedIn(cookie)).toBe(true);
    // our own pages may post it
    expect(
      (await logout({ cookie, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200);
  });

  it('answers other methods and bodies of the wrong type with a JSON error', async () => {
    expect((await t.request('/api/auth/logout')).status).toBe(404);
    const res = await t.request('/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'bye',
    });
    expect(res.status).toBe(415);
  });
});
