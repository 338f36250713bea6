import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { PASSWORD_MESSAGES, PROFILE_MESSAGES } from '@marketplace/domain/accounts/profile';
import { SESSION_COOKIE } from '../sessions/index.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// The profile pages without scripts (ADR-0013): rendered on the server, their forms posted to
// their actions, which call the profile API for the shopper of the session.
let t: TestApp;
let rahul: string;
beforeAll(async () => {
  t = await createTestApp();
  rahul = await t.loginCookie('rahul@example.com');
});
afterAll(() => t.close());

const PROFILE = {
  firstName: 'Rahul',
  lastName: 'Verma',
  mobile: '9123456780',
  gender: 'male',
  dateOfBirth: '1989-11-02',
  anniversary: '',
};
const PASSWORD_CHANGE = {
  currentPassword: DEMO_PASSWORDS.shopper,
  newPassword: 'Fresh#2025',
  confirmPassword: 'Fresh#2025',
};

const post = (path: string, cookie: string | null, fields: Record<string, string>) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
const userRow = async (email: string) => {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(email);
  return row;
};
const flashOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('flash='))
    ?.split(';')[0];

describe('the profile pages render on the server', () => {
  it('shows the profile in the first HTML, unset dates as Not set, with no spinner', async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    const html = await (await t.request('/myprofile', { headers: { cookie } })).text();
    expect(html).toContain('ananya@example.com');
    expect(html).toContain('8765432109');
    expect(html).toContain(PROFILE_MESSAGES.notSet);
    expect(html).not.toContain('class="spinner"');
  });

  it('fills the edit form from the profile, and the password form starts empty', async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    const edit = await (await t.request('/updateprofile', { headers: { cookie } })).text();
    expect(edit).toContain('value="Ananya"');
    expect(edit).toContain('value="8765432109"');
    expect(edit).toMatch(/<option value="female" selected="">/);
    expect(edit).not.toContain('class="spinner"');
    const password = await (await t.request('/updatepassword', { headers: { cookie } })).text();
    expect(password).toContain('name="currentPassword"');
    expect(password).not.toContain('class="spinner"');
  });

  it('each shopper sees only their own profile', async () => {
    const html = await (await t.request('/myprofile', { headers: { cookie: rahul } })).text();
    expect(html).toContain('rahul@example.com');
    expect(html).not.toContain('ananya@example.com');
  });

  it.each(['/myprofile', '/updateprofile', '/updatepassword', '/settings'])(
    'sends a visitor of %s to log in first',
    async (path) => {
      const response = await t.request(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );
});

describe('the profile form posted without scripts', () => {
  it('saves and goes to the profile with the spec’s message, shown once', async () => {
    const response = await post('/updateprofile', rahul, { ...PROFILE, firstName: 'Rahul Kumar' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/myprofile');
    const flash = flashOf(response) ?? '';
    expect(decodeURIComponent(flash)).toContain(PROFILE_MESSAGES.saved);
    expect(await userRow('rahul@example.com')).toMatchObject({
      firstName: 'Rahul Kumar',
      mobile: '9123456780',
      gender: 'male',
    });
    const page = await t.request('/myprofile', { headers: { cookie: `${rahul}; ${flash}` } });
    const html = await page.text();
    expect(html).toContain(PROFILE_MESSAGES.saved);
    expect(html).toContain('2 Nov 1989');
    expect(page.headers.getSetCookie().find((c) => c.startsWith('flash='))).toMatch(/Max-Age=0/);
  });

  it('answers missing, malformed, oversized and hostile fields beside them, keeping what was typed', async () => {
    const before = await userRow('rahul@example.com');
    const missing = await post('/updateprofile', rahul, { ...PROFILE, firstName: '', mobile: '12345' });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain(PROFILE_MESSAGES.firstName);
    expect(html).toContain(PROFILE_MESSAGES.mobile);
    expect(html).toContain('value="12345"');
    const future = await post('/updateprofile', rahul, { ...PROFILE, dateOfBirth: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(await future.text()).toContain(PROFILE_MESSAGES.birthInFuture);
    const malformed = await post('/updateprofile', rahul, { ...PROFILE, gender: 'robot', anniversary: 'x' });
    expect(malformed.status).toBe(400);
    const malformedHtml = await malformed.text();
    expect(malformedHtml).toContain(PROFILE_MESSAGES.gender);
    expect(malformedHtml).toContain(PROFILE_MESSAGES.date);
    const oversized = await post('/updateprofile', rahul, { ...PROFILE, lastName: 'x'.repeat(100_000) });
    expect(oversized.status).toBe(400);
    const oversizedHtml = await oversized.text();
    expect(oversizedHtml).toContain(PROFILE_MESSAGES.nameTooLong);
    expect(oversizedHtml).not.toContain('x'.repeat(201)); // not echoed whole
    const hostile = await post('/updateprofile', rahul, {
      ...PROFILE,
      firstName: 'Ra\u0000hul',
      lastName: '<script>alert(1)</script>',
    });
    expect(hostile.status).toBe(400);
    const hostileHtml = await hostile.text();
    expect(hostileHtml).toContain(PROFILE_MESSAGES.nameInvalid);
    expect(hostileHtml).not.toContain('<script>alert(1)</script>');
    const notAForm = await t.request('/updateprofile', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=nope', cookie: rahul },
      body: 'garbage',
    });
    expect(notAForm.status).toBe(400);
    const after = await userRow('rahul@example.com');
    expect(after.firstName).toBe(before.firstName);
    expect(after.lastName).toBe(before.lastName);
  });

  it('tells a mobile number of another account as the server says it', async () => {
    const response = await post('/updateprofile', rahul, { ...PROFILE, mobile: '8765432109' });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(PROFILE_MESSAGES.mobileTaken);
  });

  it('sends a visitor’s post to log in, saving nothing', async () => {
    const response = await post('/updateprofile', null, PROFILE);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('the password form posted without scripts', () => {
  it('tells a mismatch and a wrong current password, never echoing a password', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await userRow('priya@example.com');
    const mismatch = await post('/updatepassword', cookie, {
      ...PASSWORD_CHANGE,
      confirmPassword: 'Fresh#2026',
    });
    expect(mismatch.status).toBe(400);
    const mismatchHtml = await mismatch.text();
    expect(mismatchHtml).toContain(PASSWORD_MESSAGES.mismatch);
    expect(mismatchHtml).not.toContain('Fresh#2026');
    expect(mismatchHtml).not.toContain(DEMO_PASSWORDS.shopper);
    const short = await post('/updatepassword', cookie, {
      currentPassword: '',
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.status).toBe(400);
    const shortHtml = await short.text();
    expect(shortHtml).toContain(PASSWORD_MESSAGES.currentRequired);
    expect(shortHtml).toContain(PASSWORD_MESSAGES.tooShort);
    const wrong = await post('/updatepassword', cookie, { ...PASSWORD_CHANGE, currentPassword: 'NotMine#1' });
    expect(wrong.status).toBe(422);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain(PASSWORD_MESSAGES.wrongCurrent);
    expect(wrongHtml).not.toContain('NotMine#1');
    expect(wrongHtml).not.toContain('Fresh#2025');
    const oversized = await post('/updatepassword', cookie, {
      ...PASSWORD_CHANGE,
      newPassword: 'x'.repeat(100_000),
      confirmPassword: 'x'.repeat(100_000),
    });
    expect(oversized.status).toBe(400);
    expect(await oversized.text()).toContain(PASSWORD_MESSAGES.tooLong);
    const hostile = await post('/updatepassword', cookie, {
      ...PASSWORD_CHANGE,
      currentPassword: 'a\u0000b',
    });
    expect(hostile.status).toBeGreaterThanOrEqual(400);
    expect(hostile.status).toBeLessThan(500);
    expect((await userRow('priya@example.com')).passwordHash).toBe(before.passwordHash);
  });

  it('changes the password, says so on the page and sends a browser without scripts to the profile after 2 s', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await userRow('priya@example.com');
    const response = await post('/updatepassword', cookie, PASSWORD_CHANGE);
    expect(response.status).toBe(200);
    expect(response.headers.get('refresh')).toBe('2; url=/myprofile');
    const html = await response.text();
    expect(html).toContain(PASSWORD_MESSAGES.updated);
    expect(html).not.toContain(PASSWORD_CHANGE.newPassword);
    expect((await userRow('priya@example.com')).passwordHash).not.toBe(before.passwordHash);
    // the session that asked stays logged in
    expect((await t.request('/myprofile', { headers: { cookie } })).status).toBe(200);
  });

  it('sends a visitor’s post to log in', async () => {
    const response = await post('/updatepassword', null, PASSWORD_CHANGE);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('Sign Out posted without scripts', () => {
  it('ends the session, clears its cookie and goes to /login', async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    const response = await post('/settings', cookie, {});
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    const after = await t.request('/myprofile', { headers: { cookie } });
    expect(after.status).toBe(302);
  });
});
