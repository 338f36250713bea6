// requirements#seller-payouts-rail (ADR-0048): a payout the payout rail refuses is shown to finance on
// Console › Payouts with the rail's reason; once the seller's details are fixed, finance retries it with
// the page's form, its browser running no scripts, and a new payout of the seller's balance is made.
// Screenshots at 1366 and 360 px.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sellerPayouts, sellers } from '@marketplace/db';
import { createSandboxPayoutProvider } from '../apps/server/src/modules/payments/index.ts';
import { runPayoutCycle, sendSellerPayouts } from '../apps/server/src/modules/settlements/index.ts';
import { remitAllCod } from '../apps/server/test-support/settlement.ts';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

describe('a payout the rail refuses', () => {
  it('finance sees it with the rail’s reason and retries it without scripts once the seller’s IFSC is fixed', async () => {
    await remitAllCod(store.db);
    const [seller] = await store.db
      .select({ id: sellers.id, ifsc: sellers.bankIfsc })
      .from(sellers)
      .where(eq(sellers.status, 'approved'))
      .limit(1);
    if (!seller?.ifsc) throw new Error('a seeded seller with a bank account');
    // a branch code typed with a letter O where the zero goes: the rail refuses the IFSC
    await store.db.update(sellers).set({ bankIfsc: 'HDFCO000123' }).where(eq(sellers.id, seller.id));
    const cutoff = new Date(Date.now() - 60_000);
    await runPayoutCycle(store.db, cutoff);
    const [payout] = await store.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, seller.id), eq(sellerPayouts.periodEnd, cutoff)));
    if (!payout) throw new Error('the seller was paid');
    const sandbox = createSandboxPayoutProvider();
    for (let round = 0; round < 3; round++) await sendSellerPayouts(store.db, sandbox);
    expect(
      (await store.db.select().from(sellerPayouts).where(eq(sellerPayouts.id, payout.id)))[0]?.status,
    ).toBe('refused');

    await signInAsStaff(store, 'finance-refused-e2e@staff.example.com', 'finance');
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/admin/settlements/payouts?status=refused'));
    await store.page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    const row = store.page
      .getByRole('region', { name: 'Payouts, newest first' })
      .getByRole('row')
      .filter({ hasText: `Payout ${payout.id} ` });
    await row.getByText('Refused by the bank rail').waitFor();
    await row.getByText('Invalid IFSC Code in Bank Account (ifsc)').waitFor();
    await store.screenshot('admin-payout-refused', WIDTHS.desktop);
    await store.screenshot('admin-payout-refused', WIDTHS.mobile);
    await expectFitsWidth(store.page);

    // the seller corrects its IFSC; finance retries
    await store.db.update(sellers).set({ bankIfsc: seller.ifsc }).where(eq(sellers.id, seller.id));
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await row.getByRole('button', { name: `Retry payout ${payout.id}` }).click();
    await store.page.getByText(/A new payout of ₹[\d,.]+ has been made/).waitFor();
    await store.screenshot('admin-payout-retried', WIDTHS.desktop);
    const [retried] = await store.db.select().from(sellerPayouts).where(eq(sellerPayouts.id, payout.id));
    expect(retried?.retriedById).not.toBeNull();
    // asked again: refused, with the reason
    await store.page.goto(store.url('/admin/settlements/payouts?status=refused'));
    await expect(row.getByRole('button', { name: `Retry payout ${payout.id}` }).count()).resolves.toBe(0);
    await row.getByText(`Paid again as payout ${retried?.retriedById ?? 0}`).waitFor();
  });
});
