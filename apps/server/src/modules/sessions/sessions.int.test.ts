import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { hashSessionToken, SESSION_DAYS, SESSION_IDLE_DAYS } from './sessions.ts';
import { isLoggedIn } from '../../../test-support/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const rowOf = async (cookie: string) => {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(cookie.split('=')[1] ?? '')));
  return row;
};
const setSession = (cookie: string, values: Partial<typeof sessions.$inferInsert>) =>
  t.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, hashSessionToken(cookie.split('=')[1] ?? '')));

describe('session lifetime', () => {
  it(`ends a session left unused for ${SESSION_IDLE_DAYS} days, though its ${SESSION_DAYS} days are not over`, async () => {
    const cookie = await t.loginCookie('priya@example.com');
    await setSession(cookie, {
      createdAt: daysAgo(SESSION_IDLE_DAYS + 1),
      lastSeenAt: daysAgo(SESSION_IDLE_DAYS + 1),
    });
    expect(await isLoggedIn(t, cookie)).toBe(false);
  });

  it('keeps a session in use alive, noting its use at most once an hour', async () => {
    const cookie = await t.loginCookie('rahul@example.com');
    await setSession(cookie, { createdAt: daysAgo(20), lastSeenAt: daysAgo(SESSION_IDLE_DAYS - 1) });
    expect(await isLoggedIn(t, cookie)).toBe(true);
    const seen = (await rowOf(cookie))?.lastSeenAt.getTime() ?? 0;
    expect(Date.now() - seen).toBeLessThan(60_000);
    const recently = new Date(Date.now() - 30 * 60_000);
    await setSession(cookie, { lastSeenAt: recently });
    expect(await isLoggedIn(t, cookie)).toBe(true);
    expect((await rowOf(cookie))?.lastSeenAt.getTime()).toBe(recently.getTime());
  });

  it(`ends a session ${SESSION_DAYS} days after the login however much it is used`, async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    await setSession(cookie, { createdAt: daysAgo(SESSION_DAYS), expiresAt: daysAgo(0.01) });
    expect(await isLoggedIn(t, cookie)).toBe(false);
  });
});
