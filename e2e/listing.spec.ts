import AxeBuilder from '@axe-core/playwright';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, categories, pincodes, products, queryRows } from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

/** Marks the window; a client-side navigation keeps the mark, a full page load loses it. */
const markWindow = () => store.page.evaluate(() => Object.assign(window, { __stillHere: true }));
const stillSamePage = () =>
  store.page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere === true);
const query = () => new URL(store.page.url()).searchParams;
const grid = () => store.page.getByRole('list', { name: /products$/ });
const cardNames = () => grid().locator('.product-card .name').allTextContents();
const resultCount = () => store.page.locator('.listing-count').textContent();

/** The top category with the most products (the seed is deterministic). */
async function topCategory() {
  const [top] = await queryRows<{ id: number; name: string }>(
    store.db,
    sql`WITH RECURSIVE tree AS (
          SELECT id AS root, id FROM categories WHERE level = 1
          UNION ALL SELECT t.root, c.id FROM categories c JOIN tree t ON c.parent_id = t.id)
        SELECT c.id, c.name FROM tree JOIN categories c ON c.id = tree.root
        JOIN products p ON p.category_id = tree.id AND p.is_active
        GROUP BY c.id, c.name ORDER BY count(*) DESC, c.id LIMIT 1`,
  );
  if (!top) throw new Error('seeded categories expected');
  return { ...top, path: categoryListingPath(1, top.name) };
}

describe('the category listing', () => {
  it('filters by colour in the browser: the URL and the grid follow, and Back restores them', async () => {
    const top = await topCategory();
    await store.openHydrated(top.path);
    await markWindow();
    const before = await cardNames();
    const allCount = await resultCount();
    const colour = store.page.locator('details.filter-group', {
      has: store.page.getByRole('heading', { name: 'Colour', exact: true }),
    });
    const first = colour.getByRole('checkbox').first();
    const label = (await colour.locator('label').first().innerText()).split('(')[0]?.trim() ?? '';
    await first.click();
    await expect.poll(() => query().getAll('f.Colour')).toEqual([label]);
    await expect.poll(resultCount).not.toBe(allCount);
    expect(await stillSamePage()).toBe(true);
    await expect.poll(() => first.isChecked()).toBe(true);
    // the page content blocks give way to the results while a filter is on
    expect(await store.page.getByRole('heading', { name: /^Top picks in/ }).count()).toBe(0);
    const filtered = await cardNames();
    expect(filtered).not.toEqual(before);
    await store.page.goBack();
    await expect.poll(() => query().getAll('f.Colour')).toEqual([]);
    await expect.poll(cardNames).toEqual(before);
    await expect.poll(() => first.isChecked()).toBe(false);
    await store.page.goForward();
    await expect.poll(cardNames).toEqual(filtered);
  });

  it("shows 'Loading products...' while the next results load", async () => {
    const top = await topCategory();
    await store.openHydrated(top.path);
    // the page settles first (a first visit stores its pincode and may reload the page data)
    await store.page.waitForLoadState('networkidle');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await store.page.route('**/*.data?*sort=price-asc*', async (route) => {
      await held;
      await route.continue();
    });
    await store.page.getByRole('combobox', { name: /^Sort by/ }).selectOption('price-asc');
    await store.page.getByRole('status').filter({ hasText: 'Loading products...' }).waitFor();
    release();
    await expect.poll(() => query().get('sort')).toBe('price-asc');
    await grid().waitFor();
    expect(await store.page.getByText('Loading products...').count()).toBe(0);
  });

  it('moves the price slider with the keyboard and takes typed prices', async () => {
    const top = await topCategory();
    await store.openHydrated(top.path);
    const min = store.page.getByRole('slider', { name: 'Minimum price' });
    const low = Number(await min.getAttribute('min'));
    await min.focus();
    await min.press('ArrowRight');
    await expect.poll(() => query().get('price')).toMatch(new RegExp(`^${low + 100}-\\d+$`));
    const max = store.page.getByRole('slider', { name: 'Maximum price' });
    await max.focus();
    await max.press('Home'); // the maximum cannot pass the minimum
    await expect.poll(() => query().get('price')).toBe(`${low + 100}-${low + 100}`);
    await store.page.getByRole('spinbutton', { name: 'Min ₹' }).fill('500');
    await store.page.getByRole('spinbutton', { name: 'Max ₹' }).fill('3000');
    await store.page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => query().get('price')).toBe('500-3000');
    await grid().or(store.page.getByText('No products found with the selected filters.')).first().waitFor();
    const prices = await grid()
      .locator('.ui-price-sale')
      .allTextContents()
      .catch(() => []);
    for (const price of prices) {
      const rupees = Number(price.replace(/[^\d.]/g, ''));
      expect(rupees).toBeGreaterThanOrEqual(500);
      expect(rupees).toBeLessThanOrEqual(3000);
    }
  });

  it('filters by delivery day for the chosen pincode, and follows a pincode change', async () => {
    const top = await topCategory();
    const [seller] = await queryRows<{ pincode: string }>(
      store.db,
      sql`SELECT s.pincode FROM offers o JOIN sellers s ON s.id = o.seller_id
          WHERE o.is_active AND o.stock > 0 GROUP BY s.pincode ORDER BY count(*) DESC LIMIT 1`,
    );
    const [island] = await store.db
      .select({ pincode: pincodes.pincode })
      .from(pincodes)
      .where(eq(pincodes.state, 'Andaman & Nicobar Islands'))
      .limit(1);
    if (!seller || !island) throw new Error('seed data expected');
    await store.openHydrated(top.path);
    const choose = async (pincode: string) => {
      await store.page.getByRole('button', { name: /^Deliver to/ }).click();
      const dialog = store.page.getByRole('dialog', { name: 'Choose your location' });
      await dialog.getByRole('textbox').fill(pincode);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await choose(seller.pincode);
    await expect
      .poll(() => store.page.locator('.filter-note').textContent())
      .toBe(`Delivering to ${seller.pincode}`);
    await store.page.getByRole('checkbox', { name: 'Get It in 2 Days' }).click();
    await expect.poll(() => query().get('delivery')).toBe('2days');
    await grid().waitFor();
    expect((await cardNames()).length).toBeGreaterThan(0);
    // one delivery day at a time
    await store.page.getByRole('checkbox', { name: 'Get It Today' }).click();
    await expect.poll(() => query().get('delivery')).toBe('today');
    await expect
      .poll(() => store.page.getByRole('checkbox', { name: 'Get It in 2 Days' }).isChecked())
      .toBe(false);
    await choose(island.pincode);
    await expect
      .poll(() => store.page.locator('.filter-note').textContent())
      .toBe(`Delivering to ${island.pincode}`);
    await store.page.getByText('No products found with the selected filters.').waitFor();
    await store.page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => query().toString()).toBe('');
    await grid().waitFor();
  });

  it('pages through 48 products at a time with the pager', async () => {
    const top = await topCategory();
    const subtree = await queryRows<{ id: number }>(
      store.db,
      sql`WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = ${top.id}
          UNION ALL SELECT c.id FROM categories c JOIN tree t ON c.parent_id = t.id) SELECT id FROM tree`,
    );
    const [leaf] = await store.db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          inArray(
            categories.id,
            subtree.map((r) => Number(r.id)),
          ),
          eq(categories.level, 4),
        ),
      )
      .limit(1);
    const [brand] = await store.db.select({ id: brands.id }).from(brands).limit(1);
    await store.db.insert(products).values(
      Array.from({ length: 60 }, (_, i) => ({
        name: `Pager e2e product ${i}`,
        categoryId: leaf?.id ?? 0,
        brandId: brand?.id ?? 0,
        mainImage: '/images/default.svg',
        lowestPricePaise: 20_000,
        hsnCode: '9506',
        gstRate: 12,
      })),
    );
    await store.openHydrated(top.path);
    await markWindow();
    const first = await cardNames();
    expect(first).toHaveLength(48);
    const pager = store.page.getByRole('navigation', { name: 'Pages' });
    await pager.getByRole('link', { name: 'Next ›' }).click();
    await expect.poll(() => query().get('page')).toBe('2');
    await expect.poll(cardNames).not.toEqual(first);
    expect((await cardNames()).some((name) => first.includes(name))).toBe(false);
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('2');
    expect(await stillSamePage()).toBe(true);
    await pager.getByRole('link', { name: 'Page 1' }).click();
    await expect.poll(cardNames).toEqual(first);
  });

  it('folds the filters into a Filters dropdown on a 360 px phone', async () => {
    const top = await topCategory();
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    await store.openHydrated(top.path);
    const toggle = store.page.getByRole('button', { name: /^Filters/ });
    const priceHeading = store.page.getByRole('heading', { name: 'Price' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await priceHeading.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await priceHeading.isVisible()).toBe(true);
    await store.page.getByRole('checkbox', { name: 'Get It by Tomorrow' }).click();
    await expect.poll(() => query().get('delivery')).toBe('tomorrow');
    await expect.poll(() => toggle.textContent()).toContain('Filters (1)');
    await toggle.click();
    expect(await priceHeading.isVisible()).toBe(false);
    const width = await store.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(WIDTHS.mobile);
  });

  it('answers an unknown category with the 404 page', async () => {
    const res = await store.page.goto(store.url('/categorylist/c/No%20Such%20Category'));
    expect(res?.status()).toBe(404);
    await store.page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    const bad = await store.page.goto(store.url('/categorylist/zz/Electronics'));
    expect(bad?.status()).toBe(404);
  });

  it('has no serious accessibility violations, and is photographed at 360 and 1366 px', async () => {
    const top = await topCategory();
    await store.openHydrated(top.path);
    const results = await new AxeBuilder({ page: store.page }).include('.listing-page').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await store.screenshot('listing', WIDTHS.desktop);
    await store.screenshot('listing', WIDTHS.mobile);
    await store.page.getByRole('button', { name: /^Filters/ }).click();
    await store.screenshot('listing-filters-open', WIDTHS.mobile);
  });
});

describe('best sellers', () => {
  it('ranks the top-menu entry products with rank numbers, and 404s an unknown entry', async () => {
    await store.openHydrated('/best-sellers-online/Electronics');
    const heading = await store.page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toBe('Best Sellers in Electronics');
    const ranks = await store.page.locator('.rank').allTextContents();
    expect(ranks.slice(0, 3)).toEqual(['#1', '#2', '#3']);
    await store.screenshot('best-sellers', WIDTHS.desktop);
    const res = await store.page.goto(store.url('/best-sellers-online/Nothing%20Here'));
    expect(res?.status()).toBe(404);
  });
});
