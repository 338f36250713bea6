import { and, asc, eq, sql } from 'drizzle-orm';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  brandCampaigns,
  brands,
  campaignEvents,
  categories,
  products,
  refreshProductSuggestions,
} from '@marketplace/db';
import { SEARCH_TEXTS } from '@marketplace/domain/search/results';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

/** Full-page screenshot with the lazy card images loaded (as a shopper scrolling would see them). */
async function screenshot(name: string, width: number) {
  await store.page.evaluate(() =>
    document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')),
  );
  await store.page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await store.screenshot(name, width);
}
const results = () => store.page.getByRole('list', { name: 'Search results' });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The first top category: its name finds products on several pages. */
async function manyPagesKeyword() {
  const [top] = await store.db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.level, 1))
    .orderBy(asc(categories.id))
    .limit(1);
  return top?.name ?? '';
}

/** A running search campaign for a product on sale; its brand's name is an exact match. */
async function searchCampaign() {
  const [target] = await store.db
    .select({ id: products.id, name: products.name, brandId: products.brandId, brandName: brands.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isActive, true), sql`${products.lowestPricePaise} IS NOT NULL`))
    .orderBy(asc(products.id))
    .limit(1);
  if (!target) throw new Error('a product on sale expected');
  await store.db.update(brandCampaigns).set({ isActive: false }).where(eq(brandCampaigns.page, 'search'));
  const [campaign] = await store.db
    .insert(brandCampaigns)
    .values({
      name: 'e2e search campaign',
      brandId: target.brandId,
      productId: target.id,
      adType: 'image',
      adImage: '/media/x.svg',
      page: 'search',
      type: 'sponsored_brand',
      fromDate: day(-1),
      toDate: day(30),
      maximumSpendLimitPaise: 1_000_000,
      bidPaise: 1_200,
    })
    .returning({ id: brandCampaigns.id });
  if (!campaign) throw new Error('insert failed');
  return { ...target, campaignId: campaign.id };
}
const clicksOf = (campaignId: number) =>
  store.db
    .select()
    .from(campaignEvents)
    .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.kind, 'click')));

describe('search results page', () => {
  it('is reached from the header search box and shows a grid of product cards', async () => {
    await store.openHydrated('/');
    const box = store.page.getByRole('combobox', { name: 'Search products, brands and categories' });
    await box.fill('true wireless earbuds');
    // a category's whole name, before or after its suggestions arrive: the results page
    await box.press('Enter');
    await store.page.waitForURL(/\/searchpage\/true%20wireless%20earbuds$/);
    await results().waitFor();
    expect(await store.page.getByRole('heading', { level: 1 }).textContent()).toContain(
      'true wireless earbuds',
    );
    const names = await results().locator('.name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names[0]).toMatch(/earbuds/i);
    expect(await store.page.title()).toBe('Search');
  });

  it("shows 'Loading products...' while the next results load in the browser", async () => {
    await store.openHydrated('/searchpage/earbuds');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await store.page.route('**/searchpage/bluetooth%20speakers*', async (route: Route) => {
      await held;
      await route.continue();
    });
    const box = store.page.getByRole('combobox', { name: 'Search products, brands and categories' });
    await box.fill('bluetooth speakers');
    await box.press('Enter');
    await store.page.getByRole('status').filter({ hasText: SEARCH_TEXTS.loading }).waitFor();
    release();
    await store.page.waitForURL(/\/searchpage\/bluetooth%20speakers$/);
    await results().waitFor();
    expect(await store.page.getByText(SEARCH_TEXTS.loading).count()).toBe(0);
  });

  it('says when nothing is found', async () => {
    await store.openHydrated('/searchpage/qqqzzzxxx');
    expect(await store.page.getByRole('status').textContent()).toBe(SEARCH_TEXTS.noResults('qqqzzzxxx'));
    // hostile characters around words no product has (a real word such as "drop" may match a product)
    await store.openHydrated(`/searchpage/${encodeURIComponent('"; QZXJ VVKQ qqqzz; -- 😀 %_\\')}`);
    expect(await store.page.getByRole('status').textContent()).toContain('No products found for');
  });

  it('pages with Prev, Next and numbers in the URL, and Back returns to the previous page', async () => {
    const keyword = await manyPagesKeyword();
    await store.openHydrated(`/searchpage/${encodeURIComponent(keyword)}`);
    const pager = store.page.getByRole('navigation', { name: 'Pages' });
    const current = () => pager.locator('[aria-current="page"]').textContent();
    expect(await current()).toBe('1');
    const firstNames = await results().locator('.name').allTextContents();
    await pager.getByRole('link', { name: 'Next ›' }).click();
    await store.page.waitForURL(/\?page=2$/);
    await expect.poll(current).toBe('2');
    const secondNames = await results().locator('.name').allTextContents();
    expect(secondNames).not.toEqual(firstNames);
    await store.page.goBack();
    await expect.poll(current).toBe('1');
    expect(store.page.url()).not.toContain('page=');
    expect(await results().locator('.name').allTextContents()).toEqual(firstNames);
  });

  it('records a sponsored click before opening the product, with product_ad_type in the navigation state', async () => {
    const ad = await searchCampaign();
    await store.openHydrated(`/searchpage/${encodeURIComponent(ad.brandName)}`);
    const card = store.page.locator(`[data-campaign-id="${ad.campaignId}"]`);
    expect(await card.getByText(SEARCH_TEXTS.sponsored).isVisible()).toBe(true);
    // the card heads the results
    expect(await results().locator('li').first().getAttribute('class')).toBeNull();
    expect(await results().locator('li').first().locator('[data-campaign-id]').count()).toBe(1);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    await store.page.route('**/api/ads/clicks', async (route: Route) => {
      bodies.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });
    await card.locator('a.card-link').click();
    await expect.poll(() => bodies.length).toBe(1);
    // still on the results while the click is being recorded
    expect(store.page.url()).toContain('/searchpage/');
    release();
    await store.page.waitForURL(/\/productdetails\//);
    expect(decodeURIComponent(store.page.url())).toContain(ad.name);
    expect(bodies[0]).toEqual({ campaignId: ad.campaignId, productId: ad.id, matchType: 'exact' });
    expect(await store.page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({
      product_ad_type: 'sponsored',
    });
    const clicks = await clicksOf(ad.campaignId);
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ productId: ad.id, matchType: 'exact', costPaise: 1_200 });
  });

  it('opens the sponsored product even when recording the click fails', async () => {
    const ad = await searchCampaign();
    await store.page.route('**/api/ads/clicks', (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"X","message":"down"}}',
      }),
    );
    await store.openHydrated(`/searchpage/${encodeURIComponent(ad.brandName)}`);
    await store.page.locator(`[data-campaign-id="${ad.campaignId}"] a.card-link`).click();
    await store.page.waitForURL(/\/productdetails\//);
    expect(await clicksOf(ad.campaignId)).toHaveLength(0);
    // and when the network itself fails
    await store.openHydrated(`/searchpage/${encodeURIComponent(ad.brandName)}`);
    await store.page.unroute('**/api/ads/clicks');
    await store.page.route('**/api/ads/clicks', (route: Route) => route.abort('failed'));
    await store.page.locator(`[data-campaign-id="${ad.campaignId}"] a.card-link`).click();
    await store.page.waitForURL(/\/productdetails\//);
  });

  it('fits 360 px and 1366 px with its heading shown (screenshotted)', async () => {
    await searchCampaign();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await store.openHydrated('/searchpage/earbuds');
      await expectFitsWidth(store.page);
      await screenshot('search-results', width);
      await store.openHydrated('/searchpage/samsng');
      await expectFitsWidth(store.page);
      await screenshot('search-corrected', width);
      await store.openHydrated('/searchpage/qqqzzzxxx');
      await expectFitsWidth(store.page);
      await screenshot('search-empty', width);
    }
  });
});

/** The rupee amounts of the sale prices in the results, in order (products no seller offers have none). */
const salePrices = async () =>
  (await results().locator('.ui-price-sale').allTextContents()).map((text) =>
    Number(text.replace(/[^\d.]/g, '')),
  );
const countText = () => store.page.locator('.search-count').textContent();
const resultsCount = async () =>
  Number((/([\d,]+) results?/.exec((await countText()) ?? '')?.[1] ?? '0').replaceAll(',', ''));
const ascending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? 0) <= v);
const query = () => new URL(store.page.url()).searchParams;

describe('search results: sort and filters (requirements#search-refine)', () => {
  it('sorts by price low to high and back to relevance, kept in the URL and across pages', async () => {
    const keyword = await manyPagesKeyword();
    await store.openHydrated(`/searchpage/${encodeURIComponent(keyword)}`);
    const relevance = await results().locator('.name').allTextContents();
    const sort = store.page.getByRole('combobox', { name: /^Sort by/ });
    expect(await sort.inputValue()).toBe('relevance');
    await sort.selectOption('price-asc');
    await expect.poll(() => query().get('sort')).toBe('price-asc');
    await expect
      .poll(async () => ascending(await salePrices()) && (await salePrices()).length > 5)
      .toBe(true);
    const firstPage = await salePrices();
    // the next page keeps the sort and goes on from the highest price so far
    await store.page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next ›' }).click();
    await expect.poll(() => query().get('page')).toBe('2');
    expect(query().get('sort')).toBe('price-asc');
    await expect
      .poll(async () => (await salePrices())[0] ?? 0)
      .toBeGreaterThanOrEqual(Math.max(...firstPage));
    expect(ascending(await salePrices())).toBe(true);
    await store.page.getByRole('combobox', { name: /^Sort by/ }).selectOption('price-desc');
    await expect.poll(() => query().get('sort')).toBe('price-desc');
    // choosing a sort starts again at page 1
    expect(query().get('page')).toBeNull();
    await expect.poll(async () => ascending([...(await salePrices())].reverse())).toBe(true);
    await store.page.getByRole('combobox', { name: /^Sort by/ }).selectOption('relevance');
    await expect.poll(() => store.page.url()).toMatch(/\/searchpage\/[^?]+$/);
    await expect.poll(() => results().locator('.name').allTextContents()).toEqual(relevance);
  });

  it("narrows by a colour of the keyword's matches and by price, and clears them", async () => {
    const keyword = await manyPagesKeyword();
    await store.openHydrated(`/searchpage/${encodeURIComponent(keyword)}?sort=price-asc`);
    const before = await resultsCount();
    const colour = store.page.locator('details.filter-group', {
      has: store.page.getByRole('heading', { name: 'Colour', exact: true }),
    });
    const label = (await colour.locator('label').first().innerText()).split('(')[0]?.trim() ?? '';
    const counted = Number(/\((\d+)\)/.exec(await colour.locator('label').first().innerText())?.[1]);
    await colour.getByRole('checkbox').first().check();
    await expect.poll(() => query().getAll('f.Colour')).toEqual([label]);
    expect(query().get('sort')).toBe('price-asc');
    await expect.poll(resultsCount).toBe(counted);
    expect(counted).toBeLessThan(before);
    expect(await colour.getByRole('checkbox').first().isChecked()).toBe(true);
    expect(ascending(await salePrices())).toBe(true);
    await store.page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => query().getAll('f.Colour')).toEqual([]);
    await expect.poll(resultsCount).toBe(before);
    // a price range: every price shown inside it
    await store.page.getByRole('spinbutton', { name: 'Min ₹' }).fill('500');
    await store.page.getByRole('spinbutton', { name: 'Max ₹' }).fill('3000');
    await store.page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => query().get('price')).toBe('500-3000');
    await expect.poll(resultsCount).toBeLessThan(before);
    for (const price of await salePrices()) {
      expect(price).toBeGreaterThanOrEqual(500);
      expect(price).toBeLessThanOrEqual(3000);
    }
  });

  it('sorts and filters without scripts: GET forms keep the keyword, the sort and the filters', async () => {
    const keyword = await manyPagesKeyword();
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url(`/searchpage/${encodeURIComponent(keyword)}`));
    const before = await resultsCount();
    await page.getByRole('combobox', { name: /^Sort by/ }).selectOption('price-asc');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL(/sort=price-asc/);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/searchpage/${keyword}`);
    expect(ascending(await salePrices())).toBe(true);
    const colour = page.locator('details.filter-group', {
      has: page.getByRole('heading', { name: 'Colour', exact: true }),
    });
    const label = (await colour.locator('label').first().innerText()).split('(')[0]?.trim() ?? '';
    await colour.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/f\.Colour=/);
    expect(query().getAll('f.Colour')).toEqual([label]);
    expect(query().get('sort')).toBe('price-asc');
    const narrowed = await resultsCount();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(before);
    expect(ascending(await salePrices())).toBe(true);
    // the sort form keeps the filter
    await page.getByRole('combobox', { name: /^Sort by/ }).selectOption('price-desc');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL(/sort=price-desc/);
    expect(query().getAll('f.Colour')).toEqual([label]);
    expect(await resultsCount()).toBe(narrowed);
    // on a phone the filters show whole (their dropdown needs scripts)
    await page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    expect(await page.getByRole('button', { name: 'Apply filters' }).isVisible()).toBe(true);
  });

  it('offers the category a keyword names beside its results, also from Enter in the search box', async () => {
    const keyword = await manyPagesKeyword();
    await store.openHydrated('/');
    const box = store.page.getByRole('combobox', { name: 'Search products, brands and categories' });
    await box.fill(keyword.toLowerCase());
    // the suggestions have arrived: the category is the first of them
    await store.page.getByRole('listbox').getByRole('option').first().waitFor();
    await box.press('Enter');
    await store.page.waitForURL(/\/searchpage\//);
    await results().waitFor();
    expect(await store.page.getByRole('heading', { level: 1 }).textContent()).toContain(
      keyword.toLowerCase(),
    );
    const link = store.page.getByRole('link', { name: SEARCH_TEXTS.seeCategory(keyword) });
    await link.click();
    await store.page.waitForURL(new RegExp(`/categorylist/c/`));
    expect(await store.page.getByRole('heading', { level: 1 }).textContent()).toBe(keyword);
  });

  it('suggests close spellings and popular categories when nothing is found', async () => {
    await store.db.insert(brands).values({ name: 'Quorvex' });
    const [source] = await store.db.select().from(products).orderBy(asc(products.id)).limit(1);
    if (!source) throw new Error('seeded products expected');
    const { id: _, searchVector: __, ...rest } = source;
    await store.db
      .insert(products)
      .values({ ...rest, name: 'Quorvix Reading Lamp', description: '', unitsSold: 0 });
    await refreshProductSuggestions(store.db);
    await store.openHydrated('/searchpage/quorvax');
    expect(await store.page.getByRole('status').textContent()).toBe(SEARCH_TEXTS.noResults('quorvax'));
    await store.page.getByText(SEARCH_TEXTS.didYouMean).waitFor();
    const popular = store.page.getByRole('navigation', { name: SEARCH_TEXTS.popularCategories });
    expect(await popular.getByRole('link').count()).toBeGreaterThan(2);
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(store.page);
      await screenshot('search-did-you-mean', width);
    }
    await store.page.getByRole('link', { name: 'quorvix' }).click();
    await store.page.waitForURL(/\/searchpage\/quorvix$/);
    expect(await results().locator('.name').allTextContents()).toContain('Quorvix Reading Lamp');
    await store.page.goBack();
    const first = popular.getByRole('link').first();
    const name = await first.textContent();
    await first.click();
    await store.page.waitForURL(/\/categorylist\//);
    expect(await store.page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  });

  it('fits 360 px and 1366 px sorted and filtered (screenshotted)', async () => {
    const keyword = await manyPagesKeyword();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await store.openHydrated(`/searchpage/${encodeURIComponent(keyword)}?sort=price-asc&price=200-5000`);
      await expectFitsWidth(store.page);
      await screenshot('search-refined', width);
    }
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 900 });
    await store.page.getByRole('button', { name: /^Filters/ }).click();
    await screenshot('search-refined-filters-open', WIDTHS.mobile);
  });
});
