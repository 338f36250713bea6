import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, sellers, users } from '@marketplace/db';
import { joinFields, joinForm } from '../../test-support/seller-join.ts';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';
import { runSellersCommand } from './sellers-command.ts';

let t: TestApp;
let cookie: string;
const EMAIL = 'applicant@example.com';
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(users).values({ email: EMAIL, passwordHash: 'x', firstName: 'App', lastName: 'Licant' });
  cookie = await t.loginCookie(EMAIL);
  const [top] = await t.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.level, 1))
    .limit(1);
  const res = await t.request('/api/seller/registration', {
    method: 'POST',
    headers: { cookie },
    body: joinForm(joinFields({ displayName: 'Applicant Stores' }), [top?.id ?? 0]),
  });
  expect(res.status).toBe(201);
});
afterAll(() => t.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSellersCommand(t.db, argv, { log: (l) => out.push(l), error: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const statusOf = async () =>
  (
    await t.db
      .select({ status: sellers.status, reason: sellers.rejectionReason, decidedAt: sellers.decidedAt })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, EMAIL))
  )[0];

describe('npm run sellers', () => {
  it('lists the pending applications', async () => {
    const { code, out } = await run('list-pending');
    expect(code).toBe(0);
    expect(out).toContain(EMAIL);
    expect(out).toContain('Applicant Stores');
    expect(out).not.toContain('dakshin-mart@');
  });

  it('refuses misuse with its usage and changes nothing', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('promote', EMAIL)).code).toBe(2);
    expect((await run('reject', EMAIL)).err).toContain('--reason');
    expect((await run('reject', EMAIL, '--reason', ' ')).code).toBe(2);
    expect((await run('approve', 'nobody@example.com')).code).toBe(1);
    expect((await run('approve', 'dakshin-mart@sellers.example.com')).err).toContain('approved, not pending');
    expect((await statusOf())?.status).toBe('pending');
  });

  it('rejects with a reason the seller reads, then approves the corrected application', async () => {
    const rejected = await run('reject', EMAIL, '--reason', 'The GST certificate is unreadable.');
    expect(rejected.code).toBe(0);
    expect(await statusOf()).toMatchObject({
      status: 'rejected',
      reason: 'The GST certificate is unreadable.',
    });
    const me = await t.request('/api/seller/me', { headers: { cookie } });
    expect(await me.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The GST certificate is unreadable.',
    });
    // a decided application is not decided again until the seller sends it again
    expect((await run('approve', EMAIL)).code).toBe(1);

    await t.db
      .update(sellers)
      .set({ status: 'pending', rejectionReason: null })
      .where(eq(sellers.name, 'Applicant Stores'));
    const approved = await run('approve', EMAIL.toUpperCase());
    expect(approved.code).toBe(0);
    expect(approved.out).toContain('approved');
    expect(await statusOf()).toMatchObject({ status: 'approved', reason: null });
    expect((await t.request('/api/seller/shipping-zones', { headers: { cookie } })).status).toBe(200);
    expect((await run('list-pending')).out).not.toContain(EMAIL);
  });
});
