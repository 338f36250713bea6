import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brandCampaigns, offers, sellers, users } from '@marketplace/db';
import { plantMessage, plantOrder, userIdOf } from '../apps/server/test-support/seller-console.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

// Seller Central's dashboard, messages and advertising as a seeded seller uses them (requirements#seller-dashboard,
// requirements#seller-messages, requirements#seller-ads).

const store = useStorefront();
const SELLER = 'dakshin-mart@sellers.example.com';
// a 1x1 PNG: the ad's image
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function dakshinMart() {
  const [row] = await store.db
    .select({ sellerId: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, SELLER));
  if (!row) throw new Error('Dakshin Mart is seeded');
  return row.sellerId;
}

async function unreadBadge(): Promise<number> {
  const badge = store.page.locator('.sc-nav-badge [aria-hidden="true"]');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

async function shots(name: string) {
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.page.setViewportSize({ width, height: 900 });
    await expectFitsWidth(store.page);
    await store.screenshot(name, width);
  }
}

describe('Seller Central: dashboard, messages and advertising', () => {
  it('shows the dashboard with its sales chart and figures that lead to their pages', async () => {
    // some days of sales to draw
    const sellerId = await dakshinMart();
    const shopper = await userIdOf(store.db, 'priya@example.com');
    const [offer] = await store.db
      .select()
      .from(offers)
      .where(eq(offers.sellerId, sellerId))
      .orderBy(asc(offers.id))
      .limit(1);
    if (!offer) throw new Error('Dakshin Mart has offers');
    for (const [daysAgo, quantity] of [
      [0, 2],
      [1, 1],
      [3, 4],
      [8, 2],
      [15, 3],
      [22, 1],
    ] as const)
      await plantOrder(store.db, shopper, new Date(Date.now() - daysAgo * 86_400_000), [
        {
          offer,
          quantity,
          unitPricePaise: offer.salePricePaise,
          status: daysAgo > 3 ? 'delivered' : 'pending',
        },
      ]);
    await store.loginAs(SELLER);
    await store.openHydrated('/sellercentral');
    const page = store.page;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    const chart = page.getByRole('img', { name: /Sales by day, last 30 days/ });
    expect(await chart.count()).toBe(1);
    expect(await page.locator('.sc-dash-chart-bar').count()).toBe(30);
    expect(await page.locator('.sr-only table tbody tr').count()).toBe(30);
    expect(Number(await page.locator('.sc-dash-figure-value').first().textContent())).toBeGreaterThanOrEqual(
      1,
    );
    expect(await page.getByRole('link', { name: /Open requests/ }).getAttribute('href')).toBe(
      '/sellercentral/returns',
    );
    expect(await page.getByRole('link', { name: /Low stock/ }).getAttribute('href')).toBe(
      '/sellercentral/inventory',
    );
    await shots('seller-dashboard');
  });

  it('answers a shopper’s message, and the unread count drops', async () => {
    const sellerId = await dakshinMart();
    const shopper = await userIdOf(store.db, 'priya@example.com');
    const [offer] = await store.db
      .select()
      .from(offers)
      .where(eq(offers.sellerId, sellerId))
      .orderBy(asc(offers.id))
      .limit(1);
    if (!offer) throw new Error('Dakshin Mart has offers');
    const { items, order } = await plantOrder(store.db, shopper, new Date(), [
      { offer, unitPricePaise: offer.salePricePaise },
    ]);
    const [item] = items;
    if (!item) throw new Error('planted');
    await plantMessage(store.db, item, shopper, {
      author: 'shopper',
      body: 'Can you ship it before Friday?',
      at: new Date(),
    });
    await plantMessage(store.db, item, shopper, {
      author: 'shopper',
      body: 'It is a birthday gift.',
      at: new Date(),
    });

    await store.loginAs(SELLER);
    await store.openHydrated('/sellercentral/messages');
    const page = store.page;
    const before = await unreadBadge();
    expect(before).toBeGreaterThanOrEqual(2);
    const row = page.locator('.sc-msg-row', { hasText: order.orderNo });
    expect(await row.textContent()).toContain('2 unread');
    await shots('seller-messages');

    await row.getByRole('link').click();
    await page.waitForURL(`**/sellercentral/messages/${item.id}/seller`);
    await expect.poll(() => page.locator('.sc-msg-bubble').count()).toBe(2);
    await page.getByLabel('Your reply').fill('Yes, it ships tomorrow with gift wrap.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => page.locator('.sc-msg-mine').count()).toBe(1);
    await expect.poll(() => unreadBadge()).toBe(before - 2);
    await shots('seller-conversation');
  });

  it('creates an image campaign for the home page, which the shop’s home page then shows', async () => {
    // the other home banners rest, so the home page has only this campaign's wide slot to fill
    await store.db
      .update(brandCampaigns)
      .set({ isActive: false })
      .where(and(eq(brandCampaigns.page, 'home'), eq(brandCampaigns.adType, 'image')));
    await store.loginAs(SELLER);
    await store.openHydrated('/sellercentral/ads/new');
    const page = store.page;
    await shots('seller-ads-new');
    await page.getByLabel('Campaign name').fill('Dakshin festive banner');
    await page.getByLabel('Brand (for a brand campaign)').selectOption({ index: 1 });
    await page.getByLabel('Page').selectOption('home');
    await page
      .getByLabel('Image or video file')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Starts on').fill(today);
    const end = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Ends on').fill(end);
    await page.getByLabel('Daily budget (₹)').fill('500');
    await page.getByLabel('Total budget (₹)').fill('5000');
    await page.getByLabel('Bid per click (₹)').fill('15');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL('**/sellercentral/ads?created=1');
    const row = page.locator('tr', { hasText: 'Dakshin festive banner' });
    // requirements#operator-promotions: it waits for the marketplace's review, then runs once approved
    expect(await row.textContent()).toContain('Awaiting review');
    await shots('seller-ads');

    const [campaign] = await store.db
      .update(brandCampaigns)
      .set({ reviewStatus: 'approved' })
      .where(eq(brandCampaigns.name, 'Dakshin festive banner'))
      .returning({ id: brandCampaigns.id, image: brandCampaigns.adImage });
    if (!campaign?.image) throw new Error('created with its image');
    await store.openHydrated('/');
    const ad = page.locator(`figure[data-campaign="${campaign.id}"] img`);
    expect(await ad.getAttribute('src')).toBe(campaign.image);

    // paused, it is listed as paused
    await store.openHydrated('/sellercentral/ads');
    await page.getByRole('button', { name: 'Pause Dakshin festive banner' }).click();
    await expect
      .poll(() => page.locator('tr', { hasText: 'Dakshin festive banner' }).textContent())
      .toContain('Paused');
  });
});
