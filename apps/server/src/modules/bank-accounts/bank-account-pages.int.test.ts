import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, users } from '@marketplace/db';
import { BANK_ACCOUNT_MESSAGES, bankAccountError } from '@marketplace/domain/accounts/bank-accounts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// The bank account pages without scripts (ADR-0013): rendered on the server, the account form,
// Set Default and delete posted to their actions, which call the API for the shopper of the session.
let t: TestApp;
let priya: string;
let rahul: string;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
});
afterAll(() => t.close());

const NEW_ACCOUNT = {
  accountName: 'Priya Sharma',
  accountNumber: '5001 0012 3456 789',
  ifsc: 'hdfc0000123',
  bankName: 'HDFC Bank',
  accountType: 'current',
};

const post = (path: string, cookie: string | null, fields: Record<string, string>) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
const rowsOf = async (email: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(email);
  return t.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, user.id))
    .orderBy(asc(bankAccounts.id));
};
const flashOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('flash='))
    ?.split(';')[0];

describe('the bank account pages render on the server', () => {
  it('lists the accounts in the first HTML, numbers masked, with no spinner', async () => {
    const [seeded] = await rowsOf('priya@example.com');
    if (!seeded) throw new Error('priya has a seeded bank account');
    const html = await (await t.request('/bankaccount', { headers: { cookie: priya } })).text();
    expect(html).toContain(`XXXXXXXX${seeded.accountNumber.slice(-4)}`);
    expect(html).toContain(seeded.ifsc);
    expect(html).not.toContain(seeded.accountNumber);
    expect(html).not.toContain('class="spinner"');
  });

  it('fills the edit form with the full number for its owner only', async () => {
    const [own] = await rowsOf('priya@example.com');
    const html = await (await t.request(`/accountform?id=${own?.id}`, { headers: { cookie: priya } })).text();
    expect(html).toContain(`value="${own?.accountNumber}"`);
    expect(html).toContain('Edit Account');
    const other = await (
      await t.request(`/accountform?id=${own?.id}`, { headers: { cookie: rahul } })
    ).text();
    expect(other).toContain(BANK_ACCOUNT_MESSAGES.notFound);
    expect(other).not.toContain(own?.accountNumber ?? '');
    const malformed = await (
      await t.request('/accountform?id=1%27%20OR%201=1', { headers: { cookie: priya } })
    ).text();
    expect(malformed).toContain(BANK_ACCOUNT_MESSAGES.notFound);
  });

  it.each(['/bankaccount', '/accountform'])('sends a visitor of %s to log in first', async (path) => {
    const response = await t.request(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });
});

describe('the account form posted without scripts', () => {
  it('adds an account and goes to the list with the spec’s message', async () => {
    const before = (await rowsOf('priya@example.com')).length;
    const response = await post('/accountform', priya, NEW_ACCOUNT);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/bankaccount');
    const flash = flashOf(response) ?? '';
    expect(decodeURIComponent(flash)).toContain(BANK_ACCOUNT_MESSAGES.added);
    const rows = await rowsOf('priya@example.com');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      accountNumber: '500100123456789',
      ifsc: 'HDFC0000123',
      isDefault: false,
    });
    const list = await t.request('/bankaccount', { headers: { cookie: `${priya}; ${flash}` } });
    const html = await list.text();
    expect(html).toContain(BANK_ACCOUNT_MESSAGES.added);
    expect(html).toContain('XXXXXXXXXXX6789');
  });

  it('edits its own account', async () => {
    const added = (await rowsOf('priya@example.com')).at(-1);
    const response = await post(`/accountform?id=${added?.id}`, priya, {
      ...NEW_ACCOUNT,
      bankName: 'HDFC Bank Ltd',
    });
    expect(response.status).toBe(302);
    expect(decodeURIComponent(flashOf(response) ?? '')).toContain(BANK_ACCOUNT_MESSAGES.updated);
    expect((await rowsOf('priya@example.com')).at(-1)?.bankName).toBe('HDFC Bank Ltd');
  });

  it('answers missing, malformed, oversized and hostile fields beside them, keeping what was typed', async () => {
    const before = (await rowsOf('priya@example.com')).length;
    const missing = await post('/accountform', priya, { ...NEW_ACCOUNT, accountName: '', accountType: '' });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain(BANK_ACCOUNT_MESSAGES.accountName);
    expect(html).toContain(BANK_ACCOUNT_MESSAGES.accountType);
    expect(html).toContain('value="HDFC Bank"');
    const malformed = await post('/accountform', priya, {
      ...NEW_ACCOUNT,
      accountNumber: '12ab',
      ifsc: 'HDFC1000123',
    });
    expect(malformed.status).toBe(400);
    const malformedHtml = await malformed.text();
    expect(malformedHtml).toContain(BANK_ACCOUNT_MESSAGES.accountNumberShape);
    expect(malformedHtml).toContain(BANK_ACCOUNT_MESSAGES.ifscShape);
    const oversized = await post('/accountform', priya, { ...NEW_ACCOUNT, bankName: 'x'.repeat(100_000) });
    expect(oversized.status).toBe(400);
    const oversizedHtml = await oversized.text();
    expect(oversizedHtml).toContain(BANK_ACCOUNT_MESSAGES.tooLong);
    expect(oversizedHtml).not.toContain('x'.repeat(201)); // not echoed whole
    const hostile = await post('/accountform', priya, {
      ...NEW_ACCOUNT,
      accountName: 'Priya\u0000',
      bankName: '<img src=x onerror=alert(1)>',
    });
    expect(hostile.status).toBe(400);
    const hostileHtml = await hostile.text();
    expect(hostileHtml).toContain(BANK_ACCOUNT_MESSAGES.invalidText);
    expect(hostileHtml).not.toContain('<img src=x');
    expect(await rowsOf('priya@example.com')).toHaveLength(before);
  });

  it('never edits another shopper’s account', async () => {
    const [own] = await rowsOf('priya@example.com');
    const response = await post(`/accountform?id=${own?.id}`, rahul, {
      ...NEW_ACCOUNT,
      bankName: 'Taken Over',
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(bankAccountError(BANK_ACCOUNT_MESSAGES.notFound));
    const [after] = await rowsOf('priya@example.com');
    expect(after?.bankName).toBe(own?.bankName);
    expect((await post('/accountform?id=1%00', priya, NEW_ACCOUNT)).status).toBe(404);
  });

  it('sends a visitor’s post to log in, saving nothing', async () => {
    const response = await post('/accountform', null, NEW_ACCOUNT);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('Set Default and delete posted without scripts', () => {
  it('makes an account the default, exactly one', async () => {
    const other = (await rowsOf('priya@example.com')).find((row) => !row.isDefault);
    const response = await post('/bankaccount', priya, { intent: 'default', id: String(other?.id) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(BANK_ACCOUNT_MESSAGES.defaultUpdated);
    const after = await rowsOf('priya@example.com');
    expect(after.filter((row) => row.isDefault).map((row) => row.id)).toEqual([other?.id]);
  });

  it('refuses to delete the default with Error: and the server’s message, deletes another, never another shopper’s', async () => {
    const rows = await rowsOf('priya@example.com');
    const preferred = rows.find((row) => row.isDefault);
    const other = rows.find((row) => !row.isDefault);
    const refused = await post('/bankaccount', priya, { intent: 'delete', id: String(preferred?.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(bankAccountError(BANK_ACCOUNT_MESSAGES.defaultNotDeletable));
    const foreign = await post('/bankaccount', rahul, { intent: 'delete', id: String(other?.id) });
    expect(foreign.status).toBe(404);
    const foreignDefault = await post('/bankaccount', rahul, { intent: 'default', id: String(other?.id) });
    expect(foreignDefault.status).toBe(404);
    expect((await rowsOf('priya@example.com')).length).toBe(rows.length);
    const deleted = await post('/bankaccount', priya, { intent: 'delete', id: String(other?.id) });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(BANK_ACCOUNT_MESSAGES.deleted);
    expect((await rowsOf('priya@example.com')).map((row) => row.id)).not.toContain(other?.id);
  });

  it('answers a malformed post with 400', async () => {
    expect((await post('/bankaccount', priya, { intent: 'drop', id: '1' })).status).toBe(400);
    expect((await post('/bankaccount', priya, { intent: 'delete', id: '1 OR 1=1' })).status).toBe(400);
    expect((await post('/bankaccount', priya, { intent: 'delete', id: '1\u0000' })).status).toBe(400);
    expect((await post('/bankaccount', priya, {})).status).toBe(400);
  });

  it('sends a visitor’s post to log in', async () => {
    const response = await post('/bankaccount', null, { intent: 'default', id: '1' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });
});
