// requirements#settlement (ADR-0036): a finance staff member adds a commission rule with the page's
// form, its browser running no scripts, and sees it listed; follows the payouts and balances; and
// downloads a month's sales register, whose totals line is the month's documents'. Screenshots at
// 1366 px, and of the rules page at 360 px.
import { and, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  categories,
  codCollections,
  commissionRules,
  orders,
  sellers,
  shipments,
  taxDocuments,
} from '@marketplace/db';
import { indianDayToMoment } from '@marketplace/domain/marketing/promotions';
import { COD_MESSAGES, COD_REMITTANCE_MESSAGES } from '@marketplace/domain/settlement/cod-api';
import { monthOf, monthStart } from '@marketplace/domain/settlement/console-api';
import { COMMISSION_RULE_MESSAGES } from '@marketplace/domain/settlement/fees';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { runPayoutCycle } from '../apps/server/src/modules/settlements/index.ts';
import { fulfilmentKit, jsonRequest } from '../apps/server/test-support/fulfilment.ts';
import type { TestApp } from '../apps/server/test-support/testing.ts';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const heading = (name: string) => store.page.getByRole('heading', { level: 1, name }).waitFor();
const field = (label: string) => store.page.getByLabel(label, { exact: true });

/** The running server as the fulfilment kit's test app: its requests go over HTTP. */
function serverApp(): TestApp {
  const app = {
    db: store.db,
    request: (path: string, init?: RequestInit) => fetch(store.url(path), init),
    async loginCookie(email: string) {
      const user = await store.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.email, email) });
      if (!user) throw new Error(`no account ${email}`);
      const { token } = await createSession(store.db, user.id);
      return `${SESSION_COOKIE}=${token}`;
    },
  };
  return app as unknown as TestApp;
}

/** Two orders delivered this month through the seller API, one unit returned: documents, entries and balances. */
async function aMonthOfSales() {
  const t = serverApp();
  const kit = await fulfilmentKit(t);
  const call = jsonRequest(t);
  type Candidate = Parameters<typeof kit.placeOrder>[0][number]['candidate'];
  const deliver = async (candidate: Candidate | undefined, quantity: number) => {
    if (!candidate) throw new Error('an offer');
    const { orderNo, items } = await kit.placeOrder([{ candidate, quantity }], 'prepaid');
    const [item] = items;
    if (!item) throw new Error('the item');
    const seller = await kit.sellerCookie(item.sellerId);
    const shipped = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
    });
    const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
      expect(
        (await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', { status })).status,
      ).toBe(200);
    return { item, seller };
  };
  for (const candidate of kit.takeOffers(2, true)) {
    const { item, seller } = await deliver(candidate, 2);
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'refund-without-reverse',
    });
    expect(decided.status).toBe(200);
  }
  // a payout cycle far ahead pays what will then be payable; a later sale still waits
  await runPayoutCycle(store.db, new Date(Date.now() + 90 * 86_400_000));
  await deliver(kit.takeOffers(1)[0], 1);
}

describe('settlements in the console', () => {
  it('finance adds a commission rule without scripts and sees it listed, at 1366 and 360 px', async () => {
    await signInAsStaff(store, 'finance-settlements-e2e@staff.example.com', 'finance');
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/admin/settlements/rules'));
    await heading('Commission rules');
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Reports',
      'Commission rules',
      'Payouts',
      'Exports',
      'COD remittances',
      'GST rates',
      'E-invoices',
      'Fee invoices',
      'Trial balance',
      'Bank account changes',
    ]);
    await store.page.getByText('Rules are never edited.').waitFor();
    // the standing terms are in force
    const rules = store.page.getByRole('region', { name: 'Commission rules in force and scheduled' });
    await rules.getByRole('row').filter({ hasText: 'Every sale' }).filter({ hasText: 'In force' }).waitFor();

    // a seller's id named back before the rule is added
    const [seller] = await store.db.select({ id: sellers.id, name: sellers.name }).from(sellers).limit(1);
    await store.page.getByRole('radio', { name: 'A seller' }).check();
    await field('Seller or product id').fill(String(seller?.id ?? 0));
    await store.page.getByRole('button', { name: 'Check id' }).click();
    await store.page.getByText(`Seller: ${seller?.name ?? ''}`).waitFor();

    // a category's rule, its bands first in the wrong order
    const [category] = await store.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.level, 1))
      .orderBy(categories.position)
      .limit(1);
    await store.page.getByRole('radio', { name: 'A category' }).check();
    await field('Category').selectOption(String(category?.id ?? 0));
    await field('Commission (%)').fill('7.25');
    await field('Minimum commission per unit (₹)').fill('4');
    await field('Band 4: unit price from (₹)').fill('200');
    await field('Band 4: fee per unit (₹)').fill('3');
    await field('Shipping fee per 500 g slab (₹)').fill('32');
    const day = (await field('First day').getAttribute('min')) ?? '';
    await store.page.getByRole('button', { name: 'Add rule' }).click();
    await store.page.getByText(COMMISSION_RULE_MESSAGES.bandsAscending).waitFor();
    await store.screenshot('admin-settlements-rules-error', WIDTHS.desktop);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    await field('Band 4: unit price from (₹)').fill('');
    await field('Band 4: fee per unit (₹)').fill('');
    await store.page.getByRole('button', { name: 'Add rule' }).click();
    await store.page.waitForURL(/\/admin\/settlements\/rules\?added=\d+/);
    await store.page.getByText(`The rule for ${category?.name ?? ''} has been added.`).waitFor();
    const added = rules
      .getByRole('row')
      .filter({ hasText: category?.name ?? '' })
      .filter({ hasText: 'Scheduled' });
    await added.waitFor();
    expect(await added.textContent()).toContain('7.25%');
    const [row] = await store.db
      .select()
      .from(commissionRules)
      .where(and(eq(commissionRules.scope, 'category'), eq(commissionRules.scopeId, category?.id ?? 0)))
      .orderBy(desc(commissionRules.id));
    expect(row).toMatchObject({ percentBasisPoints: 725, minimumPaise: 400, shippingFeePerSlabPaise: 3200 });
    expect(row?.effectiveFrom.toISOString()).toBe(indianDayToMoment(day)?.toISOString());
    await store.screenshot('admin-settlements-rules', WIDTHS.desktop);
    await store.screenshot('admin-settlements-rules', WIDTHS.mobile);
    await expectFitsWidth(store.page);
  });

  it('finance follows payouts and balances, and downloads the month’s sales register', async () => {
    await aMonthOfSales();
    await signInAsStaff(store, 'finance-exports-e2e@staff.example.com', 'finance');
    await store.openHydrated('/admin/settlements/payouts');
    await heading('Payouts');
    const payouts = store.page.getByRole('region', { name: 'Payouts, newest first' });
    expect(await payouts.getByRole('row').filter({ hasText: 'Initiated' }).count()).toBeGreaterThan(0);
    await store.page.getByRole('region', { name: 'Sellers’ balances, the largest payable first' }).waitFor();
    await store.screenshot('admin-settlements-payouts', WIDTHS.desktop);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    await store.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Exports' })
      .click();
    await heading('Exports');
    const month = monthOf(new Date());
    await field('Month').fill(month);
    await store.page.getByRole('button', { name: 'Show' }).click();
    await store.page.waitForURL(new RegExp(`month=${month}`));
    await store.page.getByText('The month is still running').waitFor();
    await store.page.getByText('Fee invoices are issued once the month has ended.').waitFor();
    await store.screenshot('admin-settlements-exports', WIDTHS.desktop);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    const download = store.page.waitForEvent('download');
    await store.page.getByRole('link', { name: /^Download Sales register/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`sales-register-${month}.csv`);
    const body = await store.page.request.get(
      store.url(`/api/admin/settlements/exports/sales-register.csv?month=${month}`),
    );
    const lines = (await body.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^document_type,document_number,document_date,/);
    const documents = await store.db
      .select()
      .from(taxDocuments)
      .where(
        and(
          gte(taxDocuments.issuedAt, monthStart(month) ?? new Date()),
          lt(taxDocuments.issuedAt, monthStart(month, 1) ?? new Date()),
        ),
      );
    const net = documents.reduce((sum, d) => sum + (d.kind === 'invoice' ? d.valuePaise : -d.valuePaise), 0);
    expect(documents.length).toBeGreaterThanOrEqual(5);
    expect(lines.at(-1)).toMatch(new RegExp(`^Total,.*,${(net / 100).toFixed(2)}$`));
  });

  it('refuses marketing staff the settlements', async () => {
    await signInAsStaff(store, 'marketing-settlements@staff.example.com', 'marketing');
    for (const path of [
      '/admin/settlements/rules',
      '/admin/settlements/payouts',
      '/admin/settlements/exports',
    ]) {
      const refused = await store.page.goto(store.url(path));
      expect(refused?.status(), path).toBe(403);
      await heading('Not allowed');
    }
  });

  it('finance records a courier’s COD remittance with its deductions without scripts; the short rest stays owed until written off', async () => {
    const [waiting] = await store.db
      .select({
        invoiceNo: shipments.invoiceNo,
        orderNo: orders.orderNo,
        amount: codCollections.amountPaise,
        carrier: codCollections.carrier,
      })
      .from(codCollections)
      .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
      .innerJoin(orders, eq(orders.id, codCollections.orderId))
      .where(and(isNull(codCollections.remittedAt), gte(codCollections.amountPaise, 20_000)))
      .orderBy(desc(codCollections.id))
      .limit(1);
    if (!waiting) throw new Error('the seeded COD orders wait for their couriers’ remittances');
    await signInAsStaff(store, 'finance-cod-e2e@staff.example.com', 'finance');
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/admin/settlements/cod'));
    await heading('Cash on delivery');
    await field('Order number').fill(waiting.orderNo);
    await store.page.getByRole('button', { name: 'Show parcels' }).click();
    const row = store.page.getByRole('row').filter({ hasText: waiting.invoiceNo });
    await row.waitFor();
    // a reference that is not a bank's, and an amount that is not one: refused beside the fields
    await row.getByRole('checkbox').check();
    await field('Courier that sent it').selectOption(waiting.carrier ?? 'Self-shipped');
    await field('Courier’s bank reference (UTR)').fill('UTR 1');
    await field('Amount transferred (₹)').fill('-5');
    await store.page.getByRole('button', { name: 'Record remittance' }).click();
    await store.page.getByText(COD_REMITTANCE_MESSAGES.remitted).first().waitFor();
    await field('Amount transferred (₹)').fill('1');
    await store.page.getByRole('button', { name: 'Record remittance' }).click();
    await store.page.getByText(COD_MESSAGES.reference).first().waitFor();
    const [still] = await store.db
      .select()
      .from(codCollections)
      .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
      .where(eq(shipments.invoiceNo, waiting.invoiceNo));
    expect(still?.cod_collections.remittedAt).toBeNull();

    // more than the parcel's cash: refused with the excess
    await store.page.goto(store.url(`/admin/settlements/cod?order=${waiting.orderNo}`));
    const fill = async (remitted: number, charge: number, short: number) => {
      await store.page.getByRole('row').filter({ hasText: waiting.invoiceNo }).getByRole('checkbox').check();
      await field('Courier that sent it').selectOption(waiting.carrier ?? 'Self-shipped');
      await field('Courier’s bank reference (UTR)').fill('DLVR2026112800042');
      await field('Amount transferred (₹)').fill((remitted / 100).toFixed(2));
      await field('COD charges').fill((charge / 100).toFixed(2));
      await field('Short payment').fill((short / 100).toFixed(2));
    };
    await fill(waiting.amount, 100, 0);
    await store.page.getByRole('button', { name: 'Record remittance' }).click();
    await store.page.getByText('₹1.00 more than the parcels’ cash').first().waitFor();
    await store.screenshot('admin-settlements-cod', WIDTHS.desktop);

    // the transfer less ₹17.70 COD charges and ₹100 short: ₹100 stays owed
    await fill(waiting.amount - 1_770 - 10_000, 1_770, 10_000);
    await store.page.getByRole('button', { name: 'Record remittance' }).click();
    await store.page
      .getByText('Remittance recorded for 1 shipment. ₹100.00 stays owed by the courier.')
      .waitFor();
    const [recorded] = await store.db
      .select()
      .from(codCollections)
      .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
      .where(eq(shipments.invoiceNo, waiting.invoiceNo));
    expect(recorded?.cod_collections.remittanceReference).toBe('DLVR2026112800042');
    expect(await store.page.getByRole('row').filter({ hasText: waiting.invoiceNo }).count()).toBe(0);
    await store.screenshot('admin-settlements-cod-recorded', WIDTHS.mobile);

    // what the courier owes, with its parcel; a write-off needs a reason
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.getByRole('link', { name: 'See what couriers still owe' }).click();
    await heading('What couriers owe');
    const card = store.page.getByRole('listitem').filter({ hasText: 'DLVR2026112800042' });
    await card.getByText('₹100.00 owed').waitFor();
    await card.getByText('The parcel this transfer covers').click();
    await card.getByText(waiting.invoiceNo).waitFor();
    await store.screenshot('admin-settlements-cod-owed', WIDTHS.desktop);
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    await expectFitsWidth(store.page);
    await store.screenshot('admin-settlements-cod-owed', WIDTHS.mobile);
    const writeOff = store.page.getByRole('form', { name: /Write off what/ });
    await writeOff.getByLabel('Reason').fill('lost');
    await writeOff.getByRole('button', { name: 'Write off' }).click();
    await store.page.getByText(COD_REMITTANCE_MESSAGES.reason).first().waitFor();
    await store.page
      .getByRole('form', { name: /Write off what/ })
      .getByLabel('Reason')
      .fill('Cash lost in transit; the courier’s claim was closed');
    await store.page
      .getByRole('form', { name: /Write off what/ })
      .getByRole('button', { name: 'Write off' })
      .click();
    await store.page.getByText(COD_REMITTANCE_MESSAGES.settled).waitFor();
    expect(await store.page.getByRole('listitem').filter({ hasText: 'DLVR2026112800042' }).count()).toBe(0);
  });
});
