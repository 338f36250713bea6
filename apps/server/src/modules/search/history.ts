import { desc, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows, searchHistory } from '@marketplace/db';
import { SEARCH_HISTORY_LIMIT } from '@marketplace/domain/search/results';
import { hasConsent } from '../privacy/index.ts';

/**
 * Remembers a logged-in shopper's keyword ('Recently Searched Items'): a keyword searched again
 * moves to the front (the same words in any case are one entry), and only the latest
 * SEARCH_HISTORY_LIMIT stay.
 */
export async function recordSearch(db: Executor, userId: number, keyword: string, now = new Date()) {
  if (keyword.length === 0) return;
  // requirements#privacy-consent: kept only for a shopper who agreed to personalised recommendations
  if (!(await hasConsent(db, userId, 'personalisation'))) return;
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`INSERT INTO search_history (user_id, keyword, searched_at) VALUES (${userId}, ${keyword}, ${now})
          ON CONFLICT (user_id, lower(keyword)) DO UPDATE SET keyword = EXCLUDED.keyword, searched_at = EXCLUDED.searched_at`,
    );
    await queryRows(
      tx,
      sql`DELETE FROM search_history WHERE user_id = ${userId} AND id NOT IN (
            SELECT id FROM search_history WHERE user_id = ${userId}
             ORDER BY searched_at DESC, id DESC LIMIT ${SEARCH_HISTORY_LIMIT})`,
    );
  });
}

/** The shopper's own latest keywords, newest first (only ever by the id from their session). */
export async function recentSearches(
  db: Executor,
  userId: number,
  limit = SEARCH_HISTORY_LIMIT,
): Promise<string[]> {
  const rows = await db
    .select({ keyword: searchHistory.keyword })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.id))
    .limit(limit);
  return rows.map((row) => row.keyword);
}
