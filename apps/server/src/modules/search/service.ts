import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@marketplace/db';
import {
  CATEGORY_LEVEL_TYPES,
  DEFAULT_SUGGESTION_IMAGE,
  isSuggestionMatch,
  orderSuggestions,
  type Suggestion,
  searchWords,
} from '@marketplace/domain';
import { catalogWord, scriptOf } from '@marketplace/domain/search/indic-words';

export const SUGGESTION_LIMITS = { brands: 4, categories: 6, products: 8 } as const;
// products are looked up by close spelling only for one word of this length: shorter text is still
// being typed and matches by prefix already
// brand and category names are at most a few words; longer text is not one of them misspelt
export const NAME_TYPO_MAX_LENGTH = 32;
/** How many of the suggested best sellers are walked before a word's matches are read through indexes. */
export const SUGGESTION_WALK = 2000;
/** How many matches a way of matching may have for a word to count as rare (read whole through indexes). */
export const SUGGESTION_FEW = 300;
export const PRODUCT_TYPO_LENGTH = { min: 5, max: 24, lengthChange: 2 } as const;

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Row = { id: number; name: string; type: string; image: string | null; registry: boolean; rank: number };

/**
 * requirements#indic-search: suggestions for text in Devanagari, Tamil or Telugu script, or with
 * romanised shopping words ('joote'): those of the text as typed, then those of its English words
 * ('जूते', 'joote' → 'shoe'), with the products whose sellers' translated titles have the words.
 */
export async function findSuggestions(
  db: Database,
  text: string,
  limits: { walk: number; few: number } = { walk: SUGGESTION_WALK, few: SUGGESTION_FEW },
): Promise<Suggestion[]> {
  const words = searchWords(text);
  const english = words.map(catalogWord).join(' ');
  const native = words.some((word) => scriptOf(word) !== null);
  if (english === words.join(' ') && !native) return suggestionsAsTyped(db, text, limits);
  const prefixQuery = words.map((w) => `${w}:*`).join(' & ');
  const [asTyped, asEnglish, translated] = await Promise.all([
    suggestionsAsTyped(db, text, limits),
    english === words.join(' ') ? Promise.resolve([]) : suggestionsAsTyped(db, english, limits),
    native && prefixQuery
      ? queryRows<{ id: number; name: string; main_image: string }>(
          db,
          sql`SELECT p.id, p.name, p.main_image
                FROM product_texts t JOIN products p ON p.id = t.product_id
               WHERE p.is_active AND t.title IS NOT NULL
                 AND (t.search_vector @@ to_tsquery('simple', ${prefixQuery})
                      OR t.title ILIKE ${containsPattern(words.join(' '))})
               GROUP BY p.id, p.name, p.main_image, p.units_sold
               ORDER BY p.units_sold DESC, p.id
               LIMIT ${SUGGESTION_LIMITS.products}`,
        )
      : Promise.resolve([]),
  ]);
  const seen = new Set<string>();
  let products = 0;
  return [
    ...asTyped,
    ...translated.map((row): Suggestion => ({
      id: Number(row.id),
      name: row.name,
      type: 'product',
      image: row.main_image,
      registry: 'No',
      isMatch: false,
    })),
    ...asEnglish,
  ].filter((s) => {
    const key = `${s.type}:${s.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return s.type !== 'product' || ++products <= SUGGESTION_LIMITS.products;
  });
}

/**
 * Brands, categories of all four levels and products for the search box: full-text prefix
 * matching ('lapt' finds laptops), substring matching, and trigram similarity for typos.
 */
async function suggestionsAsTyped(
  db: Database,
  text: string,
  // how far the best sellers are walked and how many matches a rare word has (tests make them small)
  { walk, few }: { walk: number; few: number } = { walk: SUGGESTION_WALK, few: SUGGESTION_FEW },
): Promise<Suggestion[]> {
  const q = text.trim();
  const words = searchWords(q);
  const pattern = containsPattern(q);
  const prefixQuery = words.map((w) => `${w}:*`).join(' & ');
  // A product matches by its words' prefixes ('lapt' finds laptops) through the full-text index;
  // one word also matches inside longer words ('phone' in 'smartphone') through the trigram index.
  // Each condition is its own indexed lookup: joined by OR, the planner reads every row instead.
  const conditions = [
    ...(words.length <= 1 ? [sql`s.name ILIKE ${pattern}`] : []),
    ...(prefixQuery
      ? [
          sql`s.search_vector @@ to_tsquery('simple', ${prefixQuery})`,
          sql`s.search_vector @@ to_tsquery('english', ${prefixQuery})`,
        ]
      : []),
  ];
  // Each way of matching is read through its index, as far as it is asked: a first look at no more
  // than SUGGESTION_FEW matches, and the rest only when needed. A materialized CTE is planned to be
  // read whole, so it stays an index lookup; a LIMIT over it stops the lookup early. (A LIMIT over
  // the lookup itself made the planner read the table in order, expecting to meet matches soon.)
  const ways = conditions.map((condition, i) => {
    const name = sql.raw(`way${i}`);
    return {
      name,
      cte: sql`${name} AS MATERIALIZED (SELECT s.id, s.sales_rank FROM product_suggestions s WHERE ${condition})`,
      firstLook: sql`(SELECT ${sql.raw(String(i))} AS way, id, sales_rank FROM ${name} LIMIT ${few})`,
    };
  });
  const anyCondition = sql.join(conditions, sql` OR `);
  // a brand or category name is short: only short text is compared with them by close spelling
  const namesByTypo = q.length <= NAME_TYPO_MAX_LENGTH;
  // Text of three characters or more is first looked up through the trigram and full-text indexes,
  // at most SUGGESTION_FEW matches a way: a rare word or a typo ends there, its best sellers
  // known. A common word ('blue' is in one name of seven) walks the first SUGGESTION_WALK best
  // sellers in their sales order instead, where eight turn up at once; only when they hold fewer
  // than eight is every match collected. Shorter text matches so many that the walk alone does.
  const byIndexes = q.length >= 3;
  const typoAllowed =
    q.length >= PRODUCT_TYPO_LENGTH.min && q.length <= PRODUCT_TYPO_LENGTH.max && !/\s/.test(q);
  // close spellings use the <% operator at the sessions' threshold (SESSION_SETTINGS)
  const rows = await queryRows<Row>(
    db,
    sql`
      WITH ${
        byIndexes
          ? sql`${sql.join(
              ways.map((way) => way.cte),
              sql`, `,
            )},
      first_look AS MATERIALIZED (${sql.join(
        ways.map((way) => way.firstLook),
        sql` UNION ALL `,
      )}),
      complete AS (
        SELECT NOT EXISTS (SELECT 1 FROM first_look GROUP BY way HAVING count(*) >= ${few}) AS yes),
      walked AS MATERIALIZED (
        SELECT s.id, s.name, s.main_image, s.sales_rank
          FROM product_suggestions s
         WHERE NOT (SELECT yes FROM complete)
           AND s.sales_rank <= ${walk} AND (${anyCondition})
         ORDER BY s.sales_rank
         LIMIT ${SUGGESTION_LIMITS.products}),
      matched AS (
        SELECT id, sales_rank FROM first_look WHERE (SELECT yes FROM complete)
        UNION ALL ${sql.join(
          ways.map(
            (way) =>
              sql`(SELECT id, sales_rank FROM ${way.name} WHERE NOT (SELECT yes FROM complete) AND (SELECT count(*) FROM walked) < ${SUGGESTION_LIMITS.products})`,
          ),
          sql` UNION ALL `,
        )}),
      direct AS (
        SELECT s.id, s.name, 'product' AS type, s.main_image AS image, false AS registry, 2 AS rank
          FROM walked s
         WHERE (SELECT count(*) FROM walked) >= ${SUGGESTION_LIMITS.products}
        UNION ALL
        -- the matches' ranks came with them: only the eight best are read again, by id
        (SELECT s.id, s.name, 'product' AS type, s.main_image AS image, false AS registry, 2 AS rank
          FROM (SELECT DISTINCT m.id, m.sales_rank FROM matched m
                 ORDER BY m.sales_rank LIMIT ${SUGGESTION_LIMITS.products}) best
          JOIN product_suggestions s ON s.id = best.id
         ORDER BY best.sales_rank)),`
          : sql`direct AS (
        SELECT s.id, s.name, 'product' AS type, s.main_image AS image, false AS registry, 2 AS rank
          FROM product_suggestions s
         WHERE ${anyCondition}
         ORDER BY s.sales_rank
         LIMIT ${SUGGESTION_LIMITS.products}),`
      }
      -- a close spelling, only when the text is one likely word and too few products match as typed:
      -- the nearest real word of the suggested products' names ('liuid' → 'liquid'); a typo
      -- adds, drops or swaps a letter or two, so words much shorter or longer are not candidates
      corrected AS (
        SELECT w.word FROM suggestion_words w
         WHERE ${typoAllowed} AND (SELECT count(*) FROM direct) < ${SUGGESTION_LIMITS.products}
           -- a word of the names as typed is its own nearest word: its products are found already
           AND NOT EXISTS (SELECT 1 FROM suggestion_words k WHERE k.word = lower(${q}))
           AND w.word % lower(${q})
           AND abs(length(w.word) - ${q.length}) <= ${PRODUCT_TYPO_LENGTH.lengthChange}
         ORDER BY similarity(w.word, lower(${q})) DESC, w.word
         LIMIT 1)
      (SELECT b.id, b.name, 'brand' AS type, b.logo_path AS image, b.is_registry AS registry,
              CASE WHEN lower(b.name) = lower(${q}) THEN 3 WHEN b.name ILIKE ${pattern} THEN 2 ELSE 1 END AS rank
         FROM brands b
        WHERE b.name ILIKE ${pattern} OR (${namesByTypo} AND ${q} <% b.name)
        ORDER BY rank DESC, word_similarity(${q}, b.name) DESC, b.name
        LIMIT ${SUGGESTION_LIMITS.brands})
      UNION ALL
      (SELECT c.id, c.name, 'level-' || c.level AS type, c.image_path AS image, false AS registry,
              CASE WHEN lower(c.name) = lower(${q}) THEN 3 WHEN c.name ILIKE ${pattern} THEN 2 ELSE 1 END AS rank
         FROM categories c
        WHERE c.name ILIKE ${pattern} OR (${namesByTypo} AND ${q} <% c.name)
        ORDER BY rank DESC, word_similarity(${q}, c.name) DESC, c.level, c.name
        LIMIT ${SUGGESTION_LIMITS.categories})
      UNION ALL
      -- products: the exact name among all products, then the best sellers the search box
      -- suggests (product_suggestions) by words and substrings, and close spellings only when
      -- those are too few; each branch is an index lookup, whatever the size of the catalog
      (SELECT p.id, p.name, 'product' AS type, p.main_image AS image, false AS registry, 3 AS rank
         FROM products p
        WHERE lower(p.name) = lower(${q}) AND p.is_active
        LIMIT 1)
      UNION ALL
      (SELECT * FROM direct)
      UNION ALL
      (SELECT s.id, s.name, 'product' AS type, s.main_image AS image, false AS registry, 1 AS rank
         FROM (SELECT s.id, s.name, s.main_image, s.sales_rank FROM product_suggestions s
                WHERE s.search_vector @@ plainto_tsquery('english', (SELECT word FROM corrected))
               OFFSET 0) s
        ORDER BY s.sales_rank
        LIMIT ${SUGGESTION_LIMITS.products})`,
  );
  // real matches (exact, then words and substrings) of every kind before close spellings
  const ranked = [...rows].sort((a, b) => b.rank - a.rank);
  const suggestions = ranked.map((row): Suggestion => ({
    id: row.id,
    name: row.name,
    type: row.type.startsWith('level-')
      ? (CATEGORY_LEVEL_TYPES[Number(row.type.slice(6)) - 1] ?? 'category')
      : (row.type as Suggestion['type']),
    image: row.image ?? DEFAULT_SUGGESTION_IMAGE,
    registry: row.registry ? 'Yes' : 'No',
    // requirements#search-submit: Enter opens only a suggestion that has the typed text
    isMatch: isSuggestionMatch(q, row.name),
  }));
  const ordered = orderSuggestions(suggestions, q);
  let products = 0;
  return ordered.filter((s) => s.type !== 'product' || ++products <= SUGGESTION_LIMITS.products);
}
