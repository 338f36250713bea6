import { and, eq } from 'drizzle-orm';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dealClicks, deals } from '@marketplace/db';
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
const grid = (name: string) => store.page.getByRole('list', { name });
const firstDealOf = async (billingType: 'click' | 'impression') => {
  const ids = await grid("Today's Deals")
    .locator('[data-deal-id]')
    .evaluateAll((cards) => cards.map((card) => Number((card as HTMLElement).dataset.dealId)));
  for (const id of ids) {
    const [deal] = await store.db.select().from(deals).where(eq(deals.id, id));
    if (deal?.billingType === billingType) return deal;
  }
  throw new Error(`no deal of type ${billingType} on the page`);
};
const clicksOf = (dealId: number) => store.db.select().from(dealClicks).where(eq(dealClicks.dealId, dealId));

describe("today's deals, percentage offers and coupons", () => {
  it("lists today's deals 48 to a page with a pager, and Back returns to the first page", async () => {
    await store.openHydrated('/todaydeals');
    expect(await store.page.getByRole('heading', { level: 1 }).textContent()).toBe("Today's Deals");
    const cards = grid("Today's Deals").locator('.deal-card');
    expect(await cards.count()).toBe(48);
    expect(await cards.first().getByText('Lightning deal').isVisible()).toBe(true);
    expect(await cards.first().locator('.ui-price-off').textContent()).toMatch(/^\d+% Off$/);
    const pager = store.page.getByRole('navigation', { name: 'Pages' });
    const firstIds = await cards.evaluateAll((all) => all.map((c) => (c as HTMLElement).dataset.dealId));
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await store.page.waitForURL(/\/todaydeals\?page=2$/);
    await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe('2');
    const secondIds = await cards.evaluateAll((all) => all.map((c) => (c as HTMLElement).dataset.dealId));
    expect(secondIds.some((id) => firstIds.includes(id))).toBe(false);
    await store.page.goBack();
    await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe('1');
  });

  it('records a click on a deal of type click before opening the product with product_ad_type', async () => {
    await store.openHydrated('/todaydeals');
    const deal = await firstDealOf('click');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    await store.page.route('**/api/deals/*/clicks', async (route: Route) => {
      calls.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await store.page.locator(`[data-deal-id="${deal.id}"] a.card-link`).click();
    await expect.poll(() => calls).toEqual([`/api/deals/${deal.id}/clicks`]);
    expect(store.page.url()).toContain('/todaydeals');
    release();
    await store.page.waitForURL(/\/productdetails\//);
    expect(await store.page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({
      product_ad_type: 'deals',
    });
    const clicks = await clicksOf(deal.id);
    expect(clicks).toEqual([expect.objectContaining({ costPaise: deal.pagePoints })]);
    const [after] = await store.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(after?.clicks).toBe(deal.clicks + 1);
  });

  it('records nothing for a deal paid by impression, and opens the product', async () => {
    await store.openHydrated('/todaydeals');
    const deal = await firstDealOf('impression');
    const calls: string[] = [];
    store.page.on('request', (request) => {
      if (request.url().includes('/api/deals/')) calls.push(request.url());
    });
    await store.page.locator(`[data-deal-id="${deal.id}"] a.card-link`).click();
    await store.page.waitForURL(/\/productdetails\//);
    expect(calls).toEqual([]);
    expect(await clicksOf(deal.id)).toEqual([]);
  });

  it('opens the product even when recording the click fails', async () => {
    await store.page.route('**/api/deals/*/clicks', (route: Route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    await store.openHydrated('/todaydeals');
    const deal = await firstDealOf('click');
    const before = await clicksOf(deal.id);
    await store.page.locator(`[data-deal-id="${deal.id}"] a.card-link`).click();
    await store.page.waitForURL(/\/productdetails\//);
    expect(await clicksOf(deal.id)).toHaveLength(before.length);
  });

  it('lists percentage offers and products with coupons and their value', async () => {
    await store.openHydrated('/percentageoffer');
    expect(await store.page.getByRole('heading', { level: 1 }).textContent()).toBe('Percentage Offers');
    expect(await grid('Percentage Offers').locator('.deal-card').count()).toBeGreaterThan(0);
    expect(await grid('Percentage Offers').getByText('Percentage offer').first().isVisible()).toBe(true);
    await store.openHydrated('/coupons');
    const values = await grid('Products with coupons').locator('.coupon-value').allTextContents();
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toMatch(/^Coupon: (Save ₹[\d,]+\.\d\d|\d+% off)$/);
    // a coupon card opens its seller's offer, where the coupon is shown with Get Discount
    await grid('Products with coupons').locator('a.card-link').first().click();
    await store.page.waitForURL(/\/productdetails\/[^?]+\?seller=\d+$/);
    await expect.poll(() => store.page.getByRole('button', { name: 'Get Discount' }).count()).toBe(1);
  });

  it('keeps percentage offers when reached by a link and paged in the browser', async () => {
    await store.openHydrated('/todaydeals');
    const todays = await grid("Today's Deals").locator('[data-deal-id]').count();
    await store.page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/percentageoffer';
      link.textContent = 'to percentage offers';
      document.body.prepend(link);
    });
    await store.page.getByRole('link', { name: 'to percentage offers' }).click();
    await store.page.waitForURL(/\/percentageoffer$/);
    const offers = grid('Percentage Offers').locator('[data-deal-id]');
    await expect.poll(() => offers.count()).toBeGreaterThan(0);
    expect(todays).toBeGreaterThan(0);
    expect(await grid('Percentage Offers').getByText('Lightning deal').count()).toBe(0);
    const pager = store.page.getByRole('navigation', { name: 'Pages' });
    if (await pager.count()) {
      await pager.getByRole('link', { name: 'Page 2' }).click();
      await store.page.waitForURL(/\/percentageoffer\?page=2$/);
      await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe('2');
      expect(await grid('Percentage Offers').getByText('Lightning deal').count()).toBe(0);
    }
  });

  it('shows only deals that are running', async () => {
    await store.openHydrated('/todaydeals');
    const deal = await firstDealOf('click');
    await store.db
      .update(deals)
      .set({ startsAt: new Date(Date.now() - 9 * 86_400_000), endsAt: new Date(Date.now() - 60_000) })
      .where(and(eq(deals.id, deal.id)));
    await store.openHydrated('/todaydeals');
    expect(await store.page.locator(`[data-deal-id="${deal.id}"]`).count()).toBe(0);
  });

  it('fits 360 px and 1366 px with its heading shown (screenshotted)', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await store.openHydrated('/todaydeals');
      await expectFitsWidth(store.page);
      await screenshot('todays-deals', width);
      await store.openHydrated('/coupons');
      await expectFitsWidth(store.page);
      await screenshot('coupons', width);
    }
  });
});
