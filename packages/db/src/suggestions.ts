import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** How often a running server rebuilds the list of products the search box suggests. */
export const SUGGESTIONS_REFRESH_MS = 60 * 60 * 1000;

/**
 * Rebuilds the product_suggestions view (the best sellers the search box suggests) and their words,
 * and best_seller_search (the best sellers broad searches rank), from the catalog as it is now.
 * Readers keep the previous lists until the new ones are ready. With `concurrently: false` (the
 * seed, which no one reads yet) the views are rebuilt outright, without comparing old and new rows.
 */
export async function refreshProductSuggestions(
  db: Executor,
  { concurrently = true }: { concurrently?: boolean } = {},
): Promise<void> {
  const how = concurrently ? sql`CONCURRENTLY ` : sql``;
  await db.execute(sql`REFRESH MATERIALIZED VIEW ${how}product_suggestions`);
  await db.execute(sql`REFRESH MATERIALIZED VIEW ${how}suggestion_words`);
  await db.execute(sql`REFRESH MATERIALIZED VIEW ${how}best_seller_search`);
  // fresh statistics let the planner see how few rows a search term matches
  await db.execute(sql`ANALYZE product_suggestions, suggestion_words, best_seller_search`);
}
