// Seller Central's inventory "Save all" (requirements#seller-bulk-inventory): a seller edits several
// rows and saves them together; the rows that pass are saved, a row with a bad value or one an order
// changed meanwhile keeps what was typed with its reason beside it, and a summary counts both. With
// scripts only the edited rows travel and leaving with unsaved edits asks first; without scripts the
// same form posts every row. And a listing whose stored details break a rule added since opens with
// the fields to correct marked (requirements#seller-listings).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { offers, products, sellers, users } from '@marketplace/db';
import { BULK_SAVE_MESSAGES } from '@marketplace/domain/sellers/inventory-bulk';
import { LISTING_MESSAGES } from '@marketplace/domain/sellers/listing-api';
import { OFFER_MESSAGES } from '@marketplace/domain/sellers/offer-rules';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const DAKSHIN = 'dakshin-mart@sellers.example.com';
const SHOTS = process.env.SAVE_ALL_SHOTS ?? '/tmp/shots-saveall';

/** A screenshot of the page's first screen (or the whole page) at a width, into SHOTS. */
async function shot(page: Page, name: string, width: number, height: number, fullPage = false) {
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize({ width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage });
}

async function dakshinId() {
  const [row] = await store.db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, DAKSHIN));
  if (!row) throw new Error('Dakshin Mart is seeded');
  return row.id;
}

/** The first rows of Dakshin Mart's table sorted by SKU, priced ₹400 against ₹600 with 20 in stock. */
async function firstRows(count: number, skip = 0) {
  const sellerId = await dakshinId();
  const rows = await store.db
    .select({ id: offers.id, sku: offers.sku })
    .from(offers)
    .where(and(eq(offers.sellerId, sellerId), isNull(offers.closedAt)))
    .orderBy(offers.sku)
    .limit(count)
    .offset(skip);
  for (const row of rows) {
    await store.db
      .update(offers)
      .set({ salePricePaise: 400_00, mrpPaise: 600_00, stock: 20 })
      .where(eq(offers.id, row.id));
  }
  return rows;
}

const stored = async (id: number) => (await store.db.select().from(offers).where(eq(offers.id, id)))[0];
const rowOf = (sku: string) => store.page.getByRole('row').filter({ hasText: sku });
const field = (sku: string, label: 'Price' | 'M.R.P.' | 'Stock') =>
  rowOf(sku).getByLabel(`${label} of ${sku}`, { exact: true });

describe('Save all on the inventory page', () => {
  it('sends only the edited rows, saves those that pass, keeps a refused and a changed row as typed, and warns before leaving', async () => {
    const [a, b, c, d] = await firstRows(4);
    if (!a || !b || !c || !d) throw new Error('four offers');
    await store.loginAs(DAKSHIN);
    await store.openHydrated('/sellercentral/inventory?sort=sku');
    await store.page.getByText('No unsaved changes.').waitFor();

    await field(a.sku, 'Price').fill('350');
    await field(b.sku, 'Stock').fill('7');
    await field(c.sku, 'Price').fill('900'); // above its M.R.P.
    await field(d.sku, 'Stock').fill('30');
    await store.page.getByText('4 rows changed, not saved yet.').waitFor();
    // an order takes two units of the last row after the page was loaded
    await store.db
      .update(offers)
      .set({ stock: sql`${offers.stock} - 2` })
      .where(eq(offers.id, d.id));

    const posted: string[] = [];
    store.page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(request.postData() ?? '');
    });
    await store.page.getByRole('button', { name: 'Save all' }).click();
    await store.page.getByText('2 saved, 2 need attention').waitFor();
    // the edited rows only: no other row of the page travelled
    const names = new URLSearchParams(posted[0]);
    const ids = new Set([...names.keys()].flatMap((name) => /^price\.(\d+)$/.exec(name)?.[1] ?? []));
    expect([...ids].sort()).toEqual([a.id, b.id, c.id, d.id].map(String).sort());

    await rowOf(c.sku).getByText(OFFER_MESSAGES.priceAboveMrp).waitFor();
    await rowOf(d.sku).getByText(BULK_SAVE_MESSAGES.stale).waitFor();
    await rowOf(d.sku).getByText('It now has price ₹400.00, M.R.P. ₹600.00 and stock 18.').waitFor();
    expect(await field(c.sku, 'Price').inputValue()).toBe('900');
    expect(await field(d.sku, 'Stock').inputValue()).toBe('30');
    expect(await field(a.sku, 'Price').inputValue()).toBe('350.00');
    expect(await stored(a.id)).toMatchObject({ salePricePaise: 350_00 });
    expect(await stored(b.id)).toMatchObject({ stock: 7 });
    expect(await stored(c.id)).toMatchObject({ salePricePaise: 400_00 });
    expect(await stored(d.id)).toMatchObject({ stock: 18 });
    await store.page.getByText('2 rows changed, not saved yet.').waitFor();
    await shot(store.page, 'inventory-save-all', WIDTHS.desktop, 900);
    await shot(store.page, 'inventory-save-all', WIDTHS.mobile, 1900);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    // leaving with the two unsaved rows asks first; staying keeps them
    const asked: string[] = [];
    store.page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await store.page.getByRole('link', { name: 'Listings' }).first().click();
    await expect.poll(() => asked).toEqual([BULK_SAVE_MESSAGES.leave]);
    expect(new URL(store.page.url()).pathname).toBe('/sellercentral/inventory');
    expect(await field(c.sku, 'Price').inputValue()).toBe('900');

    // corrected and saved again from the values the page shows now: nothing left to warn about
    await field(c.sku, 'Price').fill('450');
    await store.page.getByRole('button', { name: 'Save all' }).click();
    // exact: the first save's "2 saved, 2 need attention" is still on the page until this one answers
    await store.page.getByText('2 saved', { exact: true }).waitFor();
    expect(await stored(c.id)).toMatchObject({ salePricePaise: 450_00 });
    expect(await stored(d.id)).toMatchObject({ stock: 30 });
    await store.page.getByText('No unsaved changes.').waitFor();
    await store.page.getByRole('link', { name: 'Listings' }).first().click();
    await store.page.waitForURL(/\/sellercentral\/listings$/);
  }, 180_000);

  it('works without scripts: one form posts every row, the edited ones are saved or refused beside themselves', async () => {
    const [a, b] = await firstRows(2, 4);
    if (!a || !b) throw new Error('two offers');
    await store.loginAs(DAKSHIN);
    const page = await store.restartPage({ javaScript: false });
    await page.goto(store.url('/sellercentral/inventory?sort=sku'));
    await field(a.sku, 'Stock').fill('11');
    await field(b.sku, 'Stock').fill('-2');
    await page.getByRole('button', { name: 'Save all' }).click();
    await page.getByText('1 saved, 1 needs attention').waitFor();
    await rowOf(b.sku).getByText(OFFER_MESSAGES.stock).waitFor();
    expect(await field(b.sku, 'Stock').inputValue()).toBe('-2');
    expect(await stored(a.id)).toMatchObject({ stock: 11 });
    expect(await stored(b.id)).toMatchObject({ stock: 20 });
    await shot(page, 'inventory-save-all-no-script', WIDTHS.mobile, 1900);

    // a row's own Save still saves that row alone
    await field(b.sku, 'Stock').fill('5');
    await rowOf(b.sku).getByRole('button', { name: 'Save', exact: true }).click();
    await rowOf(b.sku).getByText('Saved').waitFor();
    expect(await stored(b.id)).toMatchObject({ stock: 5 });
  }, 120_000);
});

describe('a listing whose stored details break a rule added since', () => {
  it('opens with what is stored and the field to correct marked', async () => {
    const sellerId = await dakshinId();
    const [own] = await store.db
      .select({ offerId: offers.id, productId: offers.productId })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(eq(offers.sellerId, sellerId), isNull(offers.closedAt), eq(products.isActive, true)))
      .orderBy(offers.id)
      .limit(1);
    if (!own) throw new Error('Dakshin Mart has a listing');
    // the seller's own product, its packer stored with a name and no address (before the rule)
    await store.db
      .update(products)
      .set({ createdBySellerId: sellerId })
      .where(eq(products.id, own.productId));
    await store.db
      .update(offers)
      .set({ packerName: 'Dakshin Packers', manufacturerName: 'Dakshin Works\n12 Mill Road, Madurai 625001' })
      .where(eq(offers.id, own.offerId));
    await store.loginAs(DAKSHIN);
    await store.openHydrated(`/sellercentral/listings/${own.offerId}`);
    await store.page.getByText('Correct these details before saving').waitFor();
    await store.page.getByText(LISTING_MESSAGES.fixFirst).waitFor();
    expect(await store.page.getByLabel('Packer name').inputValue()).toBe('Dakshin Packers');
    await store.page.getByText('Give both the name and the address, or neither.').first().waitFor();
    await shot(store.page, 'listing-fix-first', WIDTHS.desktop, 900, true);
    await shot(store.page, 'listing-fix-first', WIDTHS.mobile, 800, true);
  }, 120_000);
});
