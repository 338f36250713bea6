import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedAccounts, users } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { LINKED_ACCOUNT_MESSAGES } from '@marketplace/domain/accounts/linked-accounts';
import { CODE_LOGIN_MESSAGES, RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import { NEW_PASSWORD_MESSAGES, REGISTRATION_MESSAGES } from '@marketplace/domain/accounts/registration';
import { createTestApp, type TestApp, withoutScripts } from '../../../test-support/testing.ts';
import { SESSION_COOKIE } from '../sessions/index.ts';
import { afterHalfAMinute, isLoggedIn, latestCode, messagesTo } from '../../../test-support/accounts.ts';
import { shownHtml, shownText } from '../../../test-support/page-html.ts';

// The account access pages without scripts (ADR-0013): each form posted as a browser without
// scripts posts it, to the page's action, which calls the account API in-process.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
/** Each post comes from its own address, so the per-address limits stay out of the way. */
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `10.7.0.${++ip}`,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
const sessionOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0];
/** The HTML with React's escapes read back, so a message with an apostrophe is found as written. */
const htmlOf = async (response: Response) =>
  shownHtml(await response.text())
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"');

const REGISTRATION = {
  firstName: 'Meera',
  lastName: 'Nair',
  email: 'meera.pages@example.in',
  mobile: '7000000101',
  gender: 'female',
  password: 'meera-secret-1',
  confirmPassword: 'meera-secret-1',
};

async function register(change: Partial<typeof REGISTRATION>) {
  const response = await post('/registration', { ...REGISTRATION, ...change });
  expect(response.status).toBe(302);
  const location = response.headers.get('location') ?? '';
  expect(location).toMatch(/^\/verifyotp\?registration=[A-Za-z0-9_-]{22,64}$/);
  return location;
}

/**
 * Whether the page shows `digits`, as a number in its text or as a field's value: a random code is
 * never echoed back, but its digits may well sit inside an asset's integrity hash by chance.
 */
const showsNumber = (html: string, digits: string) =>
  html.includes(`value="${digits}"`) ||
  new RegExp(`(?<![0-9A-Za-z])${digits}(?![0-9A-Za-z])`).test(withoutScripts(html).replace(/<[^>]*>/g, ' '));

describe('registration, first step, posted without scripts', () => {
  it('sends a code to the email and one to the mobile, then shows where they went', async () => {
    const location = await register({});
    const [sms] = await messagesTo(t.db, REGISTRATION.mobile);
    const [mail] = await messagesTo(t.db, REGISTRATION.email);
    expect(sms?.channel).toBe('sms');
    expect(mail?.channel).toBe('email');
    // the password never reaches the URL, the outbox or the next page
    expect(location).not.toContain('secret');
    expect(`${sms?.body} ${mail?.body}`).not.toContain(REGISTRATION.password);
    const page = await t.request(location);
    expect(page.status).toBe(200);
    const html = await htmlOf(page);
    expect(html).toContain('me***@example.in');
    expect(html).toContain('******0101');
    expect(html).not.toContain('class="spinner"');
    expect(html).not.toContain(REGISTRATION.password);
  });

  it('answers missing fields with each field’s spec message, keeping what was typed but never the passwords', async () => {
    const response = await post('/registration', {
      firstName: 'Ravi',
      email: 'ravi@example',
      password: 'short',
      confirmPassword: 'other-password',
    });
    expect(response.status).toBe(400);
    const html = await htmlOf(response);
    for (const text of [
      REGISTRATION_MESSAGES.lastNameRequired,
      REGISTRATION_MESSAGES.email,
      REGISTRATION_MESSAGES.mobile,
      REGISTRATION_MESSAGES.gender,
      REGISTRATION_MESSAGES.password,
      REGISTRATION_MESSAGES.mismatch,
    ])
      expect(html).toContain(text);
    expect(html).toContain('value="Ravi"');
    expect(html).toContain('value="ravi@example"');
    expect(html).not.toContain('other-password');
    expect(html).not.toContain('value="short"');
    expect(await t.request('/registration', { method: 'POST' })).toHaveProperty('status', 400);
  });

  it('refuses malformed, oversized and hostile fields with 400, never 500, and sends nothing', async () => {
    const before = (await messagesTo(t.db, '7000000102')).length;
    const cases: [Partial<typeof REGISTRATION>, string][] = [
      [{ firstName: 'Me\u0000era' }, REGISTRATION_MESSAGES.nameInvalid],
      [{ email: 'meera\u0000@example.in' }, REGISTRATION_MESSAGES.email],
      [{ firstName: 'x'.repeat(5000) }, REGISTRATION_MESSAGES.nameTooLong],
      [
        { password: 'p'.repeat(300), confirmPassword: 'p'.repeat(300) },
        REGISTRATION_MESSAGES.passwordTooLong,
      ],
      [{ gender: 'robot' }, REGISTRATION_MESSAGES.gender],
      [{ lastName: '<script>alert(1)</script>', mobile: '12345' }, REGISTRATION_MESSAGES.mobile],
    ];
    for (const [change, message] of cases) {
      const response = await post('/registration', { ...REGISTRATION, mobile: '7000000102', ...change });
      expect(response.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      const html = await htmlOf(response);
      expect(html).toContain(message);
      expect(html).not.toContain('<script>alert(1)</script>');
    }
    expect(await messagesTo(t.db, '7000000102')).toHaveLength(before);
  });

  it('goes on to the codes for an email that is already registered, as for any other (requirements#registration-existing)', async () => {
    const response = await post('/registration', {
      ...REGISTRATION,
      email: 'priya@example.com',
      mobile: '7000000103',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/verifyotp\?registration=[A-Za-z0-9_-]{22,64}$/);
    expect((await messagesTo(t.db, 'priya@example.com'))[0]?.template).toBe('registration-account-exists');
  });

  it('shows the password rule, and refuses a common password beside its field', async () => {
    expect(await htmlOf(await t.request('/registration'))).toContain(NEW_PASSWORD_MESSAGES.rule);
    const response = await post('/registration', {
      ...REGISTRATION,
      email: 'meera.common@example.in',
      mobile: '7000000104',
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    expect(response.status).toBe(400);
    expect(await htmlOf(response)).toContain(NEW_PASSWORD_MESSAGES.common);
  });
});

describe('verify OTP posted without scripts', () => {
  it('refuses a wrong code, then creates the account and logs it in with both right codes', async () => {
    const email = 'kiran.pages@example.in';
    const mobile = '7000000111';
    const location = await register({ email, mobile });
    const emailCode = await latestCode(t.db, email);
    const mobileCode = await latestCode(t.db, mobile, 'sms');
    const wrong = await post(location, {
      emailCode,
      mobileCode: mobileCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    const html = await htmlOf(wrong);
    expect(html).toContain(CODE_MESSAGES.invalid);
    expect(html).not.toContain(emailCode);
    const missing = await post(location, { emailCode: '', mobileCode: '' });
    expect(missing.status).toBe(400);
    expect(await htmlOf(missing)).toContain(REGISTRATION_MESSAGES.emailCodeRequired);

    const right = await post(location, { intent: 'verify', emailCode, mobileCode });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/myprofile');
    const session = sessionOf(right);
    expect(session).toBeDefined();
    expect(await isLoggedIn(t, session ?? '')).toBe(true);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('resends the codes: too soon says to wait, after 30 seconds new codes go out', async () => {
    const mobile = '7000000112';
    const location = await register({ email: 'asha.pages@example.in', mobile });
    const soon = await post(location, { intent: 'resend' });
    expect(soon.status).toBe(429);
    expect(await htmlOf(soon)).toMatch(/Please wait \d+ seconds? before requesting another OTP\./);
    await afterHalfAMinute(t.db);
    const before = (await messagesTo(t.db, mobile)).length;
    const resent = await post(location, { intent: 'resend' });
    expect(resent.status).toBe(200);
    expect(await htmlOf(resent)).toContain(REGISTRATION_MESSAGES.codesResent);
    expect(await messagesTo(t.db, mobile)).toHaveLength(before + 1);
  });

  it('tells a stale or malformed link to register again', async () => {
    // (a NUL in the link never reaches the page: the edge answers the not-found page)
    expect((await t.request('/verifyotp?registration=%00')).status).toBe(404);
    for (const query of ['registration=aaaaaaaaaaaaaaaaaaaaaaaa', 'registration=%01', '']) {
      const page = await t.request(`/verifyotp?${query}`);
      expect(page.status).toBe(200);
      expect(await htmlOf(page)).toContain(REGISTRATION_MESSAGES.expired);
      const posted = await post(`/verifyotp?${query}`, { emailCode: '123456', mobileCode: '123456' });
      expect(posted.status).toBeGreaterThanOrEqual(400);
      expect(posted.status).toBeLessThan(500);
    }
  });
});

describe('login with a code posted without scripts', () => {
  const contact = '8765432109'; // Ananya's mobile

  it('sends the code, shows the code step for that contact, and logs in back where the shopper was going', async () => {
    const sent = await post('/otpverification?redirectTo=%2Fmyorder', {
      intent: 'send',
      emailOrMobile: contact,
    });
    expect(sent.status).toBe(200);
    const html = await htmlOf(sent);
    expect(html).toContain(CODE_LOGIN_MESSAGES.sent);
    expect(html).toContain(`name="emailOrMobile" value="${contact}"`);
    expect(html).toContain('name="code"');
    const code = await latestCode(t.db, contact, 'sms');
    expect(showsNumber(html, code)).toBe(false);

    const short = await post('/otpverification', { intent: 'verify', emailOrMobile: contact, code: '12' });
    expect(short.status).toBe(400);
    expect(await htmlOf(short)).toContain(CODE_LOGIN_MESSAGES.code);
    const wrong = await post('/otpverification', {
      intent: 'verify',
      emailOrMobile: contact,
      code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.status).toBe(422);
    expect(await htmlOf(wrong)).toContain(CODE_MESSAGES.invalid);

    const right = await post('/otpverification?redirectTo=%2Fmyorder', {
      intent: 'verify',
      emailOrMobile: contact,
      code,
    });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/myorder');
    expect(await isLoggedIn(t, sessionOf(right) ?? '')).toBe(true);
  });

  it('keeps the contact when going back to change it, and never goes to another site', async () => {
    const change = await post('/otpverification', { intent: 'change', emailOrMobile: contact });
    expect(change.status).toBe(200);
    const html = await htmlOf(change);
    expect(html).toContain(`value="${contact}"`);
    expect(html).not.toContain('name="code"');
    const away = await post('/otpverification?redirectTo=%2F%2Fevil.example', {
      intent: 'verify',
      emailOrMobile: contact,
      code: '0000',
    });
    expect(away.headers.get('location') ?? '').not.toContain('evil');
  });

  it('answers a bad contact with the spec’s message, 400 never 500', async () => {
    for (const emailOrMobile of ['98765', '', 'pri\u0000ya@example.com', 'x'.repeat(5000)]) {
      const response = await post('/otpverification', { intent: 'send', emailOrMobile });
      expect(response.status).toBe(400);
      expect(await htmlOf(response)).toContain(CODE_LOGIN_MESSAGES.contact);
    }
  });
});

describe('forgot password posted without scripts', () => {
  const email = 'ananya@example.com';

  it('sends a reset code, checks the new password, resets it and the new one logs in', async () => {
    const sent = await post(`/forgotpassword/${encodeURIComponent(email)}`, { intent: 'send', email });
    expect(sent.status).toBe(200);
    const html = await htmlOf(sent);
    expect(html).toContain(RESET_MESSAGES.sent);
    expect(html).toContain('name="newPassword"');
    const code = await latestCode(t.db, email);

    const mismatch = await post('/forgotpassword/email', {
      intent: 'reset',
      email,
      code,
      newPassword: 'fresh-pass-1',
      confirmPassword: 'fresh-pass-2',
    });
    expect(mismatch.status).toBe(400);
    const refused = await htmlOf(mismatch);
    expect(refused).toContain(RESET_MESSAGES.mismatch);
    expect(refused).not.toContain('fresh-pass-1');
    expect(showsNumber(refused, code)).toBe(false);
    const empty = await post('/forgotpassword/email', { intent: 'reset', email, code });
    expect(empty.status).toBe(400);
    const emptyHtml = await htmlOf(empty);
    expect(emptyHtml).toContain(RESET_MESSAGES.newRequired);
    expect(emptyHtml).toContain(RESET_MESSAGES.confirmRequired);

    const done = await post('/forgotpassword/email', {
      intent: 'reset',
      email,
      code,
      newPassword: 'fresh-pass-1',
      confirmPassword: 'fresh-pass-1',
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/login?reset=done');
    const login = await post('/login', { email, password: 'fresh-pass-1' });
    expect(login.status).toBe(302);
    expect(await htmlOf(await t.request('/login?reset=done'))).toContain(RESET_MESSAGES.done);
  });

  it('refuses malformed, oversized and hostile fields with 400, never 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ intent: 'send', email: 'ananya\u0000@example.com' }, RESET_MESSAGES.email],
      [{ intent: 'send', email: `${'a'.repeat(5000)}@example.com` }, RESET_MESSAGES.email],
      [{ intent: 'send' }, RESET_MESSAGES.email],
      [
        { intent: 'reset', email, code: '12\u00003456', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
        RESET_MESSAGES.code,
      ],
      [
        { intent: 'reset', email, code: '123456', newPassword: 'x'.repeat(5000), confirmPassword: 'y' },
        REGISTRATION_MESSAGES.passwordTooLong,
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await post('/forgotpassword/email', fields);
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(await htmlOf(response)).toContain(message);
    }
  });
});

describe('add and switch accounts posted without scripts', () => {
  let priya: string;
  beforeAll(async () => {
    priya = await t.loginCookie('priya@example.com');
  });

  it('lists the linked accounts in the first HTML, with no spinner', async () => {
    const page = await t.request('/switchaccount', { headers: { cookie: priya } });
    expect(page.status).toBe(200);
    const html = await htmlOf(page);
    expect(html).toContain(LINKED_ACCOUNT_MESSAGES.none);
    expect(html).not.toContain('class="spinner"');
  });

  it('links an account by its password, then switches to it with the code sent to it', async () => {
    const headers = { cookie: priya };
    const empty = await post('/addaccount', { intent: 'password' }, headers);
    expect(empty.status).toBe(400);
    expect(await htmlOf(empty)).toContain(LINKED_ACCOUNT_MESSAGES.bothRequired);
    const wrong = await post(
      '/addaccount',
      { intent: 'password', emailOrMobile: 'rahul@example.com', password: 'not-his-password' },
      headers,
    );
    expect(wrong.status).toBe(422);
    const wrongHtml = await htmlOf(wrong);
    expect(wrongHtml).toContain(LINKED_ACCOUNT_MESSAGES.wrongCredentials);
    expect(wrongHtml).toContain('value="rahul@example.com"');
    expect(wrongHtml).not.toContain('not-his-password');
    const linked = await post(
      '/addaccount',
      { intent: 'password', emailOrMobile: 'rahul@example.com', password: DEMO_PASSWORDS.shopper },
      headers,
    );
    expect(linked.status).toBe(200);
    const linkedHtml = await htmlOf(linked);
    expect(linkedHtml).toContain(LINKED_ACCOUNT_MESSAGES.linked);
    // without scripts the page moves on to the accounts by itself
    expect(linkedHtml).toMatch(/http-equiv="refresh" content="\d+;url=\/switchaccount"/);

    const list = await htmlOf(await t.request('/switchaccount', { headers }));
    expect(list).toContain('rahul@example.com');
    // the card's own form names the link to switch through
    const link = /name="id" value="(\d+)"/.exec(list)?.[1] ?? '';
    const send = await post('/switchaccount', { intent: 'send', id: link }, headers);
    expect(send.status).toBe(200);
    const sendHtml = await htmlOf(send);
    expect(sendHtml).toContain(LINKED_ACCOUNT_MESSAGES.codeSent);
    expect(shownText(sendHtml)).toContain('OTP sent to Rahul’s email and mobile');
    const code = await latestCode(t.db, 'rahul@example.com');
    const empty2 = await post('/switchaccount', { intent: 'switch', id: link }, headers);
    expect(empty2.status).toBe(400);
    expect(await htmlOf(empty2)).toContain(LINKED_ACCOUNT_MESSAGES.enterCode);
    const switched = await post('/switchaccount', { intent: 'switch', id: link, code }, headers);
    expect(switched.status).toBe(302);
    expect(switched.headers.get('location')).toBe('/myprofile');
    const session = sessionOf(switched);
    expect(await isLoggedIn(t, session ?? '')).toBe(true);
    expect(await isLoggedIn(t, priya)).toBe(false); // the old session ended
  });

  it('links an account by a code sent to it', async () => {
    const ananya = await t.loginCookie('ananya@example.com');
    const headers = { cookie: ananya };
    const sent = await post('/addaccount?with=otp', { intent: 'send', emailOrMobile: '9876543210' }, headers);
    expect(sent.status).toBe(200);
    const html = await htmlOf(sent);
    expect(html).toContain(LINKED_ACCOUNT_MESSAGES.linkCodeSent);
    expect(html).toContain('name="code"');
    const code = await latestCode(t.db, '9876543210', 'sms');
    const linked = await post(
      '/addaccount?with=otp',
      { intent: 'verify', emailOrMobile: '9876543210', code },
      headers,
    );
    expect(linked.status).toBe(200);
    expect(await htmlOf(linked)).toContain(LINKED_ACCOUNT_MESSAGES.linked);
    expect(await htmlOf(await t.request('/switchaccount', { headers }))).toContain('priya@example.com');
  });

  it('never switches to an account that is not linked, and refuses malformed posts with 4xx', async () => {
    const rahul = await t.loginCookie('rahul@example.com');
    const headers = { cookie: rahul };
    // Priya's link to Rahul is hers, not his
    const [priyas] = await t.db
      .select({ id: linkedAccounts.id })
      .from(linkedAccounts)
      .innerJoin(users, eq(users.id, linkedAccounts.userId))
      .where(eq(users.email, 'priya@example.com'));
    expect(priyas).toBeDefined();
    const foreign = await post('/switchaccount', { intent: 'send', id: String(priyas?.id) }, headers);
    expect(foreign.status).toBe(404);
    expect(await htmlOf(foreign)).toContain(LINKED_ACCOUNT_MESSAGES.notLinked);
    const malformed: Record<string, string>[] = [
      { intent: 'send', id: '1 OR 1=1' },
      { intent: 'switch', id: '\u0000', code: '123456' },
      { intent: 'switch', id: '99999999999999', code: '123456' },
      {},
    ];
    for (const fields of malformed) {
      const response = await post('/switchaccount', fields, headers);
      expect(response.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const hostile = await post(
      '/addaccount',
      { intent: 'password', emailOrMobile: 'rahul\u0000@example.com', password: 'x'.repeat(5000) },
      headers,
    );
    expect(hostile.status).toBe(400);
  });

  it('sends a visitor to log in first', async () => {
    const page = await t.request('/switchaccount');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?redirectTo=%2Fswitchaccount');
    const posted = await post('/addaccount', {
      intent: 'password',
      emailOrMobile: 'a@b.co',
      password: 'secret1',
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/login?redirectTo=%2Faddaccount');
  });
});

describe('hostile posts to every account page', () => {
  const pages = [
    '/registration',
    '/verifyotp?registration=aaaaaaaaaaaaaaaaaaaaaaaa',
    '/otpverification',
    '/forgotpassword/email',
    '/addaccount',
    '/switchaccount',
  ];

  it('refuses a cross-site post with 403 and sends nothing', async () => {
    const before = (await messagesTo(t.db, '8765432109')).length;
    for (const path of pages) {
      const response = await post(
        path,
        { intent: 'send', emailOrMobile: '8765432109', email: 'ananya@example.com' },
        { origin: 'https://evil.example' },
      );
      expect(response.status, path).toBe(403);
      const fetchSite = await post(path, { intent: 'send' }, { 'sec-fetch-site': 'cross-site' });
      expect(fetchSite.status, path).toBe(403);
    }
    expect(await messagesTo(t.db, '8765432109')).toHaveLength(before);
  });

  it('answers a body that is not a form, or an oversized one, with 4xx, never 500', async () => {
    const priya = await t.loginCookie('priya@example.com');
    for (const path of pages) {
      const notAForm = await t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=nothing', cookie: priya },
        body: 'broken',
      });
      expect(notAForm.status, path).toBe(400);
      const oversized = await post(
        path,
        { intent: 'send', email: 'x'.repeat(2 * 1024 * 1024) },
        { cookie: priya },
      );
      expect(oversized.status, path).toBe(413);
    }
  });
});

describe('one contract for the pages and the API', () => {
  it('names the account answers the pages parse in the API document, as before they moved to the domain', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, unknown> };
    };
    for (const name of [
      'SuccessMessage',
      'LoggedIn',
      'LinkedAccount',
      'LinkedAccountList',
      'RegistrationStarted',
      'PendingRegistration',
    ])
      expect(Object.keys(document.components.schemas)).toContain(name);
  });
});
