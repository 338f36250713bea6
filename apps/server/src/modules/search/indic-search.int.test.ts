import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@marketplace/db';
import { searchWords } from '@marketplace/domain/search/suggestions';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { rankedProducts } from './find-products.ts';

// requirements#indic-search: queries in Devanagari, Tamil and Telugu script, and romanised Indian
// words, find the same products: sellers' translated titles and the English titles through the
// listed words (ADR-0064).
let t: TestApp;
const UNLISTED = '(रनिंग|वॉकिंग|स्पोर्ट्स|कैज़ुअल|स्नीकर्स|अनारकली|दुपट्टे|कोल्हापुरी|जॉर्जेट)';
beforeAll(async () => {
  t = await createTestApp({ keepSuggestionsMs: 0, keepPageLookupsMs: 0 });
});
afterAll(() => t.close());

const found = async (keyword: string) =>
  (await rankedProducts(t.db, keyword, searchWords(keyword), 5000)).ids;

/** The active products in a category (and below) by its name. */
const inCategory = async (name: string) =>
  (
    await queryRows<{ id: number }>(
      t.db,
      sql`WITH RECURSIVE tree AS (SELECT id FROM categories WHERE name = ${name}
            UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
          SELECT p.id FROM products p JOIN tree ON tree.id = p.category_id WHERE p.is_active`,
    )
  ).map((row) => Number(row.id));

describe('the same phones in Tamil, Hindi and Telugu script and romanised (requirements#indic-search)', () => {
  it.each([
    ['Tamil', 'மொபைல்', 'mobile'],
    ['Tamil', 'போன்', 'mobile'],
    ['Hindi', 'मोबाइल', 'mobile'],
    ['Hindi', 'फ़ोन', 'mobile'],
    ['Telugu', 'మొబైల్', 'mobile'],
  ])('%s %s finds what %s finds', async (_, native, romanised) => {
    const [byNative, byRoman, phones] = await Promise.all([
      found(native),
      found(romanised),
      inCategory('Smartphones'),
    ]);
    expect(byNative.length).toBeGreaterThan(phones.length);
    expect(new Set(byNative)).toEqual(new Set(byRoman));
    // the phones lead, as they lead for 'mobile'
    expect(new Set(byNative.slice(0, phones.length))).toEqual(new Set(phones));
  });

  it('finds sarees, kurtis, shoes and chappals by romanised and native words alike', async () => {
    const sarees = await inCategory('Sarees');
    for (const keyword of ['saree', 'साड़ी', 'புடவை', 'చీర']) {
      const ids = await found(keyword);
      expect(ids.length, keyword).toBeGreaterThan(0);
      expect(sarees, keyword).toEqual(expect.arrayContaining(ids.slice(0, 5)));
    }
    const [kurti, kurtiHindi] = await Promise.all([found('kurti'), found('कुर्ती')]);
    expect(new Set(kurtiHindi)).toEqual(new Set(kurti));
    // 'joote' is how shoppers type जूते: the shoes, as 'shoes' finds them
    const [joote, jooteHindi, shoes] = await Promise.all([found('joote'), found('जूते'), found('shoes')]);
    expect(joote.length).toBeGreaterThan(0);
    expect(new Set(joote)).toEqual(new Set(shoes));
    expect(new Set(jooteHindi)).toEqual(new Set(shoes));
    const [chappal, chappalTamil] = await Promise.all([found('chappal'), found('செருப்பு')]);
    expect(chappal.length).toBeGreaterThan(0);
    expect(new Set(chappalTamil)).toEqual(new Set(chappal));
  });

  it('finds a product by its seller’s translated title, words a listed word does not cover', async () => {
    // these words of the seeded Hindi titles are in no list: only the Hindi titles have them
    const [row] = await queryRows<{ product_id: number; word: string }>(
      t.db,
      sql`SELECT product_id, substring(title FROM ${UNLISTED}) AS word FROM product_texts
           WHERE language = 'hi' AND title ~ ${UNLISTED} ORDER BY product_id LIMIT 1`,
    );
    expect(row).toBeDefined();
    const ids = await found(row?.word ?? '');
    expect(ids).toContain(Number(row?.product_id));
    // with a Telugu joiner typed or not, the same Telugu word
    const [withJoiner, without] = await Promise.all([found('స్మార్ట్\u200cఫోన్'), found('స్మార్ట్ఫోన్')]);
    expect(withJoiner.length).toBeGreaterThan(0);
    expect(new Set(withJoiner)).toEqual(new Set(without));
  });
});

describe('the search page and suggestions in Indian scripts (requirements#indic-search)', () => {
  type Suggestions = { suggestions: { id: number; name: string; type: string }[] };
  const suggest = async (q: string) => {
    const res = await t.request(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as Suggestions).suggestions;
  };

  it('suggests the same phones and shoes for native and romanised words', async () => {
    const products = (list: Suggestions['suggestions']) =>
      list.filter((s) => s.type === 'product').map((s) => s.id);
    const [tamil, english] = await Promise.all([suggest('மொபைல்'), suggest('mobile')]);
    expect(products(tamil).length).toBeGreaterThan(0);
    expect(products(tamil)).toEqual(expect.arrayContaining(products(english).slice(0, 4)));
    const [joote, shoes] = await Promise.all([suggest('joote'), suggest('shoe')]);
    expect(products(joote).length).toBeGreaterThan(0);
    expect(products(shoes)).toEqual(expect.arrayContaining(products(joote)));
    // a Hindi title's own word suggests its product
    const [row] = await queryRows<{ word: string }>(
      t.db,
      sql`SELECT substring(title FROM ${UNLISTED}) AS word FROM product_texts
           WHERE language = 'hi' AND title ~ ${UNLISTED} ORDER BY product_id LIMIT 1`,
    );
    expect(products(await suggest(row?.word ?? '')).length).toBeGreaterThan(0);
  });

  it('shows results for Hindi text on the search page, with the Hindi titles when asked', async () => {
    const res = await t.request(`/searchpage/${encodeURIComponent('साड़ी')}?lang=hi`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('साड़ी');
    // what the page shows (its scripts carry the whole message catalog, this message too)
    expect(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')).not.toContain('No products found');
  });

  it.each([
    ['a NUL byte', 'मोबाइल%00'],
    ['broken percent-encoding', '%E0%A4'],
    ['a lone surrogate', '%ED%A0%80'],
    ['a very long query', encodeURIComponent('मोबाइल '.repeat(400))],
    ['SQL and tsquery syntax', encodeURIComponent("மொபைல்' | !(:* & <-> ;--")],
  ])('answers %s without a 500', async (_, q) => {
    const page = await t.request(`/searchpage/${q}`);
    expect(page.status).toBeLessThan(500);
    const api = await t.request(`/api/search/suggestions?q=${q}`);
    expect([200, 400]).toContain(api.status);
  });

  it('refuses an unknown language on the product page quietly (English)', async () => {
    const res = await t.request(`/searchpage/mobile?lang=${encodeURIComponent('<script>')}`);
    expect(res.status).toBe(200);
  });
});
