import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers, users } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';

// requirements#data-export: a seller downloads its own data, and nobody else's
let t: TestApp;
const SELLER = 'dakshin-mart@sellers.example.com';
const OTHER_SELLER = 'ganga-mercantile@sellers.example.com';
const PATH = '/api/seller/privacy/export';
const ACCOUNT_NUMBER = '918020012345678';

const sellerOf = async (email: string) => {
  const [row] = await t.db
    .select({ seller: sellers })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no seller ${email}`);
  return row.seller;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a seller’s own data (DPDP Act s. 11)', () => {
  it('gives the seller its account, business, addresses, masked payout account, documents and sign-ins as a file', async () => {
    const own = await sellerOf(SELLER);
    await t.db
      .update(sellers)
      .set({ bankAccountNumber: ACCOUNT_NUMBER, pan: 'ABCDE1234F' })
      .where(eq(sellers.id, own.id));
    const cookie = await t.loginCookie(SELLER);
    const res = await t.request(PATH, { headers: { cookie } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="my-seller-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const file = JSON.parse(text) as {
      account: { email: string };
      business: { storeName: string; legalName: string; pan: string };
      addresses: { pickup: { pincode: string } };
      payoutAccount: { accountNumber: string | null };
      signIns: { startedAt: string }[];
      documents: unknown[];
    };
    expect(file.account.email).toBe(SELLER);
    expect(file.business).toMatchObject({ storeName: own.name, legalName: own.legalName, pan: 'ABCDE1234F' });
    expect(file.addresses.pickup.pincode).toBe(own.pincode);
    expect(file.payoutAccount.accountNumber).toBe('•••• 5678');
    expect(file.signIns.length).toBeGreaterThan(0);
    expect(Array.isArray(file.documents)).toBe(true);
    // the full account number, secrets and another seller's data are never in it
    const other = await sellerOf(OTHER_SELLER);
    expect(text).not.toContain(ACCOUNT_NUMBER);
    expect(text).not.toMatch(/passwordHash|tokenHash|totpSecret|"key"/);
    expect(text).not.toContain(OTHER_SELLER);
    expect(text).not.toContain(other.legalName);
  });

  it('gives another seller only its own', async () => {
    const cookie = await t.loginCookie(OTHER_SELLER);
    const res = await t.request(PATH, { headers: { cookie } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect((JSON.parse(text) as { account: { email: string } }).account.email).toBe(OTHER_SELLER);
    expect(text).not.toContain(SELLER);
    expect(text).not.toContain(ACCOUNT_NUMBER);
  });

  it('refuses a visitor, a shopper and staff; a query cannot name another seller', async () => {
    expect((await t.request(PATH)).status).toBe(401);
    const shopper = await t.loginCookie('priya@example.com');
    expect((await t.request(PATH, { headers: { cookie: shopper } })).status).toBe(403);
    const owner = (await verifiedStaff(t, 'owner-export@staff.example.com', 'owner')).cookie;
    expect((await t.request(PATH, { headers: { cookie: owner } })).status).toBe(403);
    const other = await sellerOf(OTHER_SELLER);
    const cookie = await t.loginCookie(SELLER);
    const res = await t.request(`${PATH}?sellerId=${other.id}&userId=1`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { account: { email: string } }).account.email).toBe(SELLER);
    const garbage = await t.request(PATH, { headers: { cookie: 'session=%00%ff<script>' } });
    expect(garbage.status).toBe(401);
  });
});
