// requirements#media-library, requirements#link-picker, requirements#console-pickers: marketing staff
// give a banner block an image uploaded from the image picker and a link chosen from the site; catalog
// staff choose the two products of a merge in product pickers; marketing create a deal with product
// and seller pickers, and without scripts by typing names.
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deals, mediaImages, queryRows } from '@marketplace/db';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOTS = '/tmp/shots-pickers';
const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();

/** The page as it is now (dialogs open), at both widths. */
async function shoot(name: string) {
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.page.setViewportSize({ width, height: 900 });
    await store.page.waitForTimeout(150);
    await store.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** Two products of names of their own, with a seller's offer on the first. */
async function twoProducts() {
  const rows = await queryRows<{ id: number; name: string; seller_id: number }>(
    store.db,
    sql`SELECT p.id, p.name, (SELECT o.seller_id FROM offers o WHERE o.product_id = p.id ORDER BY o.id LIMIT 1) AS seller_id
          FROM products p WHERE p.merged_into_id IS NULL AND p.is_active
           AND EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p.id)
           AND (SELECT count(*) FROM products q WHERE lower(q.name) = lower(p.name)) = 1
         ORDER BY p.id DESC LIMIT 2`,
  );
  const [a, b] = rows;
  if (!a || !b) throw new Error('two products with offers');
  return [a, b].map((row) => ({ id: Number(row.id), name: row.name, sellerId: Number(row.seller_id) }));
}

describe('the console’s pickers', () => {
  it('a banner block takes an image uploaded in the image picker and a category chosen in the link picker', async () => {
    await signInAsStaff(store, 'marketing-pickers-e2e@staff.example.com', 'marketing');
    const made = await store.page.request.post(store.url('/api/admin/content/rows'), {
      headers: { origin: store.url('').replace(/\/$/, '') },
      data: { categoryId: null, title: 'Festive picks', showTitle: true, contentType: 'Home' },
    });
    expect(made.status()).toBe(201);
    const rowId = ((await made.json()) as { id: number }).id;
    await store.openHydrated(`/admin/content/blocks/${rowId}`);
    await heading('Festive picks');
    const form = store.page.getByRole('form', { name: 'Add a block' });
    await form.getByLabel('Block', { exact: true }).selectOption('banner');

    // the image: uploaded from the picker's dialog, then chosen
    const imageGroup = form.getByRole('group', { name: 'Banner 1 image' });
    await imageGroup.getByRole('button', { name: 'Choose an image' }).click();
    const dialog = store.page.getByRole('dialog', { name: 'Banner 1 image' });
    await dialog.getByRole('list', { name: 'Images in the library' }).getByRole('button').first().waitFor();
    await shoot('block-image-picker');
    const png = await sharp({ create: { width: 1800, height: 500, channels: 3, background: '#d35400' } })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Image file')
      .setInputFiles({ name: 'diya-sale.png', mimeType: 'image/png', buffer: png });
    await dialog.getByLabel('Name (to find it again)').fill('Diya sale');
    await dialog.getByRole('button', { name: 'Upload and use' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await imageGroup.getByText('Diya sale').waitFor();

    // the link: a category chosen by name
    await form.getByRole('button', { name: 'Choose a page…' }).first().click();
    const links = store.page.getByRole('dialog', { name: 'Banner 1 link: choose a page' });
    await links.getByLabel('Category').check();
    await links.getByRole('combobox', { name: 'Category' }).fill('Footwear');
    await links.getByRole('option').first().waitFor();
    await shoot('block-link-picker');
    await links.getByRole('option').first().click();
    await links.waitFor({ state: 'hidden' });
    const link = await form.getByLabel('Banner 1 link', { exact: true }).inputValue();
    expect(link).toMatch(/^\/categorylist\/(c|sc|ssc|sssc)\/[^/]+$/);
    await form
      .getByText(/Leads to: Category:/)
      .first()
      .waitFor();

    await form.getByRole('button', { name: 'Publish' }).click();
    await store.page.getByText('The block was published.').waitFor();
    const [item] = await queryRows<{ image_path: string; link: string }>(
      store.db,
      sql`SELECT i.image_path, i.link FROM content_items i JOIN content_columns c ON c.id = i.column_id
           WHERE c.row_id = ${rowId}`,
    );
    expect(item?.link).toBe(link);
    const [listed] = await store.db
      .select()
      .from(mediaImages)
      .where(eq(mediaImages.path, item?.image_path ?? ''));
    expect(listed?.name).toBe('Diya sale');
  }, 120_000);

  it('the merge page chooses its two products in pickers and shows them side by side', async () => {
    const [keep, duplicate] = await twoProducts();
    if (!keep || !duplicate) throw new Error('two products');
    await signInAsStaff(store, 'catalog-pickers-e2e@staff.example.com', 'catalog');
    await store.openHydrated('/admin/catalog/merge');
    await heading('Merge duplicate products');
    const pair = store.page.getByRole('form', { name: 'Choose the two products' });
    await pair.getByRole('combobox', { name: 'Product to keep' }).fill(keep.name.slice(0, 30));
    await store.page.getByRole('option', { name: new RegExp(`#${keep.id}\\b`) }).click();
    await pair.getByRole('combobox', { name: 'Duplicate' }).fill(String(duplicate.id));
    await store.page.getByRole('option', { name: new RegExp(`#${duplicate.id}\\b`) }).waitFor();
    await pair.getByRole('combobox', { name: 'Duplicate' }).press('Enter');
    await pair.getByRole('button', { name: 'Preview the merge' }).click();
    await store.page.getByRole('heading', { name: 'What the merge does' }).waitFor();
    const section = store.page.getByRole('region', { name: 'What the merge does' });
    expect(await section.textContent()).toContain(keep.name);
    expect(await section.textContent()).toContain(duplicate.name);
    await shoot('merge');
  }, 90_000);

  it('a deal takes its product and seller from pickers, and without scripts from names typed', async () => {
    const [first, second] = await twoProducts();
    if (!first || !second) throw new Error('two products');
    await signInAsStaff(store, 'marketing-deal-pickers-e2e@staff.example.com', 'marketing');
    await store.openHydrated('/admin/promotions/deals/new');
    await heading('Create a deal');
    const field = (label: string) => store.page.getByLabel(label, { exact: true });
    await store.page.getByRole('combobox', { name: 'Product' }).fill(first.name.slice(0, 30));
    await store.page.getByRole('option', { name: new RegExp(`#${first.id}\\b`) }).click();
    await store.page.getByRole('combobox', { name: 'Seller' }).fill(String(first.sellerId));
    await store.page.getByRole('option').first().waitFor();
    await store.page.getByRole('combobox', { name: 'Seller' }).press('Enter');
    await field('Discount (%)').fill('12');
    await field('Starts (Indian time)').fill('2031-01-01T10:00');
    await field('Ends (Indian time)').fill('2031-01-02T10:00');
    await shoot('deal-form');
    await store.page.getByRole('button', { name: 'Create deal', exact: true }).click();
    await store.page.waitForURL(/\/admin\/promotions\/deals\?saved=1/);
    const saved = await store.db
      .select()
      .from(deals)
      .where(
        and(eq(deals.productId, first.id), eq(deals.sellerId, first.sellerId), eq(deals.discountPercent, 12)),
      );
    expect(saved).toHaveLength(1);

    // without scripts: the product's name and the seller's id typed into the same fields
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/promotions/deals/new'));
    await page.getByRole('combobox', { name: 'Product' }).fill(second.name);
    await page.getByRole('combobox', { name: 'Seller' }).fill(String(second.sellerId));
    await page.getByLabel('Discount (%)', { exact: true }).fill('13');
    await page.getByLabel('Starts (Indian time)', { exact: true }).fill('2031-02-01T10:00');
    await page.getByLabel('Ends (Indian time)', { exact: true }).fill('2031-02-02T10:00');
    await page.getByRole('button', { name: 'Create deal', exact: true }).click();
    await page.waitForURL(/\/admin\/promotions\/deals\?saved=1/);
    const typed = await store.db
      .select()
      .from(deals)
      .where(and(eq(deals.productId, second.id), eq(deals.discountPercent, 13)));
    expect(typed).toHaveLength(1);
  }, 120_000);
});
