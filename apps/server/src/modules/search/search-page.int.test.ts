import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandCampaigns,
  brands,
  campaignEvents,
  categories,
  products,
  refreshProductSuggestions,
  searchHistory,
  users,
} from '@marketplace/db';
import { PAGE_SIZE } from '@marketplace/domain/catalog/listing';
import { SEARCH_KEYWORD_MAX_LENGTH, SEARCH_TEXTS } from '@marketplace/domain/search/results';
import { searchWords } from '@marketplace/domain/search/suggestions';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createSearchServices, recentSearches } from './search-page.ts';
import {
  findProducts,
  RANKED_KEPT,
  rankedProducts,
  SEARCH_SAMPLE,
  SEARCH_SAMPLE_DENSE,
  SEARCH_SAMPLE_FEW,
} from './find-products.ts';

let t: TestApp;
let services: ReturnType<typeof createSearchServices>;
const visitor = new Request('http://localhost/');
const search = (keyword: string, page: string | null = null, request = visitor) =>
  services.searchResults(request, keyword, page);
const html = async (path: string, cookie?: string) => {
  const res = await t.request(path, cookie ? { headers: { cookie } } : undefined);
  return { status: res.status, body: await res.text() };
};
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A copy of a seeded product under another name, brand and category (no seller offers it). */
async function addProduct(
  name: string,
  changes: { brandId?: number; categoryId?: number; description?: string } = {},
) {
  const [source] = await t.db.select().from(products).limit(1);
  if (!source) throw new Error('seeded products expected');
  const { id: _, searchVector: __, ...rest } = source;
  const [added] = await t.db
    .insert(products)
    .values({ ...rest, name, description: changes.description ?? '', unitsSold: 0, ...changes })
    .returning({ id: products.id });
  if (!added) throw new Error('insert failed');
  return added.id;
}

let samsungIds: number[] = [];
let plainCushionId = 0;
let gadgetId = 0;
beforeAll(async () => {
  t = await createTestApp();
  services = createSearchServices(t.db);
  const [samsung] = await t.db.insert(brands).values({ name: 'Samsung' }).returning({ id: brands.id });
  if (!samsung) throw new Error('insert failed');
  samsungIds = [
    await addProduct('Samsung Galaxy Tab Lite (Grey)', { brandId: samsung.id }),
    await addProduct('Samsung Galaxy Buds Neo (Black)', { brandId: samsung.id }),
  ];
  // a product whose name has neither its brand nor its category
  plainCushionId = await addProduct('Velvet Dream Cushion Cover', { brandId: samsung.id });
  const [leaf] = await t.db.select().from(categories).where(eq(categories.level, 3)).limit(1);
  if (!leaf) throw new Error('seeded categories expected');
  const [odd] = await t.db
    .insert(categories)
    .values({ name: 'Zqxborn Gadgets', level: 4, parentId: leaf.id })
    .returning({ id: categories.id });
  gadgetId = await addProduct('Plain Little Thing', { categoryId: odd?.id ?? 0 });
  await refreshProductSuggestions(t.db);
});
afterAll(() => t.close());

/** The ids of the `count` best sellers among these products. */
const bestSellersAmong = async (ids: number[], count: number) =>
  (
    await t.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(desc(products.unitsSold), products.id)
      .limit(count)
  ).map((row) => row.id);
/** Ids in ascending order, to compare sets of them. */
const byId = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe('search results: ranking and matching', () => {
  it('puts products with the words in their name before those matching only by description, brand or category', async () => {
    const { results } = await search('earbuds');
    expect(results.total).toBeGreaterThan(2);
    const inName = results.items.map((p) => /earbud/i.test(p.name));
    expect(inName[0]).toBe(true);
    // once a result without the word in its name appears, none with it follows
    expect(inName.slice(inName.indexOf(false) === -1 ? inName.length : inName.indexOf(false))).not.toContain(
      true,
    );
  });

  it('puts the exact phrase first', async () => {
    const [product] = await t.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const { results } = await search(product?.name ?? '');
    expect(results.items[0]?.name).toBe(product?.name);
  });

  it('tolerates a typo: "samsng" shows Samsung products and says what it searched', async () => {
    const found = await search('samsng');
    expect(found.correctedTo).toBe('samsung');
    expect(found.results.items.map((p) => p.id)).toEqual(expect.arrayContaining(samsungIds));
    const page = await html('/searchpage/samsng');
    expect(page.body).toContain('Showing results for');
    expect(page.body).toContain('Samsung Galaxy Tab Lite (Grey)');
  });

  it('corrects a word of a longer keyword and keeps the others: "galaxx tab"', async () => {
    const found = await search('galaxx tab');
    expect(found.correctedTo).toBe('galaxy tab');
    expect(found.results.items[0]?.id).toBe(samsungIds[0]);
  });

  it('does not correct a keyword that finds enough as typed', async () => {
    expect((await search('samsung')).correctedTo).toBeNull();
  });

  it('matches by brand: a product of the brand counts even without the brand in its name', async () => {
    const { results } = await search('samsung');
    expect(results.items.map((p) => p.id)).toContain(plainCushionId);
    // the names with the word come first
    expect(results.items.at(-1)?.id).toBe(plainCushionId);
    expect((await search('samsung cushion')).results.items.map((p) => p.id)).toEqual([plainCushionId]);
    expect((await search('cushion samsung')).results.items.map((p) => p.id)).toEqual([plainCushionId]);
    // a word matching by brand and another by category need one product of both
    expect((await search('samsung zqxborn')).results.total).toBe(0);
  });

  it('finds a brand of several words by its name, in any order, even for a product with none of them in its text', async () => {
    const [brand] = await t.db.insert(brands).values({ name: 'Qorvane Audio' }).returning({ id: brands.id });
    if (!brand) throw new Error('insert failed');
    const plainId = await addProduct('Plain Speaker Box', { brandId: brand.id });
    const namedId = await addProduct('Qorvane Audio Bar (Black)', { brandId: brand.id });
    try {
      for (const keyword of ['qorvane audio', 'audio qorvane']) {
        const found = (await rankedProducts(t.db, keyword, searchWords(keyword), 100)).ids;
        // the name with both words first, then the brand's product named otherwise
        expect(found.slice(0, 2)).toEqual([namedId, plainId]);
      }
    } finally {
      await t.db.delete(products).where(inArray(products.id, [plainId, namedId]));
      await t.db.delete(brands).where(eq(brands.id, brand.id));
    }
  });

  it('matches by category, its own or any above it', async () => {
    expect((await search('zqxborn')).results.items.map((p) => p.id)).toEqual([gadgetId]);
    expect((await search('zqxborn thing')).results.items.map((p) => p.id)).toEqual([gadgetId]);
    const [top] = await t.db.select().from(categories).where(eq(categories.level, 1)).limit(1);
    const { results } = await search(top?.name ?? '');
    expect(results.total).toBeGreaterThan(10);
  });

  it('needs every word: a word found nowhere gives no results', async () => {
    expect((await search('samsung qqqzzzxxx')).results.total).toBe(0);
  });

  it('lets a stop word match everything: with other words it changes nothing, alone it lists the best sellers', async () => {
    const withStopWord = await rankedProducts(t.db, 'the samsung', searchWords('the samsung'), 5000);
    const without = await rankedProducts(t.db, 'samsung', searchWords('samsung'), 5000);
    expect(without.total).toBeGreaterThan(0);
    expect(byId(withStopWord.ids)).toEqual(byId(without.ids));
    // stop words only: the 20 best sellers of the catalog (at the last refresh), on sale
    const capped = await rankedProducts(t.db, 'over the', searchWords('over the'), 5000, 0, 20);
    expect(capped).toMatchObject({ total: 20, more: true });
    const bestSellers = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(desc(products.unitsSold), products.id)
      .limit(20);
    expect(byId(capped.ids)).toEqual(byId(bestSellers.map((row) => row.id)));
  });
});

describe('search results: paging', () => {
  it(`shows ${PAGE_SIZE} per page, every product once, and bounds the page to 1..page count`, async () => {
    const [top] = await t.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.level, 1))
      .orderBy(categories.id);
    const keyword = top?.name ?? '';
    const first = await search(keyword);
    expect(first.results.pages).toBe(Math.ceil(first.results.total / PAGE_SIZE));
    expect(first.results.pages).toBeGreaterThan(1);
    const seen: number[] = [];
    for (let page = 1; page <= first.results.pages; page++) {
      const { results } = await search(keyword, String(page));
      expect(results.page).toBe(page);
      expect(results.items.length).toBe(
        page < results.pages ? PAGE_SIZE : results.total - PAGE_SIZE * (page - 1),
      );
      seen.push(...results.items.map((p) => p.id));
    }
    expect(new Set(seen).size).toBe(first.results.total);
    for (const [raw, expected] of [
      ['999999', first.results.pages],
      ['1e9', first.results.pages],
      ['-3', 1],
      ['0', 1],
      ['abc', 1],
      ['2.7', 2],
      ['', 1],
    ] as const) {
      expect((await search(keyword, raw)).results.page, raw).toBe(expected);
    }
    const last = await html(`/searchpage/${encodeURIComponent(keyword)}?page=99999`);
    expect(last.status).toBe(200);
    expect(last.body).toContain('aria-current="page"');
  });
});

describe('search results: kept ranking', () => {
  const topCategoryName = async () => {
    const [top] = await t.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.level, 1))
      .orderBy(categories.id);
    return top?.name ?? '';
  };

  it('reads pages past the kept ones on their own, in the same order', async () => {
    const keyword = await topCategoryName();
    const words = searchWords(keyword);
    // keep only the first page: the second must come from its own query
    const firstPageOnly = (k: string, w: readonly string[]) => rankedProducts(t.db, k, w, PAGE_SIZE);
    const second = await findProducts(t.db, keyword, '2', firstPageOnly);
    const whole = await rankedProducts(t.db, keyword, words, PAGE_SIZE * 3);
    expect(second.page).toBe(2);
    expect(second.ids).toEqual(whole.ids.slice(PAGE_SIZE, PAGE_SIZE * 2));
    expect(second.total).toBe(whole.total);
  });

  it('ranks 20 pages of 48 of a keyword by default', () => {
    expect(RANKED_KEPT).toBe(20 * 48);
  });

  it('ranks only the best sellers of a broad keyword and says there are more', async () => {
    const keyword = await topCategoryName();
    const words = searchWords(keyword);
    const all = await rankedProducts(t.db, keyword, words, 5000);
    expect(all.more).toBe(false);
    expect(all.total).toBeGreaterThan(20);
    const capped = await rankedProducts(t.db, keyword, words, 5000, 0, 20);
    expect(capped).toMatchObject({ total: 20, more: true });
    // the 20 ranked are the 20 best sellers among the matches, whatever their order on the page
    expect(byId(capped.ids)).toEqual(byId(await bestSellersAmong(all.ids, 20)));
    const exactly = await rankedProducts(t.db, keyword, words, 5000, 0, all.total);
    expect(exactly).toMatchObject({ total: all.total, more: false });
  });

  it('finds the same best sellers whichever way a keyword is read: walking the best sellers, through its indexes, or from the whole catalog', async () => {
    // the test catalog is smaller than the sample, so a keyword's matches there are all of its matches
    expect(await t.db.$count(products)).toBeLessThanOrEqual(SEARCH_SAMPLE);
    const names = [
      ...(await t.db
        .select({ name: categories.name })
        .from(categories)
        .orderBy(categories.level, categories.id)),
      ...(await t.db.select({ name: products.name }).from(products).orderBy(products.id).limit(5)),
    ].map((row) => row.name);
    const bands = {
      walked: (n: number) => n >= SEARCH_SAMPLE_DENSE,
      byIndexes: (n: number) => n >= SEARCH_SAMPLE_FEW && n < SEARCH_SAMPLE_DENSE && n > 10,
      fromCatalog: (n: number) => n > 0 && n < SEARCH_SAMPLE_FEW,
    };
    const checked: string[] = [];
    for (const [band, inBand] of Object.entries(bands)) {
      let found = false;
      for (const keyword of names) {
        const words = searchWords(keyword);
        // with room for every match, every match is ranked
        const all = await rankedProducts(t.db, keyword, words, 5000, 0, 5000);
        if (!inBand(all.total)) continue;
        const capped = await rankedProducts(t.db, keyword, words, 5000, 0, 10);
        expect({ band, keyword, ids: byId(capped.ids) }).toEqual({
          band,
          keyword,
          ids: byId(await bestSellersAmong(all.ids, 10)),
        });
        found = true;
        checked.push(band);
        break;
      }
      if (!found) throw new Error(`no keyword of the test catalog is read ${band}`);
    }
    expect(checked).toEqual(Object.keys(bands));
  });

  it('ranks a broad keyword from the best sellers’ own table, as it was at its last refresh', async () => {
    const keyword = await topCategoryName();
    const words = searchWords(keyword);
    const all = await rankedProducts(t.db, keyword, words, 5000);
    const [slow] = await t.db
      .select({ id: products.id, unitsSold: products.unitsSold })
      .from(products)
      .where(inArray(products.id, all.ids))
      .orderBy(products.unitsSold, products.id)
      .limit(1);
    if (!slow) throw new Error('matches expected');
    const capped = () => rankedProducts(t.db, keyword, words, 5000, 0, 20);
    try {
      // the match that sold least becomes the best seller of all
      await t.db.update(products).set({ unitsSold: 10_000_000 }).where(eq(products.id, slow.id));
      expect((await capped()).ids).not.toContain(slow.id);
      await refreshProductSuggestions(t.db);
      expect(await capped()).toMatchObject({ total: 20, more: true });
      expect((await capped()).ids).toContain(slow.id);
      // one taken off sale leaves the results at once, without waiting for a refresh
      await t.db.update(products).set({ isActive: false }).where(eq(products.id, slow.id));
      expect((await capped()).ids).not.toContain(slow.id);
    } finally {
      await t.db
        .update(products)
        .set({ unitsSold: slow.unitsSold, isActive: true })
        .where(eq(products.id, slow.id));
      await refreshProductSuggestions(t.db);
    }
  });

  it('says "over N results" on the page when a keyword matches more than are ranked', async () => {
    const keyword = await topCategoryName();
    const more = createSearchServices(t.db, undefined, undefined, { keepMs: 0 });
    const data = await more.searchResults(visitor, keyword, null);
    expect(data.moreResults).toBe(false);
    expect((await html(`/searchpage/${encodeURIComponent(keyword)}`)).body).toContain(
      `${data.results.total.toLocaleString('en-IN')} results`,
    );
  });

  it('reuses a keyword’s ranking while kept; cards are read fresh, and a new ranking sees changes', async () => {
    const keyword = await topCategoryName();
    const kept = createSearchServices(t.db, undefined, undefined, { keepMs: 60_000 });
    const before = (await kept.searchResults(visitor, keyword, null)).results;
    const gone = before.items[0];
    if (!gone) throw new Error('results expected');
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, gone.id));
    const after = (await kept.searchResults(visitor, keyword, null)).results;
    expect(after.total).toBe(before.total);
    expect(after.items.map((item) => item.id)).not.toContain(gone.id);
    const fresh = createSearchServices(t.db, undefined, undefined, { keepMs: 0 });
    expect((await fresh.searchResults(visitor, keyword, null)).results.total).toBe(before.total - 1);
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, gone.id));
  });
});

describe('search results: hostile keywords', () => {
  it.each([
    `"quoted" 'single'`,
    '100%',
    '%',
    '_',
    '\\',
    'back\\slash\\',
    "'; DROP TABLE products; --",
    "' OR 1=1 --",
    'a & b | !c <-> d:*',
    '😀🛒',
    'मोबाइल फ़ोन',
    'the',
    '...',
    '/',
    '..%2F..%2Fetc',
  ])('%j shows results or the empty message, never an error', async (keyword) => {
    const page = await html(`/searchpage/${encodeURIComponent(keyword)}`);
    expect(page.status).toBe(200);
    const shown =
      page.body.includes('aria-label="Search results"') || page.body.includes('No products found for &quot;');
    expect(shown).toBe(true);
  });

  it('shows the empty message with the keyword', async () => {
    const page = await html('/searchpage/qqqzzzxxx');
    // the keyword sits in its own untranslated span; what the page shows is read without tags or scripts
    const shown = page.body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, '');
    expect(shown).toContain(escaped(SEARCH_TEXTS.noResults('qqqzzzxxx')));
    expect(page.body).toContain('<span translate="no">qqqzzzxxx</span>');
  });

  it('cuts 10,000 characters and says so', async () => {
    const long = 'kurta '.repeat(1_667).slice(0, 10_000);
    const found = await search(long);
    expect(found.wasCut).toBe(true);
    expect([...found.keyword].length).toBeLessThanOrEqual(SEARCH_KEYWORD_MAX_LENGTH);
    const page = await html(`/searchpage/${'x'.repeat(10_000)}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(SEARCH_TEXTS.keywordCut);
  });

  it('serves the alias /searchresults/{term} with the same results', async () => {
    const a = await html('/searchresults/samsung');
    const b = await html('/searchpage/samsung');
    expect(a.status).toBe(200);
    expect(a.body).toContain('Samsung Galaxy Tab Lite (Grey)');
    const names = (body: string) => [...body.matchAll(/class="name">([^<]+)</g)].map((m) => m[1]);
    expect(names(a.body)).toEqual(names(b.body));
  });
});

describe('search history', () => {
  const userId = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

  it("keeps each shopper's own keywords, latest first, never showing them to another shopper", async () => {
    const priya = await t.loginCookie('priya@example.com');
    await html('/searchpage/Handloom%20Kurta', priya);
    await html('/searchpage/earbuds', priya);
    await html('/searchpage/handloom%20kurta', priya); // the same words again: moved to the front
    const priyaId = await userId('priya@example.com');
    const rahulId = await userId('rahul@example.com');
    expect((await recentSearches(t.db, priyaId)).slice(0, 2)).toEqual(['handloom kurta', 'earbuds']);
    expect(await recentSearches(t.db, rahulId)).not.toContain('earbuds');
    const rahul = await t.loginCookie('rahul@example.com');
    await html('/searchpage/pressure%20cooker', rahul);
    expect(await recentSearches(t.db, rahulId)).toEqual(['pressure cooker']);
    expect(await recentSearches(t.db, priyaId)).not.toContain('pressure cooker');
  });

  it('keeps the latest 20 and records nothing for visitors', async () => {
    const ananya = await t.loginCookie('ananya@example.com');
    const ananyaId = await userId('ananya@example.com');
    for (let i = 1; i <= 22; i++) await html(`/searchpage/keyword${i}`, ananya);
    const kept = await recentSearches(t.db, ananyaId, 100);
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe('keyword22');
    expect(kept).not.toContain('keyword2');
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(searchHistory);
    await html('/searchpage/visitor%20words');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(searchHistory);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('sponsored products in search results', () => {
  async function campaignFor(productName: string, changes: Partial<typeof brandCampaigns.$inferInsert> = {}) {
    const [product] = await t.db
      .select({ id: products.id, brandId: products.brandId })
      .from(products)
      .where(eq(products.name, productName));
    if (!product) throw new Error(`no product ${productName}`);
    const [campaign] = await t.db
      .insert(brandCampaigns)
      .values({
        name: 'test search campaign',
        brandId: product.brandId,
        productId: product.id,
        adType: 'image',
        adImage: '/media/x.svg',
        page: 'search',
        type: 'sponsored_brand',
        fromDate: daysFromToday(-1),
        toDate: daysFromToday(30),
        maximumSpendLimitPaise: 100_000,
        bidPaise: 1_000,
        ...changes,
      })
      .returning();
    if (!campaign) throw new Error('insert failed');
    return { campaign, productId: product.id };
  }
  const pricedProduct = async () => {
    const [row] = await t.db
      .select({ name: products.name, brandName: brands.name })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(products.isActive, true), sql`${products.lowestPricePaise} IS NOT NULL`))
      .orderBy(products.id)
      .limit(1);
    if (!row) throw new Error('a product with an offer expected');
    return row;
  };

  it('shows a running campaign whose brand matches first, marked Sponsored, and records its impression', async () => {
    await t.db.update(brandCampaigns).set({ isActive: false }).where(eq(brandCampaigns.page, 'search'));
    const target = await pricedProduct();
    const { campaign, productId } = await campaignFor(target.name);
    const found = await search(target.brandName);
    expect(found.sponsored).toEqual([
      expect.objectContaining({
        campaignId: campaign.id,
        matchType: 'exact',
        product: expect.objectContaining({ id: productId }),
      }),
    ]);
    // not shown twice
    expect(found.results.items.map((p) => p.id)).not.toContain(productId);
    const events = await t.db
      .select()
      .from(campaignEvents)
      .where(and(eq(campaignEvents.campaignId, campaign.id), eq(campaignEvents.kind, 'impression')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ productId, costPaise: 0 });
    const [after] = await t.db.select().from(brandCampaigns).where(eq(brandCampaigns.id, campaign.id));
    expect(after?.impressions).toBe(1);
    const page = await html(`/searchpage/${encodeURIComponent(target.brandName)}`);
    expect(page.body).toContain(`data-campaign-id="${campaign.id}"`);
    expect(page.body).toContain('data-match-type="exact"');
    expect(page.body).toContain(SEARCH_TEXTS.sponsored);
    // a keyword that matches neither the brand nor the product shows none
    expect((await search('qqqzzzxxx')).sponsored).toEqual([]);
    await t.db.delete(brandCampaigns).where(eq(brandCampaigns.id, campaign.id));
  });

  it.each([
    ['paused', { isActive: false }],
    ['not yet started', { fromDate: daysFromToday(2), toDate: daysFromToday(9) }],
    ['ended', { fromDate: daysFromToday(-9), toDate: daysFromToday(-1) }],
    ['out of budget', { spentPaise: 100_000 }],
    ['on another page', { page: 'home' }],
  ] as const)('never shows a campaign that is %s', async (_, changes) => {
    const target = await pricedProduct();
    const { campaign } = await campaignFor(target.name, changes);
    expect((await search(target.brandName)).sponsored.map((ad) => ad.campaignId)).not.toContain(campaign.id);
    expect(today()).toBeTruthy();
    await t.db.delete(brandCampaigns).where(eq(brandCampaigns.id, campaign.id));
  });
});
