import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPayouts, sellers } from '@marketplace/db';
import { createSandboxPayoutProvider } from '../payments/index.ts';
import { fulfilmentKit } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { checkSellerPayouts, runPayoutCycle, sendSellerPayouts } from './payouts.ts';
import { remitAllCod } from '../../../test-support/settlement.ts';

// requirements#settlement: Seller Central's payments page, rendered on the server from the seller's
// settlement: its balance, its payouts with their statements, its latest entries and the rules.

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const pageFor = (cookie: string | null) =>
  t.request('/sellercentral/payments', { headers: cookie ? { cookie } : {} });
const htmlFor = async (cookie: string) => {
  const res = await pageFor(cookie);
  expect(res.status).toBe(200);
  return res.text();
};

describe('the payments page', () => {
  let placed: Awaited<ReturnType<typeof kit.deliveredItem>>;
  beforeAll(async () => {
    placed = await kit.deliveredItem(1, 'cod');
  });

  it('shows a delivered sale waiting for its return window, its deductions, the rates, and no payout yet', async () => {
    const html = await htmlFor(placed.seller);
    expect(html).toContain('<h1>Payments</h1>');
    expect(html).toContain('href="/sellercentral/payments"'); // in the tabs
    expect(html).toContain('Payable now');
    expect(html).toContain('Waiting for return windows');
    expect(html).toMatch(/No payouts yet\. Your first payout comes on (<!-- -->)?Mon, /);
    expect(html).toContain(`href="/sellercentral/orders/${placed.orderNo}"`);
    // the fees and taxes are deductions, with a minus sign
    expect(html).toMatch(/sc-pay-minus">−(<!-- -->)?₹/);
    expect(html).toContain('Commission');
    expect(html).toContain('TCS (GST section 52)');
    expect(html).toMatch(/Payable from (<!-- -->)?[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}/);
    // the rates, from the fee rules' own constants
    expect(html).toMatch(/We collect (<!-- -->)?0\.5\u00a0%/);
    expect(html).toContain(
      'We deduct 0.1\u00a0% of the taxable value of your sales (5\u00a0% if we do not have your PAN)',
    );
    expect(html).toMatch(/GST at (<!-- -->)?18\u00a0%/);
    expect(html).not.toContain('Add your bank account to be paid');
  });

  it('lists a paid payout with its UTR, status and statements', async () => {
    const cutoff = new Date(Date.now() + 60 * DAY);
    await remitAllCod(t.db);
    await runPayoutCycle(t.db, cutoff);
    const sandbox = createSandboxPayoutProvider();
    await sendSellerPayouts(t.db, sandbox);
    await checkSellerPayouts(t.db, sandbox);
    const [payout] = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, placed.item.sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    if (!payout?.utr) throw new Error('the payout was paid');
    const html = await htmlFor(placed.seller);
    expect(html).not.toContain('No payouts yet');
    expect(html).toContain(payout.utr);
    expect(html).toContain('ui-badge-success">Paid<');
    expect(html).toContain(`Ending ${payout.bankAccountLast4}`);
    expect(html).toContain(`href="/api/seller/payouts/${payout.id}/statement.pdf" download=""`);
    expect(html).toContain(`href="/api/seller/payouts/${payout.id}/statement.csv" download=""`);
  });

  it('asks a seller without a bank account to add one in Account', async () => {
    const sellerId = placed.item.sellerId;
    const [before] = await t.db.select().from(sellers).where(eq(sellers.id, sellerId));
    await t.db.update(sellers).set({ bankAccountNumber: null }).where(eq(sellers.id, sellerId));
    try {
      const html = await htmlFor(placed.seller);
      expect(html).toContain('Add your bank account to be paid');
      expect(html).toContain('href="/sellercentral/account"');
    } finally {
      await t.db
        .update(sellers)
        .set({ bankAccountNumber: before?.bankAccountNumber ?? null })
        .where(eq(sellers.id, sellerId));
    }
  });

  it('stays open to a suspended seller, who is still owed its money', async () => {
    const sellerId = placed.item.sellerId;
    await t.db
      .update(sellers)
      .set({ status: 'suspended', suspensionReason: 'Late dispatches' })
      .where(eq(sellers.id, sellerId));
    try {
      const html = await htmlFor(placed.seller);
      expect(html).toContain('<h1>Payments</h1>');
      expect(html).toContain('href="/sellercentral/payments"');
      expect(html).not.toContain('href="/sellercentral/listings"');
      const listings = await t.request('/sellercentral/listings', { headers: { cookie: placed.seller } });
      expect(listings.headers.get('location')).toBe('/sellercentral/join');
    } finally {
      await t.db
        .update(sellers)
        .set({ status: 'approved', suspensionReason: null })
        .where(eq(sellers.id, sellerId));
    }
  });

  it('sends a shopper to join Seller Central and a visitor to log in', async () => {
    const shopper = await pageFor(kit.shopper);
    expect(shopper.status).toBe(302);
    expect(shopper.headers.get('location')).toBe('/sellercentral/join');
    const visitor = await pageFor(null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login?redirectTo=%2Fsellercentral%2Fpayments');
    // the API answers the shopper nothing either
    expect((await t.request('/api/seller/settlement', { headers: { cookie: kit.shopper } })).status).toBe(
      403,
    );
  });
});
