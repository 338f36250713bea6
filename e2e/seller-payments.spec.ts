// requirements#settlement in a browser: a seller whose delivered sale was paid out in a payout cycle
// opens Seller Central's Payments page, finds the payout with its UTR, downloads its statement as CSV
// and PDF, and reads the same page without scripts; a shopper is sent to join instead.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { and, asc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sellerPayouts, sellers, settlementEntries, users } from '@marketplace/db';
import { createSandboxPayoutProvider } from '../apps/server/src/modules/payments/index.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import {
  checkSellerPayouts,
  runPayoutCycle,
  sendSellerPayouts,
} from '../apps/server/src/modules/settlements/index.ts';
import { fulfilmentKit, jsonRequest, type KitApp } from '../apps/server/test-support/fulfilment.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';
import { remitAllCod } from '../apps/server/test-support/settlement.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const DAY = 86_400_000;
const PAYMENTS = '/sellercentral/payments';

/** The served app as the fulfilment kit drives it: the seller API over HTTP, sessions in the database. */
const servedApp = (): KitApp => ({
  db: store.db,
  request: (path: string, init?: RequestInit) => fetch(store.url(path), init),
  async loginCookie(email: string) {
    const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no seeded account ${email}`);
    const { token } = await createSession(store.db, user.id);
    return `${SESSION_COOKIE}=${token}`;
  },
});

/**
 * Two COD orders of one seller's products, both shipped and delivered through the seller API; then a
 * payout cycle with a cut-off far enough ahead that the first one's return window has closed by then,
 * sent to the bank and settled with a UTR. The second is delivered after the cycle, so it waits.
 */
async function paidSeller() {
  const app = servedApp();
  const kit = await fulfilmentKit(app, SHOPPER);
  const call = jsonRequest(app);
  const [paidOffer, waitingOffer] = kit.takeOffersOfOneSeller(2);
  if (!paidOffer || !waitingOffer) throw new Error('two offers of one seller');
  const sellerId = paidOffer.offer.sellerId;
  const seller = await kit.sellerCookie(sellerId);
  async function deliver(candidate: NonNullable<typeof paidOffer>, quantity: number) {
    const { orderNo, items } = await kit.placeOrder([{ candidate, quantity }], 'cod');
    const shipped = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: items.map((item) => ({ itemId: item.id })),
      carrier: 'Delhivery',
      awbNo: `AWB-PAY-${orderNo}`,
    });
    expect(shipped.status, await shipped.clone().text()).toBe(201);
    const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']) {
      const moved = await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', { status });
      expect(moved.status, await moved.text()).toBe(200);
    }
    return orderNo;
  }

  const paidOrderNo = await deliver(paidOffer, 2);
  const cutoff = new Date(Date.now() + 60 * DAY);
  await remitAllCod(store.db);
  await runPayoutCycle(store.db, cutoff);
  const bank = createSandboxPayoutProvider();
  await sendSellerPayouts(store.db, bank);
  await checkSellerPayouts(store.db, bank);
  const [payout] = await store.db
    .select()
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
  if (!payout?.utr) throw new Error('the payout was paid with a UTR');
  const waitingOrderNo = await deliver(waitingOffer, 1);

  const [login] = await store.db
    .select({ email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!login) throw new Error('the seller has a login');
  return { email: login.email, payout, utr: payout.utr, paidOrderNo, waitingOrderNo };
}

/** The payouts table's row of the payout with this UTR. */
const payoutRow = (page: Page, utr: string) =>
  page.getByRole('region', { name: 'Payouts' }).getByRole('row').filter({ hasText: utr });

/** Follows a download link as the browser does; the file's name and bytes. */
async function download(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(await file.path())) };
}

/** The statement's last CSV line: the payout itself, in rupees. */
const payoutLine = (amountPaise: number) => `,,,,Payout,${(amountPaise / 100).toFixed(2)}`;
const lastLine = (bytes: Uint8Array) => new TextDecoder().decode(bytes).trim().split('\r\n').at(-1);

/** Tables on the page that hide some of their columns behind a sideways scroll. */
const scrollingTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.ui-table-wrap')]
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
      .map((wrap) => wrap.getAttribute('aria-label')),
  );

/** Order numbers on the page that take more than one line. */
const wrappedOrderNumbers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.sc-pay-sale-order')]
      .filter(
        (element) =>
          element.getClientRects().length > 1 ||
          element.getBoundingClientRect().height > parseFloat(getComputedStyle(element).fontSize) * 2,
      )
      .map((element) => element.textContent),
  );

/** Sale rows whose parts (order number, product, day, state, amount) overlap one another. */
const overlappingSaleParts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.sc-pay-sale summary')].flatMap((summary) => {
      const boxes = [...summary.children].map((child) => ({
        name: child.className,
        box: child.getBoundingClientRect(),
      }));
      return boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter(
            (b) =>
              a.box.left < b.box.right - 1 &&
              b.box.left < a.box.right - 1 &&
              a.box.top < b.box.bottom - 1 &&
              b.box.top < a.box.bottom - 1,
          )
          .map((b) => `${a.name} over ${b.name}`),
      );
    }),
  );

/** WCAG 2.0 A and AA and 2.1 AA violations in the page's main part. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Seller Central: payments', () => {
  it('shows a paid payout with its UTR, its statement downloads as CSV and PDF, and the page fits a phone and a laptop', async () => {
    const paid = await paidSeller();
    await store.loginAs(paid.email);
    await store.openHydrated(PAYMENTS);
    const page = store.page;
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Seller Central' })
        .getByRole('link', { name: 'Payments' })
        .getAttribute('aria-current'),
    ).toBe('page');

    const row = payoutRow(page, paid.utr);
    expect(await row.count()).toBe(1);
    expect(await row.locator('.ui-badge').textContent()).toBe('Paid');
    expect(await row.textContent()).toContain(`Ending ${paid.payout.bankAccountLast4}`);
    // one row per sale with its net amount; opening it shows the deductions and the order's link
    const sales = page.getByRole('list', { name: 'Sales' });
    for (const orderNo of [paid.paidOrderNo, paid.waitingOrderNo]) {
      const sale = sales.getByRole('listitem').filter({ hasText: orderNo });
      expect(await sale.count()).toBe(1);
      expect(await sale.locator('.sc-pay-sale-net').textContent()).toMatch(/^₹[1-9]/);
      expect(await sale.getByText('Commission', { exact: true }).isVisible()).toBe(false);
      await sale.locator('summary').click();
      await sale.getByText('Commission', { exact: true }).waitFor();
      expect(await sale.getByText(/^−₹/).count()).toBeGreaterThan(0);
      expect(await sale.getByRole('link', { name: `Open order ${orderNo}` }).getAttribute('href')).toBe(
        `/sellercentral/orders/${orderNo}`,
      );
    }
    expect(await sales.getByRole('listitem').filter({ hasText: paid.paidOrderNo }).textContent()).toContain(
      'Paid out',
    );
    const saleRows = await sales.getByRole('listitem').count();
    // the later sale is still inside its return window
    expect(
      await page
        .locator('.sc-pay-next-figures div')
        .filter({ hasText: 'Waiting for return windows' })
        .locator('dd')
        .textContent(),
    ).toMatch(/^₹[1-9]/);

    const csv = await download(page, row.getByRole('link', { name: /^CSV/ }));
    expect(csv.name).toBe(`payout-${paid.payout.id}-statement.csv`);
    expect(lastLine(csv.bytes)).toBe(payoutLine(paid.payout.amountPaise));
    const pdf = await download(page, row.getByRole('link', { name: /^Statement \(PDF\)/ }));
    expect(pdf.name).toBe(`payout-${paid.payout.id}-statement.pdf`);
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain(paid.utr);
    expect(text).toContain(paid.paidOrderNo);

    // the pointer leaves the link it clicked (a hovered link in a hovered row is another colour)
    await page.mouse.move(0, 0);
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(page);
      expect(await scrollingTables(page), `at ${width} px`).toEqual([]);
      expect(await violations(page), `at ${width} px`).toEqual([]);
      // an order number is one line, whatever the width
      expect(await wrappedOrderNumbers(page), `at ${width} px`).toEqual([]);
      expect(await overlappingSaleParts(page), `at ${width} px`).toEqual([]);
      await store.screenshot('seller-payments', width);
    }

    // without scripts the server's page is the same, and its statements still download
    const bare = await store.restartPage({ javaScript: false });
    await bare.goto(store.url(PAYMENTS));
    await bare.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    const bareRow = payoutRow(bare, paid.utr);
    expect(await bareRow.locator('.ui-badge').textContent()).toBe('Paid');
    expect(await bare.getByRole('list', { name: 'Sales' }).getByRole('listitem').count()).toBe(saleRows);
    expect(await bare.getByRole('region', { name: 'Next payout' }).textContent()).toMatch(
      /(on|Nothing to pay on|No payout on) Mon, \d{1,2} [A-Z][a-z]{2} \d{4}/,
    );
    // a sale opens without scripts too
    const bareSale = bare.getByRole('listitem').filter({ hasText: paid.waitingOrderNo });
    await bareSale.locator('summary').click();
    await bareSale.getByText('TCS (GST section 52)', { exact: true }).waitFor();
    const bareCsv = await download(bare, bareRow.getByRole('link', { name: /^CSV/ }));
    expect(lastLine(bareCsv.bytes)).toBe(payoutLine(paid.payout.amountPaise));
    await store.screenshot('seller-payments-no-script', WIDTHS.mobile);
  });

  it('tells a seller with nothing sold yet when its first payout comes, and to add its bank account', async () => {
    const sold = await store.db.selectDistinct({ id: settlementEntries.sellerId }).from(settlementEntries);
    const approved = await store.db
      .select({ email: users.email, id: sellers.id })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(sellers.status, 'approved'))
      .orderBy(asc(sellers.id));
    const fresh = approved.find((seller) => !sold.some((s) => s.id === seller.id));
    if (!fresh) throw new Error('an approved seller with nothing sold');
    // it has not given its bank account yet
    await store.db.update(sellers).set({ bankAccountNumber: null }).where(eq(sellers.id, fresh.id));
    await store.loginAs(fresh.email);
    await store.openHydrated(PAYMENTS);
    const page = store.page;
    await page
      .getByText(/^No payouts yet\. Your first payout comes on Mon, .+ for what is payable by then\.$/)
      .waitFor();
    await page.getByRole('heading', { name: 'How your payments work' }).waitFor();
    const alert = page.getByRole('status').filter({ hasText: 'Add your bank account to be paid' });
    expect(await alert.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe(
      '/sellercentral/account',
    );
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(page);
      expect(await violations(page), `at ${width} px`).toEqual([]);
      await store.screenshot('seller-payments-empty', width);
    }
  });

  it('sends a shopper to join Seller Central, and a visitor to log in', async () => {
    await store.page.goto(store.url(PAYMENTS));
    await store.page.waitForURL(/\/login\?redirectTo=%2Fsellercentral%2Fpayments$/);
    await store.loginAs(SHOPPER);
    await store.page.goto(store.url(PAYMENTS));
    await store.page.waitForURL(/\/sellercentral\/join$/);
    const refused = await store.page.request.get(store.url('/api/seller/settlement'));
    expect(refused.status()).toBe(403);
  });
});
