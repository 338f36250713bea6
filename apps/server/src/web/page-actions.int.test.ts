import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, users } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { SESSION_COOKIE } from '../modules/sessions/index.ts';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';

// Forms are route actions (ADR-0013): posted as a browser without scripts posts them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const sessionCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));

describe('the sign-in form posted without scripts', () => {
  it('logs in with the right password: a new session cookie and back to where the shopper was going', async () => {
    const response = await postForm('/login?redirectTo=%2Fmyorder', {
      email: 'priya@example.com',
      password: DEMO_PASSWORDS.shopper,
      redirectTo: '/myorder',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/myorder');
    expect(sessionCookieOf(response)).toMatch(/HttpOnly/i);
    // the new session works for the page it goes back to
    const cookie = sessionCookieOf(response)?.split(';')[0] ?? '';
    const orders = await t.request('/myorder', { headers: { cookie } });
    expect(orders.status).toBe(200);
  });

  it('behind HTTPS gives the form’s session as a __Host- cookie, which the next page reads (requirements#host-cookie)', async () => {
    const response = await postForm(
      'https://shop.example/login',
      { email: 'ananya@example.com', password: DEMO_PASSWORDS.shopper, redirectTo: '/myorder' },
      { origin: 'https://shop.example' },
    );
    expect(response.status).toBe(302);
    expect(sessionCookieOf(response)).toBeUndefined();
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-session='));
    expect(line).toMatch(/; Secure$/);
    const orders = await t.request('https://shop.example/myorder', {
      headers: { cookie: line?.split(';')[0] ?? '' },
    });
    expect(orders.status).toBe(200);
  });

  it('answers a wrong password with the spec’s message on the page, the email kept and the password never echoed', async () => {
    const response = await postForm('/login', { email: 'rahul@example.com', password: 'not-the-password' });
    expect(response.status).toBe(401);
    expect(sessionCookieOf(response)).toBeUndefined();
    const html = await response.text();
    expect(html).toContain(LOGIN_MESSAGES.wrongCredentials);
    expect(html).toContain('value="rahul@example.com"');
    expect(html).not.toContain('not-the-password');
  });

  it('shows each field’s message for missing and malformed fields', async () => {
    const missing = await postForm('/login', {});
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain(LOGIN_MESSAGES.email);
    expect(html).toContain(LOGIN_MESSAGES.password);
    const malformed = await postForm('/login', { email: 'priya@\u0000example.com', password: 'x\u0000y' });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain(LOGIN_MESSAGES.email);
  });

  it('never goes to another site after logging in', async () => {
    const response = await postForm('/login', {
      email: 'ananya@example.com',
      password: DEMO_PASSWORDS.shopper,
      redirectTo: '//evil.example/steal',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('refuses hostile posts with a clear status, never a 500', async () => {
    const crossSite = await postForm(
      '/login',
      { email: 'priya@example.com', password: DEMO_PASSWORDS.shopper },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(sessionCookieOf(crossSite)).toBeUndefined();
    const fetchSite = await postForm(
      '/login',
      { email: 'a@b.co', password: 'secret1' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchSite.status).toBe(403);

    const oversized = await postForm('/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(oversized.status).toBe(413);

    const notAForm = await t.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
      body: 'broken',
    });
    expect(notAForm.status).toBe(400);

    const brokenEncoding = await t.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=%E0%A4%A&password=%ZZ%00',
    });
    expect(brokenEncoding.status).toBe(400);
  });

  it('counts concurrent duplicate posts once each: the right password still logs in every time', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () =>
        postForm('/login', { email: 'priya@example.com', password: DEMO_PASSWORDS.shopper }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([302, 302, 302, 302]);
    expect(new Set(answers.map((a) => sessionCookieOf(a))).size).toBe(4);
  });
});

describe('the header search without scripts', () => {
  it('goes from /searchpage?keyword= to the results page', async () => {
    const response = await t.request('/searchpage?keyword=blue+shirt');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/searchpage/blue%20shirt');
  });

  it('goes home for an empty keyword, and cleans hostile text', async () => {
    expect((await t.request('/searchpage?keyword=')).headers.get('location')).toBe('/');
    expect((await t.request('/searchpage')).headers.get('location')).toBe('/');
    const hostile = await t.request('/searchpage?keyword=%09tv%0A');
    expect(hostile.status).toBe(302);
    expect(hostile.headers.get('location')).toBe('/searchpage/tv');
    // a NUL never reaches the page: the edge answers the not-found page (http/malformed-input.ts)
    expect((await t.request('/searchpage?keyword=%00tv')).status).toBe(404);
    const long = await t.request(`/searchpage?keyword=${'a'.repeat(5000)}`);
    expect(long.status).toBe(302);
    expect((long.headers.get('location') ?? '').length).toBeLessThan(400);
    const broken = await t.request('/searchpage?keyword=%E0%A4%A');
    expect(broken.status).toBeLessThan(500);
  });
});

describe('the delivery-location page without scripts', () => {
  const cookiesOf = (response: Response) =>
    response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);

  it('applies a served pincode: the mirror cookie, the note for the browser, back to the page', async () => {
    const response = await postForm('/deliverylocation', { pincode: '400020', back: '/cart' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/cart');
    const cookies = cookiesOf(response);
    expect(cookies).toContain('pincode=400020');
    expect(cookies.some((cookie) => cookie?.startsWith('chosenPlace=') && cookie.includes('400020'))).toBe(
      true,
    );
    // the header shows the mirrored pincode in the first HTML
    const page = await t.request('/deliverylocation?back=%2F', { headers: { cookie: 'pincode=400020' } });
    expect(await page.text()).toContain('400020');
  });

  it('says an unknown or malformed pincode is not available, and never goes to another site', async () => {
    for (const pincode of ['999999', '12', 'abcdef', '4000\u00002', '']) {
      const response = await postForm('/deliverylocation', { pincode, back: '/' });
      expect(response.status).toBeLessThan(500);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.text()).toContain('Pincode not available');
    }
    const away = await postForm('/deliverylocation', { pincode: '400020', back: 'https://evil.example/' });
    expect(away.headers.get('location')).toBe('/');
    const slashes = await postForm('/deliverylocation', { pincode: '400020', back: '//evil.example' });
    expect(slashes.headers.get('location')).toBe('/');
  });

  it('applies only the shopper’s own saved address', async () => {
    const priya = await t.loginCookie('priya@example.com');
    const rahul = await t.loginCookie('rahul@example.com');
    const [address] = await t.db
      .select({ id: addresses.id, pincode: addresses.pincode })
      .from(addresses)
      .innerJoin(users, eq(users.id, addresses.userId))
      .where(eq(users.email, 'priya@example.com'))
      .limit(1);
    const own = await postForm(
      '/deliverylocation',
      { addressId: String(address?.id), back: '/' },
      { cookie: priya },
    );
    expect(own.status).toBe(302);
    expect(cookiesOf(own)).toContain(`pincode=${address?.pincode}`);
    const foreign = await postForm(
      '/deliverylocation',
      { addressId: String(address?.id), back: '/' },
      { cookie: rahul },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const visitor = await postForm('/deliverylocation', { addressId: String(address?.id), back: '/' });
    expect(visitor.status).toBe(401);
    const malformed = await postForm(
      '/deliverylocation',
      { addressId: '1;DROP', back: '/' },
      { cookie: priya },
    );
    expect(malformed.status).toBe(400);
  });
});
