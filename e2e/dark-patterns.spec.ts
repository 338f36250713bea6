import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, brandCampaigns, cartItems, offers, products, queryRows } from '@marketplace/db';
import { offersOfDistinctSellers, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

// docs/dark-patterns-audit.md (requirements#dark-patterns): what the pages show once their scripts
// run, against the CCPA's Guidelines for Prevention and Regulation of Dark Patterns, 2023.
const store = useStorefront({ keepPageLookupsMs: 0 });
const href = (name: string) => `/productdetails/${encodeURIComponent(name)}`;
/** The names of the ticked boxes on the page as the shopper sees it now (scripts ran). */
const tickedBoxes = () =>
  store.page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
      .filter((box) => box.checked)
      .map((box) => box.name),
  );

describe('an honest shop in the browser', () => {
  it('drip pricing and basket sneaking: the cart’s total is the final review’s, and no box is ticked on either', async () => {
    const [offer] = await offersOfDistinctSellers(store.db, 1);
    if (!offer) throw new Error('an offer');
    const priya = await userIdOf(store.db, 'priya@example.com');
    await store.db.delete(cartItems).where(eq(cartItems.userId, priya));
    await store.db.insert(cartItems).values({ userId: priya, offerId: offer.id, quantity: 2 });
    const [address] = await store.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, priya), eq(addresses.isDefault, true)));
    if (!address) throw new Error('Priya has a default address');
    await store.loginAs('priya@example.com');

    await store.openHydrated('/cart');
    const cartTotal = store.page.getByTestId('cart-total');
    await expect.poll(() => cartTotal.textContent()).toMatch(/^₹[\d,]+\.\d\d$/);
    await expect
      .poll(() => store.page.getByTestId('cart-delivery').textContent())
      .toMatch(/^(FREE|₹[\d,]+\.\d\d)$/);
    const shown = await cartTotal.textContent();
    expect(await tickedBoxes()).toEqual([]);
    await store.screenshot('dark-patterns-cart', WIDTHS.mobile);
    await store.screenshot('dark-patterns-cart', WIDTHS.desktop);

    await store.openHydrated(`/deliveryfinalreview?address=${address.id}`);
    const reviewTotal = store.page.getByTestId('summary-total');
    await reviewTotal.waitFor();
    expect(await reviewTotal.textContent()).toBe(shown);
    expect(await tickedBoxes()).toEqual([]);
    await store.screenshot('dark-patterns-final-review', WIDTHS.mobile);
    await store.screenshot('dark-patterns-final-review', WIDTHS.desktop);
  });

  it('false urgency: “Only N left” shows at a real low stock and goes when the stock is back', async () => {
    const [product] = await queryRows<{ id: number; name: string }>(
      store.db,
      sql`SELECT p.id, p.name FROM products p
           WHERE p.is_active AND (SELECT count(*) FROM offers o WHERE o.product_id = p.id) = 1
             AND EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p.id AND o.is_active)
           ORDER BY p.id LIMIT 1`,
    );
    if (!product) throw new Error('a product sold by one seller');
    const buyBox = () => store.page.getByRole('complementary', { name: 'Buy this product' });

    await store.db.update(offers).set({ stock: 3 }).where(eq(offers.productId, product.id));
    await store.openHydrated(href(product.name));
    await buyBox().getByText('Only 3 left in stock.').waitFor();
    await store.screenshot('dark-patterns-low-stock', WIDTHS.mobile);
    await store.screenshot('dark-patterns-low-stock', WIDTHS.desktop);

    await store.db.update(offers).set({ stock: 40 }).where(eq(offers.productId, product.id));
    await store.openHydrated(href(product.name));
    await buyBox().getByText('In Stock').waitFor();
    expect(await store.page.getByText(/left in stock/).count()).toBe(0);
  });

  it('disguised advertisement: a sponsored search result says “Sponsored” where the shopper reads it', async () => {
    const [product] = await store.db
      .select({ id: products.id, name: products.name, brandId: products.brandId })
      .from(products)
      .innerJoin(offers, and(eq(offers.productId, products.id), eq(offers.isActive, true)))
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .limit(1);
    if (!product) throw new Error('a product on sale');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await store.db.insert(brandCampaigns).values({
      name: 'audit search campaign',
      brandId: product.brandId,
      productId: product.id,
      adType: 'image',
      adImage: '/media/audit-ad.svg',
      page: 'search',
      type: 'sponsored_brand',
      fromDate: day(-1),
      toDate: day(30),
      maximumSpendLimitPaise: 10_000_000,
      bidPaise: 999_900,
    });
    await store.openHydrated(`/searchpage/${encodeURIComponent(product.name)}`);
    const cards = store.page.locator('.sponsored-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      const label = card.getByText('Sponsored', { exact: true });
      expect(await label.isVisible()).toBe(true);
    }
    await store.screenshot('dark-patterns-sponsored-search', WIDTHS.mobile);
    await store.screenshot('dark-patterns-sponsored-search', WIDTHS.desktop);
  });

  it('disguised advertisement: a paid deal reads “Lightning deal · Sponsored” on Today’s Deals', async () => {
    await store.openHydrated('/todaydeals');
    const card = store.page.locator('.deal-card').first();
    await card.waitFor();
    // the seeded deals are paid for per click (page points)
    expect(await card.locator('.card-badge').textContent()).toBe('Lightning deal · Sponsored');
    expect(await card.getByText('Sponsored').isVisible()).toBe(true);
    await store.screenshot('dark-patterns-deals', WIDTHS.mobile);
    await store.screenshot('dark-patterns-deals', WIDTHS.desktop);
  });
});
