import { and, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { browsingHistory, type Executor, products } from '@marketplace/db';
import { HISTORY_CAP, type HistoryEntry, historyCutoff } from '@marketplace/domain/catalog/history';
import { hasConsent } from '../privacy/index.ts';

/** A shopper's browsing history on the server, newest first: at most 10 active products viewed within a month. */
export async function readHistory(db: Executor, userId: number, now = new Date()): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      productId: products.id,
      productName: products.name,
      image: products.mainImage,
      viewedAt: browsingHistory.viewedAt,
    })
    .from(browsingHistory)
    .innerJoin(products, eq(products.id, browsingHistory.productId))
    .where(
      and(
        eq(browsingHistory.userId, userId),
        eq(products.isActive, true),
        gte(browsingHistory.viewedAt, new Date(historyCutoff(now.getTime()))),
      ),
    )
    .orderBy(desc(browsingHistory.viewedAt), browsingHistory.productId)
    .limit(HISTORY_CAP);
  return rows.map((row) => ({
    productId: row.productId,
    productName: row.productName,
    image: row.image,
    timestamp: row.viewedAt.getTime(),
  }));
}

/**
 * Saves the browser's copy into a shopper's history (requirements#browsing-history): each product keeps its newest view;
 * unknown products, views older than a month and everything past the newest 10 are dropped. Only
 * product ids and times are taken from the browser; names and images come from the catalog.
 */
export async function saveHistory(
  db: Executor,
  userId: number,
  entries: readonly Pick<HistoryEntry, 'productId' | 'timestamp'>[],
  now = new Date(),
): Promise<HistoryEntry[]> {
  // requirements#privacy-consent: nothing is kept for a shopper who has not agreed to personalisation
  if (!(await hasConsent(db, userId, 'personalisation'))) return [];
  const cutoff = historyCutoff(now.getTime());
  const newest = new Map<number, number>();
  for (const { productId, timestamp } of entries) {
    // a clock ahead of ours cannot put a view in the future
    const at = Math.min(timestamp, now.getTime());
    if (at < cutoff) continue;
    newest.set(productId, Math.max(at, newest.get(productId) ?? 0));
  }
  await db.transaction(async (tx) => {
    const ids = [...newest.keys()];
    const known =
      ids.length === 0
        ? []
        : await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
    const rows = known.map(({ id }) => ({ userId, productId: id, viewedAt: new Date(newest.get(id) ?? 0) }));
    if (rows.length > 0)
      await tx
        .insert(browsingHistory)
        .values(rows)
        .onConflictDoUpdate({
          target: [browsingHistory.userId, browsingHistory.productId],
          set: { viewedAt: sql`greatest(${browsingHistory.viewedAt}, excluded.viewed_at)` },
        });
    await tx
      .delete(browsingHistory)
      .where(and(eq(browsingHistory.userId, userId), lt(browsingHistory.viewedAt, new Date(cutoff))));
    const keep = await tx
      .select({ productId: browsingHistory.productId })
      .from(browsingHistory)
      .where(eq(browsingHistory.userId, userId))
      .orderBy(desc(browsingHistory.viewedAt), browsingHistory.productId)
      .limit(HISTORY_CAP);
    await tx.delete(browsingHistory).where(
      and(
        eq(browsingHistory.userId, userId),
        keep.length > 0
          ? notInArray(
              browsingHistory.productId,
              keep.map((k) => k.productId),
            )
          : undefined,
      ),
    );
  });
  return readHistory(db, userId, now);
}
