// requirements#account-deletion (DPDP Act 2023 s. 12(3); CGST Act 2017 s. 36): a shopper deletes the
// account in the browser; the tax invoices stay exactly as issued and the personal fields are erased
// elsewhere (checked in SQL); the old session signs nobody in. The confirmation works without
// scripts. Screenshots at 360 and 1366 px.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, sessions, taxDocuments, users } from '@marketplace/db';
import { PRIVACY_MESSAGES as M } from '@marketplace/domain/privacy/rights';
import { erasedEmail } from '../apps/server/src/modules/privacy/index.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const EMAIL = 'ananya@example.com';

/** Ananya's open business finishes: deliveries made, requests decided, refunds paid. */
async function finishOpenBusiness(userId: number) {
  const db = store.db;
  const mine = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  await db
    .update(orderItems)
    .set({ status: 'delivered' })
    .where(and(inArray(orderItems.orderId, mine), inArray(orderItems.status, ['pending', 'shipped'])));
  await db
    .update(orders)
    .set({ status: 'placed' })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')));
  await db.execute(
    sql`update item_requests set status = case kind when 'cancel' then 'cancelled' when 'return' then 'returned' else 'replaced' end where user_id = ${userId} and status = 'pending'`,
  );
  await db.execute(
    sql`update refunds set status = 'completed', provider = coalesce(provider, 'sandbox'), provider_refund_id = coalesce(provider_refund_id, 'rf_' || id), processed_at = coalesce(processed_at, now()), completed_at = now() where order_id in (select id from orders where user_id = ${userId}) and status <> 'completed'`,
  );
}

describe('deleting the account in the browser', () => {
  it('keeps the invoices, erases the personal fields and signs the shopper out; scripts off', async () => {
    const [user] = await store.db.select().from(users).where(eq(users.email, EMAIL));
    if (!user) throw new Error(`no ${EMAIL}`);
    await finishOpenBusiness(user.id);
    const mine = store.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id));
    const invoicesBefore = await store.db
      .select()
      .from(taxDocuments)
      .where(inArray(taxDocuments.orderId, mine));
    expect(invoicesBefore.length, 'the seed gave Ananya invoiced orders').toBeGreaterThan(0);

    await store.loginAs(EMAIL);
    const page = await store.restartPage({ javaScript: false });
    await page.goto(store.url('/privacy'));
    await page.getByRole('link', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { level: 1, name: M.deleteTitle }).waitFor();
    const kept = page.getByRole('region', { name: M.kept });
    expect(await kept.textContent()).toMatch(/section 36 of the CGST Act, 2017/);
    await store.screenshot('account-delete', WIDTHS.mobile);
    await store.screenshot('account-delete', WIDTHS.desktop);

    // a wrong word is refused beside the form, and nothing is erased
    await page.getByLabel(M.deleteConfirmLabel).fill('delete');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText(M.deleteConfirmInvalid).waitFor();
    const [still] = await store.db.select().from(users).where(eq(users.id, user.id));
    expect(still?.email).toBe(EMAIL);

    await page.getByLabel(M.deleteConfirmLabel).fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText(M.deleted).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await store.screenshot('account-deleted-home', WIDTHS.mobile);

    // in SQL: the personal fields erased, the sessions gone, the invoices exactly as issued
    const [erased] = await store.db.select().from(users).where(eq(users.id, user.id));
    expect(erased).toMatchObject({
      email: erasedEmail(user.id),
      mobile: null,
      firstName: 'Erased',
      lastName: '',
      dateOfBirth: null,
    });
    expect(erased?.erasedAt).not.toBeNull();
    expect(await store.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await store.db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, mine))).toEqual(
      invoicesBefore,
    );
    const orderText = JSON.stringify(await store.db.select().from(orders).where(eq(orders.userId, user.id)));
    expect(orderText).not.toContain(EMAIL);

    // the browser is signed out: an account page asks to sign in
    await page.goto(store.url('/myorder'));
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
