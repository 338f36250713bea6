import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { privacyConsents, users } from '@marketplace/db';
import { NOTICE_VERSION, PRIVACY_NOTICE } from '@marketplace/domain/privacy/notice';
import { PRIVACY_MESSAGES as M } from '@marketplace/domain/privacy/rights';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#privacy-page, #privacy-notice: the pages and their forms without scripts (ADR-0013)
let t: TestApp;
let priya: string;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
});
afterAll(() => t.close());

const post = (path: string, cookie: string | null, body: string) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body,
  });

describe('the privacy notice page (DPDP Rules 2025 rule 3)', () => {
  it.each(['en', 'hi', 'ta', 'te'] as const)(
    'shows the itemised notice in %s, with its version',
    async (lang) => {
      const res = await t.request(`/privacynotice?lang=${lang}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = PRIVACY_NOTICE[lang];
      expect(html).toContain(`lang="${lang}"`);
      expect(html).toContain(text.title);
      for (const item of text.items) expect(html).toContain(item.howLong);
      expect(html).toContain(NOTICE_VERSION);
      expect(html).toContain('https://www.dpboard.gov.in');
    },
  );

  it('falls back to English for an unknown language', async () => {
    expect(await (await t.request('/privacynotice?lang=xx')).text()).toContain(PRIVACY_NOTICE.en.title);
  });

  it('is linked from the registration form, beside two unticked consent boxes', async () => {
    const html = await (await t.request('/registration')).text();
    expect(html).toContain('href="/privacynotice"');
    expect(html).toMatch(/<input type="checkbox" name="marketingConsent"\/>/);
    expect(html).toMatch(/<input type="checkbox" name="personalisationConsent"\/>/);
  });
});

describe('the Privacy page without scripts', () => {
  it('sends a visitor to log in', async () => {
    const res = await t.request('/privacy');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Fprivacy/);
  });

  it('shows each consent with one button, the data file link and the way to delete; the hub links to it', async () => {
    const html = await (await t.request('/privacy', { headers: { cookie: priya } })).text();
    expect(html).toContain(PRIVACY_NOTICE.en.consents.marketing.label);
    expect(html).toContain('Give consent');
    expect(html).toContain('Withdraw consent');
    expect(html).toContain('href="/api/privacy/export"');
    expect(html).toContain('href="/privacy/delete"');
    expect(await (await t.request('/settings', { headers: { cookie: priya } })).text()).toContain(
      'href="/privacy"',
    );
  });

  it('gives and withdraws a consent by a posted form, each recorded', async () => {
    const given = await post('/privacy', priya, 'purpose=marketing&choice=give');
    expect(given.status).toBe(200);
    expect(await given.text()).toContain(M.consentGiven);
    const withdrawn = await post('/privacy', priya, 'purpose=marketing&choice=withdraw');
    expect(await withdrawn.text()).toContain(M.consentWithdrawn);
    const [user] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'priya@example.com'));
    const rows = await t.db
      .select({ isGranted: privacyConsents.isGranted })
      .from(privacyConsents)
      .where(eq(privacyConsents.userId, user?.id ?? 0))
      .orderBy(privacyConsents.id);
    expect(rows.slice(-2)).toEqual([{ isGranted: true }, { isGranted: false }]);
  });

  it.each([
    ['an unknown purpose', 'purpose=selling&choice=give'],
    ['another choice', 'purpose=marketing&choice=maybe'],
    ['a field twice', 'purpose=marketing&purpose=personalisation&choice=give'],
    ['a missing field', 'purpose=marketing'],
    ['broken percent-encoding', 'purpose=%E0%A4%A&choice=give'],
    ['a NUL byte', 'purpose=marketing%00&choice=give'],
  ])('refuses %s with the message, never a 500', async (_what, body) => {
    const res = await post('/privacy', priya, body);
    expect(res.status).toBe(400);
  });
});

describe('the delete-account page without scripts', () => {
  it('shows what the law keeps and the open orders that must finish first', async () => {
    const html = await (await t.request('/privacy/delete', { headers: { cookie: priya } })).text();
    expect(html).toContain('section 36 of the CGST Act, 2017');
    expect(html).toContain(M.deleteBlocked.replace('!', ''));
  });

  it.each([
    ['the wrong word', 'confirm=delete'],
    ['nothing typed', 'confirm='],
    ['the word twice', 'confirm=DELETE&confirm=DELETE'],
    ['a NUL byte', 'confirm=DELETE%00'],
  ])('refuses %s', async (_what, body) => {
    const res = await post('/privacy/delete', priya, body);
    expect(res.status).toBe(400);
  });

  it('refuses while Priya’s orders are open (409), with the list', async () => {
    const res = await post('/privacy/delete', priya, 'confirm=DELETE');
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(M.deleteBlocked);
  });
});
