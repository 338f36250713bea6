// requirements#operator-catalog: catalog staff add a leaf category with a filter and its values and
// find it in the shop's category menu; add a brand with a logo and see it on the brand's page; rename
// a category with a browser that runs no scripts, its old listing address leading to the new one.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { categories } from '@marketplace/db';
import { CATALOG_TREE_MESSAGES } from '@marketplace/domain/admin/catalog-tree-api';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

// the shop's menus are read afresh on every page (the console's changes show within a minute otherwise)
const store = useStorefront({ keepPageLookupsMs: 0 });
const CATALOG = 'catalog-e2e@staff.example.com';

const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();
const field = (label: string) => store.page.getByLabel(label, { exact: true });

async function categoryId(level: number, name: string) {
  const [row] = await store.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.level, level), eq(categories.name, name)));
  if (!row) throw new Error(`no category ${name}`);
  return row.id;
}

describe('the category tree and brands in the console', () => {
  it('catalog staff add a leaf with a filter and values, and the shop’s menu offers it', async () => {
    await signInAsStaff(store, CATALOG, 'catalog');
    await store.openHydrated('/admin/catalog/categories');
    await heading('Categories');
    const tree = store.page.getByRole('navigation', { name: 'Category tree' });
    await tree.getByRole('link', { name: 'Electronics', exact: true }).waitFor();
    await store.screenshot('admin-catalog-categories', WIDTHS.desktop);

    await tree.getByRole('link', { name: 'Audio', exact: true }).click();
    await heading('Audio');
    await field('New category’s name').fill('Smart Speakers');
    await store.page.getByRole('button', { name: 'Add', exact: true }).click();
    await store.page.getByText(CATALOG_TREE_MESSAGES.categoryAdded('Smart Speakers')).waitFor();
    await store.page
      .getByRole('list', { name: 'Categories under it' })
      .getByRole('link', { name: 'Smart Speakers' })
      .click();
    await heading('Smart Speakers');

    await field('New filter').fill('Voice assistant');
    await store.page.getByRole('button', { name: 'Add filter' }).click();
    await store.page.getByRole('heading', { level: 3, name: 'Voice assistant' }).waitFor();
    for (const value of ['Alexa', 'Google Assistant', 'Siri']) {
      await field('New value of Voice assistant').fill(value);
      await store.page.getByRole('button', { name: 'Add value' }).click();
      await store.page.getByRole('textbox', { name: `Value ${value}` }).waitFor();
    }
    await store.page.getByRole('button', { name: 'Move Siri up' }).click();
    const values = store.page.getByRole('region', { name: 'Values of Voice assistant' }).getByRole('textbox');
    await expect
      .poll(async () => values.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
      .toEqual(['Alexa', 'Siri', 'Google Assistant']);
    await store.screenshot('admin-catalog-leaf', WIDTHS.desktop);

    // the shop's side menu offers the new leaf under Electronics › Audio, and it opens its listing
    await store.openHydrated('/');
    await store.page.getByRole('button', { name: 'All', exact: true }).click();
    const menu = store.page.getByRole('dialog', { name: 'Shop by category' });
    await menu.getByRole('button', { name: /^Electronics/ }).click();
    await menu.getByRole('button', { name: /^Audio/ }).click();
    await menu.getByRole('link', { name: 'Smart Speakers' }).click();
    await store.page.waitForURL(store.url(categoryListingPath(3, 'Smart Speakers')));
    await heading(/Smart Speakers/);
  });

  it('catalog staff add a brand with a logo, and the brand’s page shows it', async () => {
    await signInAsStaff(store, 'brands-e2e@staff.example.com', 'catalog');
    await store.openHydrated('/admin/catalog/brands');
    await heading('Brands');
    await field('Brand name').first().fill('Tuk');
    await store.page.getByRole('button', { name: 'Search' }).click();
    await store.page.waitForURL(/q=Tuk/);

    const add = store.page.getByRole('region', { name: 'Add a brand' });
    await add.getByLabel('Brand name', { exact: true }).fill('Glow Habitat');
    await add.getByLabel('Country (optional)', { exact: true }).fill('India');
    await add.getByLabel('Tagline (optional)', { exact: true }).fill('Lamps for every room');
    await add.getByRole('button', { name: 'Add brand' }).click();
    await heading('Glow Habitat');
    await store.page.getByText(CATALOG_TREE_MESSAGES.brandAdded('Glow Habitat')).waitFor();

    const logo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#f4a300' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="320" height="320"><circle cx="160" cy="160" r="110" fill="#1b4965"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await field('Logo image').setInputFiles({ name: 'glow.png', mimeType: 'image/png', buffer: logo });
    await store.page.getByRole('button', { name: 'Upload logo' }).click();
    await store.page.getByText(CATALOG_TREE_MESSAGES.logoSaved).waitFor();
    const shown = store.page.getByRole('img', { name: 'Glow Habitat logo' });
    const logoSrc = await shown.getAttribute('src');
    expect(logoSrc).toMatch(/^\/media\/catalog\/brands\/\d+\/[0-9a-f]{20}-192\.webp$/);
    await store.screenshot('admin-catalog-brand', WIDTHS.desktop);

    await store.page.goto(store.url('/brand/Glow%20Habitat'));
    const brandLogo = store.page.locator('img.brand-logo');
    expect(await brandLogo.getAttribute('src')).toBe(logoSrc);
    await store.page.getByText('Lamps for every room').waitFor();
  });

  it('renames a category with a browser that runs no scripts; the old address leads to the new name', async () => {
    await signInAsStaff(store, 'rename-e2e@staff.example.com', 'catalog');
    const id = await categoryId(3, 'Smart Speakers').catch(async () => {
      // this file's first test adds it; run alone, this test adds its own
      const [audio] = await store.db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.level, 2), eq(categories.name, 'Audio')));
      const [row] = await store.db
        .insert(categories)
        .values({ parentId: audio?.id ?? null, level: 3, name: 'Smart Speakers', position: 99 })
        .returning({ id: categories.id });
      return row?.id ?? 0;
    });
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url(`/admin/catalog/categories/${id}`));
    await heading('Smart Speakers');
    await field('Name').fill('Voice Speakers');
    await store.page.getByRole('button', { name: 'Rename', exact: true }).click();
    await store.page.getByText(CATALOG_TREE_MESSAGES.categoryRenamed('Voice Speakers')).waitFor();
    await heading('Voice Speakers');
    await expectFitsWidth(store.page);
    await store.screenshot('admin-catalog-rename-no-script', WIDTHS.desktop);

    await store.page.goto(store.url(categoryListingPath(3, 'Smart Speakers')));
    await store.page.waitForURL(store.url(categoryListingPath(3, 'Voice Speakers')));
    await heading(/Voice Speakers/);
  });
});
