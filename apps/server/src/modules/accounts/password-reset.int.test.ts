import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { errorOf, isLoggedIn, latestCode, messagesTo, send } from '../../../test-support/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
const from = () => ({ 'x-forwarded-for': `10.4.0.${++ip}` });
const ask = (email: unknown) => send(t, 'POST', '/api/auth/password-resets', { email }, from());
const confirm = (body: Record<string, unknown>) =>
  send(t, 'POST', '/api/auth/password-resets/confirm', body, from());
const login = (email: string, password: string) =>
  send(t, 'POST', '/api/auth/login', { email, password }, from());

describe('forgot password', () => {
  it('resets with the emailed code, ends every session of the account, and the new password works', async () => {
    const phone = await t.loginCookie('priya@example.com');
    const laptop = await t.loginCookie('priya@example.com');
    const bystander = await t.loginCookie('rahul@example.com');
    const sent = await ask('priya@example.com');
    expect(sent.body).toEqual({ success: true, message: RESET_MESSAGES.sent });
    const code = await latestCode(t.db, 'priya@example.com');
    expect(code).toMatch(/^[0-9]{6}$/);
    const done = await confirm({
      email: 'priya@example.com',
      code,
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: RESET_MESSAGES.done });
    expect(await isLoggedIn(t, phone)).toBe(false);
    expect(await isLoggedIn(t, laptop)).toBe(false);
    expect(await isLoggedIn(t, bystander)).toBe(true);
    expect((await login('priya@example.com', DEMO_PASSWORDS.shopper)).status).toBe(401);
    expect((await login('priya@example.com', 'brand-new-1')).status).toBe(200);
    expect((await messagesTo(t.db, 'priya@example.com')).map((m) => m.template)).toContain(
      'password-changed',
    );
    // the code is spent
    expect(
      (
        await confirm({
          email: 'priya@example.com',
          code,
          newPassword: 'again-123',
          confirmPassword: 'again-123',
        })
      ).status,
    ).toBe(422);
  });

  it('answers the same for an email without an account, and sends nothing', async () => {
    const known = await ask('rahul@example.com');
    const unknown = await ask('nobody-at-all@example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await messagesTo(t.db, 'nobody-at-all@example.com')).toHaveLength(0);
    const guess = await confirm({
      email: 'nobody-at-all@example.com',
      code: '123456',
      newPassword: 'Secret#9999',
      confirmPassword: 'Secret#9999',
    });
    expect(guess.status).toBe(422);
    expect(errorOf(guess).message).toBe(CODE_MESSAGES.invalid);
  });

  it('does not change the password with a wrong code', async () => {
    await ask('ananya@example.com');
    const code = await latestCode(t.db, 'ananya@example.com');
    const reply = await confirm({
      email: 'ananya@example.com',
      code: code === '000000' ? '000001' : '000000',
      newPassword: 'hijacked1',
      confirmPassword: 'hijacked1',
    });
    expect(reply.status).toBe(422);
    expect((await login('ananya@example.com', 'hijacked1')).status).toBe(401);
    expect((await login('ananya@example.com', DEMO_PASSWORDS.shopper)).status).toBe(200);
  });

  it.each([
    [{ newPassword: '' }, { newPassword: RESET_MESSAGES.newRequired }],
    [{ confirmPassword: '' }, { confirmPassword: RESET_MESSAGES.confirmRequired }],
    [{ confirmPassword: 'different1' }, { confirmPassword: RESET_MESSAGES.mismatch }],
    [{ code: 'abc' }, { code: RESET_MESSAGES.code }],
    [{ newPassword: '123456', confirmPassword: '123456' }, { newPassword: RESET_MESSAGES.tooShort }],
    [{ newPassword: 'password', confirmPassword: 'password' }, { newPassword: NEW_PASSWORD_MESSAGES.common }],
    [
      { newPassword: 'x'.repeat(200), confirmPassword: 'x'.repeat(200) },
      { newPassword: 'Password can be at most 128 characters long.' },
    ],
  ])('refuses %j with the spec’s message', async (change, fields) => {
    const body = {
      email: 'rahul@example.com',
      code: '123456',
      newPassword: 'Secret#9999',
      confirmPassword: 'Secret#9999',
      ...change,
    };
    const reply = await confirm(body);
    expect(reply.status).toBe(400);
    expect(errorOf(reply).fields).toMatchObject(fields);
  });

  it('refuses a malformed email, and requests from other sites', async () => {
    expect(errorOf(await ask('rahul')).fields).toEqual({ email: RESET_MESSAGES.email });
    expect(errorOf(await ask(null)).fields).toEqual({ email: RESET_MESSAGES.email });
    const cross = await send(
      t,
      'POST',
      '/api/auth/password-resets',
      { email: 'rahul@example.com' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(cross.status).toBe(403);
  });
});
