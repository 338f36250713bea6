// requirements#courier-batches: a seller ticks three orders in the orders list, ships them with the Bazaar
// courier in one click, downloads the one labels PDF (three pages) and the manifest, and schedules
// one pickup, all with scripts off. Screenshots at 360 and 1366 px.
import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { sandboxCourierScans, sellers, users } from '@marketplace/db';
import { formatCalendarDay } from '@marketplace/domain/text/dates';
import { createSandboxCourier, sandboxCourierJob } from '../apps/server/src/modules/couriers/index.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront({
  courier: (db) =>
    createSandboxCourier(db, {
      speed: 'instant',
      rates: { failedAttemptRate: 0, rtoRate: 0 },
      seed: 'e2e-bulk',
    }),
});
const SHOTS = '/tmp/shots-courier-bulk';
const SHOPPER = 'priya@example.com';

async function shoot(name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.page.setViewportSize({ width, height: 900 });
    await store.page.waitForTimeout(150);
    if (width === WIDTHS.mobile) await expectFitsWidth(store.page);
    await store.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

describe('Ship many orders with Bazaar courier', () => {
  it('books three ticked orders, prints their labels in one PDF and schedules one pickup, without scripts', async () => {
    const { page } = store;
    await store.loginAs(SHOPPER);
    const address = await defaultAddress(store.db, SHOPPER);
    const offers = await deliverableOffers(store.db, address.pincode);
    // three products of one seller
    const bySeller = new Map<number, typeof offers>();
    for (const candidate of offers) {
      const same = bySeller.get(candidate.offer.sellerId) ?? [];
      if (!same.some((c) => c.offer.productId === candidate.offer.productId)) same.push(candidate);
      bySeller.set(candidate.offer.sellerId, same);
    }
    const picks = [...bySeller.values()].find((same) => same.length >= 3)?.slice(0, 3);
    if (!picks) throw new Error('a seller with three deliverable offers');
    const orderNos: string[] = [];
    for (const [i, pick] of picks.entries()) {
      const placed = await page.context().request.post(store.url('/api/orders'), {
        data: {
          idempotencyKey: `e2e-courier-bulk-${Date.now()}-${i}`,
          addressId: address.id,
          paymentMode: 'cod',
          lines: [
            {
              productId: pick.offer.productId,
              sellerId: pick.offer.sellerId,
              quantity: 1,
              deliveryType: 'standard',
            },
          ],
        },
      });
      expect(placed.status()).toBe(201);
      orderNos.push(((await placed.json()) as { orderNo: string }).orderNo);
    }
    const [seller] = await store.db
      .select({ email: users.email })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(sellers.id, picks[0]?.offer.sellerId ?? 0));
    if (!seller) throw new Error('the seller has a login');

    await page.context().clearCookies();
    await store.loginAs(seller.email);
    const noScript = await store.restartPage({ javaScript: false });
    await noScript.goto(store.url('/sellercentral/orders?tab=to_ship'));
    for (const orderNo of orderNos)
      await noScript.getByRole('checkbox', { name: new RegExp(`^Choose ${orderNo},`) }).check();
    await noScript.getByRole('button', { name: 'Ship with Bazaar courier' }).click();
    await noScript.getByText('3 of 3 orders were booked with the Bazaar courier.').waitFor();
    for (const orderNo of orderNos)
      await noScript.locator('.sc-courier-lines li.booked').filter({ hasText: orderNo }).waitFor();
    await shoot('bulk-booked');

    // the one labels PDF: a page per parcel
    const labels = noScript.getByRole('link', { name: 'Download all 3 labels (PDF)' });
    const labelsResponse = await noScript
      .context()
      .request.get(store.url((await labels.getAttribute('href')) ?? ''));
    expect(labelsResponse.status()).toBe(200);
    expect(labelsResponse.headers()['content-type']).toBe('application/pdf');
    const labelsPdf = await pdfText(new Uint8Array(await labelsResponse.body()));
    expect(labelsPdf.pages).toBe(3);
    const manifest = noScript.getByRole('link', { name: 'Download the manifest (PDF)' });
    const manifestResponse = await noScript
      .context()
      .request.get(store.url((await manifest.getAttribute('href')) ?? ''));
    expect(manifestResponse.status()).toBe(200);
    expect((await pdfText(new Uint8Array(await manifestResponse.body()))).text).toContain('3 parcels');

    // one pickup, the day after tomorrow
    const select = noScript.getByLabel('Pickup day');
    const day = await select.locator('option').nth(2).getAttribute('value');
    await select.selectOption(day ?? '');
    await noScript.getByRole('button', { name: 'Schedule pickup of 3 parcels' }).click();
    await noScript
      .getByText(
        new RegExp(`^Pickup of 3 parcels scheduled for ${formatCalendarDay(day ?? '')} \\(reference PKP`),
      )
      .waitFor();
    await shoot('bulk-pickup');
  });

  it('finance imports the courier’s COD remittances for the delivered parcels, once', async () => {
    // the courier's clock delivers the booked parcels; on its books they came two weeks ago
    await sandboxCourierJob(store.db, pino({ level: 'silent' })).run();
    await store.db
      .update(sandboxCourierScans)
      .set({ dueAt: new Date(Date.now() - 14 * 86_400_000) })
      .where(eq(sandboxCourierScans.scan, 'delivered'));
    await signInAsStaff(store, 'finance-courier-import@staff.example.com', 'finance');
    const { page } = store;
    await page.goto(store.url('/admin/settlements/cod'));
    await page.getByRole('link', { name: 'Import from courier' }).click();
    await page.getByRole('heading', { name: 'Import from courier' }).waitFor();
    await page.getByRole('button', { name: 'Import from courier' }).click();
    await page
      .getByText(/recorded now/)
      .first()
      .waitFor();
    await page
      .getByRole('cell', { name: /Recorded now/ })
      .first()
      .waitFor();
    await shoot('finance-import');
    await page.getByRole('button', { name: 'Import from courier' }).click();
    await page.getByText(/0 recorded now, 0 with differences/).waitFor();
    await page
      .getByRole('cell', { name: /Recorded before/ })
      .first()
      .waitFor();
  });
});
