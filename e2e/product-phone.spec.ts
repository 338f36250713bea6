import { and, asc, eq, gt, gte, lt, notInArray, sql } from 'drizzle-orm';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addresses,
  brandCampaigns,
  brands,
  categories,
  offers,
  products,
  reviews,
  users,
} from '@marketplace/db';
import { SCREENSHOTS, useStorefront, WIDTHS } from './support/storefront.ts';

// The product page built to buy on a phone (requirements#product-page, requirements#sponsored-banner).
const store = useStorefront();

const PHONE = { width: WIDTHS.mobile, height: 800 } as const;
const href = (name: string) => `/productdetails/${encodeURIComponent(name)}`;

/** A rated, discounted product in stock with several sellers, each allowing at least 3 per order. */
async function ratedProduct() {
  const [row] = await store.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(offers, eq(offers.productId, products.id))
    .where(
      and(
        gt(products.ratingCount, 0),
        gte(offers.stock, 10),
        gte(offers.maxPerOrder, 3),
        lt(offers.salePricePaise, offers.mrpPaise),
      ),
    )
    .groupBy(products.id)
    .having(sql`count(*) >= 2`)
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error('a rated product with two sellers expected');
  return row;
}

/** The element's box in the window, failing when it is not on the page. */
async function box(page: Page, selector: string) {
  const element = page.locator(selector).first();
  if ((await element.count()) === 0) throw new Error(`${selector} is not on the page`);
  const found = await element.boundingBox({ timeout: 5000 });
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

async function openOnPhone(path: string) {
  await store.page.setViewportSize(PHONE);
  await store.openHydrated(path);
}

describe('the product page on a phone', () => {
  it('shows the image, title, rating, price with M.R.P. and discount, and the delivery date on the first screen', async () => {
    const product = await ratedProduct();
    await openOnPhone(href(product.name));
    const shown: Record<string, { top: number; bottom: number }> = {};
    for (const [name, selector] of Object.entries({
      image: '.pd-main img',
      title: 'h1.pd-title',
      rating: '.pd-rating-link',
      price: '.pd-price-area .ui-price-sale',
      mrp: '.pd-price-area .ui-price-mrp',
      discount: '.pd-price-area .ui-price-off',
      delivery: '.pd-delivery-date',
    })) {
      const found = await box(store.page, selector);
      shown[name] = { top: Math.round(found.y), bottom: Math.round(found.y + found.height) };
    }
    for (const [name, { top, bottom }] of Object.entries(shown)) {
      expect(top, `${name} starts on the page`).toBeGreaterThanOrEqual(0);
      expect(bottom, `${name} ends within the first 800 px (${JSON.stringify(shown)})`).toBeLessThanOrEqual(
        PHONE.height,
      );
    }
    // the main image is at least as wide as most of the screen
    expect((await box(store.page, '.pd-main img')).width).toBeGreaterThanOrEqual(280);
    expect(await store.page.locator('.pd-delivery-date').textContent()).toMatch(/\d/);
  });

  it('shows a bar with Add to Cart and Buy Now once the buy box has scrolled away, and it adds to the cart', async () => {
    const product = await ratedProduct();
    await openOnPhone(href(product.name));
    const bar = store.page.getByRole('region', { name: 'Buy now or add to cart' });
    expect(await bar.isVisible()).toBe(false);
    await store.page.evaluate(() => {
      const buyBox = document.querySelector('.pd-buybox');
      if (buyBox) window.scrollTo(0, buyBox.getBoundingClientRect().bottom + window.scrollY + 200);
    });
    await expect.poll(() => bar.isVisible()).toBe(true);
    const barBox = await bar.boundingBox();
    expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(PHONE.height);
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => store.page.locator('.cart-badge').textContent()).toBe('1');
    expect(await bar.getByRole('button', { name: 'Buy Now' }).isEnabled()).toBe(true);
    // back at the top the bar goes again
    await store.page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => bar.isVisible()).toBe(false);
  });

  it("keeps the bar's buttons visibly disabled until the page's scripts are ready", async () => {
    const product = await ratedProduct();
    const page = await store.restartPage({ delayScriptsMs: 1500 });
    await page.goto(store.url(href(product.name)), { waitUntil: 'commit' });
    await page.locator('.pd-buybox').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    const bar = page.locator('.pd-sticky-buy');
    // before the scripts: either not shown, or shown with disabled, busy buttons
    if (await bar.isVisible()) {
      for (const name of ['Add to Cart', 'Buy Now']) {
        const button = bar.getByRole('button', { name });
        expect(await button.isDisabled()).toBe(true);
        expect(await button.getAttribute('aria-busy')).toBe('true');
      }
    }
    await page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
    await expect.poll(() => bar.getByRole('button', { name: 'Add to Cart' }).isEnabled()).toBe(true);
  });

  it('opens the image viewer full screen, zooms with a double tap or a pinch and swipes between images', async () => {
    const product = await ratedProduct();
    await openOnPhone(href(product.name));
    const pageImage = await box(store.page, '.pd-main img');
    await store.page.getByRole('button', { name: 'Open image viewer' }).click();
    const viewer = store.page.getByRole('dialog', { name: /^Images of/ });
    await viewer.waitFor();
    const frame = await viewer.boundingBox();
    expect(frame).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    const image = viewer.locator('.pd-viewer-image').first();
    await image.waitFor();
    const viewed = await image.boundingBox();
    expect(viewed?.width ?? 0).toBeGreaterThanOrEqual(pageImage.width);
    expect(await viewer.getByText(/^1 \/ \d+$/).isVisible()).toBe(true);

    type Step = [type: string, points: { id: number; x: number; y: number }[]];
    // each gesture's events in one go, as fast as fingers send them
    const gesture = (...steps: Step[]): Promise<void> =>
      store.page.evaluate((steps) => {
        const target = document.querySelector('.pd-viewer-stage');
        if (!target) throw new Error('no viewer stage');
        for (const [type, points] of steps)
          for (const point of points)
            target.dispatchEvent(
              new PointerEvent(type, {
                pointerId: point.id,
                pointerType: 'touch',
                clientX: point.x,
                clientY: point.y,
                isPrimary: point.id === 1,
                bubbles: true,
              }),
            );
      }, steps);
    const one = (x: number, y: number) => [{ id: 1, x, y }];
    const two = (x1: number, x2: number) => [
      { id: 1, x: x1, y: 400 },
      { id: 2, x: x2, y: 400 },
    ];
    const scale = () => image.evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img).transform).a);

    // a swipe to the left shows the next image, to the right the one before
    await gesture(
      ['pointerdown', one(300, 400)],
      ['pointermove', one(200, 405)],
      ['pointermove', one(80, 410)],
      ['pointerup', one(80, 410)],
    );
    await expect.poll(() => viewer.getByText(/^2 \/ \d+$/).isVisible()).toBe(true);
    await gesture(
      ['pointerdown', one(60, 400)],
      ['pointermove', one(300, 400)],
      ['pointerup', one(300, 400)],
    );
    await expect.poll(() => viewer.getByText(/^1 \/ \d+$/).isVisible()).toBe(true);

    // a double tap zooms in, another zooms back out
    expect(await scale()).toBe(1);
    const doubleTap = (): Step[] => [
      ['pointerdown', one(180, 400)],
      ['pointerup', one(180, 400)],
      ['pointerdown', one(181, 401)],
      ['pointerup', one(181, 401)],
    ];
    await gesture(...doubleTap());
    await expect.poll(scale).toBeGreaterThan(1.5);
    await gesture(...doubleTap());
    await expect.poll(scale).toBe(1);

    // two fingers moving apart zoom in
    await gesture(
      ['pointerdown', two(150, 210)],
      ['pointermove', two(100, 260)],
      ['pointermove', two(60, 300)],
      ['pointerup', two(60, 300)],
    );
    await expect.poll(scale).toBeGreaterThan(2);
    // zoomed in, a swipe pans the image instead of changing it
    await gesture(
      ['pointerdown', one(300, 400)],
      ['pointermove', one(100, 400)],
      ['pointerup', one(100, 400)],
    );
    await new Promise((done) => setTimeout(done, 300));
    expect(await viewer.getByText(/^1 \/ \d+$/).isVisible()).toBe(true);
    expect(await scale()).toBeGreaterThan(2);
    await store.page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
  });
});

describe('the sponsored banner block', () => {
  const banner = () => store.page.locator('.banner-block');

  it('shows on browsing pages, within a quarter of the first phone screen', async () => {
    const product = await ratedProduct();
    const [brand] = await store.db
      .select({ name: brands.name, isRegistry: brands.isRegistry })
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .limit(1);
    const browsing = [
      '/',
      '/todaydeals',
      '/percentageoffer',
      `/searchpage/${encodeURIComponent(product.name.split(' ')[0] ?? 'a')}`,
      `/${brand?.isRegistry ? 'brandregistry' : 'brand'}/${encodeURIComponent(brand?.name ?? '')}`,
    ];
    const [category] = await store.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.level, 1))
      .orderBy(asc(categories.position))
      .limit(1);
    if (category) browsing.push(`/categorylist/c/${encodeURIComponent(category.name)}`);
    for (const path of browsing) {
      await openOnPhone(path);
      expect(await banner().count(), `a banner on ${path}`).toBe(1);
      const found = await banner().boundingBox();
      expect(found?.height ?? 0, `the banner's height on ${path}`).toBeGreaterThan(0);
      expect(found?.height ?? 999, `the banner's height on ${path}`).toBeLessThanOrEqual(PHONE.height / 4);
    }
  });

  it('is not on product, cart, checkout, order or account pages', async () => {
    const product = await ratedProduct();
    await store.loginAs('priya@example.com');
    for (const path of [href(product.name), '/cart', '/checkout', '/myorder', '/myprofile', '/reviews']) {
      await store.page.setViewportSize(PHONE);
      await store.page.goto(store.url(path));
      expect(await banner().count(), `no banner on ${path}`).toBe(0);
    }
  });

  it("never opens a brand's own page with another brand's advertisement", async () => {
    const running = await store.db
      .select({ brandId: brandCampaigns.brandId, name: brands.name, isRegistry: brands.isRegistry })
      .from(brandCampaigns)
      .innerJoin(brands, eq(brands.id, brandCampaigns.brandId))
      .where(and(eq(brandCampaigns.type, 'banner'), eq(brandCampaigns.adType, 'image')));
    expect(running.length).toBeGreaterThan(0);
    const pathOf = (b: { name: string; isRegistry: boolean }) =>
      `/${b.isRegistry ? 'brandregistry' : 'brand'}/${encodeURIComponent(b.name)}`;
    const [quiet] = await store.db
      .select({ name: brands.name, isRegistry: brands.isRegistry })
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .where(
        notInArray(
          brands.id,
          running.map((row) => row.brandId),
        ),
      )
      .groupBy(brands.id)
      .orderBy(asc(brands.id))
      .limit(1);
    if (!quiet) throw new Error('a brand with products and no banner campaign expected');
    // a brand with no campaign of its own: the default banner, every time
    for (let i = 0; i < 4; i++) {
      await store.page.goto(store.url(pathOf(quiet)));
      expect(await store.page.locator('.banner-block.banner-campaign').count()).toBe(0);
      expect(await store.page.locator('.banner-block.banner-default').count()).toBe(1);
    }
    // a brand with a campaign: its own, every time
    const advertiser = running[0];
    if (!advertiser) throw new Error('a campaign expected');
    for (let i = 0; i < 4; i++) {
      await store.page.goto(store.url(pathOf(advertiser)));
      const link = store.page.locator('.banner-block.banner-campaign a');
      if ((await link.count()) === 0) continue; // its product may have been dropped from the shelf
      expect(decodeURIComponent((await link.getAttribute('href')) ?? '')).toBe(
        decodeURIComponent(pathOf(advertiser)),
      );
    }
  });
});

describe('the sponsored banner block between pages', () => {
  it('comes and goes as the shopper moves in the page without reloading it', async () => {
    const product = await ratedProduct();
    await openOnPhone(href(product.name));
    const banner = store.page.locator('.banner-block');
    expect(await banner.count()).toBe(0);
    // the product's brand store, reached by its link: a banner, and never another brand's campaign
    const brandLink = store.page.locator('.pd-brand');
    const brandPath = decodeURIComponent((await brandLink.getAttribute('href')) ?? '');
    await brandLink.click();
    await store.page.waitForURL((url) => decodeURIComponent(url.pathname) === brandPath);
    await expect.poll(() => banner.count()).toBe(1);
    const campaignLink = store.page.locator('.banner-block.banner-campaign a');
    if ((await campaignLink.count()) > 0)
      expect(decodeURIComponent((await campaignLink.getAttribute('href')) ?? '')).toBe(brandPath);
    await store.page.goBack();
    await store.page.waitForURL((url) => url.pathname.startsWith('/productdetails/'));
    await expect.poll(() => banner.count()).toBe(0);
  });

  it("leads from a campaign to its brand's store, which opens with that brand's own campaign", async () => {
    await openOnPhone('/');
    const campaign = store.page.locator('.banner-block.banner-campaign a');
    expect(await campaign.count()).toBe(1);
    const brandPath = decodeURIComponent((await campaign.getAttribute('href')) ?? '');
    await campaign.click();
    await store.page.waitForURL((url) => decodeURIComponent(url.pathname) === brandPath);
    await expect
      .poll(async () => decodeURIComponent((await campaign.getAttribute('href')) ?? ''))
      .toBe(brandPath);
  });
});

describe('reviews on the product page', () => {
  it('puts the star breakdown beside the reviews on a laptop and masks order numbers', async () => {
    const [row] = await store.db
      .select({ name: products.name })
      .from(products)
      .innerJoin(reviews, eq(reviews.productId, products.id))
      .where(and(sql`${reviews.orderNo} is not null`, gt(products.ratingCount, 0)))
      .groupBy(products.id)
      .orderBy(asc(products.id))
      .limit(1);
    if (!row) throw new Error('a reviewed product expected');
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.openHydrated(href(row.name));
    const breakdown = await box(store.page, '.pd-reviews .pd-bars');
    const list = await box(store.page, '.pd-reviews-list');
    expect(breakdown.x + breakdown.width, 'the breakdown sits left of the list').toBeLessThanOrEqual(list.x);
    expect(list.width, 'the list takes the rest of the width').toBeGreaterThan(600);
    expect(Math.abs(breakdown.y - list.y), 'side by side').toBeLessThan(120);
    const meta = await store.page.locator('.pd-review-meta').allTextContents();
    const numbers = meta.join(' ').match(/Order (\S+)/g) ?? [];
    expect(numbers.length).toBeGreaterThan(0);
    for (const text of numbers) expect(text).toMatch(/^Order OD\d{4}…\d{4}$/);
    const html = await store.page.content();
    const [full] = await store.db
      .select({ orderNo: reviews.orderNo })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(products.name, row.name), sql`${reviews.orderNo} is not null`))
      .limit(1);
    expect(html).not.toContain(full?.orderNo ?? 'none');
  });
});

describe('the delivery charge on the product page', () => {
  it('is the figure the checkout quote takes for the chosen seller, quantity and pincode', async () => {
    await store.loginAs('priya@example.com');
    const [address] = await store.db
      .select({ id: addresses.id, pincode: addresses.pincode })
      .from(addresses)
      .innerJoin(users, eq(users.id, addresses.userId))
      .where(and(eq(users.email, 'priya@example.com'), eq(addresses.isDefault, true)));
    if (!address) throw new Error('a default address expected');
    // a product charged by the unit or by weight, so the quantity changes the charge
    const [row] = await store.db
      .select({ id: products.id, name: products.name, sellerId: offers.sellerId })
      .from(products)
      .innerJoin(offers, eq(offers.productId, products.id))
      .where(
        and(
          sql`${offers.parcelType} in ('unit', 'gram')`,
          gte(offers.stock, 10),
          gte(offers.maxPerOrder, 3),
          gte(offers.weightGrams, 300),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    if (!row) throw new Error('a product charged by unit or weight expected');
    await store.page.context().addCookies([{ name: 'pincode', value: address.pincode, url: store.url('/') }]);
    await store.openHydrated(`${href(row.name)}?seller=${row.sellerId}`);
    const charge = store.page.locator('.pd-buybox .pd-delivery-charge');
    const quoted = async (quantity: number) => {
      const response = await store.page.request.post(store.url('/api/checkout/quote'), {
        data: { addressId: address.id, lines: [{ productId: row.id, sellerId: row.sellerId, quantity }] },
      });
      expect(response.status()).toBe(200);
      const body = (await response.json()) as {
        lines: { options: { deliveryType: string; chargePaise: number }[]; chosen: string | null }[];
      };
      const line = body.lines[0];
      const option = line?.options.find((o) => o.deliveryType === line.chosen);
      return option?.chargePaise ?? -1;
    };
    const shownPaise = async () => {
      const text = (await charge.textContent()) ?? '';
      if (/FREE/.test(text)) return 0;
      return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
    };
    expect(await shownPaise()).toBe(await quoted(1));
    await store.page.locator('.pd-buybox').getByLabel('Quantity:').selectOption('3');
    const three = await quoted(3);
    expect(three).not.toBe(await quoted(1));
    await expect.poll(shownPaise).toBe(three);
  });
});

describe('screenshots', () => {
  it('of the first phone screen, the buy bar, the image viewer and the laptop page', async () => {
    const product = await ratedProduct();
    await openOnPhone(href(product.name));
    await mkdir(SCREENSHOTS, { recursive: true });
    const shot = (name: string) => store.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
    await shot('product-phone-first-screen-360');
    await store.page.evaluate(() => window.scrollTo(0, 1400));
    await store.page.getByRole('region', { name: 'Buy now or add to cart' }).waitFor();
    await shot('product-phone-buy-bar-360');
    await store.page.evaluate(() => window.scrollTo(0, 0));
    await store.page.getByRole('button', { name: 'Open image viewer' }).click();
    await store.page.locator('.pd-viewer-image').waitFor();
    await shot('product-phone-viewer-360');
    await store.page.keyboard.press('Escape');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('product-phone-page', width);
    // the first phone screen of home and of a brand store with the default banner
    await openOnPhone('/');
    await shot('banner-home-first-screen-360');
    const [quiet] = await store.db
      .select({ name: brands.name, isRegistry: brands.isRegistry })
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .where(sql`${brands.id} not in (select brand_id from brand_campaigns where type = 'banner')`)
      .limit(1);
    await openOnPhone(
      `/${quiet?.isRegistry ? 'brandregistry' : 'brand'}/${encodeURIComponent(quiet?.name ?? '')}`,
    );
    await shot('banner-brand-first-screen-360');
    await openOnPhone(href(product.name));
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    // the laptop's top of the page and its reviews, at full size
    await store.page.evaluate(() => window.scrollTo(0, 0));
    await store.page.screenshot({ path: join(SCREENSHOTS, 'product-laptop-top-1366.png') });
    await store.page.getByRole('button', { name: 'Open image viewer' }).click();
    await store.page.locator('.pd-viewer-image').waitFor();
    await store.page.screenshot({ path: join(SCREENSHOTS, 'product-laptop-viewer-1366.png') });
    await store.page.keyboard.press('Escape');
    await store.page
      .locator('.pd-reviews')
      .screenshot({ path: join(SCREENSHOTS, 'product-laptop-reviews-1366.png') });
  });
});
