import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import { SEARCH_CORRECTION_BELOW, SEARCH_RANKED_PAGES } from '@marketplace/domain/search/results';
import { searchWords } from '@marketplace/domain/search/suggestions';
import {
  catalogWord,
  nativeForms,
  reachesTranslations,
  scriptOf,
} from '@marketplace/domain/search/indic-words';
import { wordAlternatives } from '@marketplace/domain/search/synonyms';

/** A page of results; `more`: the keyword matches more products than `total` counts (see RANKED_KEPT). */
export type RankedPage = { ids: number[]; total: number; more: boolean; page: number; pages: number };

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const textArray = (words: readonly string[]) =>
  sql`ARRAY[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;

/**
 * A tsquery matching a word or any of its alternatives (requirements#search-relevance: singular,
 * plural and synonyms are the same word): 'mobile' → 'mobil' | 'phone' | 'smartphon' | ...
 */
function wordQuery(word: string): SQL {
  return sql`(${sql.join(
    wordAlternatives(word).map((alternative) => sql`plainto_tsquery('english', ${alternative})`),
    sql` || `,
  )})`;
}

/** A tsquery matching every word, each by any of its alternatives. */
function everyWordQuery(words: readonly string[]): SQL {
  return sql`(${sql.join(words.map(wordQuery), sql` && `)})`;
}

/** The text-search configuration of sellers' texts in a language (ADR-0064: Telugu has none of its own). */
const TEXT_CONFIG = { hi: 'hindi', ta: 'tamil', te: 'simple' } as const;

/**
 * requirements#indic-search: a tsquery over sellers' Hindi, Tamil and Telugu texts matching every
 * word, each as typed or by its forms in the three scripts ('chappal' → चप्पल | செருப்பு | చెప్పులు).
 */
function translatedWordsQuery(words: readonly string[]): SQL {
  return sql`(${sql.join(
    words.map((word) => {
      const forms = nativeForms(word);
      const parts = [
        ...(scriptOf(word) ? [] : [sql`plainto_tsquery('simple', ${word})`]),
        ...forms.map(
          (form) => sql`plainto_tsquery(${sql.raw(`'${TEXT_CONFIG[form.language]}'`)}, ${form.word})`,
        ),
      ];
      return sql`(${sql.join(parts, sql` || `)})`;
    }),
    sql` && `,
  )})`;
}

/**
 * Products whose text has every word: the English name and description, and, for words that reach
 * them (a native-script word or a listed one such as 'saree'), the sellers' live translated texts
 * too. Other keywords read only the English index, as before.
 */
function textMatch(words: readonly string[]): SQL {
  const english = sql`p.search_vector @@ ${everyWordQuery(words)}`;
  if (!reachesTranslations(words)) return english;
  // the few translated products are looked up once (an InitPlan), then found by id
  return sql`(${english} OR p.id = ANY(ARRAY(
    SELECT t.product_id FROM product_texts t
     WHERE t.title IS NOT NULL AND t.search_vector @@ ${translatedWordsQuery(words)})))`;
}

/**
 * For each word, the brands whose name has it and the categories (with everything below them)
 * whose name has it or one of its alternatives: a product matches a word by its own name and
 * description, its brand or its category. `kinds`: the categories the word names as a kind of
 * product, from the third level down ('Smartphones', 'Fast Chargers'; not 'Mobiles & Tablets'
 * nor 'Mobile Accessories', whose products are not mobiles): the word is the last word of the name
 * or of one of its '&' parts ('Headphones & Earphones'). Brands and categories are few, so this
 * is one small query.
 */
async function wordOwners(db: Executor, words: readonly string[]) {
  const PARTS = sql.raw(`'[[:space:]]*[&,][[:space:]]*'`);
  const alternatives = words.flatMap((word, index) =>
    wordAlternatives(word).map((alternative) => ({ index: index + 1, alternative })),
  );
  const rows = await queryRows<{ i: number; kind: 'b' | 'c' | 'k' | 's'; id: number }>(
    db,
    sql`WITH RECURSIVE w AS (
          SELECT word, i::int AS i FROM unnest(${textArray(words)}) WITH ORDINALITY AS w(word, i)),
        a AS (
          SELECT i, alternative FROM unnest(${intArray(alternatives.map((a) => a.index))},
            ${textArray(alternatives.map((a) => a.alternative))}) AS a(i, alternative)
           WHERE numnode(plainto_tsquery('english', alternative)) > 0),
        -- each category's words once, whatever the number of words and alternatives
        c AS MATERIALIZED (SELECT id, level, name, to_tsvector('english', name) AS words FROM categories),
        hit AS (
          SELECT a.i, c.id, bool_or(c.level >= 3 AND EXISTS (
                   SELECT 1 FROM regexp_split_to_table(c.name, ${PARTS}) AS part
                    WHERE to_tsvector('english', substring(part FROM '([^[:space:]]+)[[:space:]]*$'))
                          @@ plainto_tsquery('english', a.alternative))) AS is_kind,
                 -- 'Watches & Eyewear' names two kinds: what is below it is only what its own name says
                 bool_and(c.name !~ ${PARTS}) AS passes_kind,
                 bool_or(a.alternative = w.word) AS as_typed
            FROM a JOIN w ON w.i = a.i JOIN c ON c.words @@ plainto_tsquery('english', a.alternative)
           GROUP BY a.i, c.id),
        -- a synonym finds the kinds it names ('phone': Smartphones), not every category with the
        -- word ('Mobiles & Tablets' is found by 'mobile' as typed, not by 'phone')
        tree AS (
          SELECT i, id, is_kind, passes_kind, as_typed FROM hit WHERE as_typed OR is_kind
          UNION SELECT tree.i, k.id, tree.is_kind AND tree.passes_kind, tree.passes_kind, tree.as_typed
            FROM categories k JOIN tree ON k.parent_id = tree.id
           WHERE tree.as_typed OR (tree.is_kind AND tree.passes_kind))
        SELECT i, CASE WHEN bool_or(is_kind) THEN 'k' ELSE 'c' END AS kind, id FROM tree GROUP BY i, id
        UNION ALL
        -- a stop word ('the', 'over') has no lexeme: it matches every product
        SELECT w.i, 's' AS kind, 0 AS id FROM w WHERE numnode(plainto_tsquery('english', w.word)) = 0
        UNION ALL
        -- a brand by its own name only: 'phone' is not the brand Samsara Mobile
        SELECT w.i, 'b' AS kind, b.id FROM w JOIN brands b
            ON numnode(plainto_tsquery('english', w.word)) > 0
           AND to_tsvector('english', b.name) @@ plainto_tsquery('english', w.word)`,
  );
  const of = (index: number, kinds: readonly string[]) =>
    rows.filter((r) => Number(r.i) === index + 1 && kinds.includes(r.kind)).map((r) => Number(r.id));
  return words.map((_, index) => ({
    stopWord: rows.some((r) => Number(r.i) === index + 1 && r.kind === 's'),
    brands: of(index, ['b']),
    categories: of(index, ['c', 'k']),
    kinds: of(index, ['k']),
  }));
}

type WordOwners = Awaited<ReturnType<typeof wordOwners>>[number];

/** How many ways of matching a keyword are spelled out (see matchEveryWord). */
const SPELLED_OUT_MAX = 12;

/**
 * The condition a product meets when every word of the keyword matches it by its name and
 * description, its brand or its category; null when every word is a stop word ('the', 'over'),
 * which matches everything. Written as the ways of matching multiplied out ('zentra pad': both words
 * in the text, or a Zentra product with 'pad' in its text), so each way is one indexed lookup that
 * intersects its words (the text's words inside the full-text index): written as one OR per word,
 * the planner read every product with 'pad' to keep the Zentra ones. A keyword with too many ways
 * keeps the one-OR-per-word form.
 */
function matchEveryWord(words: readonly string[], owners: readonly WordOwners[]): SQL | null {
  type Way = { text: string[]; brands: number[] | null; categories: number[] | null };
  const kept = words.flatMap((word, index) => {
    const own = owners[index];
    return own && !own.stopWord ? [{ word, own }] : [];
  });
  if (kept.length === 0) return null;
  // a product has one brand and one category: two words matching by brand need the same brand
  const within = (ids: number[] | null, more: number[]) =>
    ids ? ids.filter((id) => more.includes(id)) : more;
  let ways: Way[] = [{ text: [], brands: null, categories: null }];
  for (const { word, own } of kept) {
    ways = ways.flatMap((way) => {
      const brands = own.brands.length > 0 ? within(way.brands, own.brands) : [];
      const categories = own.categories.length > 0 ? within(way.categories, own.categories) : [];
      return [
        { ...way, text: [...way.text, word] },
        ...(brands.length > 0 ? [{ ...way, brands }] : []),
        ...(categories.length > 0 ? [{ ...way, categories }] : []),
      ];
    });
  }
  // a way that asks less than another finds all it finds ('samsara mobile': a Samsara Mobile product
  // finds every one with 'mobile' in its text too), so the other is left out
  const asksLess = (a: Way, b: Way) =>
    a !== b &&
    a.text.every((word) => b.text.includes(word)) &&
    (a.brands === null || (b.brands !== null && b.brands.every((id) => a.brands?.includes(id)))) &&
    (a.categories === null ||
      (b.categories !== null && b.categories.every((id) => a.categories?.includes(id))));
  ways = ways.filter(
    (way, index) => !ways.some((other, at) => asksLess(other, way) && (!asksLess(way, other) || at < index)),
  );
  if (ways.length > SPELLED_OUT_MAX) {
    return sql.join(
      kept.map(
        ({ word, own }) =>
          sql`(${textMatch([word])} OR p.brand_id = ANY(${intArray(own.brands)}) OR p.category_id = ANY(${intArray(own.categories)}))`,
      ),
      sql` AND `,
    );
  }
  const spelled = ways.map((way) => {
    const parts = [
      ...(way.text.length > 0 ? [textMatch(way.text)] : []),
      ...(way.brands ? [sql`p.brand_id = ANY(${intArray(way.brands)})`] : []),
      ...(way.categories ? [sql`p.category_id = ANY(${intArray(way.categories)})`] : []),
    ];
    return sql`(${sql.join(parts, sql` AND `)})`;
  });
  return sql`(${sql.join(spelled, sql` OR `)})`;
}

/**
 * How many matches of a keyword are ranked: the most popular SEARCH_RANKED_PAGES pages of them. A
 * broad keyword ('kitchen') matches a fifth of a large catalog; ranking every match would read them
 * all, so the best sellers among them are ranked and the page says there are more.
 */
export const RANKED_KEPT = SEARCH_RANKED_PAGES * PAGE_SIZE;

/** How many of the best sellers are looked at to tell a broad keyword from a narrow one. */
export const SEARCH_SAMPLE = 1000;
/** A keyword matching this many of those (3 %) is broad: walking the best sellers meets its best ones soonest. */
export const SEARCH_SAMPLE_DENSE = 30;
/** Fewer matches than this among them, and the keyword's matches are read from the whole catalog. */
export const SEARCH_SAMPLE_FEW = 2;

/** `total` counts at most RANKED_KEPT matches; `more` says the keyword matches more than that. */
export type RankedList = { ids: number[]; total: number; more: boolean };

/**
 * Active products matching every word (by name, description, brand or category; a word by any of
 * its alternatives: singular, plural, synonyms), best first (requirements#search-relevance): those
 * of the kinds the words name ('phone': smartphones), the keyword as a phrase in the name, the most
 * words matched by category, in the name, by brand; a product matching only by its description
 * comes last. Within those by text rank, then best sellers. Only the RANKED_KEPT best
 * sellers among the matches are ranked. Returns `limit` ids from `offset`.
 */
export async function rankedProducts(
  db: Executor,
  keyword: string,
  words: readonly string[],
  limit: number,
  offset = 0,
  cap = RANKED_KEPT,
): Promise<RankedList> {
  if (words.length === 0) return { ids: [], total: 0, more: false };
  // requirements#indic-search: a native-script or romanised word ('मोबाइल', 'joote') is searched as
  // the catalog's own word ('mobile', 'shoe'): the same products, found the same way; its native
  // forms still reach sellers' translated titles (textMatch)
  words = words.map(catalogWord);
  const owners = await wordOwners(db, words);
  const searched = words.filter((_, index) => !owners[index]?.stopWord);
  const all = searched.length > 0 ? everyWordQuery(searched) : sql`plainto_tsquery('english', '')`;
  const matches = matchEveryWord(words, owners);
  const matching = matches ?? sql`true`;
  // How the best sellers among the matches are found is told by the matches among the first
  // SEARCH_SAMPLE best sellers, counted first:
  // - a broad keyword ('blue', or 'india' in every description) is met at once walking the best
  //   sellers in their order;
  // - a narrower one (a brand's thousands) is read through its indexes among the best sellers,
  //   their best kept (a walk would read a hundred thousand best sellers to meet them);
  // - one with hardly any matches there (a product's name) has few among all the best sellers
  //   too: its matches are read from the whole catalog at once.
  // Each way finds the same products; they differ only in what they read.
  const walkInOrder = sql`p.units_sold DESC, p.id`;
  // '+ 0': never walk the best-seller index hoping to meet matches (a rare word would read the
  // whole table); read the matches through their indexes, keep the best sellers
  const readByIndexes = sql`p.units_sold + 0 DESC, p.id`;
  const catalogOrder = matches ? readByIndexes : walkInOrder;
  // the keyword's words in its order in the name: the product named ('kairo nova 5g')
  const phrase =
    searched.length > 1 ? [sql`n.name_vector @@ phraseto_tsquery('english', ${keyword}) DESC`] : [];
  // how many words each way names the product: its kind, its category, its name, its brand
  const countWords = (owned: (word: string, own: WordOwners) => SQL | null): SQL[] => {
    const parts = words.flatMap((word, index) => {
      const own = owners[index];
      const part = own && !own.stopWord ? owned(word, own) : null;
      return part ? [sql`(${part})::int`] : [];
    });
    return parts.length > 0 ? [sql`${sql.join(parts, sql` + `)} DESC`] : [];
  };
  const kindWords = countWords((_, own) =>
    own.kinds.length > 0 ? sql`p.category_id = ANY(${intArray(own.kinds)})` : null,
  );
  // a department the word names ('kitchen') weighs more than the word in a name (a novel 'The Kitchen')
  const categoryWords = countWords((_, own) =>
    own.categories.length > 0 ? sql`p.category_id = ANY(${intArray(own.categories)})` : null,
  );
  const nameWords = countWords((word) => sql`n.name_vector @@ ${wordQuery(word)}`);
  const brandWords = countWords((_, own) =>
    own.brands.length > 0 ? sql`p.brand_id = ANY(${intArray(own.brands)})` : null,
  );
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    // each way of matching is an indexed lookup of all its words (matchEveryWord), so a
    // product-name search reads only its matches (a candidate list joined back was re-read per row);
    // a broad keyword is answered from the best sellers' own small table (best_seller_search)
    sql`WITH sample AS (
          SELECT count(*) FILTER (WHERE ${matching}) AS hits
            FROM (SELECT p.id, p.search_vector, p.brand_id, p.category_id FROM best_seller_search p
                   ORDER BY ${walkInOrder} LIMIT ${SEARCH_SAMPLE}) p),
        best AS MATERIALIZED (
          -- the best sellers in their order (OFFSET 0: the matches are checked on the way, never
          -- looked up first)
          (SELECT p.id, p.units_sold
             FROM (SELECT * FROM best_seller_search p ORDER BY ${walkInOrder} OFFSET 0) p
            WHERE (SELECT hits FROM sample) >= ${SEARCH_SAMPLE_DENSE} AND ${matching}
            ORDER BY ${walkInOrder}
            LIMIT ${cap + 1})
          UNION ALL
          (SELECT p.id, p.units_sold FROM best_seller_search p
            WHERE (SELECT hits FROM sample) BETWEEN ${SEARCH_SAMPLE_FEW} AND ${SEARCH_SAMPLE_DENSE - 1}
              AND ${matching}
            ORDER BY ${readByIndexes}
            LIMIT ${cap + 1})),
        matched AS MATERIALIZED (
          -- a broad keyword: more than the cap among the best sellers, so its best-selling matches
          -- are these (the catalog is not read)
          SELECT id, units_sold FROM best WHERE (SELECT count(*) FROM best) > ${cap}
          UNION ALL
          (SELECT p.id, p.units_sold FROM products p
            WHERE (SELECT count(*) FROM best) <= ${cap}
              AND p.is_active AND ${matching}
            ORDER BY ${catalogOrder}
            LIMIT ${cap + 1})),
        kept AS (SELECT id FROM matched ORDER BY units_sold DESC, id LIMIT ${cap})
        SELECT p.id, (SELECT count(*) FROM matched)::int AS total
          FROM kept JOIN products p ON p.id = kept.id
               -- the name's words: the best sellers' are kept with the suggestions (computing them
               -- for a page of rankings was a third of a broad search's time)
               LEFT JOIN product_suggestions s ON s.id = p.id AND s.name = p.name
               CROSS JOIN LATERAL (
                 SELECT coalesce(s.search_vector, to_tsvector('english', p.name)) AS name_vector) n
         WHERE p.is_active -- one taken off sale since the best sellers were last listed
         ORDER BY ${sql.join([...kindWords, ...phrase, ...categoryWords, ...nameWords, ...brandWords, sql``], sql`, `)}
                  (p.lowest_price_paise IS NOT NULL) DESC,
                  ts_rank(p.search_vector, ${all}) DESC, p.units_sold DESC, p.id
         LIMIT ${limit} OFFSET ${offset}`,
  );
  const counted = rows[0] ? Number(rows[0].total) : 0;
  const ranked = {
    ids: rows.map((r) => Number(r.id)),
    total: Math.min(counted, cap),
    more: counted > cap,
  };
  if (rows[0] || offset === 0) return ranked;
  // past the last match the window has no row to carry the total: count it on its own
  const first = await rankedProducts(db, keyword, words, 1, 0, cap);
  return { ids: [], total: first.total, more: first.more };
}

/**
 * The ranked results of a keyword as one list: its first pages at once, so paging and repeated
 * searches reuse them (see `keptRanked` in search.ts).
 */
export type RankedLookup = (keyword: string, words: readonly string[]) => Promise<RankedList>;

export const rankedLookup =
  (db: Executor): RankedLookup =>
  (keyword, words) =>
    rankedProducts(db, keyword, words, RANKED_KEPT);

/** One page of a ranked list, bounded to 1..page count; pages past the kept ones are read on their own. */
async function pageOf(
  db: Executor,
  list: RankedList,
  keyword: string,
  words: readonly string[],
  requestedPage: unknown,
): Promise<RankedPage> {
  const pages = pageCount(list.total);
  const page = boundPage(requestedPage, pages);
  const from = (page - 1) * PAGE_SIZE;
  const ids =
    from < list.ids.length || list.total <= list.ids.length
      ? list.ids.slice(from, from + PAGE_SIZE)
      : (await rankedProducts(db, keyword, words, PAGE_SIZE, from)).ids;
  return { ids, total: list.total, more: list.more, page, pages };
}

/**
 * The keyword's words corrected to the nearest known words (product names the search box
 * suggests, brand and category names) by trigram similarity: 'samsng' → 'samsara'. Known words,
 * short words and numbers stay as they are. Null when nothing changes.
 */
export async function correctWords(db: Executor, words: readonly string[]): Promise<string[] | null> {
  const fixable = words.filter((word) => word.length >= 3 && word.length <= 30 && !/^\p{N}+$/u.test(word));
  if (fixable.length === 0) return null;
  // a typo adds, drops or swaps a letter or two: much shorter or longer words are not candidates
  const rows = await queryRows<{ word: string; nearest: string | null }>(
    db,
    sql`SELECT w.word, (
          SELECT v.word FROM (
              SELECT s.word FROM suggestion_words s WHERE s.word % w.word
              UNION
              SELECT lower(x) FROM brands, regexp_split_to_table(brands.name, '[^[:alnum:]]+') AS x
               WHERE length(x) >= 3 AND lower(x) % w.word
              UNION
              SELECT lower(x) FROM categories, regexp_split_to_table(categories.name, '[^[:alnum:]]+') AS x
               WHERE length(x) >= 3 AND lower(x) % w.word) AS v
           WHERE abs(length(v.word) - length(w.word)) <= 2
           ORDER BY v.word = w.word DESC, similarity(v.word, w.word) DESC, v.word
           LIMIT 1) AS nearest
        FROM unnest(${textArray(fixable)}) AS w(word)`,
  );
  const nearest = new Map(rows.map((r) => [r.word, r.nearest]));
  const corrected = words.map((word) => nearest.get(word) ?? word);
  return corrected.some((word, i) => word !== words[i]) ? corrected : null;
}

export type FoundProducts = RankedPage & { correctedTo: string | null };

/**
 * Products for a keyword; when it finds nothing or little, the words corrected to the nearest
 * known words are searched instead if they find more ('Showing results for ...').
 */
export async function findProducts(
  db: Executor,
  keyword: string,
  requestedPage: unknown,
  ranked: RankedLookup = rankedLookup(db),
): Promise<FoundProducts> {
  const words = searchWords(keyword);
  const asTyped = await ranked(keyword, words);
  if (asTyped.total >= SEARCH_CORRECTION_BELOW) {
    return { ...(await pageOf(db, asTyped, keyword, words, requestedPage)), correctedTo: null };
  }
  const corrected = await correctWords(db, words);
  const correctedKeyword = corrected?.join(' ') ?? null;
  const found = corrected && correctedKeyword ? await ranked(correctedKeyword, corrected) : null;
  return found && correctedKeyword && found.total > asTyped.total
    ? {
        ...(await pageOf(db, found, correctedKeyword, corrected ?? [], requestedPage)),
        correctedTo: correctedKeyword,
      }
    : { ...(await pageOf(db, asTyped, keyword, words, requestedPage)), correctedTo: null };
}
