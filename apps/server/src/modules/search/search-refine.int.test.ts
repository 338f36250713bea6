import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  categories,
  offers,
  productAttributes,
  products,
  queryRows,
  refreshProductSuggestions,
} from '@marketplace/db';
import { PAGE_SIZE } from '@marketplace/domain/catalog/listing';
import { ORIGIN_FILTER } from '@marketplace/domain/catalog/listing-filters';
import { SEARCH_TEXTS } from '@marketplace/domain/search/results';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createSearchServices } from './search-page.ts';

// requirements#search-refine: sort and filters on search results, a category a keyword names, and
// help when nothing is found.

let t: TestApp;
let services: ReturnType<typeof createSearchServices>;
/** The results page's data for a keyword and a URL query (as the page's loader asks for it). */
const search = (keyword: string, query = '', cookie?: string) => {
  const params = new URLSearchParams(query);
  const request = new Request(`http://localhost/searchpage/${encodeURIComponent(keyword)}?${query}`, {
    headers: cookie ? { cookie } : {},
  });
  return services.searchResults(request, keyword, params.get('page'));
};
const html = async (path: string) => {
  const res = await t.request(path);
  const body = await res.text();
  // what the page shows: without its scripts (they carry the language's messages) and tags
  const shown = body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, '');
  return { status: res.status, body, shown };
};
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** A top category whose name finds products on more than one page: the keyword these tests refine. */
let keyword = '';
beforeAll(async () => {
  t = await createTestApp();
  services = createSearchServices(t.db);
  // the products of a category sit in it or in any category below it
  const [row] = await queryRows<{ name: string }>(
    t.db,
    sql`WITH RECURSIVE tree AS (
          SELECT id AS root, id FROM categories WHERE level = 1
          UNION ALL SELECT tree.root, c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
        SELECT r.name FROM tree JOIN products p ON p.category_id = tree.id AND p.is_active
          JOIN categories r ON r.id = tree.root
         GROUP BY r.id, r.name HAVING count(*) > ${PAGE_SIZE + 5}
         ORDER BY count(*) DESC, r.id LIMIT 1`,
  );
  keyword = row?.name ?? '';
  if (!keyword) throw new Error('a top category with products on two pages expected');
});
afterAll(() => t.close());

const pricesOf = async (ids: number[]) => {
  const rows = await t.db
    .select({ id: products.id, price: products.lowestPricePaise })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row.price]));
  return ids.map((id) => byId.get(id) ?? null);
};
/** The ids of every page of a search, in order. */
async function allIds(query: string) {
  const first = await search(keyword, query);
  const ids = first.results.items.map((p) => p.id);
  for (let page = 2; page <= first.results.pages; page += 1) {
    const next = await search(keyword, `${query}${query ? '&' : ''}page=${page}`);
    ids.push(...next.results.items.map((p) => p.id));
  }
  return ids;
}
const ascending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? 0) <= v);

describe('search results: sort (requirements#search-refine)', () => {
  it('sorts the same matches by price both ways, relevance by default', async () => {
    const relevance = await search(keyword);
    expect(relevance.query.sort).toBe('relevance');
    expect(relevance.results.total).toBeGreaterThan(PAGE_SIZE);
    const low = await search(keyword, 'sort=price-asc');
    const high = await search(keyword, 'sort=price-desc');
    expect(low.query.sort).toBe('price-asc');
    expect(low.results.total).toBe(relevance.results.total);
    const lowPrices = (await pricesOf(low.results.items.map((p) => p.id))).filter((p) => p !== null);
    const highPrices = (await pricesOf(high.results.items.map((p) => p.id))).filter((p) => p !== null);
    expect(lowPrices.length).toBeGreaterThan(10);
    expect(ascending(lowPrices)).toBe(true);
    expect(ascending([...highPrices].reverse())).toBe(true);
    // the cheapest match heads the low-to-high order
    const everyPrice = (await pricesOf(await allIds(''))).filter((p) => p !== null);
    expect(lowPrices[0]).toBe(Math.min(...everyPrice));
    expect(lowPrices).not.toEqual(highPrices);
  });

  it('pages a sorted list without repeating or losing a match, the sort kept', async () => {
    const sorted = await allIds('sort=price-asc');
    const relevance = await allIds('');
    expect(new Set(sorted).size).toBe(sorted.length);
    expect([...sorted].sort((a, b) => a - b)).toEqual([...relevance].sort((a, b) => a - b));
    const prices = (await pricesOf(sorted)).map((p) => p ?? Number.MAX_SAFE_INTEGER);
    expect(ascending(prices)).toBe(true);
  });

  it('sorts by newest arrival and by average rating', async () => {
    const newest = await search(keyword, 'sort=newest');
    const rows = await t.db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(
        inArray(
          products.id,
          newest.results.items.map((p) => p.id),
        ),
      );
    const at = new Map(rows.map((row) => [row.id, new Date(row.createdAt).getTime()]));
    const times = newest.results.items.map((p) => at.get(p.id) ?? 0);
    expect(ascending([...times].reverse())).toBe(true);
    const rated = await search(keyword, 'sort=rating');
    const averages = rated.results.items
      .filter((p) => p.ratingCount > 0)
      .map(
        (p) =>
          (p.stars[1] + 2 * p.stars[2] + 3 * p.stars[3] + 4 * p.stars[4] + 5 * p.stars[5]) / p.ratingCount,
      );
    expect(averages.length).toBeGreaterThan(0);
    expect(ascending([...averages].reverse().map((a) => Math.round(a * 1e6)))).toBe(true);
  });

  it.each([
    ['the listing default', 'featured'],
    ['an unknown word', 'cheapest'],
    ['another letter case', 'PRICE-ASC'],
    ['a NUL byte', '\u0000'],
    ['5,000 characters', 'x'.repeat(5000)],
    ['markup', '<script>alert(1)</script>'],
  ])('reads %s as relevance', async (_, sort) => {
    const found = await search(keyword, new URLSearchParams({ sort }).toString());
    expect(found.query.sort).toBe('relevance');
    expect(found.results.items.map((p) => p.id)).toEqual(
      (await search(keyword)).results.items.map((p) => p.id),
    );
  });
});

describe('search results: filters (requirements#search-refine)', () => {
  it("offers the listing's filters over the keyword's matches, with counts", async () => {
    const found = await search(keyword);
    expect(found.filters).not.toBeNull();
    const colour = found.filters?.attributes.find((a) => a.name === 'Colour');
    expect(colour?.values.length).toBeGreaterThan(1);
    expect(found.filters?.deliveryFilters.map((f) => f.label)).toEqual([
      'Get It Today',
      'Get It by Tomorrow',
      'Get It in 2 Days',
    ]);
    // the counts add up to the matches that have a colour
    const counted = colour?.values.reduce((sum, v) => sum + v.count, 0) ?? 0;
    expect(counted).toBeLessThanOrEqual(found.results.total);
    expect(counted).toBeGreaterThan(0);
  });

  // requirements#origin-filter: Legal Metrology (Packaged Commodities) Amendment Rules 2026, rule 6(10A)
  it('narrows the matches by country of origin and sorts them by it', async () => {
    const all = await search(keyword);
    const origins = all.filters?.attributes.find((a) => a.name === ORIGIN_FILTER)?.values ?? [];
    const imported = origins.find((v) => v.value !== 'India');
    if (!imported) throw new Error('an imported country among the matches expected');
    const param = `f.${encodeURIComponent(ORIGIN_FILTER)}=${encodeURIComponent(imported.value)}`;
    const only = await search(keyword, param);
    expect(only.results.total).toBe(imported.count);
    const made = await t.db
      .select({ id: offers.productId, origin: offers.origin })
      .from(offers)
      .where(
        and(
          inArray(
            offers.productId,
            only.results.items.map((p) => p.id),
          ),
          eq(offers.isActive, true),
        ),
      );
    for (const product of only.results.items)
      expect(made.some((row) => row.id === product.id && row.origin === imported.value)).toBe(true);
    const sorted = await allIds('sort=origin');
    const firstOrigin = new Map<number, string>();
    for (const row of await t.db
      .select({ id: offers.productId, origin: offers.origin })
      .from(offers)
      .where(and(inArray(offers.productId, sorted), eq(offers.isActive, true)))) {
      const before = firstOrigin.get(row.id);
      if (!before || row.origin < before) firstOrigin.set(row.id, row.origin);
    }
    const countries = sorted.map((id) => firstOrigin.get(id) ?? '~');
    expect(countries).toEqual([...countries].sort());
  });

  it('narrows to a colour; two colours widen each other; every product shown has one of them', async () => {
    const all = await search(keyword);
    const [first, second] = all.filters?.attributes.find((a) => a.name === 'Colour')?.values ?? [];
    if (!first || !second) throw new Error('two colours expected');
    const one = await search(keyword, `f.Colour=${encodeURIComponent(first.value)}`);
    expect(one.query.attributes).toEqual({ Colour: [first.value] });
    expect(one.results.total).toBe(first.count);
    expect(one.results.total).toBeLessThan(all.results.total);
    const colours = await t.db
      .select({ id: productAttributes.productId, value: productAttributes.value })
      .from(productAttributes)
      .where(
        and(
          eq(productAttributes.name, 'Colour'),
          inArray(
            productAttributes.productId,
            one.results.items.map((p) => p.id),
          ),
        ),
      );
    expect(colours.map((c) => c.value).every((v) => v === first.value)).toBe(true);
    expect(colours).toHaveLength(one.results.items.length);
    const two = await search(
      keyword,
      `f.Colour=${encodeURIComponent(first.value)}&f.Colour=${encodeURIComponent(second.value)}`,
    );
    expect(two.results.total).toBe(first.count + second.count);
    // no sponsored product sits above filtered results
    expect(one.sponsored).toEqual([]);
  });

  it('keeps prices inside a price range, from the query or from the boxes of a form sent without scripts', async () => {
    const all = await search(keyword);
    const bounds = all.filters?.priceBounds;
    if (!bounds) throw new Error('price bounds expected');
    const min = bounds.min + 100;
    const max = Math.max(min + 100, Math.floor((bounds.min + bounds.max) / 200) * 100);
    const ranged = await search(keyword, `price=${min}-${max}`);
    expect(ranged.query.price).toEqual({ min, max });
    expect(ranged.results.total).toBeLessThan(all.results.total);
    const prices = await pricesOf(ranged.results.items.map((p) => p.id));
    expect(prices.every((p) => p !== null && p >= min * 100 && p <= max * 100)).toBe(true);
    const boxes = await search(keyword, `price-min=${min}&price-max=${max}`);
    expect(boxes.results.items.map((p) => p.id)).toEqual(ranged.results.items.map((p) => p.id));
    // the boxes as they stood (the whole span) filter nothing
    const whole = await search(keyword, `price-min=${bounds.min}&price-max=${bounds.max}`);
    expect(whole.query.price).toBeNull();
    expect(whole.results.total).toBe(all.results.total);
  });

  it('pages filtered results keeping the filters, bounded to the pages there are', async () => {
    const all = await search(keyword);
    const colour = all.filters?.attributes
      .find((a) => a.name === 'Colour')
      ?.values.find((v) => v.count > PAGE_SIZE);
    const query = colour ? `f.Colour=${encodeURIComponent(colour.value)}&sort=price-asc` : 'sort=price-asc';
    const first = await search(keyword, query);
    expect(first.results.pages).toBeGreaterThan(1);
    const second = await search(keyword, `${query}&page=2`);
    expect(second.results.page).toBe(2);
    const overlap = second.results.items.filter((p) => first.results.items.some((q) => q.id === p.id));
    expect(overlap).toEqual([]);
    const past = await search(keyword, `${query}&page=999`);
    expect(past.results.page).toBe(first.results.pages);
    expect((await search(keyword, `${query}&page=abc`)).results.page).toBe(1);
  });

  it('says when the filters leave nothing, keeping the filter column', async () => {
    const all = await search(keyword);
    const found = await search(keyword, `delivery=today`, 'pincode=744101');
    expect(found.results.total).toBeLessThan(all.results.total);
    const none = await search(keyword, `price=1-2`);
    expect(none.results.total).toBe(0);
    expect(none.filters).not.toBeNull();
    const page = await html(`/searchpage/${encodeURIComponent(keyword)}?price=1-2`);
    expect(page.body).toContain(SEARCH_TEXTS.filteredEmpty);
    expect(page.shown).not.toContain(escaped(SEARCH_TEXTS.noResults(keyword)));
  });

  it('drops unknown, malformed and oversized filter values, showing the unfiltered results', async () => {
    const all = (await search(keyword)).results.items.map((p) => p.id);
    for (const query of [
      'f.Colour=Plaid',
      'f.Nonsense=1',
      'price=cheap',
      'price=%00-%00',
      'delivery=yesterday',
      `f.Colour=${'R'.repeat(5000)}`,
      'price-min=abc&price-max=-1',
    ]) {
      const found = await search(keyword, query);
      expect(found.query).toEqual({ price: null, delivery: null, attributes: {}, sort: 'relevance' });
      expect(found.results.items.map((p) => p.id)).toEqual(all);
    }
  });
});

describe('search results page over HTTP: hostile queries never break it', () => {
  it.each([
    ['a 20,000-character value', `?f.Colour=${'x'.repeat(20_000)}`],
    ['markup as delivery', '?delivery=%3Cscript%3E'],
    ['markup as sort', '?sort=%3Cscript%3Ealert(1)%3C/script%3E'],
    ['an unknown price', '?price=%E2%82%B9500'],
    ['a repeated sort', '?sort=price-asc&sort=newest&sort=x'],
  ])('%s answers 200 with the results', async (_, query) => {
    const page = await html(`/searchpage/${encodeURIComponent(keyword)}${query}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('aria-label="Search results"');
    expect(page.body).not.toContain('<script>alert(1)');
  });

  // the edge answers an address it cannot decode, or one with a NUL, with the not-found page
  // before any route reads it (http/malformed-input.ts)
  it.each([
    ['a NUL sort', '?sort=%00'],
    ['a broken percent-encoding', '?sort=%E0%A4%A'],
    ['a lone percent sign', '?f.Colour=%'],
    ['a broken attribute name', '?f.%ZZ=1'],
    ['bytes that are no text', '?price=%FF%FE'],
    ['a NUL page', '?page=%00&sort=price-asc'],
  ])('%s answers the not-found page, never an error', async (_, query) => {
    const page = await html(`/searchpage/${encodeURIComponent(keyword)}${query}`);
    expect(page.status).toBe(404);
    expect(page.body).toContain('Page Not Found');
  });

  it('renders the sort and filters as forms that work without scripts', async () => {
    const page = await html(`/searchpage/${encodeURIComponent(keyword)}?sort=price-asc&f.Colour=Red`);
    expect(page.body).toMatch(/<form class="listing-sort"[^>]*method="get"/);
    expect(page.body).toMatch(/<form [^>]*class="filters-panel"[^>]*method="get"/);
    expect(page.body).toMatch(/<select[^>]*name="sort"/);
    expect(page.body).toContain('<option value="price-asc" selected="">');
    // the filter form keeps the sort; the sort form keeps the filters
    expect(page.body).toContain('<input type="hidden" name="sort" value="price-asc"/>');
    expect(page.body).toContain('<input type="hidden" name="f.Colour" value="Red"/>');
    expect(page.body).toContain('<input type="checkbox" name="f.Colour" checked="" value="Red"/>');
    expect(page.body).toMatch(/name="price-min"/);
    expect(page.body).toContain('Apply filters');
  });
});

describe('a keyword naming a category (requirements#search-refine)', () => {
  it('shows "Results for {word}" with the products and links the category', async () => {
    const lower = keyword.toLowerCase();
    const found = await search(lower);
    expect(found.results.total).toBeGreaterThan(0);
    const [category] = await t.db.select().from(categories).where(eq(categories.name, keyword));
    expect(found.namedCategory).toEqual({
      name: keyword,
      href: `/categorylist/c/${encodeURIComponent(keyword)}`,
    });
    expect(category?.level).toBe(1);
    const page = await html(`/searchpage/${encodeURIComponent(lower)}`);
    expect(page.body).toContain('Results for');
    expect(page.body).toContain(`href="/categorylist/c/${encodeURIComponent(keyword)}"`);
    expect(page.body).toContain(escaped(SEARCH_TEXTS.seeCategory(keyword)));
    // a keyword that is not a category's whole name links none
    expect((await search(`${lower} red`)).namedCategory).toBeNull();
  });
});

describe('a keyword that finds nothing (requirements#search-refine)', () => {
  it('offers the popular categories as links', async () => {
    const found = await search('qqqzzzxxx');
    expect(found.results.total).toBe(0);
    expect(found.filters).toBeNull();
    expect(found.popularCategories.length).toBeGreaterThan(2);
    for (const category of found.popularCategories)
      expect(category.href).toMatch(/^\/categorylist\/(c|sc)\//);
    const page = await html('/searchpage/qqqzzzxxx');
    expect(page.shown).toContain(escaped(SEARCH_TEXTS.noResults('qqqzzzxxx')));
    expect(page.body).toContain('<span translate="no">qqqzzzxxx</span>');
    expect(page.body).toContain(SEARCH_TEXTS.popularCategories);
    expect(page.body).toContain(`href="${found.popularCategories[0]?.href ?? 'none'}"`);
  });

  it('suggests close spellings that find products, when the nearest word alone finds nothing', async () => {
    // 'quorvax' is as near to the brand Quorvex (no products) as to the product word Quorvix:
    // the automatic correction takes Quorvex and finds nothing; 'Did you mean' offers quorvix
    await t.db.insert(brands).values({ name: 'Quorvex' });
    const [source] = await t.db.select().from(products).orderBy(asc(products.id)).limit(1);
    if (!source) throw new Error('seeded products expected');
    const { id: _, searchVector: __, ...rest } = source;
    await t.db
      .insert(products)
      .values({ ...rest, name: 'Quorvix Reading Lamp', description: '', unitsSold: 0 });
    await refreshProductSuggestions(t.db);
    const found = await search('quorvax');
    expect(found.results.total).toBe(0);
    expect(found.didYouMean).toEqual(['quorvix']);
    const page = await html('/searchpage/quorvax');
    expect(page.body).toContain(SEARCH_TEXTS.didYouMean);
    expect(page.body).toContain('href="/searchpage/quorvix"');
    // nothing near: no suggestion, the popular categories still
    const nothing = await search('zzqqxxvv');
    expect(nothing.didYouMean).toEqual([]);
    expect(nothing.popularCategories.length).toBeGreaterThan(0);
  });
});
