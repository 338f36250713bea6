import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@marketplace/db';
import {
  CATEGORY_LEVEL_TYPES,
  DEFAULT_SUGGESTION_IMAGE,
  orderSuggestions,
  type Suggestion,
  searchWords,
} from '@marketplace/domain';

export const SUGGESTION_LIMITS = { brands: 4, categories: 6, products: 8 } as const;
// word_similarity threshold for the trigram operator <%: low enough that one typo still matches
const TYPO_THRESHOLD = 0.4;

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Row = { id: number; name: string; type: string; image: string | null; registry: boolean; rank: number };

/**
 * Brands, categories of all four levels and products for the search box: full-text prefix
 * matching ('lapt' finds laptops), substring matching, and trigram similarity for typos.
 */
export async function findSuggestions(db: Database, text: string): Promise<Suggestion[]> {
  const q = text.trim();
  const words = searchWords(q);
  const pattern = containsPattern(q);
  const prefixQuery = words.map((w) => `${w}:*`).join(' & ');
  const fullText = prefixQuery
    ? sql`OR p.search_vector @@ to_tsquery('simple', ${prefixQuery}) OR p.search_vector @@ to_tsquery('english', ${prefixQuery})`
    : sql``;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}`));
    return queryRows<Row>(
      tx,
      sql`
      (SELECT b.id, b.name, 'brand' AS type, b.logo_path AS image, b.is_registry AS registry,
              CASE WHEN lower(b.name) = lower(${q}) THEN 3 WHEN b.name ILIKE ${pattern} THEN 2 ELSE 1 END AS rank
         FROM brands b
        WHERE b.name ILIKE ${pattern} OR ${q} <% b.name
        ORDER BY rank DESC, word_similarity(${q}, b.name) DESC, b.name
        LIMIT ${SUGGESTION_LIMITS.brands})
      UNION ALL
      (SELECT c.id, c.name, 'level-' || c.level AS type, c.image_path AS image, false AS registry,
              CASE WHEN lower(c.name) = lower(${q}) THEN 3 WHEN c.name ILIKE ${pattern} THEN 2 ELSE 1 END AS rank
         FROM categories c
        WHERE c.name ILIKE ${pattern} OR ${q} <% c.name
        ORDER BY rank DESC, word_similarity(${q}, c.name) DESC, c.level, c.name
        LIMIT ${SUGGESTION_LIMITS.categories})
      UNION ALL
      (SELECT p.id, p.name, 'product' AS type, p.main_image AS image, false AS registry,
              CASE WHEN lower(p.name) = lower(${q}) THEN 3 WHEN p.name ILIKE ${pattern} ${fullText} THEN 2 ELSE 1 END AS rank
         FROM products p
        WHERE p.is_active AND (p.name ILIKE ${pattern} OR ${q} <% p.name ${fullText})
        ORDER BY rank DESC, word_similarity(${q}, p.name) DESC, p.units_sold DESC, p.id
        LIMIT ${SUGGESTION_LIMITS.products})`,
    );
  });
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
  }));
  return orderSuggestions(suggestions, q);
}
