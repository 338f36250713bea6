import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedAccounts, users } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { LINKED_ACCOUNT_MESSAGES as M } from '@marketplace/domain/accounts/linked-accounts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import {
  afterHalfAMinute,
  cookieFrom,
  errorOf,
  isLoggedIn,
  latestCode,
  messagesTo,
  send,
} from '../../../test-support/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
const as = (cookie: string) => ({ cookie, 'x-forwarded-for': `10.5.0.${++ip}` });
const list = async (cookie: string) =>
  (await send(t, 'GET', '/api/linked-accounts', undefined, as(cookie))).body.accounts as {
    id: number;
    firstName: string;
    email: string;
    mobile: string | null;
  }[];
const linkByPassword = (cookie: string, emailOrMobile: string, password: string) =>
  send(t, 'POST', '/api/linked-accounts', { emailOrMobile, password }, as(cookie));

describe('linked accounts', () => {
  it('links an account by its password (both ways) and lists it with first name, email and mobile', async () => {
    const priya = await t.loginCookie('priya@example.com');
    expect(await list(priya)).toEqual([]);
    const reply = await linkByPassword(priya, '9123456780', DEMO_PASSWORDS.shopper);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: M.linked });
    expect(await list(priya)).toEqual([
      {
        id: expect.any(Number) as number,
        firstName: 'Rahul',
        email: 'rahul@example.com',
        mobile: '9123456780',
      },
    ]);
    const rahul = await t.loginCookie('rahul@example.com');
    expect((await list(rahul)).map((a) => a.email)).toEqual(['priya@example.com']);
    const again = await linkByPassword(priya, 'rahul@example.com', DEMO_PASSWORDS.shopper);
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe(M.alreadyLinked);
  });

  it('refuses a wrong password, the own account, and empty fields with the spec’s message', async () => {
    const ananya = await t.loginCookie('ananya@example.com');
    const wrong = await linkByPassword(ananya, 'priya@example.com', 'wrong-password');
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong).message).toBe(M.wrongCredentials);
    const self = await linkByPassword(ananya, 'ananya@example.com', DEMO_PASSWORDS.shopper);
    expect(self.status).toBe(422);
    expect(errorOf(self).message).toBe(M.self);
    for (const body of [
      { emailOrMobile: '', password: 'x' },
      { emailOrMobile: 'priya@example.com', password: '' },
      {},
    ]) {
      const reply = await send(t, 'POST', '/api/linked-accounts', body, as(ananya));
      expect(reply.status).toBe(400);
      expect(errorOf(reply).message).toBe(M.bothRequired);
    }
    expect(await list(ananya)).toEqual([]);
  });

  it('links an account by a code sent to it; a code asked for by someone else links nothing', async () => {
    const ananya = await t.loginCookie('ananya@example.com');
    const sent = await send(
      t,
      'POST',
      '/api/linked-accounts/codes',
      { emailOrMobile: 'rahul@example.com' },
      as(ananya),
    );
    expect(sent.status).toBe(200);
    const code = await latestCode(t.db, 'rahul@example.com');
    // priya cannot use the code ananya asked for
    const priya = await t.loginCookie('priya@example.com');
    const stolen = await send(
      t,
      'POST',
      '/api/linked-accounts/verify',
      { emailOrMobile: 'rahul@example.com', code },
      as(priya),
    );
    expect(stolen.status).toBe(422);

    await afterHalfAMinute(t.db);
    await send(t, 'POST', '/api/linked-accounts/codes', { emailOrMobile: 'rahul@example.com' }, as(ananya));
    const fresh = await latestCode(t.db, 'rahul@example.com');
    const empty = await send(
      t,
      'POST',
      '/api/linked-accounts/verify',
      { emailOrMobile: 'rahul@example.com', code: '' },
      as(ananya),
    );
    expect(errorOf(empty).fields).toEqual({ code: M.enterCode });
    const ok = await send(
      t,
      'POST',
      '/api/linked-accounts/verify',
      { emailOrMobile: 'rahul@example.com', code: fresh },
      as(ananya),
    );
    expect(ok.status).toBe(200);
    expect((await list(ananya)).map((a) => a.firstName)).toEqual(['Rahul']);
    // nothing is sent to an address without an account, and the answer is the same
    const unknown = await send(
      t,
      'POST',
      '/api/linked-accounts/codes',
      { emailOrMobile: 'ghost@example.com' },
      as(ananya),
    );
    expect(unknown.body).toEqual(sent.body);
    expect(await messagesTo(t.db, 'ghost@example.com')).toHaveLength(0);
  });

  it('switches to a linked account with the code sent to it, and lands logged in as that account', async () => {
    const priya = await t.loginCookie('priya@example.com');
    const [link] = await list(priya);
    expect(link?.email).toBe('rahul@example.com');
    const linkId = link?.id ?? 0;
    const sent = await send(t, 'POST', `/api/linked-accounts/${linkId}/codes`, undefined, as(priya));
    expect(sent.status).toBe(200);
    const code = await latestCode(t.db, 'rahul@example.com');
    expect(await latestCode(t.db, '9123456780', 'sms')).toBe(code);
    const wrong = await send(
      t,
      'POST',
      `/api/linked-accounts/${linkId}/switch`,
      { code: code === '000000' ? '000001' : '000000' },
      as(priya),
    );
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong).message).toBe(CODE_MESSAGES.invalid);
    const switched = await send(t, 'POST', `/api/linked-accounts/${linkId}/switch`, { code }, as(priya));
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({
      success: true,
      user: { firstName: 'Rahul', email: 'rahul@example.com' },
    });
    const rahul = cookieFrom(switched);
    expect(await isLoggedIn(t, rahul)).toBe(true);
    expect(await isLoggedIn(t, priya)).toBe(false); // the old session ended
  });

  it('switches only to accounts linked to the logged-in one: another shopper’s link is 404', async () => {
    const [rahulUser] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'rahul@example.com'));
    const rows = await t.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.userId, rahulUser?.id ?? 0));
    expect(rows.length).toBeGreaterThan(0);
    const othersLink = rows[0]?.id ?? 0;
    const stranger = await t.loginCookie('shree-balaji-retail@sellers.example.com');
    const code = await send(t, 'POST', `/api/linked-accounts/${othersLink}/codes`, undefined, as(stranger));
    expect(code.status).toBe(404);
    expect(errorOf(code).message).toBe(M.notLinked);
    const sw = await send(
      t,
      'POST',
      `/api/linked-accounts/${othersLink}/switch`,
      { code: '123456' },
      as(stranger),
    );
    expect(sw.status).toBe(404);
    expect((await send(t, 'POST', '/api/linked-accounts/999999/codes', undefined, as(stranger))).status).toBe(
      404,
    );
    expect((await send(t, 'POST', '/api/linked-accounts/abc/codes', undefined, as(stranger))).status).toBe(
      400,
    );
    expect(
      (await send(t, 'POST', '/api/linked-accounts/-1/switch', { code: '123456' }, as(stranger))).status,
    ).toBe(400);
  });

  it.each([
    ['GET', '/api/linked-accounts', undefined],
    ['POST', '/api/linked-accounts', { emailOrMobile: 'rahul@example.com', password: 'Shopper@123' }],
    ['POST', '/api/linked-accounts', { junk: true }],
    ['POST', '/api/linked-accounts/codes', { emailOrMobile: 'rahul@example.com' }],
    ['POST', '/api/linked-accounts/verify', { emailOrMobile: 'rahul@example.com', code: '123456' }],
    ['POST', '/api/linked-accounts/1/codes', undefined],
    ['POST', '/api/linked-accounts/1/switch', { code: '123456' }],
  ])('answers %s %s without a login with 401', async (method, path, body) => {
    const reply = await send(t, method, path, body, { cookie: 'session=nobody' });
    expect(reply.status).toBe(401);
    expect(errorOf(reply).code).toBe('UNAUTHENTICATED');
  });

  it('never takes the user from the body', async () => {
    const ananya = await t.loginCookie('ananya@example.com');
    const reply = await send(
      t,
      'POST',
      '/api/linked-accounts',
      { emailOrMobile: 'priya@example.com', password: 'wrong-one', userId: 1, classic_user: 1 },
      as(ananya),
    );
    expect(reply.status).toBe(422);
  });
});
