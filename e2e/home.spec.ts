import { desc, eq, and, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '@marketplace/db';
import { openHydrated, revealAll, visibleSlides } from './support/home.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const open = (path: string) => openHydrated(store.page, store.url(path));

const BLOCKS_IN_ORDER = [
  "Related to items you've viewed",
  'Pick up where you left off',
  'Deals on top categories',
  'Best Sellers in Luxury Beauty',
  'Lightning deals',
  'Percentage offers',
];

describe('the home page', () => {
  it('shows the promo block, sponsored banners and product blocks in the spec’s order, with real products', async () => {
    await open('/');
    const headings = await store.page.locator('main.home h2').allTextContents();
    const at = BLOCKS_IN_ORDER.map((title) => headings.indexOf(title));
    expect(
      at.every((i) => i >= 0),
      headings.join(' | '),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const layout = await store.page.evaluate(() => {
      const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1;
      const wide = Array.from(document.querySelectorAll('.home-ad-wide')).map(
        (el) => el.getBoundingClientRect().top,
      );
      return {
        promo: top('.content-row-promo'),
        wide,
        related: top('[data-testid="home-related"]'),
        pickUp: top('[data-testid="home-pick-up"]'),
        brandAds: document.querySelectorAll('.home-brand-ads .home-ad').length,
      };
    });
    expect(layout.wide).toHaveLength(2);
    expect(layout.promo).toBeLessThan(layout.wide[0] ?? 0);
    expect(layout.wide[0]).toBeLessThan(layout.related);
    expect(layout.related).toBeLessThan(layout.wide[1] ?? 0);
    expect(layout.wide[1]).toBeLessThan(layout.pickUp);
    expect(layout.brandAds).toBe(2);
    // the best sellers are the catalog's own products
    const names = await store.page.locator('[data-testid="home-best-sellers"] .name').allTextContents();
    const [first] = await store.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, names[0] ?? ''));
    expect(first).toBeDefined();
  });

  it('shows a brand video ad beside a brand image ad: a poster, nothing loaded until played, then it plays', async () => {
    const mediaRequests: string[] = [];
    store.page.on('request', (request) => {
      if (request.url().endsWith('.webm')) mediaRequests.push(request.url());
    });
    await open('/');
    const ads = store.page.locator('.home-brand-ads .home-ad');
    expect(await ads.evaluateAll((els) => els.map((el) => el.getAttribute('data-ad-type')))).toEqual([
      'image',
      'video',
    ]);
    const video = store.page.locator('.home-brand-ads video.home-ad-video');
    const before = await video.evaluate((el: HTMLVideoElement) => ({
      preload: el.preload,
      poster: el.getAttribute('poster'),
      muted: el.muted,
      autoplay: el.autoplay,
      playsInline: el.playsInline,
      controls: el.controls,
      readyState: el.readyState,
    }));
    expect(before).toMatchObject({
      preload: 'none',
      muted: true,
      autoplay: false,
      playsInline: true,
      controls: true,
      readyState: 0,
    });
    expect(before.poster).toMatch(/^\/media\/catalog\/campaigns\/.+\.svg$/);
    expect(mediaRequests).toEqual([]);
    await video.scrollIntoViewIfNeeded();
    const played = await video.evaluate(async (el: HTMLVideoElement) => {
      await el.play();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return {
        readyState: el.readyState,
        duration: el.duration,
        currentTime: el.currentTime,
        width: el.videoWidth,
      };
    });
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.duration).toBeGreaterThan(3);
    expect(played.duration).toBeLessThan(7);
    expect(played.currentTime).toBeGreaterThan(0);
    expect(played.width).toBe(640);
  });

  it('moves a carousel with its Next button', async () => {
    await open('/');
    const label = 'Best Sellers in Luxury Beauty';
    await store.page.locator('[data-testid="home-best-sellers"]').scrollIntoViewIfNeeded();
    const before = await visibleSlides(store.page, label);
    expect(before.length).toBe(5);
    await store.page.getByRole('button', { name: `Next: ${label}` }).click();
    await expect.poll(() => visibleSlides(store.page, label)).not.toEqual(before);
  });

  it('leads View All to the Luxury Beauty best sellers', async () => {
    await open('/');
    await store.page
      .locator('[data-testid="home-best-sellers"]')
      .getByRole('link', { name: 'View All' })
      .click();
    await store.page.waitForURL(/\/best-sellers-online\/Luxury%20Beauty$/);
  });

  it('reveals blocks as they scroll into view, and shows them all without JavaScript', async () => {
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 700 });
    await open('/');
    const deals = store.page.locator('[data-testid="home-percentage-deals"]');
    await expect.poll(() => deals.getAttribute('class')).toContain('waiting');
    await deals.scrollIntoViewIfNeeded();
    await expect.poll(() => deals.getAttribute('class')).toContain('active');

    const noScript = await store.page.context().browser()?.newContext({ javaScriptEnabled: false });
    const page = await noScript?.newPage();
    await page?.goto(store.url('/'));
    const opacity = await page
      ?.locator('[data-testid="home-percentage-deals"]')
      .evaluate((el) => getComputedStyle(el).opacity);
    expect(opacity).toBe('1');
    await noScript?.close();
  });

  it('shows a visitor’s own viewed products from this browser in Pick up where you left off', async () => {
    const viewed = await store.db
      .select({ id: products.id, name: products.name, image: products.mainImage })
      .from(products)
      .where(and(eq(products.isActive, true), isNotNull(products.lowestPricePaise)))
      .orderBy(desc(products.id))
      .limit(3);
    await open('/');
    const defaults = await store.page.locator('[data-testid="home-pick-up"] .name').allTextContents();
    expect(await store.page.locator('[data-testid="home-recently-viewed"]').count()).toBe(0);
    await store.page.evaluate(
      (entries) => {
        localStorage.setItem('browsingHistory', JSON.stringify(entries));
      },
      viewed.map((p, i) => ({
        productId: p.id,
        productName: p.name,
        image: p.image,
        timestamp: Date.now() - i * 60_000,
      })),
    );
    await open('/');
    const pickUp = store.page.locator('[data-testid="home-pick-up"] .name');
    await expect.poll(() => pickUp.allTextContents()).toEqual(viewed.map((p) => p.name));
    expect(defaults).not.toEqual(viewed.map((p) => p.name));
    await expect
      .poll(() => store.page.locator('[data-testid="home-recently-viewed"] .name').allTextContents())
      .toEqual(viewed.map((p) => p.name));
  });

  it('fits 360 px and 1366 px with its heading in place (screenshotted)', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await open('/');
      await revealAll(store.page);
      await expectFitsWidth(store.page);
      await store.screenshot('home-blocks', width);
    }
  }, 90_000);
});
