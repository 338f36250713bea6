import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  countRows,
  EMBEDDED_SESSION_SETTINGS,
  products,
  queryRows,
  refreshProductSuggestions,
} from '@marketplace/db';
import { DEFAULT_SUGGESTION_IMAGE } from '@marketplace/domain';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { findSuggestions } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  // each lookup here reads the catalog as it is now; the kept copies have their own test below
  t = await createTestApp({ keepSuggestionsMs: 0 });
});
afterAll(() => t.close());

/** A statement with its parameters written in (numbers, booleans and quoted text). */
const inline = (statement: string, params: unknown[]) =>
  statement.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
  });

type Body = {
  suggestions: {
    id: number;
    name: string;
    type: string;
    image: string;
    registry: string;
    isMatch: boolean;
  }[];
};
const suggest = async (q: string) => {
  const res = await t.request(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Body).suggestions;
};

/** Every word of the suggested names, with how many names hold it, commonest first. */
const nameWords = () =>
  queryRows<{ word: string; n: number }>(
    t.db,
    sql`SELECT lower(w) AS word, count(DISTINCT s.id)::int AS n
          FROM product_suggestions s, regexp_split_to_table(s.name, '[^[:alpha:]]+') AS w
         WHERE length(w) >= 4 GROUP BY lower(w) ORDER BY n DESC, word`,
  );

/** The ids of the eight best sellers whose name has the word (inside a word, or a word's beginning). */
const bestSuggested = async (word: string) =>
  (
    await queryRows<{ id: number }>(
      t.db,
      sql`SELECT s.id FROM product_suggestions s
           WHERE s.name ILIKE ${`%${word}%`} OR s.search_vector @@ to_tsquery('simple', ${`${word}:*`})
              OR s.search_vector @@ to_tsquery('english', ${`${word}:*`})
           ORDER BY s.units_sold DESC, s.id LIMIT 8`,
    )
  ).map((row) => Number(row.id));

describe('GET /api/search/suggestions', () => {
  it('matches word prefixes: "lapt" finds laptops', async () => {
    const found = await suggest('lapt');
    const matches = found.map((s) => /lapt/i.test(s.name));
    expect(matches.filter(Boolean).length).toBeGreaterThan(3);
    // real matches come before close spellings ('Table Lamps')
    expect(matches.slice(0, matches.lastIndexOf(true) + 1).every(Boolean)).toBe(true);
    expect(
      found.some((s) => s.type === 'supercategory' || s.type === 'supersubcategory' || s.type === 'product'),
    ).toBe(true);
  });

  it('tolerates a typo: "samsng" finds the Samsara Mobile brand, a registry brand', async () => {
    const found = await suggest('samsng');
    expect(found).toContainEqual(
      expect.objectContaining({ name: 'Samsara Mobile', type: 'brand', registry: 'Yes' }),
    );
  });

  it('suggests the best sellers by words, finds any product by its exact name, and follows the catalog after a refresh', async () => {
    const [source] = await t.db.select().from(products).limit(1);
    if (!source) throw new Error('seeded products expected');
    const { id: _, searchVector: __, ...rest } = source;
    const [added] = await t.db
      .insert(products)
      .values({ ...rest, name: 'Zephyrine Handloom Cotton Dhurrie', unitsSold: 0 })
      .returning({ id: products.id });
    // not yet among the suggested best sellers: found only by its exact name
    expect((await suggest('zephyrine')).some((s) => s.id === added?.id)).toBe(false);
    expect((await suggest('zephyrine handloom cotton dhurrie'))[0]).toMatchObject({
      id: added?.id,
      type: 'product',
    });
    await refreshProductSuggestions(t.db);
    expect((await suggest('zephyrine')).some((s) => s.id === added?.id)).toBe(true);
    // a product taken off sale is no longer suggested, even by its exact name
    await t.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, added?.id ?? 0));
    await refreshProductSuggestions(t.db);
    expect((await suggest('zephyrine handloom cotton dhurrie')).some((s) => s.id === added?.id)).toBe(false);
    await t.db.delete(products).where(eq(products.id, added?.id ?? 0));
    await refreshProductSuggestions(t.db);
  });

  it.each(['Trimmer', 'Backpack', 'Sneakers', 'Headphones'])(
    'finds products by one mistyped word: %s with a letter missing',
    async (word) => {
      const typo = (word.slice(0, 3) + word.slice(4)).toLowerCase();
      const found = await suggest(typo);
      const products = found.filter((s) => s.type === 'product');
      expect(products.length).toBeGreaterThan(0);
      expect(products.every((s) => s.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    },
  );

  it('suggests the best sellers among all matches, for common words (found early among the best sellers) and rare ones', async () => {
    const words = await nameWords();
    const common = words[0];
    const rare = words.find((w) => w.n >= 2 && w.n <= 4);
    if (!common || !rare) throw new Error('a common and a rare word expected');
    expect(common.n).toBeGreaterThan(8);
    for (const { word } of [common, rare]) {
      const expected = await bestSuggested(word);
      const found = (await suggest(word)).filter((s) => s.type === 'product').map((s) => s.id);
      expect(found.slice(0, expected.length).sort()).toEqual([...expected].sort());
    }
  });

  it('finds the same best sellers whichever way a word is looked up: its few matches read whole, a walk among the best sellers, or every match after a short walk', async () => {
    const words = await nameWords();
    // a common word, one of a few dozen names and a rare one
    const chosen = [
      words[0],
      words.find((w) => w.n >= 20 && w.n <= 60),
      words.find((w) => w.n >= 2 && w.n <= 4),
    ];
    // the shop's own sizes, then rare words of at most 5 matches with walks of 10 and of 300 best sellers
    const sizes = [undefined, { walk: 10, few: 5 }, { walk: 300, few: 5 }];
    for (const entry of chosen) {
      if (!entry) throw new Error('a common, a middling and a rare word expected');
      const expected = await bestSuggested(entry.word);
      for (const size of sizes) {
        const found = (await findSuggestions(t.db, entry.word, size))
          .filter((s) => s.type === 'product' && s.name.toLowerCase() !== entry.word)
          .map((s) => s.id);
        expect({ word: entry.word, size, found: found.slice(0, expected.length) }).toEqual({
          word: entry.word,
          size,
          found: expected,
        });
      }
    }
  });

  it('puts the exact name first', async () => {
    const found = await suggest('electronics');
    expect(found[0]).toMatchObject({ name: 'Electronics', type: 'category' });
    expect(found.length).toBeGreaterThan(1);
  });

  it('returns each item once, with an image', async () => {
    const found = await suggest('kurta');
    const keys = found.map((s) => `${s.type}:${s.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of found) expect(s.image).toMatch(/^\/(media|images)\//);
  });

  it('gives the default image to an item without one', async () => {
    await t.db.update(brands).set({ logoPath: null }).where(eq(brands.name, 'Novex'));
    const found = await suggest('novex');
    expect(found).toContainEqual(
      expect.objectContaining({ name: 'Novex', type: 'brand', image: DEFAULT_SUGGESTION_IMAGE }),
    );
    const image = await t.request(DEFAULT_SUGGESTION_IMAGE);
    expect(image.status).toBe(200);
  });

  it.each([
    ['quotes', `"kurta' "`],
    ['a lone percent', '%'],
    ['an underscore', '_'],
    ['backslashes', '\\\\'],
    ['SQL', "'; DROP TABLE products; --"],
    ['tsquery syntax', 'kurta & | ! :* ()'],
    ['emoji', '📱👟'],
    ['Devanagari', 'कुर्ता'],
    ['100 characters', 'k'.repeat(100)],
  ])('answers %s safely', async (_label, q) => {
    const found = await suggest(q);
    expect(Array.isArray(found)).toBe(true);
    if (q === '%' || q === '_') expect(found).toEqual([]); // wildcards are matched literally, not as "anything"
  });

  it.each([
    ['missing', ''],
    ['empty', '?q='],
    ['blank', '?q=%20%20'],
    ['over 100 characters', `?q=${'k'.repeat(101)}`],
    ['10,000 characters', `?q=${'k'.repeat(10_000)}`],
  ])('answers 400 when the text is %s', async (_label, query) => {
    const res = await t.request(`/api/search/suggestions${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.q).toMatch(/Search text/);
  });

  // requirements#search-submit: Enter opens only a real match
  it.each([
    // stray letters and a close spelling find suggestions to show, none to open
    ['a/b?c#d', true],
    ["' OR 1=1; --", true],
    ['samsng', true],
    ["'; DROP TABLE products; --", false],
    ['%00', false],
  ])('marks no suggestion for %j as a match for Enter (some shown: %s)', async (q, shown) => {
    const found = await suggest(q);
    if (shown) expect(found.length).toBeGreaterThan(0);
    for (const s of found) expect(s.isMatch).toBe(false);
  });

  it.each([
    ['lapt', 'Laptops'],
    ['phone', 'Smartphones'],
    ['samsara', 'Samsara Mobile'],
    ['Electronics', 'Electronics'],
  ])('marks the suggestions for %j that have it as matches, %j among them', async (q, name) => {
    const found = await suggest(q);
    expect(found[0]?.isMatch).toBe(true);
    expect(found).toContainEqual(expect.objectContaining({ name, isMatch: true }));
  });

  it('shows a close spelling without marking it a match', async () => {
    const found = await suggest('samsng');
    expect(found).toContainEqual(expect.objectContaining({ name: 'Samsara Mobile', isMatch: false }));
  });

  it('loses nothing to hostile text', async () => {
    expect(await countRows(t.db, 'products')).toBe(240);
  });
});

describe('suggestion lookups stay index lookups', () => {
  it('match product names only: a word found only in descriptions suggests no product', async () => {
    const word = 'zqxdescriptionword';
    const [product] = await t.db.select().from(products).limit(1);
    if (!product) throw new Error('no products');
    await t.db
      .update(products)
      .set({ description: `${product.description} ${word}` })
      .where(eq(products.id, product.id));
    await refreshProductSuggestions(t.db);
    expect((await suggest(word)).filter((s) => s.type === 'product')).toEqual([]);
    const firstWord = product.name.split(' ')[0] ?? '';
    expect((await suggest(product.name)).map((s) => s.id)).toContain(product.id);
    expect((await suggest(firstWord)).length).toBeGreaterThan(0);
  });

  it("read a word's substring matches through the trigram index, not every suggested name", async () => {
    const [brand] = await t.db.select({ name: brands.name }).from(brands).orderBy(brands.id).limit(1);
    const text = (brand?.name ?? '').slice(0, 4).toLowerCase();
    let query: { sql: string; params: unknown[] } | null = null;
    const db = t.db as unknown as {
      dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } };
      execute(q: unknown): Promise<unknown>;
    };
    // the lookup's own statement, as the service sends it
    const capturing = new Proxy(db, {
      get: (target, key) =>
        key === 'execute'
          ? (q: unknown) => {
              query = target.dialect.sqlToQuery(q);
              return target.execute(q);
            }
          : (Reflect.get(target, key) as unknown),
    }) as unknown as typeof t.db;
    await findSuggestions(capturing, text);
    if (!query) throw new Error('no statement sent');
    const { sql: statement, params } = query as { sql: string; params: unknown[] };
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      t.db,
      sql.raw(`EXPLAIN ${inline(statement, params)}`),
    );
    const lines = plan.map((r) => r['QUERY PLAN']);
    const session = await queryRows<{ cost: string }>(
      t.db,
      sql`SELECT current_setting('random_page_cost') AS cost`,
    );
    if (t.database.kind === 'pglite') {
      // the embedded database's pages are in memory: reading one out of order costs about what
      // reading the next does (EMBEDDED_SESSION_SETTINGS), so a word's few matches come through the index
      expect(session[0]?.cost).toBe(EMBEDDED_SESSION_SETTINGS.random_page_cost);
      expect(lines.join('\n')).toContain('product_suggestions_name_trgm_idx');
    } else {
      // a PostgreSQL server's costs are its operator's: the app leaves them as they are
      expect(session[0]?.cost).not.toBe(EMBEDDED_SESSION_SETTINGS.random_page_cost);
    }
  });

  it('write every GIN index through (a pending list would be scanned by every search)', async () => {
    const rows = await queryRows<{ name: string; options: string[] | null }>(
      t.db,
      sql`SELECT c.relname AS name, c.reloptions AS options
            FROM pg_class c JOIN pg_am am ON am.oid = c.relam
           WHERE c.relkind = 'i' AND am.amname = 'gin'
             AND c.relnamespace = current_schema()::regnamespace`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([
      'best_seller_search_vector_idx',
      'brands_name_trgm_idx',
      'categories_name_trgm_idx',
      'offers_sku_trgm_idx',
      'product_suggestions_name_trgm_idx',
      'product_suggestions_search_idx',
      'product_texts_search_idx',
      'products_name_trgm_idx',
      'products_search_idx',
      'suggestion_words_trgm_idx',
    ]);
    for (const row of rows) expect(row.options, row.name).toContain('fastupdate=false');
  });
});

describe('suggestions kept for a minute', () => {
  it('answers the same text, in any case and spacing, from the copy made in the last minute', async () => {
    const kept = await createTestApp();
    try {
      const ask = async (q: string) => {
        const res = await kept.request(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
        expect(res.headers.get('cache-control')).toBe('public, max-age=60');
        return ((await res.json()) as Body).suggestions.map((s) => s.name);
      };
      const [source] = await kept.db.select().from(products).limit(1);
      if (!source) throw new Error('seeded products expected');
      const before = await ask('Quorvane');
      const { id: _, searchVector: __, ...rest } = source;
      await kept.db.insert(products).values({ ...rest, name: 'Quorvane Brass Diya', unitsSold: 1_000_000 });
      await refreshProductSuggestions(kept.db);
      expect(await ask('  QUORVANE ')).toEqual(before); // the kept copy, not the new product
      expect(await ask('quorvane brass')).toContain('Quorvane Brass Diya'); // other text: looked up
    } finally {
      await kept.close();
    }
  });
});
