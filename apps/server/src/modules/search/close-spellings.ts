import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';

/** How many near words of each keyword word are looked at. */
const NEAR_PER_WORD = 3;

/**
 * requirements#search-refine: for each word of a keyword, the known words (product names the search
 * box suggests, brand and category names) spelled closest to it by trigram similarity, best first;
 * a word with none is left out. Short words and numbers are not looked up.
 */
export async function nearestWords(db: Executor, words: readonly string[]): Promise<Map<string, string[]>> {
  const fixable = [
    ...new Set(words.filter((word) => word.length >= 3 && word.length <= 30 && !/^\p{N}+$/u.test(word))),
  ];
  if (fixable.length === 0) return new Map();
  const rows = await queryRows<{ word: string; near: string[] | null }>(
    db,
    sql`SELECT w.word, ARRAY(
          SELECT v.word FROM (
              SELECT s.word FROM suggestion_words s WHERE s.word % w.word
              UNION
              SELECT lower(x) FROM brands, regexp_split_to_table(brands.name, '[^[:alnum:]]+') AS x
               WHERE length(x) >= 3 AND lower(x) % w.word
              UNION
              SELECT lower(x) FROM categories, regexp_split_to_table(categories.name, '[^[:alnum:]]+') AS x
               WHERE length(x) >= 3 AND lower(x) % w.word) AS v
           WHERE v.word <> w.word AND abs(length(v.word) - length(w.word)) <= 2
           ORDER BY similarity(v.word, w.word) DESC, v.word
           LIMIT ${NEAR_PER_WORD}) AS near
        FROM unnest(ARRAY[${sql.join(
          fixable.map((word) => sql`${word}`),
          sql`, `,
        )}]::text[]) AS w(word)`,
  );
  return new Map(rows.filter((row) => (row.near ?? []).length > 0).map((row) => [row.word, row.near ?? []]));
}
