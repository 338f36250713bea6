import AxeBuilder from '@axe-core/playwright';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, products } from '@marketplace/db';
import { openHydrated, revealAll, visibleSlides } from './support/home.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

/** The brand with the most products, with 8 of them filed in one leaf category so one section is a carousel. */
async function busiestBrand() {
  const [row] = await store.db
    .select({ id: brands.id, name: brands.name, isRegistry: brands.isRegistry })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .groupBy(brands.id)
    .orderBy(sql`count(*) DESC`)
    .limit(1);
  if (!row) throw new Error('brands expected');
  const own = await store.db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.brandId, row.id))
    .orderBy(products.id)
    .limit(8);
  await store.db
    .update(products)
    .set({ categoryId: own[0]?.categoryId ?? 0 })
    .where(
      inArray(
        products.id,
        own.map((p) => p.id),
      ),
    );
  return { ...row, path: `${row.isRegistry ? '/brandregistry/' : '/brand/'}${encodeURIComponent(row.name)}` };
}

describe('brand pages', () => {
  it('shows sections of more than 5 products as carousels of 4, 3, 2 and 1 per view by width', async () => {
    const brand = await busiestBrand();
    await openHydrated(store.page, store.url(brand.path));
    expect(await store.page.getByRole('heading', { level: 1 }).textContent()).toBe(brand.name);
    const carousel = store.page.locator('.brand-carousel').first();
    const label = (await carousel.getAttribute('aria-label')) ?? '';
    expect(label).not.toBe('');
    for (const [width, perView] of [
      [1366, 4],
      [1000, 3],
      [700, 2],
      [400, 1],
    ] as const) {
      await store.page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await visibleSlides(store.page, label)).length).toBe(perView);
    }
    await store.page.setViewportSize({ width: 1366, height: 900 });
    const before = await visibleSlides(store.page, label);
    await carousel.scrollIntoViewIfNeeded();
    await store.page.getByRole('button', { name: `Next: ${label}` }).click();
    await expect.poll(() => visibleSlides(store.page, label)).not.toEqual(before);
    // titles are cut at 70 characters
    const names = await store.page.locator('.brand-card .name').allTextContents();
    expect(names.every((name) => [...name].length <= 71)).toBe(true);
  });

  it('shows the 404 page for an unknown brand', async () => {
    const res = await store.page.goto(store.url('/brand/No%20Such%20Brand%20%26%20Co'));
    expect(res?.status()).toBe(404);
    expect(await store.page.getByRole('heading', { name: 'Oops! Page Not Found' }).isVisible()).toBe(true);
  });

  it('fits 360 px and 1366 px with its heading shown (screenshotted)', async () => {
    const brand = await busiestBrand();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await openHydrated(store.page, store.url(brand.path));
      await revealAll(store.page);
      await expectFitsWidth(store.page);
      await store.screenshot('brand', width);
    }
  }, 90_000);
});

describe('the brand registry page', () => {
  it('switches tabs with the keyboard and opens FAQ answers', async () => {
    await openHydrated(store.page, store.url('/brandregistry'));
    const login = store.page.getByRole('link', { name: 'Login to Brand Registry' });
    expect(await login.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await login.getAttribute('rel')).toContain('noopener');
    for (const name of ['Watch Overview', 'Enroll Your Brand']) {
      expect(await store.page.getByRole('link', { name }).isVisible()).toBe(true);
    }
    for (const name of ['Secure', 'Improve customer experience', 'Monitor progress']) {
      expect(await store.page.getByRole('heading', { name }).isVisible()).toBe(true);
    }
    const tabs = store.page.getByRole('tablist', { name: 'Brand Registry' });
    await tabs.getByRole('tab', { name: 'Enroll your brand' }).focus();
    await store.page.keyboard.press('ArrowRight');
    const build = tabs.getByRole('tab', { name: 'Build your brand' });
    expect(await build.getAttribute('aria-selected')).toBe('true');
    expect(await store.page.evaluate(() => document.activeElement?.textContent)).toBe('Build your brand');
    for (const name of ['A+ Content', 'Brand Stores', 'Sponsored Brands', 'Brand Analytics']) {
      expect(await store.page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
    }
    await store.page.keyboard.press('ArrowRight');
    expect(await store.page.getByRole('heading', { name: 'Project Zero' }).isVisible()).toBe(true);
    await store.page.keyboard.press('End');
    const faqs = tabs.getByRole('tab', { name: 'FAQs' });
    expect(await faqs.getAttribute('aria-selected')).toBe('true');
    await store.page.keyboard.press('ArrowRight');
    expect(await tabs.getByRole('tab', { name: 'Enroll your brand' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await store.page.keyboard.press('ArrowLeft');
    const question = store.page.getByText('Does it cost anything to enroll my brand?');
    await question.click();
    expect(await store.page.getByText('Enrolling in Brand Registry is free').isVisible()).toBe(true);
    const axe = await new AxeBuilder({ page: store.page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('fits 360 px and 1366 px with its heading shown (screenshotted)', async () => {
    await openHydrated(store.page, store.url('/brandregistry'));
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(store.page);
      await store.screenshot('brand-registry', width);
    }
  });
});

describe('seller and privilege claim pages', () => {
  it('leads Sign Up and Start Selling to Seller Central, where a visitor logs in first', async () => {
    await openHydrated(store.page, store.url('/seller'));
    await store.page.getByRole('link', { name: 'Start Selling' }).click();
    await store.page.waitForURL(/\/login\?redirectTo=%2Fsellercentral$/);
    await openHydrated(store.page, store.url('/seller'));
    await store.page.getByRole('link', { name: 'Sign Up' }).click();
    await store.page.waitForURL(/\/login\?redirectTo=%2Fsellercentral$/);
  });

  it('shows the privilege claim text from the server', async () => {
    await openHydrated(store.page, store.url('/privilegeclaim'));
    expect(await store.page.getByRole('heading', { name: 'Privilege Claim' }).isVisible()).toBe(true);
    expect(await store.page.getByText('PromoJun').first().isVisible()).toBe(true);
  });
});
