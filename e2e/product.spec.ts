import AxeBuilder from '@axe-core/playwright';
import { and, desc, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, offers, products, reviews, savedItems, sellers, users } from '@marketplace/db';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

declare global {
  interface Window {
    __reactRouterRouteModules?: unknown;
  }
}

const href = (name: string) => `/productdetails/${encodeURIComponent(name)}`;

/** An in-stock product with several sellers, each allowing at least 3 per order. */
async function multiSellerProduct() {
  const [row] = await store.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(offers, eq(offers.productId, products.id))
    .where(and(gte(offers.stock, 10), gte(offers.maxPerOrder, 3)))
    .groupBy(products.id)
    .having(sql`count(*) >= 2`)
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error('a product with two sellers expected');
  return row;
}

/** A product whose cheapest in-stock offer carries an active coupon. */
async function couponProduct() {
  const rows = await store.db
    .select({ name: products.name, sellerId: coupons.sellerId, couponName: coupons.name })
    .from(coupons)
    .innerJoin(products, eq(products.id, coupons.productId))
    .innerJoin(offers, and(eq(offers.productId, products.id), eq(offers.sellerId, coupons.sellerId)))
    .where(and(eq(coupons.isActive, true), gt(offers.stock, 0)))
    .limit(1);
  const row = rows[0];
  if (!row?.sellerId) throw new Error('a coupon expected');
  return row;
}

const buyBox = () => store.page.getByRole('complementary', { name: 'Buy this product' });
const cartBadge = () => store.page.locator('.cart-badge');

describe('the product page', () => {
  it('shows the gallery with 40 px thumbnails, switches images and opens the image viewer', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    const thumbs = store.page.getByRole('list', { name: 'Product images' }).getByRole('button');
    expect(await thumbs.count()).toBeGreaterThan(1);
    const thumbImg = thumbs.nth(1).locator('img');
    expect(await thumbImg.evaluate((img) => img.getBoundingClientRect().width)).toBe(40);
    const main = store.page.locator('.pd-main img');
    const first = await main.getAttribute('src');
    await thumbs.nth(1).click();
    await expect.poll(() => main.getAttribute('src')).not.toBe(first);
    await store.page.getByRole('button', { name: 'Open image viewer' }).click();
    const viewer = store.page.getByRole('dialog', { name: /^Images of/ });
    // the viewer's code loads when it is first wanted
    await viewer.getByText(/^2 \/ \d+$/).waitFor();
    await viewer.getByRole('button', { name: 'Next image' }).click();
    expect(await viewer.getByText(/^3 \/ \d+$/).isVisible()).toBe(true);
    await store.page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
  });

  it("plays a stored video and says 'Invalid video URL' when no source can be read from it", async () => {
    const product = await multiSellerProduct();
    await store.db.update(products).set({ videoPath: 'not a video link' }).where(eq(products.id, product.id));
    await store.openHydrated(href(product.name));
    await store.page.getByRole('button', { name: 'Video' }).click();
    expect(await store.page.getByRole('alert').filter({ hasText: 'Invalid video URL' }).isVisible()).toBe(
      true,
    );
    await store.db
      .update(products)
      .set({ videoPath: '/media/videos/demo.mp4' })
      .where(eq(products.id, product.id));
    await store.openHydrated(href(product.name));
    await store.page.getByRole('button', { name: 'Video' }).click();
    expect(await store.page.locator('video.pd-video').getAttribute('src')).toBe('/media/videos/demo.mp4');
    await store.db.update(products).set({ videoPath: null }).where(eq(products.id, product.id));
  });

  it('shows a seeded film as a video thumbnail in the gallery, and plays it', async () => {
    const [product] = await store.db
      .select({ name: products.name, mainImage: products.mainImage, videoPath: products.videoPath })
      .from(products)
      .where(and(isNotNull(products.videoPath), eq(products.isActive, true)))
      .orderBy(products.id)
      .limit(1);
    if (!product) throw new Error('a product with a film expected');
    await store.openHydrated(href(product.name));
    const thumb = store.page.getByRole('button', { name: 'Video' });
    expect(await thumb.locator('img').getAttribute('src')).toBe(product.mainImage);
    await thumb.click();
    const video = store.page.locator('video.pd-video');
    expect(await video.getAttribute('src')).toBe(product.videoPath);
    expect(await video.getAttribute('poster')).toBe(product.mainImage);
    const played = await video.evaluate(async (el: HTMLVideoElement) => {
      await el.play();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return {
        readyState: el.readyState,
        duration: el.duration,
        currentTime: el.currentTime,
        muted: el.muted,
      };
    });
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.duration).toBeGreaterThan(3);
    expect(played.currentTime).toBeGreaterThan(0);
    expect(played.muted).toBe(true);
  });

  it('switches seller with Select Seller, keeps it in the URL and after a reload', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    const seller = buyBox().locator('.pd-seller-name');
    const before = await seller.textContent();
    const select = store.page.getByRole('link', { name: /^Select Seller / }).first();
    const otherName = (await select.getAttribute('aria-label'))?.replace('Select Seller ', '');
    await select.click();
    await store.page.waitForURL(/\?seller=\d+$/);
    await expect.poll(() => seller.textContent()).toBe(otherName);
    expect(otherName).not.toBe(before);
    await store.page.reload();
    expect(await seller.textContent()).toBe(otherName);
  });

  it('offers quantities 1 to the lower of stock and the maximum per order', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    const sellerName = await buyBox().locator('.pd-seller-name').textContent();
    const [offer] = await store.db
      .select({ stock: offers.stock, max: offers.maxPerOrder })
      .from(offers)
      .innerJoin(sellers, eq(sellers.id, offers.sellerId))
      .where(and(eq(offers.productId, product.id), eq(sellers.name, sellerName ?? '')));
    const options = await buyBox().getByLabel('Quantity:').locator('option').allTextContents();
    const top = Math.min(offer?.stock ?? 0, offer?.max ?? 0);
    expect(options).toEqual(Array.from({ length: top }, (_, i) => String(i + 1)));
  });

  it('applies the coupon and restores it after a reload', async () => {
    const coupon = await couponProduct();
    await store.openHydrated(`${href(coupon.name)}?seller=${coupon.sellerId}`);
    const button = store.page.getByRole('button', { name: 'Get Discount' });
    await button.click();
    expect(await store.page.getByRole('button', { name: 'Coupon Applied' }).isDisabled()).toBe(true);
    expect(await store.page.getByText('Price after coupon:').isVisible()).toBe(true);
    const stored = await store.page.evaluate(() => localStorage.getItem('Discountdata'));
    expect(JSON.parse(stored ?? '[]')).toHaveLength(1);
    await store.page.reload();
    await store.page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
    await expect.poll(() => store.page.getByRole('button', { name: 'Coupon Applied' }).count()).toBe(1);
  });

  it('adds to the cart with the popup and badge, leaves a line alone, and refuses more than the maximum per order', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    // the live region is on the page before the click, so a screen reader announces what fills it
    const confirmation = buyBox().getByRole('status');
    expect(await confirmation.count()).toBe(1);
    expect(await confirmation.textContent()).toBe('');
    await buyBox().getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => confirmation.textContent()).toBe('Product added to cart!Go to cart');
    expect(await buyBox().getByRole('button', { name: 'Added to Cart' }).isVisible()).toBe(true);
    expect(await confirmation.getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe('/cart');
    await expect.poll(() => cartBadge().textContent()).toBe('1');
    const cart = JSON.parse(
      (await store.page.evaluate(() => localStorage.getItem('cartItems'))) ?? '[]',
    ) as Record<string, unknown>[];
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ quantity: 1, name: product.name, productId: product.id });
    expect(cart[0]?.product_id).toMatch(new RegExp(`^${product.id}-\\d+-.+`));
    const max = Number(cart[0]?.maximum_qty_per_order);
    // the button's text goes after 2 s; what happened, and the way to the cart, stay
    await expect
      .poll(() => buyBox().getByRole('button', { name: 'Add to Cart' }).count(), { timeout: 6000 })
      .toBe(1);
    expect(await confirmation.textContent()).toBe('Product added to cart!Go to cart');

    const alerts: string[] = [];
    store.page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await buyBox().getByLabel('Quantity:').selectOption(String(max));
    await buyBox().getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => alerts).toEqual([`You can only add up to ${max} of this product.`]);
    expect(await cartBadge().textContent()).toBe('1');
  });

  it('sends a visitor’s Buy Now to login on the way to /buynow, keeping the item', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    await buyBox().getByRole('button', { name: 'Buy Now' }).click();
    await store.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(store.page.url()).searchParams.get('redirectTo')).toBe('/buynow');
    const item = JSON.parse(
      (await store.page.evaluate(() => localStorage.getItem('buyNowItem'))) ?? '{}',
    ) as {
      product_id?: string;
      name?: string;
    };
    expect(item.name).toBe(product.name);
    expect(item.product_id).toMatch(new RegExp(`^${product.id}-\\d{6}$`));
  });

  it('sends a visitor’s Save for later to login, and saves a shopper’s', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    await buyBox().getByRole('button', { name: 'Save for later' }).click();
    await store.page.waitForURL((url) => url.pathname === '/login');

    await store.loginAs('ananya@example.com');
    await store.openHydrated(href(product.name));
    const alerts: string[] = [];
    store.page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await buyBox().getByRole('button', { name: 'Save for later' }).click();
    await expect.poll(() => alerts).toEqual(['Product saved for later.']);
    await buyBox().getByRole('button', { name: 'Add to Wishlist' }).click();
    await expect.poll(() => alerts.length).toBe(2);
    expect(alerts[1]).toBe('Product added to your wishlist.');
    const [ananya] = await store.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ananya@example.com'));
    const rows = await store.db
      .select({ list: savedItems.list })
      .from(savedItems)
      .where(and(eq(savedItems.userId, ananya?.id ?? 0), eq(savedItems.productId, product.id)));
    expect(rows.map((row) => row.list).sort()).toEqual(['save_for_later', 'wishlist']);
  });

  it("copies the link and says 'Link copied' where the browser cannot share", async () => {
    const product = await multiSellerProduct();
    await store.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: store.url('') });
    await store.page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await store.openHydrated(href(product.name));
    await buyBox().getByRole('button', { name: 'Share' }).click();
    await buyBox().getByText('Link copied').waitFor();
    expect(await store.page.evaluate(() => navigator.clipboard.readText())).toBe(store.page.url());
  });

  it('changes the delivery estimate when the shopper picks another pincode', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    const deliverTo = buyBox().locator('.pd-deliver-to');
    await expect.poll(() => deliverTo.textContent()).toContain('600100');
    const before = await buyBox().locator('.pd-delivery').textContent();
    await store.page.getByRole('button', { name: /^Deliver to/ }).click();
    const dialog = store.page.getByRole('dialog', { name: 'Choose your location' });
    await dialog.getByRole('textbox').fill('781001');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => deliverTo.textContent()).toContain('781001');
    expect(await buyBox().locator('.pd-delivery').textContent()).not.toBe(before);
  });

  it('names the same city in the header and on the product page, for the default pincode and a chosen one', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    const header = store.page.getByRole('button', { name: /^Deliver to/ });
    const line = buyBox().locator('.pd-deliver-to');
    // ADR-0004: 600100 is Medavakkam, in the sub-district of Tambaram's head post office
    await expect.poll(() => header.textContent()).toContain('Tambaram 600100');
    expect(await line.textContent()).toContain('Deliver to Tambaram 600100');
    await header.click();
    const dialog = store.page.getByRole('dialog', { name: 'Choose your location' });
    await dialog.getByRole('textbox').fill('795001'); // GeoNames' sub-district is 'Nil'
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Pincode Available: 795001 (Imphal)').waitFor();
    await expect.poll(() => line.textContent()).toContain('Deliver to Imphal 795001');
    expect(await header.textContent()).toContain('Imphal 795001');
    // rendered on the server, both name it before the scripts run
    const html = await (await store.page.request.get(store.page.url())).text();
    const text = html.replace(/<!-- -->/g, '');
    expect(text).toMatch(/Deliver to<\/span><b><span translate="no">Imphal 795001<\/span><\/b>/);
    expect(text.replaceAll('<span translate="no">', '')).toContain('Deliver to Imphal 795001');
  });

  it('asks for its data once, in the page: nothing again after loading', async () => {
    const product = await multiSellerProduct();
    const dataRequests: string[] = [];
    store.page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url());
    });
    await store.openHydrated(href(product.name));
    // a first visit: the header stores the default pincode, the one the page was rendered for
    await expect.poll(() => store.page.evaluate(() => localStorage.getItem('pincode'))).toBe('600100');
    await store.page.waitForLoadState('networkidle');
    expect(dataRequests).toEqual([]);
  });

  it('sends an unknown product to /pagenotfound', async () => {
    await store.page.goto(store.url('/productdetails/No%20Such%20Product%20At%20All'));
    await store.page.waitForURL((url) => url.pathname === '/pagenotfound');
    expect(await store.page.getByRole('heading', { name: 'Oops! Page Not Found' }).isVisible()).toBe(true);
  });

  it('has no serious accessibility violations', async () => {
    const product = await multiSellerProduct();
    await store.openHydrated(href(product.name));
    const results = await new AxeBuilder({ page: store.page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  });
});

describe('the review pages', () => {
  async function reviewed() {
    const [row] = await store.db
      .select({ product: products.name, seller: sellers.name, n: sql<number>`count(*)::int` })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(sellers, eq(sellers.id, reviews.sellerId))
      .groupBy(products.id, sellers.id)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    if (!row) throw new Error('reviews expected');
    return row;
  }

  it('lists one seller’s reviews, paged, from the product page link', async () => {
    const r = await reviewed();
    await store.openHydrated(`/viewreviews/${encodeURIComponent(r.product)}/${encodeURIComponent(r.seller)}`);
    expect(await store.page.getByRole('heading', { name: `Reviews for ${r.seller}` }).isVisible()).toBe(true);
    const shown = await store.page.locator('article.pd-review').count();
    expect(shown).toBe(Math.min(10, r.n));
    if (r.n > 10) {
      await store.page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2' }).click();
      await store.page.waitForURL(/page=2/);
    }
  });

  it('lists all reviews of a product on /reviews with the rating summary', async () => {
    const r = await reviewed();
    await store.openHydrated(`/reviews?product=${encodeURIComponent(r.product)}`);
    expect(await store.page.getByRole('heading', { name: 'All customer reviews' }).isVisible()).toBe(true);
    expect(await store.page.getByText('global ratings').isVisible()).toBe(true);
    // a review with more than 4 images shows them as a carousel
    const [latest] = await store.db
      .select({ id: reviews.id, images: products.images })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(products.name, r.product))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(1);
    const six = [...(latest?.images ?? []), ...(latest?.images ?? [])].slice(0, 6);
    await store.db
      .update(reviews)
      .set({ images: six })
      .where(eq(reviews.id, latest?.id ?? 0));
    await store.openHydrated(`/reviews?product=${encodeURIComponent(r.product)}`);
    const first = store.page.locator('article.pd-review').first();
    expect(await first.locator('.pd-review-images img').count()).toBe(4);
    const firstSrc = await first.locator('.pd-review-images img').first().getAttribute('src');
    await first.getByRole('button', { name: 'Next review images' }).click();
    await expect.poll(() => first.locator('.pd-review-images img').first().getAttribute('src')).toBe(six[1]);
    expect(firstSrc).toBe(six[0]);
    await store.openHydrated('/viewreviews/Nobody/Nothing');
    expect(await store.page.getByRole('heading', { name: 'Oops! Page Not Found' }).isVisible()).toBe(true);
  });
});

describe('screenshots', () => {
  it('of a product page and a reviews page at 360 px and 1366 px', async () => {
    const coupon = await couponProduct();
    await store.openHydrated(`${href(coupon.name)}?seller=${coupon.sellerId}`);
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('product-detail', width);
    const [r] = await store.db
      .select({ product: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(sql`jsonb_array_length(${reviews.images}) > 0`)
      .limit(1);
    await store.openHydrated(`/reviews?product=${encodeURIComponent(r?.product ?? '')}`);
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('product-reviews', width);
  });
});
