import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '@marketplace/db';
import { verifyPassword } from '@marketplace/db/password';
import { NEW_PASSWORD_MESSAGES, REGISTRATION_MESSAGES as M } from '@marketplace/domain/accounts/registration';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { ACCOUNT_EXISTS_SMS } from './message-templates.ts';
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
/** Each test comes from its own address, so the per-address code limit stays out of the way. */
const from = () => ({ 'x-forwarded-for': `10.1.0.${++ip}` });

const form = (n: number, change: Record<string, unknown> = {}) => ({
  firstName: 'Meera',
  lastName: 'Nair',
  email: `meera${n}@example.in`,
  mobile: `70000000${String(n).padStart(2, '0')}`,
  gender: 'female',
  password: 'Meera#Strong12',
  confirmPassword: 'Meera#Strong12',
  ...change,
});

async function start(n: number) {
  const reply = await send(t, 'POST', '/api/registrations', form(n), from());
  expect(reply.status).toBe(201);
  return String(reply.body.registrationId);
}
const accountCount = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

describe('registration', () => {
  it('sends a code to the email and one to the mobile, and creates the account only after both', async () => {
    const reply = await send(t, 'POST', '/api/registrations', form(1), from());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, message: M.codesSent });
    const id = String(reply.body.registrationId);
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await accountCount('meera1@example.in')).toBe(0);

    const pending = await send(t, 'GET', `/api/registrations/${id}`);
    expect(pending.body).toMatchObject({ email: 'me***@example.in', mobile: '******0001' });

    // the password is kept hashed, codes hashed
    const rows = await t.db
      .select()
      .from(oneTimeCodes)
      .where(sql`${oneTimeCodes.payload}->>'registrationId' = ${id}`);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('Meera#Strong12');
    const emailCode = await latestCode(t.db, 'meera1@example.in');
    const mobileCode = await latestCode(t.db, '7000000001', 'sms');
    expect(emailCode).toMatch(/^[0-9]{6}$/);
    expect(JSON.stringify(rows)).not.toContain(emailCode);

    const done = await send(t, 'POST', `/api/registrations/${id}/verify`, { emailCode, mobileCode });
    expect(done.status).toBe(201);
    expect(done.body).toEqual({ success: true, user: { firstName: 'Meera', email: 'meera1@example.in' } });
    const cookie = cookieFrom(done);
    expect(await isLoggedIn(t, cookie)).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'meera1@example.in'));
    expect(user).toMatchObject({ mobile: '7000000001', gender: 'female', lastName: 'Nair' });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword('Meera#Strong12', user?.passwordHash ?? '')).toBe(true);
    // the codes are spent, and the pending registration is gone
    expect((await send(t, 'POST', `/api/registrations/${id}/verify`, { emailCode, mobileCode })).status).toBe(
      404,
    );
    expect((await messagesTo(t.db, 'meera1@example.in')).map((m) => m.template)).toContain('welcome');
  });

  it('keeps the account uncreated while either code is wrong, and names the wrong one', async () => {
    const id = await start(2);
    const emailCode = await latestCode(t.db, 'meera2@example.in');
    const mobileCode = await latestCode(t.db, '7000000002', 'sms');
    const wrong = await send(t, 'POST', `/api/registrations/${id}/verify`, {
      emailCode,
      mobileCode: mobileCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(errorOf(wrong).fields ?? {})).toEqual(['mobileCode']);
    expect(await accountCount('meera2@example.in')).toBe(0);
    // the right email code was not used up by the failed try
    const ok = await send(t, 'POST', `/api/registrations/${id}/verify`, { emailCode, mobileCode });
    expect(ok.status).toBe(201);
  });

  it('kills a code after five wrong tries', async () => {
    const id = await start(3);
    const emailCode = await latestCode(t.db, 'meera3@example.in');
    const mobileCode = await latestCode(t.db, '7000000003', 'sms');
    const bad = emailCode === '999999' ? '999998' : '999999';
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const reply = await send(t, 'POST', `/api/registrations/${id}/verify`, { emailCode: bad, mobileCode });
      statuses.push(errorOf(reply).fields?.emailCode);
    }
    expect(
      statuses.slice(0, 4).every((m) => m === 'The OTP is incorrect or has expired. Please try again.'),
    ).toBe(true);
    expect(statuses[4]).toBe('Too many wrong attempts. Please request a new OTP.');
    const late = await send(t, 'POST', `/api/registrations/${id}/verify`, { emailCode, mobileCode });
    expect(late.status).toBe(422);
    expect(await accountCount('meera3@example.in')).toBe(0);
  });

  it('resends new codes (the old ones stop working), at most once per 30 seconds', async () => {
    const id = await start(4);
    const first = await latestCode(t.db, 'meera4@example.in');
    const tooSoon = await send(t, 'POST', `/api/registrations/${id}/codes`, undefined, from());
    expect(tooSoon.status).toBe(429);
    expect(errorOf(tooSoon).message).toMatch(/^Please wait \d+ seconds? before requesting another OTP\.$/);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    // half a minute later
    await t.db.execute(
      sql`UPDATE rate_limit_counters SET expires_at = now() - interval '1 second' WHERE key LIKE 'code-30s:%'`,
    );
    const resent = await send(t, 'POST', `/api/registrations/${id}/codes`, undefined, from());
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, message: M.codesResent });
    const second = await latestCode(t.db, 'meera4@example.in');
    const mobileCode = await latestCode(t.db, '7000000004', 'sms');
    if (first !== second) {
      const old = await send(t, 'POST', `/api/registrations/${id}/verify`, { emailCode: first, mobileCode });
      expect(old.status).toBe(422);
    }
    const ok = await send(t, 'POST', `/api/registrations/${id}/verify`, { emailCode: second, mobileCode });
    expect(ok.status).toBe(201);
  });

  // requirements#registration-existing (ASVS 5.0 V6.3.7 / V6.3.8): nothing says an account exists
  it('answers an email or a mobile that has an account exactly as a new one, and tells its owner instead of sending a code', async () => {
    const fresh = await send(t, 'POST', '/api/registrations', form(5), from());
    const byEmail = await send(
      t,
      'POST',
      '/api/registrations',
      form(6, { email: 'Priya@Example.com' }),
      from(),
    );
    const byMobile = await send(t, 'POST', '/api/registrations', form(9, { mobile: '9876543210' }), from());
    for (const reply of [byEmail, byMobile]) {
      expect(reply.status).toBe(fresh.status);
      expect(Object.keys(reply.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(reply.body.message).toBe(fresh.body.message);
      // /verifyotp shows where the codes went, as for any registration
      const shown = await send(t, 'GET', `/api/registrations/${String(reply.body.registrationId)}`);
      expect(shown.status).toBe(200);
    }
    // the owners are told, with no code in what they get; the other contact gets its code
    const [toPriya] = await messagesTo(t.db, 'priya@example.com');
    expect(toPriya).toMatchObject({ template: 'registration-account-exists', channel: 'email' });
    expect(toPriya?.body).not.toMatch(/\d{4,}/);
    const [toMobile] = await messagesTo(t.db, '9876543210');
    expect(toMobile).toMatchObject({ template: 'registration-account-exists', body: ACCOUNT_EXISTS_SMS });
    expect((await messagesTo(t.db, '7000000006'))[0]?.template).toBe('registration-code');
    expect((await messagesTo(t.db, 'meera9@example.in'))[0]?.template).toBe('registration-code');
    // without the owner's code the registration never finishes, and no second account appears
    const id = String(byEmail.body.registrationId);
    const tried = await send(t, 'POST', `/api/registrations/${id}/verify`, {
      emailCode: '000000',
      mobileCode: await latestCode(t.db, '7000000006', 'sms'),
    });
    expect(tried.status).toBe(422);
    expect(JSON.stringify(tried.body)).not.toMatch(/already|exists/i);
    expect(await accountCount('priya@example.com')).toBe(1);
    // a resend tells the owner again, still with no code
    await afterHalfAMinute(t.db);
    expect((await send(t, 'POST', `/api/registrations/${id}/codes`, undefined, from())).status).toBe(200);
    const again = await messagesTo(t.db, 'priya@example.com');
    expect(again[0]?.template).toBe('registration-account-exists');
    expect(again[0]?.id).not.toBe(toPriya?.id);
  });

  it('gives many starts with an existing email, at once from one address, the same answers as with a new one', async () => {
    const statuses = async (email: (i: number) => string, base: number, address: string) =>
      (
        await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            send(t, 'POST', '/api/registrations', form(base + i, { email: email(i) }), {
              'x-forwarded-for': address,
            }),
          ),
        )
      )
        .map((reply) => reply.status)
        .sort();
    const existing = await statuses(() => 'rahul@example.com', 60, '10.1.9.9');
    const fresh = await statuses(() => 'meera-same@example.in', 80, '10.1.9.10');
    expect(existing).toEqual(fresh);
    expect(existing).not.toContain(500);
  });

  it('refuses to finish when someone registered the same email meanwhile', async () => {
    const a = await start(7);
    const codesA = [await latestCode(t.db, 'meera7@example.in'), await latestCode(t.db, '7000000007', 'sms')];
    await afterHalfAMinute(t.db);
    const b = await send(t, 'POST', '/api/registrations', form(7, { mobile: '7000000077' }), from());
    expect(b.status).toBe(201); // a second try for the same email replaces the first codes
    const id = String(b.body.registrationId);
    const ok = await send(t, 'POST', `/api/registrations/${id}/verify`, {
      emailCode: await latestCode(t.db, 'meera7@example.in'),
      mobileCode: await latestCode(t.db, '7000000077', 'sms'),
    });
    expect(ok.status).toBe(201);
    const late = await send(t, 'POST', `/api/registrations/${a}/verify`, {
      emailCode: codesA[0],
      mobileCode: codesA[1],
    });
    expect([404, 409, 422]).toContain(late.status);
    expect(await accountCount('meera7@example.in')).toBe(1);
  });

  it.each([
    ['no body', undefined, 415],
    ['malformed JSON', '{"firstName":', 400],
    ['an array', '[]', 400],
    ['every field missing', {}, 400],
    ['a number for the email', { ...form(8), email: 42 }, 400],
    ['a 1 MB name', { ...form(8), firstName: 'x'.repeat(1_100_000) }, 413],
    ['SQL in the name', { ...form(8), firstName: "x'); DROP TABLE users; --".slice(0, 50) }, 201],
  ])('answers %s clearly and creates nothing', async (_, body, status) => {
    const res = await t.request('/api/registrations', {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json', ...from() },
      body: body === undefined ? 'x' : typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(res.status).toBe(status);
    if (status !== 201) {
      const reply = (await res.json()) as { error: { code: string; message: string } };
      expect(reply.error.message.length).toBeGreaterThan(5);
    }
    expect(await accountCount('meera8@example.in')).toBe(0);
  });

  it.each([
    ['123456', M.password],
    ['Short#1', M.password],
    ['password', NEW_PASSWORD_MESSAGES.common],
    ['Qwerty123', NEW_PASSWORD_MESSAGES.common],
  ])('refuses the weak password %j and sends no code', async (password, message) => {
    const reply = await send(
      t,
      'POST',
      '/api/registrations',
      form(40, { password, confirmPassword: password }),
      from(),
    );
    expect(reply.status).toBe(400);
    expect(errorOf(reply).fields).toEqual({ password: message });
    expect(await messagesTo(t.db, 'meera40@example.in')).toHaveLength(0);
  });

  it('gives each missing field the spec’s message', async () => {
    const reply = await send(t, 'POST', '/api/registrations', { gender: 'robot', mobile: '123' }, from());
    expect(reply.status).toBe(400);
    expect(errorOf(reply).fields).toMatchObject({
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      email: 'Please enter a valid email address.',
      mobile: 'Please enter a valid 10-digit mobile number.',
      gender: M.gender,
      password: 'Password must be at least 8 characters long.',
    });
    const mismatch = await send(
      t,
      'POST',
      '/api/registrations',
      form(9, { confirmPassword: 'other12' }),
      from(),
    );
    expect(errorOf(mismatch).fields).toEqual({ confirmPassword: 'Passwords do not match!' });
  });

  it('answers unknown, malformed and hostile registration ids with 404 or 400', async () => {
    expect((await send(t, 'GET', '/api/registrations/aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await send(t, 'GET', `/api/registrations/${encodeURIComponent("' OR 1=1 --")}`)).status).toBe(
      400,
    );
    const long = await send(t, 'POST', `/api/registrations/${'a'.repeat(100)}/verify`, {
      emailCode: '1',
      mobileCode: '2',
    });
    expect(long.status).toBe(400);
    const tooLong = await send(t, 'POST', '/api/registrations/aaaaaaaaaaaaaaaaaaaaaaaa/verify', {
      emailCode: '1234567',
      mobileCode: '',
    });
    expect(errorOf(tooLong).fields).toEqual({ emailCode: M.codeTooLong, mobileCode: M.mobileCodeRequired });
  });

  it('refuses a registration posted from another site', async () => {
    const reply = await send(t, 'POST', '/api/registrations', form(10), { origin: 'https://evil.example' });
    expect(reply.status).toBe(403);
  });
});
