import { and, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { browsingHistory, products, users } from '@marketplace/db';
import { openHydrated } from './support/home.ts';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();

const someProducts = (count: number, offset: number) =>
  store.db
    .select({ id: products.id, name: products.name, image: products.mainImage })
    .from(products)
    .where(and(eq(products.isActive, true), isNotNull(products.lowestPricePaise)))
    .orderBy(desc(products.id))
    .limit(count)
    .offset(offset);
const userId = async (email: string) => {
  const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? 0;
};
const storedHistory = () =>
  store.page.evaluate(
    () => JSON.parse(localStorage.getItem('browsingHistory') ?? '[]') as { productId: number }[],
  );

describe('browsing history', () => {
  it('merges a logged-in shopper’s server copy into this browser’s and saves the merged one to the server', async () => {
    const priya = await userId('priya@example.com');
    const [onServer, inBrowser] = [await someProducts(2, 20), await someProducts(2, 30)];
    const now = Date.now();
    await store.db.delete(browsingHistory).where(eq(browsingHistory.userId, priya));
    await store.db.insert(browsingHistory).values(
      onServer.map((p, i) => ({
        userId: priya,
        productId: p.id,
        viewedAt: new Date(now - (i + 1) * 120_000),
      })),
    );
    await store.loginAs('priya@example.com');
    await store.page.goto(store.url('/explore/About%20Us'));
    await store.page.evaluate(
      (entries) => localStorage.setItem('browsingHistory', JSON.stringify(entries)),
      [
        ...inBrowser.map((p, i) => ({
          productId: p.id,
          productName: p.name,
          image: p.image,
          timestamp: now - i * 60_000,
        })),
        // a damaged entry is dropped, never sent
        { productId: 'nope' },
      ],
    );
    await openHydrated(store.page, store.url('/'));
    const merged = [inBrowser[0]?.id, inBrowser[1]?.id, onServer[0]?.id, onServer[1]?.id];
    await expect.poll(async () => (await storedHistory()).map((e) => e.productId)).toEqual(merged);
    await expect
      .poll(async () =>
        (
          await store.db
            .select({ productId: browsingHistory.productId })
            .from(browsingHistory)
            .where(eq(browsingHistory.userId, priya))
        )
          .map((r) => r.productId)
          .sort(),
      )
      .toEqual([...merged].sort());
    // another shopper's history was not touched
    const rahulRows = await store.db
      .select()
      .from(browsingHistory)
      .where(eq(browsingHistory.userId, await userId('rahul@example.com')));
    expect(rahulRows.some((r) => merged.includes(r.productId))).toBe(false);
  });

  it('keeps a visitor’s history in this browser only', async () => {
    const [viewed] = await someProducts(1, 40);
    await store.page.goto(store.url('/explore/About%20Us'));
    await store.page.evaluate(
      (p) =>
        localStorage.setItem(
          'browsingHistory',
          JSON.stringify([
            { productId: p?.id, productName: p?.name, image: p?.image, timestamp: Date.now() },
          ]),
        ),
      viewed,
    );
    const requests: string[] = [];
    store.page.on('request', (req) => {
      if (req.url().includes('/api/history')) requests.push(req.method());
    });
    await openHydrated(store.page, store.url('/'));
    await expect
      .poll(() => store.page.locator('[data-testid="home-recently-viewed"] .name').allTextContents())
      .toEqual([viewed?.name]);
    expect(requests).toEqual([]);
  });
});

describe('browsing history from the product page', () => {
  it('records each product a visitor opens, newest first, and shows them on a category listing', async () => {
    const [first, second] = await someProducts(2, 5);
    if (!first || !second) throw new Error('no products');
    await openHydrated(store.page, store.url(`/productdetails/${encodeURIComponent(first.name)}`));
    await expect.poll(async () => (await storedHistory()).map((e) => e.productId)).toEqual([first.id]);
    await openHydrated(store.page, store.url(`/productdetails/${encodeURIComponent(second.name)}`));
    await expect
      .poll(async () => (await storedHistory()).map((e) => e.productId))
      .toEqual([second.id, first.id]);
    // opening one again does not move or repeat it (requirements#browsing-history: added only if absent)
    await openHydrated(store.page, store.url(`/productdetails/${encodeURIComponent(first.name)}`));
    await expect
      .poll(async () => (await storedHistory()).map((e) => e.productId))
      .toEqual([second.id, first.id]);

    await openHydrated(store.page, store.url('/categorylist/c/Electronics'));
    const viewed = store.page.getByRole('region', { name: 'Your Browsing History' });
    await viewed.waitFor();
    expect(await viewed.getByRole('link', { name: second.name }).count()).toBeGreaterThan(0);
    expect(await viewed.getByRole('link', { name: first.name }).count()).toBeGreaterThan(0);
  });
});

describe('related to items a visitor viewed', () => {
  const related = () => store.page.locator('[data-testid="home-related"]');

  it('shows the best sellers of the categories a visitor viewed on the home page, not the viewed products', async () => {
    const [first, second] = await someProducts(2, 50);
    if (!first || !second) throw new Error('no products');
    for (const product of [first, second]) {
      await openHydrated(store.page, store.url(`/productdetails/${encodeURIComponent(product.name)}`));
      await expect.poll(async () => (await storedHistory()).map((e) => e.productId)).toContain(product.id);
    }
    const viewedIds = [second.id, first.id];
    const categoryIds = store.db
      .select({ id: products.categoryId })
      .from(products)
      .where(inArray(products.id, viewedIds));
    const expected = await store.db
      .select({ name: products.name })
      .from(products)
      .where(
        and(
          inArray(products.categoryId, categoryIds),
          notInArray(products.id, viewedIds),
          eq(products.isActive, true),
          isNotNull(products.lowestPricePaise),
        ),
      )
      .orderBy(sql`${products.unitsSold} DESC`, products.id)
      .limit(8);
    expect(expected.length).toBeGreaterThan(0);

    await openHydrated(store.page, store.url('/'));
    await expect
      .poll(() => related().locator('.home-row-note').textContent())
      .toBe('Best sellers in the categories you viewed');
    await expect
      .poll(() => related().getByRole('heading', { level: 2 }).textContent())
      .toBe("Related to items you've viewed");
    const names = await related().locator('.name').allTextContents();
    expect(names).toEqual(expected.map((p) => p.name));
    expect(names).not.toContain(first.name);
    expect(names).not.toContain(second.name);
  });

  it('shows a visitor with no history the popular products instead, and asks for nothing related', async () => {
    const asked: string[] = [];
    store.page.on('request', (req) => {
      if (req.url().includes('/api/products/related')) asked.push(req.url());
    });
    await openHydrated(store.page, store.url('/'));
    await expect(related().locator('.home-row-note').textContent()).resolves.toBe(
      'Popular with shoppers right now',
    );
    expect(asked).toEqual([]);
  });
});
