import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers, users } from '@marketplace/db';
import { SELLER_ACCOUNT_MESSAGES } from '@marketplace/domain/sellers/seller-account-api';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string | null) => t.request('/api/seller/me', { headers: cookie ? { cookie } : {} });

async function setStatus(email: string, status: 'pending' | 'approved' | 'rejected', reason: string | null) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`${email} is seeded`);
  await t.db.update(sellers).set({ status, rejectionReason: reason }).where(eq(sellers.userId, user.id));
}

describe('GET /api/seller/me', () => {
  it('answers a visitor 401 and a shopper 403', async () => {
    expect((await me(null)).status).toBe(401);
    expect((await me(await t.loginCookie('priya@example.com'))).status).toBe(403);
  });

  it('names the logged-in seller and its status, and never another seller', async () => {
    const res = await me(await t.loginCookie('dakshin-mart@sellers.example.com'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'Dakshin Mart',
      status: 'approved',
      rejectionReason: null,
    });
    const other = await me(await t.loginCookie('ganga-mercantile@sellers.example.com'));
    expect(await other.json()).toMatchObject({ name: 'Ganga Mercantile' });
  });

  it('lets a seller that is not approved see its status while the selling API refuses it', async () => {
    const email = 'ganga-mercantile@sellers.example.com';
    await setStatus(email, 'rejected', 'The GST certificate is unreadable.');
    try {
      const cookie = await t.loginCookie(email);
      const res = await me(cookie);
      expect(await res.json()).toMatchObject({
        status: 'rejected',
        rejectionReason: 'The GST certificate is unreadable.',
      });
      const selling = await t.request('/api/seller/shipping-zones', { headers: { cookie } });
      expect(selling.status).toBe(403);
      expect(await selling.json()).toMatchObject({ error: { message: SELLER_ACCOUNT_MESSAGES.notApproved } });
    } finally {
      await setStatus(email, 'approved', null);
    }
  });
});
