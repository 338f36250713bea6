import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PREFERENCE_MESSAGES as M } from '@marketplace/domain/accounts/message-preferences';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#message-preferences: the API and the page without scripts (ADR-0013).
let t: TestApp;
let rahul: string;
let ananya: string;
beforeAll(async () => {
  t = await createTestApp();
  rahul = await t.loginCookie('rahul@example.com');
  ananya = await t.loginCookie('ananya@example.com');
});
afterAll(() => t.close());

const API = '/api/profile/message-preferences';
const ALL_OFF = {
  smsUpdates: false,
  emailUpdates: false,
  whatsappUpdates: false,
  smsOffers: false,
  emailOffers: false,
  whatsappOffers: false,
};
const put = (cookie: string | null, body: string, type = 'application/json') =>
  t.request(API, {
    method: 'PUT',
    headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
    body,
  });
const get = async (cookie: string): Promise<unknown> =>
  (await t.request(API, { headers: { cookie } })).json();
const post = (cookie: string | null, body: string) =>
  t.request('/messagepreferences', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body,
  });

describe('the message preferences API', () => {
  it('starts from the defaults: parcel updates by SMS and email, no WhatsApp, no offers', async () => {
    expect(await get(ananya)).toEqual({ ...ALL_OFF, smsUpdates: true, emailUpdates: true });
  });

  it('saves the shopper’s own choices, never another shopper’s', async () => {
    const chosen = { ...ALL_OFF, emailUpdates: true, whatsappUpdates: true };
    const res = await put(rahul, JSON.stringify(chosen));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ preferences: chosen, message: M.saved });
    expect(await get(rahul)).toEqual(chosen);
    // Ananya's stay as they were
    expect(await get(ananya)).toEqual({ ...ALL_OFF, smsUpdates: true, emailUpdates: true });
  });

  it('refuses a visitor (401) both ways', async () => {
    expect((await t.request(API)).status).toBe(401);
    expect((await put(null, JSON.stringify(ALL_OFF))).status).toBe(401);
  });

  it.each([
    ['a missing choice', JSON.stringify({ ...ALL_OFF, smsOffers: undefined })],
    ['a string for a choice', JSON.stringify({ ...ALL_OFF, smsUpdates: 'false' })],
    ['an unknown field', JSON.stringify({ ...ALL_OFF, otpCodes: false })],
    ['broken JSON', '{"smsUpdates": tru'],
    ['a NUL byte', JSON.stringify({ ...ALL_OFF, smsUpdates: '\u0000' })],
    ['an array', '[]'],
    ['an oversized body', JSON.stringify({ ...ALL_OFF, pad: 'x'.repeat(2_000_000) })],
  ])('answers 4xx, never 500, to %s', async (_, body) => {
    const res = await put(rahul, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('two saves at the same moment leave one of them whole', async () => {
    const a = { ...ALL_OFF, smsUpdates: true, smsOffers: true };
    const b = { ...ALL_OFF, emailUpdates: true, emailOffers: true };
    const answers = await Promise.all([put(rahul, JSON.stringify(a)), put(rahul, JSON.stringify(b))]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect([a, b]).toContainEqual(await get(rahul));
  });
});

describe('the messages page without scripts', () => {
  it('shows the choices and says what cannot be turned off', async () => {
    await put(ananya, JSON.stringify({ ...ALL_OFF, smsUpdates: true, emailUpdates: true }));
    const res = await t.request('/messagepreferences', { headers: { cookie: ananya } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(M.always);
    expect(html).toContain(M.whatsappOptIn);
    expect(html).toMatch(/<input type="checkbox" name="smsUpdates" checked=""/);
    expect(html).toMatch(/<input type="checkbox" name="whatsappUpdates"\/>/);
    // the account hub links to it
    expect(await (await t.request('/settings', { headers: { cookie: ananya } })).text()).toContain(
      'href="/messagepreferences"',
    );
  });

  it('saves a posted form: ticked boxes on, the rest off', async () => {
    const res = await post(ananya, 'emailUpdates=on&whatsappUpdates=on');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(M.saved);
    expect(await get(ananya)).toEqual({ ...ALL_OFF, emailUpdates: true, whatsappUpdates: true });
  });

  it.each([
    ['another value', 'smsUpdates=yes'],
    ['a field twice', 'smsUpdates=on&smsUpdates=on'],
    ['broken percent-encoding', 'smsUpdates=%E0%A4%A'],
    ['a NUL byte', 'smsUpdates=on%00'],
  ])('refuses %s with a clear message and changes nothing', async (_, body) => {
    const before = await get(ananya);
    const res = await post(ananya, body);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(M.invalid);
    expect(await get(ananya)).toEqual(before);
  });

  it('sends a visitor to log in', async () => {
    const page = await t.request('/messagepreferences');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?redirectTo=%2Fmessagepreferences');
    const posted = await post(null, 'smsUpdates=on');
    expect(posted.status).toBe(302);
  });
});
