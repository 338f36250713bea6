import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandCampaigns,
  brands,
  browsingHistory,
  categories,
  contentRows,
  offers,
  pincodes,
  productAttributes,
  products,
  queryRows,
  searchHistory,
  sellers,
  topMenuItems,
  users,
} from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { ORIGIN_FILTER } from '@marketplace/domain/catalog/listing-filters';
import { PINCODE_COOKIE } from '@marketplace/domain/location/pincode';
import type { CategoryListing } from '@marketplace/web';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { categorySubtreeIds } from './categories.ts';
import { createListingServices } from './listing.ts';

let t: TestApp;
let services: ReturnType<typeof createListingServices>;
const NOW = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  services = createListingServices(t.db, undefined, { now: () => NOW, facetsTtlMs: 0 });
});
afterAll(() => t.close());

const request = (path: string, cookie = '') =>
  new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
async function listing(path: string, cookie = ''): Promise<CategoryListing> {
  const url = new URL(path, 'http://localhost');
  const [, , type = '', name = ''] = url.pathname.split('/');
  const result = await services.categoryListing(request(path, cookie), type, decodeURIComponent(name));
  if (!result) throw new Error(`no listing for ${path}`);
  return result;
}
/**
 * Page HTML checks that do not print the whole page when they fail. They read what the page shows,
 * not its scripts: the page's data carries its language's whole message catalog.
 */
const expectHtml = (page: string) => {
  const html = page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  return {
    toContain: (text: string) => expect(html.includes(text), `page has ${text}`).toBe(true),
    not: { toContain: (text: string) => expect(html.includes(text), `page has no ${text}`).toBe(false) },
  };
};

/** The top category with the most products, and its products. */
async function biggestTopCategory() {
  const rows = await queryRows<{ id: number; name: string; n: number }>(
    t.db,
    sql`WITH RECURSIVE tree AS (
          SELECT id AS root, id FROM categories WHERE level = 1
          UNION ALL SELECT t.root, c.id FROM categories c JOIN tree t ON c.parent_id = t.id)
        SELECT c.id, c.name, count(p.id)::int AS n FROM tree
        JOIN categories c ON c.id = tree.root
        JOIN products p ON p.category_id = tree.id AND p.is_active
        GROUP BY c.id, c.name ORDER BY n DESC, c.id LIMIT 1`,
  );
  const top = rows[0];
  if (!top) throw new Error('seeded categories expected');
  const subtree = await categorySubtreeIds(t.db, top.id);
  const inside = await t.db
    .select({ id: products.id, price: products.lowestPricePaise })
    .from(products)
    .where(and(inArray(products.categoryId, subtree), eq(products.isActive, true)));
  return { ...top, path: categoryListingPath(1, top.name), subtree, inside };
}

describe('the category listing page', () => {
  it('renders the category from the database on the server, names matched case-insensitively', async () => {
    const top = await biggestTopCategory();
    const res = await t.request(`/categorylist/c/${encodeURIComponent(top.name.toUpperCase())}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const page = await listing(top.path);
    expect(page.category.name).toBe(top.name);
    expect(page.categoryTotal).toBe(top.inside.length);
    expect(page.products.total).toBe(top.inside.length);
    const first = page.products.items[0];
    if (!first) throw new Error('products expected');
    expectHtml(html).toContain(first.name.replaceAll('&', '&amp;'));
    expectHtml(html).toContain('Get It by Tomorrow');
    // children link to the listing of their own level
    const children = await t.db.select().from(categories).where(eq(categories.parentId, top.id));
    expect(page.children.map((c) => c.name).sort()).toEqual(children.map((c) => c.name).sort());
    expect(page.children.every((c) => c.type === 'sc')).toBe(true);
    for (const child of children)
      expectHtml(html).toContain(
        `href="${categoryListingPath(2, child.name).replaceAll('&', '&amp;').replaceAll("'", '&#x27;')}"`,
      );
  });

  it('ranks Featured by units sold and sorts by price both ways', async () => {
    const top = await biggestTopCategory();
    const sold = await t.db
      .select({ id: products.id, unitsSold: products.unitsSold, price: products.lowestPricePaise })
      .from(products)
      .where(inArray(products.categoryId, top.subtree));
    const byId = new Map(sold.map((row) => [row.id, row]));
    const featured = (await listing(top.path)).products.items.map((p) => byId.get(p.id)?.unitsSold ?? -1);
    expect(featured).toEqual([...featured].sort((a, b) => b - a));
    const asc = (await listing(`${top.path}?sort=price-asc`)).products.items.map(
      (p) => byId.get(p.id)?.price ?? Infinity,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await listing(`${top.path}?sort=price-desc`)).products.items.flatMap(
      (p) => byId.get(p.id)?.price ?? [],
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('narrows by price, each colour, and their combination; values of one attribute widen each other', async () => {
    const top = await biggestTopCategory();
    const all = await listing(top.path);
    const prices = top.inside.flatMap((p) => (p.price === null ? [] : [p.price])).sort((a, b) => a - b);
    const low = Math.ceil((prices[Math.floor(prices.length / 4)] ?? 0) / 100);
    const high = Math.floor((prices[Math.floor((prices.length * 3) / 4)] ?? 0) / 100);
    const byPrice = await listing(`${top.path}?price=${low}-${high}`);
    const expectedByPrice = top.inside.filter(
      (p) => p.price !== null && p.price >= low * 100 && p.price <= high * 100,
    );
    expect(byPrice.products.total).toBe(expectedByPrice.length);
    expect(byPrice.products.total).toBeLessThan(all.products.total);
    expect(byPrice.products.total).toBeGreaterThan(0);

    const colour = all.attributes.find((a) => a.name === 'Colour');
    const [red, blue] = colour?.values ?? [];
    if (!red || !blue) throw new Error('two colours expected');
    const withColour = async (value: string) =>
      new Set(
        (
          await t.db
            .select({ id: productAttributes.productId })
            .from(productAttributes)
            .where(and(eq(productAttributes.name, 'Colour'), eq(productAttributes.value, value)))
        ).map((row) => row.id),
      );
    const [redIds, blueIds] = [await withColour(red.value), await withColour(blue.value)];
    const one = await listing(`${top.path}?f.Colour=${encodeURIComponent(red.value)}`);
    expect(one.products.total).toBe(top.inside.filter((p) => redIds.has(p.id)).length);
    expect(one.products.total).toBe(red.count);
    const two = await listing(
      `${top.path}?f.Colour=${encodeURIComponent(red.value)}&f.Colour=${encodeURIComponent(blue.value)}`,
    );
    expect(two.products.total).toBe(red.count + blue.count);
    const both = await listing(`${top.path}?price=${low}-${high}&f.Colour=${encodeURIComponent(red.value)}`);
    expect(both.products.total).toBe(expectedByPrice.filter((p) => redIds.has(p.id)).length);
    expect(both.products.total).toBeLessThanOrEqual(Math.min(one.products.total, byPrice.products.total));
    expect(both.query).toEqual({
      price: { min: low, max: high },
      delivery: null,
      attributes: { Colour: [red.value] },
      sort: 'featured',
    });
    expect(blueIds.size).toBeGreaterThan(0);
  });

  // requirements#origin-filter: Legal Metrology (Packaged Commodities) Amendment Rules 2026, rule 6(10A)
  it('filters by country of origin, with each country’s count, and sorts by origin A to Z', async () => {
    const top = await biggestTopCategory();
    const made = await t.db
      .select({ productId: offers.productId, origin: offers.origin })
      .from(offers)
      .where(
        and(
          inArray(
            offers.productId,
            top.inside.map((p) => p.id),
          ),
          eq(offers.isActive, true),
        ),
      );
    const byCountry = new Map<string, Set<number>>();
    for (const row of made)
      byCountry.set(row.origin, (byCountry.get(row.origin) ?? new Set()).add(row.productId));
    const imported = [...byCountry.keys()].filter((country) => country !== 'India').sort();
    expect(imported.length).toBeGreaterThan(0);

    const all = await listing(top.path);
    const facet = all.attributes.find((a) => a.name === ORIGIN_FILTER);
    expect(facet?.values).toEqual(
      [...byCountry.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([value, ids]) => ({ value, count: ids.size })),
    );
    // imported goods only: every country but India
    const query = imported.map(
      (country) => `f.${encodeURIComponent(ORIGIN_FILTER)}=${encodeURIComponent(country)}`,
    );
    const onlyImported = await listing(`${top.path}?${query.join('&')}`);
    const importedIds = new Set(imported.flatMap((country) => [...(byCountry.get(country) ?? [])]));
    expect(onlyImported.products.total).toBe(importedIds.size);
    expect(onlyImported.products.items.every((p) => importedIds.has(p.id))).toBe(true);
    expect(onlyImported.query.attributes).toEqual({ [ORIGIN_FILTER]: imported });
    // a country no product comes from filters nothing (it is not offered)
    const unknown = await listing(`${top.path}?f.${encodeURIComponent(ORIGIN_FILTER)}=Atlantis`);
    expect(unknown.products.total).toBe(all.products.total);

    // sorted by origin: the first country of each product, A to Z
    const firstCountry = new Map<number, string>();
    for (const row of made) {
      const before = firstCountry.get(row.productId);
      if (!before || row.origin < before) firstCountry.set(row.productId, row.origin);
    }
    const sorted = await listing(`${top.path}?sort=origin`);
    const countries = sorted.products.items.map((p) => firstCountry.get(p.id) ?? '~');
    expect(countries).toEqual([...countries].sort());
    expect(sorted.query.sort).toBe('origin');
    const html = await (await t.request(`${top.path}?sort=origin`)).text();
    expectHtml(html).toContain('Country of Origin: A to Z');
    expectHtml(html).toContain(ORIGIN_FILTER);
  });

  it('shows the slider across the listed sale prices, rounded out to ₹100 steps', async () => {
    const top = await biggestTopCategory();
    const prices = top.inside.flatMap((p) => (p.price === null ? [] : [p.price]));
    const page = await listing(top.path);
    expect(page.priceBounds.min).toBe(Math.floor(Math.min(...prices) / 10_000) * 100);
    expect(page.priceBounds.max).toBe(Math.ceil(Math.max(...prices) / 10_000) * 100);
  });

  it('ignores filter values that do not exist and hostile query values', async () => {
    const top = await biggestTopCategory();
    const all = await listing(top.path);
    const odd = await listing(
      `${top.path}?f.Colour=Ultraviolet&f.${encodeURIComponent("'; DROP TABLE products;--")}=x&delivery=yesterday&sort=%3Cscript%3E&price=cheap`,
    );
    expect(odd.products.total).toBe(all.products.total);
    expect(odd.query).toEqual({ price: null, delivery: null, attributes: {}, sort: 'featured' });
    for (const query of [
      'page=-1',
      'page=1e309',
      'page=abc',
      'page=99999999999999999999',
      'page=2.5',
      `f.Colour=${'x'.repeat(10_000)}`,
      'f.%25=_&f._=%25',
      `f.${encodeURIComponent('रंग')}=${encodeURIComponent('लाल')}&price=%F0%9F%98%80`,
      "price='%22-1&delivery=%27",
    ]) {
      const res = await t.request(`${top.path}?${query}`);
      expect(res.status, query).toBe(200);
    }
    const bounded = await listing(`${top.path}?page=99999`);
    expect(bounded.products.page).toBe(bounded.products.pages);
    expect((await listing(`${top.path}?page=-4`)).products.page).toBe(1);
  });

  it('pages 48 at a time without repeating a product, and bounds the page', async () => {
    const top = await biggestTopCategory();
    const leaf = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, top.subtree))
      .orderBy(sql`${categories.level} DESC`)
      .limit(1);
    const [brand] = await t.db.select({ id: brands.id }).from(brands).limit(1);
    const leafId = leaf[0]?.id;
    if (!leafId || !brand) throw new Error('seed data expected');
    // enough products for three pages
    const extra = 110 - top.inside.length;
    if (extra > 0) {
      await t.db.insert(products).values(
        Array.from({ length: extra }, (_, i) => ({
          name: `Paging test product ${i}`,
          categoryId: leafId,
          brandId: brand.id,
          mainImage: '/media/products/test.svg',
          lowestPricePaise: 10_000 + i * 100,
          hsnCode: '9506',
          gstRate: 12,
        })),
      );
    }
    const pages = await Promise.all([1, 2, 3].map((n) => listing(`${top.path}?page=${n}`)));
    const total = Math.max(110, top.inside.length);
    expect(pages.map((p) => p.products.items.length)).toEqual(
      [48, 48, total - 96].map((n) => Math.min(n, 48)),
    );
    expect(pages[0]?.products.pages).toBe(Math.ceil(total / 48));
    const seen = pages.flatMap((p) => p.products.items.map((item) => item.id));
    expect(new Set(seen).size).toBe(seen.length);
    const html = await (await t.request(`${top.path}?page=2`)).text();
    expectHtml(html).toContain('aria-current="page">2<');
    expectHtml(html).toContain('49–96 of');
  });
});

describe('kept totals', () => {
  it('counts a filtered listing once per period, while its pages are always read fresh', async () => {
    const kept = createListingServices(t.db, undefined, { now: () => NOW, facetsTtlMs: 60_000 });
    const top = await biggestTopCategory();
    const [type = '', name = ''] = top.path.split('/').slice(2);
    const read = async () => {
      const result = await kept.categoryListing(
        request(`${top.path}?sort=price-asc`),
        type,
        decodeURIComponent(name),
      );
      if (!result) throw new Error('listing expected');
      return result.products;
    };
    const before = await read();
    const first = before.items[0];
    if (!first) throw new Error('products expected');
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, first.id));
    const after = await read();
    expect(after.total).toBe(before.total);
    expect(after.items.map((item) => item.id)).not.toContain(first.id);
    // a listing that counts afresh sees the change at once
    expect((await listing(top.path)).products.total).toBe(before.total - 1);
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, first.id));
  });
});

describe('the delivery-day filters (decision 9)', () => {
  it('follow the shopper pincode: a seller town gets same-day products, a remote island none', async () => {
    const top = await biggestTopCategory();
    // a pincode where some seller of this category sits
    const [seller] = await queryRows<{ pincode: string; district: string; state: string }>(
      t.db,
      sql`SELECT pc.pincode, pc.district, pc.state FROM offers o
          JOIN sellers s ON s.id = o.seller_id JOIN pincodes pc ON pc.pincode = s.pincode
          JOIN products p ON p.id = o.product_id
          WHERE p.category_id IN (${sql.join(
            top.subtree.map((id) => sql`${id}`),
            sql`, `,
          )})
            AND o.is_active AND o.stock > 0 AND p.is_active
          GROUP BY pc.pincode, pc.district, pc.state ORDER BY count(*) DESC LIMIT 1`,
    );
    if (!seller) throw new Error('a seller with stock expected');
    // expected independently: same-day is local only, so 'today' means a seller in the same district
    const local = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT DISTINCT p.id FROM products p JOIN offers o ON o.product_id = p.id
          JOIN sellers s ON s.id = o.seller_id JOIN pincodes pc ON pc.pincode = s.pincode
          WHERE p.category_id IN (${sql.join(
            top.subtree.map((id) => sql`${id}`),
            sql`, `,
          )}) AND p.is_active
            AND o.is_active AND o.stock > 0 AND pc.district = ${seller.district} AND pc.state = ${seller.state}`,
    );
    const cookie = `${PINCODE_COOKIE}=${seller.pincode}`;
    const today = await listing(`${top.path}?delivery=today`, cookie);
    expect(today.pincode).toBe(seller.pincode);
    expect(today.products.total).toBe(local.length);
    expect(today.products.total).toBeGreaterThan(0);
    const all = await listing(top.path, cookie);
    const twoDays = await listing(`${top.path}?delivery=2days`, cookie);
    expect(twoDays.products.total).toBeGreaterThanOrEqual(today.products.total);
    expect(twoDays.products.total).toBeLessThanOrEqual(all.products.total);

    // Port Blair: remote for every mainland seller, and the fastest remote delivery takes 5 days
    const [island] = await t.db
      .select({ pincode: pincodes.pincode })
      .from(pincodes)
      .where(eq(pincodes.state, 'Andaman & Nicobar Islands'))
      .limit(1);
    if (!island) throw new Error('island pincodes expected');
    const islandSellers = await t.db
      .select({ id: sellers.id })
      .from(sellers)
      .innerJoin(pincodes, eq(pincodes.pincode, sellers.pincode))
      .where(eq(pincodes.state, 'Andaman & Nicobar Islands'));
    expect(islandSellers).toEqual([]);
    for (const key of ['today', 'tomorrow', '2days']) {
      const far = await listing(`${top.path}?delivery=${key}`, `${PINCODE_COOKIE}=${island.pincode}`);
      expect(far.products.total, key).toBe(0);
      expect(far.categoryTotal).toBe(all.categoryTotal);
    }
    const html = await (
      await t.request(`${top.path}?delivery=today`, {
        headers: { cookie: `${PINCODE_COOKIE}=${island.pincode}` },
      })
    ).text();
    expectHtml(html).toContain('No products found with the selected filters.');
  });

  it('counts only in-stock offers', async () => {
    const top = await biggestTopCategory();
    const [seller] = await t.db
      .select({ pincode: sellers.pincode })
      .from(sellers)
      .orderBy(sellers.id)
      .limit(1);
    if (!seller) throw new Error('sellers expected');
    const cookie = `${PINCODE_COOKIE}=${seller.pincode}`;
    const before = await listing(`${top.path}?delivery=2days`, cookie);
    expect(before.products.total).toBeGreaterThan(0);
    await t.db
      .update(offers)
      .set({ stock: 0 })
      .where(
        inArray(
          offers.productId,
          top.inside.map((p) => p.id),
        ),
      );
    expect((await listing(`${top.path}?delivery=2days`, cookie)).products.total).toBe(0);
    expect((await listing(top.path, cookie)).products.total).toBe(before.categoryTotal);
    await t.db
      .update(offers)
      .set({ stock: 5 })
      .where(
        inArray(
          offers.productId,
          top.inside.map((p) => p.id),
        ),
      );
  });
});

describe('page content, campaigns and side lists', () => {
  it('shows the category page content blocks only while no filter is active', async () => {
    const [row] = await t.db.select().from(contentRows).where(eq(contentRows.pageType, 'c')).limit(1);
    const [category] = row?.categoryId
      ? await t.db.select().from(categories).where(eq(categories.id, row.categoryId))
      : [];
    if (!row || !category) throw new Error('seeded category content expected');
    const path = categoryListingPath(1, category.name);
    const plain = await listing(path);
    expect(plain.contentBlocks.map((b) => b.title)).toContain(row.title);
    const productColumns = plain.contentBlocks
      .flatMap((b) => b.columns)
      .filter((c) => c.displayType === 'product');
    expect(productColumns.length).toBeGreaterThan(0);
    expectHtml(await (await t.request(path)).text()).toContain(row.title.replaceAll('&', '&amp;'));
    for (const query of [
      'price=1-100000',
      'delivery=2days',
      `f.Colour=${plain.attributes[0]?.values[0]?.value ?? ''}`,
    ]) {
      const filtered = await listing(`${path}?${query}`);
      expect(filtered.contentBlocks, query).toEqual([]);
      expectHtml(await (await t.request(`${path}?${query}`)).text()).not.toContain(
        `>${row.title.replaceAll('&', '&amp;')}<`,
      );
    }
    // sorting and paging are not filters
    expect((await listing(`${path}?sort=newest`)).contentBlocks.length).toBe(plain.contentBlocks.length);
  });

  it('shows the highest-bidding running sponsored campaign and vertical image, linking to the brand page', async () => {
    const top = await biggestTopCategory();
    const page = await listing(top.path);
    const running = await t.db
      .select()
      .from(brandCampaigns)
      .where(and(eq(brandCampaigns.page, 'category'), eq(brandCampaigns.type, 'sponsored_brand')));
    const best = [...running].sort((a, b) => b.bidPaise - a.bidPaise || a.id - b.id)[0];
    expect(page.sponsored?.id).toBe(best?.id);
    expect(page.sponsored?.href).toMatch(/^\/brand(registry)?\//);
    expect(page.vertical?.size).toEqual({ width: 160, height: 600 });
    // paused, out of budget or ended campaigns never show
    await t.db
      .update(brandCampaigns)
      .set({ isActive: false })
      .where(eq(brandCampaigns.id, best?.id ?? 0));
    expect((await listing(top.path)).sponsored?.id).not.toBe(best?.id);
    await t.db
      .update(brandCampaigns)
      .set({ spentPaise: sql`${brandCampaigns.maximumSpendLimitPaise}` })
      .where(eq(brandCampaigns.page, 'category'));
    expect((await listing(top.path)).sponsored).toBeNull();
    expect((await listing(top.path)).vertical).toBeNull();
  });

  it("lists the shopper's own recent searches and viewed products, and nothing for visitors or other shoppers", async () => {
    const top = await biggestTopCategory();
    const [priya] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'priya@example.com'));
    if (!priya) throw new Error('priya expected');
    await t.db.insert(searchHistory).values([
      { userId: priya.id, keyword: 'silk saree', searchedAt: new Date('2026-11-19T10:00:00Z') },
      { userId: priya.id, keyword: 'कुर्ता & "dupatta"', searchedAt: new Date('2026-11-19T11:00:00Z') },
    ]);
    const viewed = top.inside.slice(0, 2).map((p) => p.id);
    await t.db.insert(browsingHistory).values(
      viewed.map((productId) => ({
        userId: priya.id,
        productId,
        viewedAt: new Date('2026-11-18T10:00:00Z'),
      })),
    );
    const mine = await listing(top.path, await t.loginCookie('priya@example.com'));
    expect(mine.recentSearches).toEqual(['कुर्ता & "dupatta"', 'silk saree']);
    expect(mine.recentlyViewed.map((p) => p.id).sort()).toEqual([...viewed].sort());
    const html = await (
      await t.request(top.path, { headers: { cookie: await t.loginCookie('priya@example.com') } })
    ).text();
    expectHtml(html).toContain('Recently Searched Items');
    expectHtml(html).toContain(`href="/searchpage/${encodeURIComponent('कुर्ता & "dupatta"')}"`);
    const other = await listing(top.path, await t.loginCookie('rahul@example.com'));
    expect(other.recentSearches).toEqual([]);
    expect(other.recentlyViewed).toEqual([]);
    const visitor = await listing(top.path);
    expect(visitor.recentSearches).toEqual([]);
    expectHtml(await (await t.request(top.path)).text()).not.toContain('Recently Searched Items');
  });

  it('shows running category deals once per product, and related best sellers of sibling categories not on the page', async () => {
    const top = await biggestTopCategory();
    const page = await listing(top.path);
    expect(page.deals.length).toBeGreaterThan(0);
    expect(new Set(page.deals.map((d) => d.id)).size).toBe(page.deals.length);
    const onPage = new Set(page.products.items.map((p) => p.id));
    expect(page.related.length).toBeGreaterThan(0);
    expect(page.related.some((p) => onPage.has(p.id))).toBe(false);
    const inTop = new Set(top.inside.map((p) => p.id));
    expect(page.related.some((p) => inTop.has(p.id))).toBe(false);
  });

  it("leads a category's deals with deals of its own tree, then its top category's", async () => {
    // the category (any level) with the most running category deals in its tree, but not all of them
    const running = await queryRows<{ productId: number; categoryId: number }>(
      t.db,
      sql`SELECT d.product_id AS "productId", p.category_id AS "categoryId"
            FROM deals d JOIN products p ON p.id = d.product_id
           WHERE d.page = 'category' AND d.starts_at <= ${NOW} AND d.ends_at > ${NOW}`,
    );
    const leaves = [...new Set(running.map((r) => r.categoryId))];
    expect(leaves.length).toBeGreaterThan(1);
    const [leaf] = leaves;
    const [row] = await queryRows<{ name: string; level: number }>(
      t.db,
      sql`SELECT name, level FROM categories WHERE id = ${leaf}`,
    );
    if (!row) return expect.fail('the category exists');
    const tree = new Set(await categorySubtreeIds(t.db, Number(leaf)));
    const inTree = new Set(running.filter((r) => tree.has(r.categoryId)).map((r) => r.productId));
    const page = await listing(categoryListingPath(row.level, row.name));
    const lead = page.deals.slice(0, Math.min(inTree.size, page.deals.length));
    expect(lead.length).toBeGreaterThan(0);
    for (const deal of lead) expect(inTree.has(deal.id), deal.name).toBe(true);
  });
});

describe('unknown listings and names that need encoding', () => {
  it.each([
    '/categorylist/x/Electronics',
    '/categorylist/c/No%20Such%20Category',
    `/categorylist/c/${'a'.repeat(10_000)}`,
    '/categorylist/sssc/%25',
    '/categorylist/c/%E0%A4%A',
    '/best-sellers-online/No%20Such%20Menu',
    `/best-sellers-online/${'%27'.repeat(300)}`,
  ])('%s is the 404 page with status 404', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    expectHtml(await res.text()).toContain('Oops! Page Not Found');
  });

  it('round-trips names with spaces, &, slashes, quotes and Devanagari through their URLs', async () => {
    const [leaf] = await t.db.select().from(categories).where(eq(categories.level, 4)).limit(1);
    const [product] = await t.db
      .select()
      .from(products)
      .where(eq(products.categoryId, leaf?.id ?? 0))
      .limit(1);
    if (!leaf || !product) throw new Error('seed data expected');
    for (const [i, name] of [
      'Pooja / Havan "Samagri" & Diyas',
      "Kids' Toys 100% _fun_",
      'पूजा सामग्री',
    ].entries()) {
      const [category] = await t.db
        .insert(categories)
        .values({ parentId: leaf.parentId, level: 4, name, position: 90 + i })
        .returning();
      await t.db
        .update(products)
        .set({ categoryId: category?.id ?? 0 })
        .where(eq(products.id, product.id));
      const res = await t.request(categoryListingPath(4, name));
      expect(res.status, name).toBe(200);
      const html = await res.text();
      expectHtml(html).toContain(product.name.replaceAll('&', '&amp;'));
      expect((await listing(categoryListingPath(4, name))).category.name).toBe(name);
    }
  });
});

describe('best sellers of a top-menu entry', () => {
  it('ranks the entry category by units sold, 48 a page, with rank numbers, and 404s an unknown entry', async () => {
    const [menu] = await t.db.select().from(topMenuItems).orderBy(topMenuItems.position).limit(1);
    const categoryId = menu?.categoryId;
    if (!menu || !categoryId) throw new Error('top menu of a category expected');
    const subtree = await categorySubtreeIds(t.db, categoryId);
    const [brand] = await t.db.select({ id: brands.id }).from(brands).limit(1);
    await t.db.insert(products).values(
      Array.from({ length: 60 }, (_, i) => ({
        name: `Best seller paging ${i}`,
        categoryId: subtree[subtree.length - 1] ?? categoryId,
        brandId: brand?.id ?? 0,
        mainImage: '/media/products/test.svg',
        lowestPricePaise: 50_000,
        unitsSold: i,
        hsnCode: '9506',
        gstRate: 12,
      })),
    );
    const first = await services.bestSellers(menu.name.toUpperCase(), null);
    const second = await services.bestSellers(menu.name, '2');
    if (!first || !second) throw new Error('best sellers expected');
    expect(first.menu.name).toBe(menu.name);
    expect(first.products.items).toHaveLength(48);
    expect(second.firstRank).toBe(49);
    const sold = new Map(
      (
        await t.db
          .select({ id: products.id, unitsSold: products.unitsSold })
          .from(products)
          .where(inArray(products.categoryId, subtree))
      ).map((r) => [r.id, r.unitsSold]),
    );
    const ranked = [...first.products.items, ...second.products.items].map((p) => sold.get(p.id) ?? -1);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
    expect((await services.bestSellers(menu.name, '-3'))?.products.page).toBe(1);
    expect((await services.bestSellers(menu.name, '1e9'))?.products.page).toBe(first.products.pages);
    const html = await (
      await t.request(`/best-sellers-online/${encodeURIComponent(menu.name)}?page=2`)
    ).text();
    expectHtml(html).toContain(`Best Sellers in ${menu.name.replaceAll('&', '&amp;')}`);
    expectHtml(html).toContain('#49');
    expect(await services.bestSellers('No such entry', null)).toBeNull();
  });
});
