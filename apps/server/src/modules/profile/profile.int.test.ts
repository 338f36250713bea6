import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@marketplace/db';
import { PASSWORD_MESSAGES, PROFILE_MESSAGES } from '@marketplace/domain/accounts/profile';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: string, path: string, cookie: string | null, body?: unknown, headers = {}) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const userRow = async (email: string) => {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}`);
  return row;
};

const update = {
  firstName: 'Rahul',
  lastName: 'Verma',
  mobile: '9123456780',
  gender: 'male',
  dateOfBirth: '1989-11-02',
  anniversary: '2015-02-14',
};

describe('GET /api/profile', () => {
  it('returns the session shopper’s profile, unset dates as null, and is never cached', async () => {
    const res = await send('GET', '/api/profile', await t.loginCookie('ananya@example.com'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      firstName: 'Ananya',
      lastName: 'Iyer',
      email: 'ananya@example.com',
      mobile: '8765432109',
      gender: 'female',
      dateOfBirth: null,
      anniversary: null,
    });
  });

  it.each([
    ['no cookie', null],
    ['an unknown session', 'session=nope'],
  ])('answers 401 with %s', async (_, cookie) => {
    const res = await send('GET', '/api/profile', cookie);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: PROFILE_MESSAGES.needsUser,
    });
  });
});

describe('PUT /api/profile', () => {
  it('saves the editable fields of the session shopper only', async () => {
    const cookie = await t.loginCookie('rahul@example.com');
    const priyaBefore = await userRow('priya@example.com');
    const res = await send('PUT', '/api/profile', cookie, { ...update, firstName: ' Rahul K ', gender: '' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { profile: Record<string, unknown>; message: string };
    expect(body.message).toBe(PROFILE_MESSAGES.saved);
    expect(body.profile).toMatchObject({ firstName: 'Rahul K', gender: null, anniversary: '2015-02-14' });
    const row = await userRow('rahul@example.com');
    expect(row).toMatchObject({
      firstName: 'Rahul K',
      gender: null,
      anniversary: '2015-02-14',
      email: 'rahul@example.com',
    });
    expect(await userRow('priya@example.com')).toEqual(priyaBefore);
    // unsetting dates with the spec's 0000-00-00 or an empty box
    const cleared = await send('PUT', '/api/profile', cookie, {
      ...update,
      dateOfBirth: '0000-00-00',
      anniversary: '',
    });
    expect(((await cleared.json()) as { profile: Record<string, unknown> }).profile).toMatchObject({
      dateOfBirth: null,
      anniversary: null,
    });
  });

  it('refuses a mobile number of another account with 409 and changes nothing', async () => {
    const cookie = await t.loginCookie('rahul@example.com');
    const before = await userRow('rahul@example.com');
    const res = await send('PUT', '/api/profile', cookie, { ...update, mobile: '9876543210' }); // Priya's
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      message: PROFILE_MESSAGES.mobileTaken,
      fields: { mobile: PROFILE_MESSAGES.mobileTaken },
    });
    expect(await userRow('rahul@example.com')).toEqual(before);
  });

  const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  it.each([
    [{ firstName: '' }, 'firstName', PROFILE_MESSAGES.firstName],
    [{ lastName: 'x'.repeat(10_000) }, 'lastName', PROFILE_MESSAGES.nameTooLong],
    [{ mobile: '12345' }, 'mobile', PROFILE_MESSAGES.mobile],
    [{ mobile: undefined }, 'mobile', PROFILE_MESSAGES.mobile],
    [{ gender: 'x' }, 'gender', PROFILE_MESSAGES.gender],
    [{ dateOfBirth: '2023-02-30' }, 'dateOfBirth', PROFILE_MESSAGES.date],
    [{ dateOfBirth: future }, 'dateOfBirth', PROFILE_MESSAGES.birthInFuture],
    [{ anniversary: "1990-01-01'; DROP TABLE users; --" }, 'anniversary', PROFILE_MESSAGES.date],
  ])('refuses %j with 400 and the field’s message', async (change, field, message) => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await userRow('priya@example.com');
    const res = await send('PUT', '/api/profile', cookie, { ...update, mobile: '9876543210', ...change });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toBe(message);
    expect(await userRow('priya@example.com')).toEqual(before);
  });

  it('refuses an email change, a user id in the body, malformed and oversized bodies', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await userRow('priya@example.com');
    const ananya = await userRow('ananya@example.com');
    const attempts: [unknown, number][] = [
      [{ ...update, mobile: '9876543210', email: 'evil@example.com' }, 400],
      [{ ...update, mobile: '9876543210', userId: ananya.id }, 400],
      ['{"firstName": ', 400],
      [[1, 2], 400],
      [{ ...update, mobile: '9876543210', lastName: 'x'.repeat(1_100_000) }, 413],
    ];
    for (const [body, status] of attempts) {
      expect((await send('PUT', '/api/profile', cookie, body)).status).toBe(status);
    }
    expect(await userRow('priya@example.com')).toEqual(before);
    expect(await userRow('ananya@example.com')).toEqual(ananya);
  });

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await send('PUT', '/api/profile', null, update)).status).toBe(401);
    const cookie = await t.loginCookie('rahul@example.com');
    const res = await send('PUT', '/api/profile', cookie, update, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/profile/password', () => {
  const change = { currentPassword: 'Shopper@123', newPassword: 'Fresh#2025', confirmPassword: 'Fresh#2025' };
  const isLoggedIn = async (cookie: string) => (await send('GET', '/api/profile', cookie)).status === 200;

  it('checks the current password, stores the new one and logs out the other sessions only', async () => {
    const here = await t.loginCookie('ananya@example.com');
    const phone = await t.loginCookie('ananya@example.com');
    const bystander = await t.loginCookie('priya@example.com');
    const before = await userRow('ananya@example.com');

    const wrong = await send('PUT', '/api/profile/password', here, { ...change, currentPassword: 'Guess#1' });
    expect(wrong.status).toBe(422);
    expect(await errorOf(wrong)).toMatchObject({ message: PASSWORD_MESSAGES.wrongCurrent });
    expect((await userRow('ananya@example.com')).passwordHash).toBe(before.passwordHash);
    expect(await isLoggedIn(phone)).toBe(true);

    const res = await send('PUT', '/api/profile/password', here, change);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: PASSWORD_MESSAGES.updated });
    expect((await userRow('ananya@example.com')).passwordHash).not.toBe(before.passwordHash);
    expect(await isLoggedIn(here)).toBe(true);
    expect(await isLoggedIn(phone)).toBe(false);
    expect(await isLoggedIn(bystander)).toBe(true);

    // the old password no longer counts as the current one
    const again = await send('PUT', '/api/profile/password', here, change);
    expect(again.status).toBe(422);
  });

  it.each([
    [{ newPassword: '12345', confirmPassword: '12345' }, 'newPassword', PASSWORD_MESSAGES.tooShort],
    [{ newPassword: 'Fresh#1', confirmPassword: 'Fresh#1' }, 'newPassword', PASSWORD_MESSAGES.tooShort],
    [{ newPassword: 'password', confirmPassword: 'password' }, 'newPassword', NEW_PASSWORD_MESSAGES.common],
    [{ newPassword: 'Iloveyou', confirmPassword: 'Iloveyou' }, 'newPassword', NEW_PASSWORD_MESSAGES.common],
    [{ confirmPassword: 'Other#2025' }, 'confirmPassword', PASSWORD_MESSAGES.mismatch],
    [{ currentPassword: '' }, 'currentPassword', PASSWORD_MESSAGES.currentRequired],
    [
      { newPassword: 'x'.repeat(5_000), confirmPassword: 'x'.repeat(5_000) },
      'newPassword',
      PASSWORD_MESSAGES.tooLong,
    ],
  ])('refuses %j with 400 and changes nothing', async (bad, field, message) => {
    const cookie = await t.loginCookie('rahul@example.com');
    const before = await userRow('rahul@example.com');
    const res = await send('PUT', '/api/profile/password', cookie, { ...change, ...bad });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect((await userRow('rahul@example.com')).passwordHash).toBe(before.passwordHash);
  });

  it('answers 401 without a session, 403 from another site, 415 for a non-JSON body', async () => {
    expect((await send('PUT', '/api/profile/password', null, change)).status).toBe(401);
    const cookie = await t.loginCookie('rahul@example.com');
    expect(
      (await send('PUT', '/api/profile/password', cookie, change, { 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    const res = await t.request('/api/profile/password', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'text/plain' },
      body: 'Fresh#2025',
    });
    expect(res.status).toBe(415);
  });
});
