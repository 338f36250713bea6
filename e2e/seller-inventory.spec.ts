// Seller Central's inventory (requirements#seller-bulk-inventory): a seller edits a price in the
// table, uploads a CSV of prices and stock, follows its progress to the report, and the shop shows
// the new price; the same table works in a browser that runs no scripts.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offerImports, offers, products, sellers, users } from '@marketplace/db';
import { OFFER_CSV_MESSAGES } from '@marketplace/domain/sellers/inventory-csv';
import { OFFER_MESSAGES } from '@marketplace/domain/sellers/offer-rules';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront({ keepPageLookupsMs: 0 });
const DAKSHIN = 'dakshin-mart@sellers.example.com';

/** Dakshin Mart's open, active, in-stock offers on products no other seller offers. */
async function soleOffers() {
  return store.db
    .select({ id: offers.id, sku: offers.sku, mrpPaise: offers.mrpPaise, productName: products.name })
    .from(offers)
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      and(
        eq(users.email, DAKSHIN),
        isNull(offers.closedAt),
        eq(offers.isActive, true),
        sql`${offers.stock} > 0`,
        eq(products.isActive, true),
        sql`NOT EXISTS (SELECT 1 FROM offers o2 WHERE o2.product_id = ${offers.productId} AND o2.seller_id <> ${offers.sellerId})`,
      ),
    )
    .orderBy(offers.id)
    .limit(3);
}

const offerRow = (sku: string) => store.page.getByRole('row').filter({ hasText: sku });

describe('Seller Central inventory', () => {
  it('edits a price in place, uploads a CSV with progress and a refused row, and the product page shows the new price', async () => {
    const [first, second] = await soleOffers();
    if (!first || !second) throw new Error('Dakshin Mart sells products no one else does');
    const [foreign] = await store.db
      .select({ sku: offers.sku })
      .from(offers)
      .innerJoin(sellers, eq(sellers.id, offers.sellerId))
      .where(
        sql`${sellers.id} <> (SELECT s.id FROM sellers s JOIN users u ON u.id = s.user_id WHERE u.email = ${DAKSHIN})`,
      )
      .limit(1);
    await store.loginAs(DAKSHIN);

    await store.openHydrated('/sellercentral/inventory');
    await store.page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await store.screenshot('sellercentral-inventory', WIDTHS.desktop);
    await store.screenshot('sellercentral-inventory', WIDTHS.mobile);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    // inline edit, saved in place without leaving the page
    await store.page.getByRole('searchbox').fill(first.sku);
    await store.page.getByRole('button', { name: 'Apply' }).click();
    await store.page.waitForURL(/q=/);
    const row = offerRow(first.sku);
    await row.getByLabel(`Price of ${first.sku}`).fill('111');
    await row.getByLabel(`M.R.P. of ${first.sku}`).fill(((first.mrpPaise + 100_00) / 100).toFixed(2));
    await row.getByRole('button', { name: 'Save' }).click();
    await offerRow(first.sku).getByText('Saved').waitFor();
    const [saved] = await store.db.select().from(offers).where(eq(offers.id, first.id));
    expect(saved?.salePricePaise).toBe(111_00);
    expect(await offerRow(first.sku).getByLabel(`Price of ${first.sku}`).inputValue()).toBe('111.00');

    // a price above the M.R.P. is refused in its row
    await offerRow(first.sku).getByLabel(`Price of ${first.sku}`).fill('999999');
    await offerRow(first.sku).getByRole('button', { name: 'Save' }).click();
    await offerRow(first.sku).getByText(OFFER_MESSAGES.priceAboveMrp).waitFor();
    await store.screenshot('sellercentral-inventory-row-error', WIDTHS.desktop);

    // the CSV upload: one good row, one another seller's SKU
    await store.openHydrated('/sellercentral/inventory/upload');
    await store.page.getByRole('heading', { level: 1, name: 'Upload prices and stock' }).waitFor();
    await store.screenshot('sellercentral-inventory-upload', WIDTHS.mobile);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    const csv = `sku,price,mrp,stock\r\n${second.sku},222.50,${((second.mrpPaise + 300_00) / 100).toFixed(2)},17\r\n${foreign?.sku},10,20,1\r\n`;
    await store.page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await store.page.getByRole('button', { name: 'Upload' }).click();
    await store.page.waitForURL(/\/sellercentral\/inventory\/imports\/\d+$/);
    await store.page.getByText('Finished: 2 rows checked.').waitFor();
    const refused = store.page.getByRole('region', { name: 'Refused rows' });
    await refused.getByText(OFFER_CSV_MESSAGES.notYourSku).waitFor();
    expect(
      await refused.getByRole('row').filter({ hasText: OFFER_CSV_MESSAGES.notYourSku }).textContent(),
    ).toContain('3');
    await store.screenshot('sellercentral-inventory-import', WIDTHS.desktop);
    await store.screenshot('sellercentral-inventory-import', WIDTHS.mobile);
    const [uploaded] = await store.db.select().from(offers).where(eq(offers.id, second.id));
    expect(uploaded).toMatchObject({ salePricePaise: 222_50, stock: 17 });

    await store.screenshot('sellercentral-inventory-upload-list', WIDTHS.desktop);
    await store.page.goto(store.url(`/productdetails/${encodeURIComponent(second.productName)}`));
    await store.page.getByText('₹222.50').first().waitFor();
  }, 180_000);

  it('saves a row without JavaScript: the form posts to the page and the row says what happened', async () => {
    const [, , third] = await soleOffers();
    if (!third) throw new Error('Dakshin Mart sells products no one else does');
    await store.loginAs(DAKSHIN);
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url(`/sellercentral/inventory?q=${encodeURIComponent(third.sku)}`));
    const price = offerRow(third.sku).getByLabel(`Price of ${third.sku}`);
    const stock = offerRow(third.sku).getByLabel(`Stock of ${third.sku}`);
    await stock.fill('-3');
    await offerRow(third.sku).getByRole('button', { name: 'Save' }).click();
    await offerRow(third.sku).getByText(OFFER_MESSAGES.stock).waitFor();
    expect(await stock.inputValue()).toBe('-3'); // what was typed stays
    await store.screenshot('sellercentral-inventory-no-script-error', WIDTHS.mobile);
    await price.fill('42.50');
    await stock.fill('9');
    await offerRow(third.sku).getByRole('button', { name: 'Save' }).click();
    await offerRow(third.sku).getByText('Saved').waitFor();
    const [saved] = await store.db.select().from(offers).where(eq(offers.id, third.id));
    expect(saved).toMatchObject({ salePricePaise: 42_50, stock: 9 });
  }, 120_000);

  it('follows an upload without JavaScript: the page refreshes itself while it runs and stops once it is done', async () => {
    const [seller] = await store.db
      .select({ id: sellers.id })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, DAKSHIN));
    if (!seller) throw new Error('Dakshin Mart is seeded');
    // an upload as the background run leaves it between batches: running, none of its rows checked
    const [upload] = await store.db
      .insert(offerImports)
      .values({ sellerId: seller.id, fileName: 'stock.csv', status: 'running', totalRows: 4 })
      .returning({ id: offerImports.id });
    if (!upload) throw new Error('inserted');
    await store.loginAs(DAKSHIN);
    const page = await store.restartPage({ javaScript: false });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(store.url(`/sellercentral/inventory/imports/${upload.id}`));
    const status = page.getByRole('status');
    await status.getByText('Checking and applying… 0 of 4 rows (0%)').waitFor();

    // the run moves on: the page shows it without a click
    await store.db
      .update(offerImports)
      .set({ processedRows: 2, appliedRows: 2 })
      .where(eq(offerImports.id, upload.id));
    await status.getByText('Checking and applying… 2 of 4 rows (50%)').waitFor({ timeout: 10_000 });
    await store.db
      .update(offerImports)
      .set({
        status: 'done',
        processedRows: 4,
        appliedRows: 3,
        errorRows: 1,
        finishedAt: new Date(),
        errors: [{ line: 5, sku: 'NOT-OURS-1', reason: OFFER_CSV_MESSAGES.notYourSku }],
      })
      .where(eq(offerImports.id, upload.id));
    await status.getByText('Finished: 4 rows checked.').waitFor({ timeout: 10_000 });
    await page
      .getByRole('region', { name: 'Refused rows' })
      .getByText(OFFER_CSV_MESSAGES.notYourSku)
      .waitFor();
    expect(loads).toBeGreaterThanOrEqual(3);

    // done, the page stays as it is
    const settled = loads;
    await page.waitForTimeout(3_000);
    expect(loads).toBe(settled);
  }, 60_000);
});
