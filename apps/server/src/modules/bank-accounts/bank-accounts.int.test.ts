import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, users } from '@marketplace/db';
import { BANK_ACCOUNT_LIMIT, BANK_ACCOUNT_MESSAGES } from '@marketplace/domain/accounts/bank-accounts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
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
const rowsOf = async (email: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(email);
  return t.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, user.id))
    .orderBy(asc(bankAccounts.id));
};

const input = {
  accountName: 'Priya Sharma',
  accountNumber: '500100123456789',
  ifsc: 'HDFC0000123',
  bankName: 'HDFC Bank',
  accountType: 'current',
};

describe('GET /api/bank-accounts', () => {
  it('lists the session shopper’s accounts with numbers masked but the last 4 digits', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const [seeded] = await rowsOf('priya@example.com');
    if (!seeded) throw new Error('priya has a seeded account');
    const res = await send('GET', '/api/bank-accounts', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).not.toContain(seeded.accountNumber);
    const { accounts } = JSON.parse(text) as { accounts: Json[] };
    expect(accounts).toEqual([
      {
        id: seeded.id,
        accountName: seeded.accountName,
        maskedNumber: `${'X'.repeat(seeded.accountNumber.length - 4)}${seeded.accountNumber.slice(-4)}`,
        ifsc: seeded.ifsc,
        bankName: seeded.bankName,
        accountType: 'savings',
        isDefault: true,
      },
    ]);
  });

  it('gives the full number only to the owner’s single-account read', async () => {
    const [seeded] = await rowsOf('priya@example.com');
    const res = await send(
      'GET',
      `/api/bank-accounts/${seeded?.id}`,
      await t.loginCookie('priya@example.com'),
    );
    expect(await res.json()).toMatchObject({ id: seeded?.id, accountNumber: seeded?.accountNumber });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 without a session', async () => {
    expect((await send('GET', '/api/bank-accounts', null)).status).toBe(401);
  });
});

describe('writing bank accounts', () => {
  it('adds, edits, sets the default (exactly one) and deletes only a non-default account', async () => {
    const cookie = await t.loginCookie('rahul@example.com');
    const created = await send('POST', '/api/bank-accounts', cookie, { ...input, ifsc: 'hdfc0000123 ' });
    expect(created.status).toBe(201);
    const { account, message } = (await created.json()) as { account: Json; message: string };
    expect(message).toBe(BANK_ACCOUNT_MESSAGES.added);
    expect(account).toMatchObject({ ifsc: 'HDFC0000123', maskedNumber: 'XXXXXXXXXXX6789', isDefault: false });
    expect(account).not.toHaveProperty('accountNumber');
    const id = Number(account.id);

    const edited = await send('PUT', `/api/bank-accounts/${id}`, cookie, {
      ...input,
      bankName: 'HDFC Bank Ltd',
    });
    expect(await edited.json()).toMatchObject({
      message: BANK_ACCOUNT_MESSAGES.updated,
      account: { bankName: 'HDFC Bank Ltd' },
    });

    const made = await send('POST', `/api/bank-accounts/${id}/default`, cookie);
    expect(await made.json()).toEqual({ success: true, message: BANK_ACCOUNT_MESSAGES.defaultUpdated });
    const rows = await rowsOf('rahul@example.com');
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([id]);

    const refused = await send('DELETE', `/api/bank-accounts/${id}`, cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      BANK_ACCOUNT_MESSAGES.defaultNotDeletable,
    );
    const other = rows.find((r) => !r.isDefault);
    const deleted = await send('DELETE', `/api/bank-accounts/${other?.id}`, cookie);
    expect(await deleted.json()).toEqual({ success: true, message: BANK_ACCOUNT_MESSAGES.deleted });
    expect((await rowsOf('rahul@example.com')).map((r) => r.id)).toEqual([id]);
  });

  it('makes a shopper’s first account the default', async () => {
    await t.db.insert(users).values({
      email: 'first.account@example.com',
      passwordHash: 'locked',
      firstName: 'First',
      lastName: 'Account',
    });
    const cookie = await t.loginCookie('first.account@example.com');
    const first = (await (await send('POST', '/api/bank-accounts', cookie, input)).json()) as {
      account: Json;
    };
    const second = (await (await send('POST', '/api/bank-accounts', cookie, input)).json()) as {
      account: Json;
    };
    expect([first.account.isDefault, second.account.isDefault]).toEqual([true, false]);
  });

  it.each([
    [{ accountName: '' }, 'accountName', BANK_ACCOUNT_MESSAGES.accountName],
    [{ accountNumber: '12345678' }, 'accountNumber', BANK_ACCOUNT_MESSAGES.accountNumberShape],
    [{ accountNumber: '1'.repeat(19) }, 'accountNumber', BANK_ACCOUNT_MESSAGES.accountNumberShape],
    [{ accountNumber: 123456789012 }, 'accountNumber', BANK_ACCOUNT_MESSAGES.accountNumber],
    [{ ifsc: 'HDFC1000123' }, 'ifsc', BANK_ACCOUNT_MESSAGES.ifscShape],
    [{ ifsc: "HDFC0' OR 1=1" }, 'ifsc', BANK_ACCOUNT_MESSAGES.ifscShape],
    [{ bankName: undefined }, 'bankName', BANK_ACCOUNT_MESSAGES.bankName],
    [{ bankName: 'x'.repeat(5000) }, 'bankName', BANK_ACCOUNT_MESSAGES.tooLong],
    [{ accountType: 'fixed' }, 'accountType', BANK_ACCOUNT_MESSAGES.accountType],
    [{ isDefault: true }, '_', undefined],
  ])('refuses %j with 400 and saves nothing', async (change, field, message) => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await rowsOf('priya@example.com');
    const res = await send('POST', '/api/bank-accounts', cookie, { ...input, ...change });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    if (message) expect(error.fields?.[field]).toBe(message);
    expect(await rowsOf('priya@example.com')).toEqual(before);
  });

  it('refuses malformed, oversized and non-JSON bodies, malformed ids and other sites', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await rowsOf('priya@example.com');
    expect((await send('POST', '/api/bank-accounts', cookie, '{"accountName"')).status).toBe(400);
    expect((await send('POST', '/api/bank-accounts', cookie, '[]')).status).toBe(400);
    expect(
      (await send('POST', '/api/bank-accounts', cookie, { ...input, bankName: 'x'.repeat(1_100_000) }))
        .status,
    ).toBe(413);
    const text = await t.request('/api/bank-accounts', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'accountName=x',
    });
    expect(text.status).toBe(415);
    for (const id of ['x', '0', '-3', '2147483648']) {
      expect((await send('POST', `/api/bank-accounts/${id}/default`, cookie)).status).toBe(400);
    }
    expect(
      (await send('POST', '/api/bank-accounts', cookie, input, { 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    expect(await rowsOf('priya@example.com')).toEqual(before);
  });

  it('stops at the account limit with 409', async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    let status = 201;
    for (let i = 0; i <= BANK_ACCOUNT_LIMIT && status === 201; i++) {
      status = (await send('POST', '/api/bank-accounts', cookie, input)).status;
    }
    expect(status).toBe(409);
    expect(await rowsOf('ananya@example.com')).toHaveLength(BANK_ACCOUNT_LIMIT);
  });

  it('answers 401 to every call without a session', async () => {
    const [row] = await rowsOf('priya@example.com');
    for (const [method, path, body] of [
      ['POST', '/api/bank-accounts', input],
      ['GET', `/api/bank-accounts/${row?.id}`, undefined],
      ['PUT', `/api/bank-accounts/${row?.id}`, input],
      ['POST', `/api/bank-accounts/${row?.id}/default`, undefined],
      ['DELETE', `/api/bank-accounts/${row?.id}`, undefined],
    ] as const) {
      expect((await send(method, path, null, body)).status).toBe(401);
    }
  });
});

describe('another shopper’s bank account', () => {
  it('is 404 to read, edit, make default or delete, and stays as it was', async () => {
    const intruder = await t.loginCookie('rahul@example.com');
    const owner = await t.loginCookie('priya@example.com');
    const added = (await (await send('POST', '/api/bank-accounts', owner, input)).json()) as {
      account: Json;
    };
    const before = await rowsOf('priya@example.com');
    for (const id of [Number(before[0]?.id), Number(added.account.id)]) {
      for (const [method, path, body] of [
        ['GET', `/api/bank-accounts/${id}`, undefined],
        ['PUT', `/api/bank-accounts/${id}`, input],
        ['POST', `/api/bank-accounts/${id}/default`, undefined],
        ['DELETE', `/api/bank-accounts/${id}`, undefined],
      ] as const) {
        const res = await send(method, path, intruder, body);
        expect(res.status).toBe(404);
        expect(((await res.json()) as ErrorBody).error.message).toBe(BANK_ACCOUNT_MESSAGES.notFound);
      }
    }
    expect(await rowsOf('priya@example.com')).toEqual(before);
  });
});
