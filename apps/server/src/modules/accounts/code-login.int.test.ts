import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '@marketplace/db';
import { CODE_MESSAGES, CODE_RULES } from '@marketplace/domain/accounts/codes';
import { CODE_LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import {
  addShopper,
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
const from = () => ({ 'x-forwarded-for': `10.3.0.${++ip}` });
const sendCode = (emailOrMobile: unknown, headers: Record<string, string> = from()) =>
  send(t, 'POST', '/api/auth/login-codes', { emailOrMobile }, headers);
const verify = (emailOrMobile: string, code: string) =>
  send(t, 'POST', '/api/auth/login-codes/verify', { emailOrMobile, code }, from());

describe('one-time-code login', () => {
  it('sends a 4-digit code by SMS to a mobile and logs in with it, once', async () => {
    const sent = await sendCode('9123456780');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message: CODE_LOGIN_MESSAGES.sent });
    const code = await latestCode(t.db, '9123456780', 'sms');
    expect(code).toMatch(/^[0-9]{4}$/);
    const reply = await verify('9123456780', code);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, user: { firstName: 'Rahul', email: 'rahul@example.com' } });
    expect(await isLoggedIn(t, cookieFrom(reply))).toBe(true);
    expect((await verify('9123456780', code)).status).toBe(422); // used up
  });

  it('sends to an email too, whatever its case', async () => {
    await sendCode('ANANYA@example.com');
    const code = await latestCode(t.db, 'ananya@example.com');
    expect((await verify('ananya@example.com', code)).status).toBe(200);
  });

  // requirements#message-languages
  it('sends the code in the language of the page that asked for it: Hindi from a Hindi page, the remembered choice without one', async () => {
    await afterHalfAMinute(t.db);
    await sendCode('9123456780', { ...from(), referer: 'http://localhost/hi/otpverification' });
    const [hindi] = await messagesTo(t.db, '9123456780');
    expect(hindi?.body).toMatch(/^\d{4} आपका Bazaar OTP है, लॉगिन करने के लिए।/);
    expect(hindi?.payload).toMatchObject({ language: 'hi' });
    await afterHalfAMinute(t.db);
    await sendCode('9123456780', { ...from(), cookie: 'lang=te' });
    const [telugu] = await messagesTo(t.db, '9123456780');
    expect(telugu?.body).toMatch(/^\d{4} మీ Bazaar OTP, లాగిన్ చేయడానికి\./);
    await afterHalfAMinute(t.db);
    await sendCode('9123456780', {
      ...from(),
      referer: 'http://localhost/otpverification',
      cookie: 'lang=te',
    });
    const [english] = await messagesTo(t.db, '9123456780');
    expect(english?.body).toMatch(/^\d{4} is your Bazaar OTP to log in\./);
    expect(english?.payload).not.toHaveProperty('language');
  });

  it('answers the same whether or not an account has the contact, and sends nothing to a stranger', async () => {
    const known = await sendCode('priya@example.com');
    const unknown = await sendCode('stranger@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await messagesTo(t.db, 'stranger@example.com')).toHaveLength(0);
    // guessing at a stranger's code fails exactly like a wrong code for a real account
    const results = [];
    for (let i = 0; i < 5; i++) results.push(errorOf(await verify('stranger@example.com', '0000')).message);
    expect(results.at(-1)).toBe(CODE_MESSAGES.tooManyAttempts);
  });

  it('kills a code after five wrong tries', async () => {
    await sendCode('8765432109');
    const code = await latestCode(t.db, '8765432109', 'sms');
    const wrong = code === '1111' ? '2222' : '1111';
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push(errorOf(await verify('8765432109', wrong)).message);
    expect(messages).toEqual([...Array(4).fill(CODE_MESSAGES.invalid), CODE_MESSAGES.tooManyAttempts]);
    const late = await verify('8765432109', code);
    expect(late.status).toBe(422);
  });

  it('caps the wrong codes an account takes in a day, across its codes, its email and its mobile', async () => {
    const shopper = await addShopper(t.db, 'Some#Password1');
    const wrongFor = (code: string) => (code === '1111' ? '2222' : '1111');
    // two codes' worth of wrong tries, one code by email and the next by mobile
    for (const contact of [shopper.email, shopper.mobile]) {
      await afterHalfAMinute(t.db);
      expect((await sendCode(contact)).status).toBe(200);
      const code = await latestCode(t.db, contact, contact.includes('@') ? 'email' : 'sms');
      for (let i = 0; i < CODE_RULES.wrongLoginCodesPerDay / 2; i++)
        expect((await verify(contact, wrongFor(code))).status).toBe(422);
    }
    await afterHalfAMinute(t.db);
    expect((await sendCode(shopper.email)).status).toBe(200);
    const code = await latestCode(t.db, shopper.email);
    const capped = await verify(shopper.email, code);
    expect(capped.status).toBe(429);
    expect(errorOf(capped).message).toBe(CODE_MESSAGES.tooManyWrongToday(24));
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // the password still opens the account
    const login = await send(
      t,
      'POST',
      '/api/auth/login',
      { email: shopper.email, password: 'Some#Password1' },
      from(),
    );
    expect(login.status).toBe(200);
  });

  it('counts wrong codes sent at once before checking them', async () => {
    const shopper = await addShopper(t.db, 'Some#Password2');
    await sendCode(shopper.mobile);
    const code = await latestCode(t.db, shopper.mobile, 'sms');
    const guesses = Array.from({ length: 31 }, (_, i) => String(i).padStart(4, '0')).filter(
      (g) => g !== code,
    );
    const replies = await Promise.all(guesses.slice(0, 30).map((guess) => verify(shopper.mobile, guess)));
    const checked = replies.filter((reply) => reply.status !== 429);
    expect(checked.length).toBe(CODE_RULES.wrongLoginCodesPerDay);
  });

  it('lets a code work for 10 minutes only', async () => {
    await afterHalfAMinute(t.db);
    await sendCode('priya@example.com');
    const code = await latestCode(t.db, 'priya@example.com');
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.target, 'priya@example.com'));
    const reply = await verify('priya@example.com', code);
    expect(reply.status).toBe(422);
    expect(errorOf(reply).message).toBe(CODE_MESSAGES.invalid);
  });

  it('sends at most one code per 30 seconds and 5 per hour to a destination (429)', async () => {
    const target = '9000000001';
    expect((await sendCode(target)).status).toBe(200);
    const soon = await sendCode(target);
    expect(soon.status).toBe(429);
    expect(errorOf(soon).message).toMatch(/^Please wait (30|29) seconds before requesting another OTP\.$/);
    for (let i = 0; i < 4; i++) {
      await afterHalfAMinute(t.db);
      expect((await sendCode(target)).status).toBe(200);
    }
    await afterHalfAMinute(t.db);
    const hourly = await sendCode(target);
    expect(hourly.status).toBe(429);
    expect(errorOf(hourly).message).toBe(CODE_MESSAGES.tooManySends(60));
  });

  it('limits codes asked for from one address', async () => {
    const headers = { 'x-forwarded-for': '10.3.9.9' };
    const statuses = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await sendCode(`91000000${String(i).padStart(2, '0')}`, headers)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it.each([
    [{ emailOrMobile: '98765' }, { emailOrMobile: CODE_LOGIN_MESSAGES.contact }],
    [{ emailOrMobile: 'priya' }, { emailOrMobile: CODE_LOGIN_MESSAGES.contact }],
    [{}, { emailOrMobile: CODE_LOGIN_MESSAGES.contact }],
    [{ emailOrMobile: 'x'.repeat(10_000) }, { emailOrMobile: CODE_LOGIN_MESSAGES.contact }],
  ])('refuses %j with the spec’s message', async (body, fields) => {
    const reply = await send(t, 'POST', '/api/auth/login-codes', body, from());
    expect(reply.status).toBe(400);
    expect(errorOf(reply).fields).toEqual(fields);
  });

  it.each([['123'], ['12345'], ['abcd'], ['']])(
    'refuses the code %j with the spec’s message',
    async (code) => {
      const reply = await verify('9876543210', code);
      expect(reply.status).toBe(400);
      expect(errorOf(reply).fields).toEqual({ code: CODE_LOGIN_MESSAGES.code });
    },
  );
});
