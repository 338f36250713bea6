// requirements#operator-catalog: two duplicate products become one. The duplicate's offers, reviews,
// ratings, shoppers' saved and viewed entries, order items (their name and image as bought kept),
// feedback and promotions move to the product kept, in one transaction; the duplicate leaves the
// shop and its address redirects to the product kept. A merge reaches across modules' tables by
// nature (ADR-0031).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Database,
  type Executor,
  offers,
  productRevisions,
  products,
  queryRows,
  refreshProductSuggestions,
  sellers,
} from '@marketplace/db';
import {
  combinedStars,
  MERGE_MOVES,
  type MergeConflict,
  type MergeMove,
  type MergePreview,
  mergeConflicts,
  mergeRefusal,
  MODERATION_MESSAGES,
} from '@marketplace/domain/admin/moderation-api';
import { refreshLowestPrices } from '../inventory/index.ts';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { productSummaries } from './queue.ts';

type Moves = Record<MergeMove, number>;

export type MergeResult =
  | { code: 'OK'; keepId: number; keepName: string; duplicateName: string; moves: Moves }
  | { code: 'NOT_FOUND' }
  | { code: 'REFUSED'; message: string }
  | { code: 'SAME_SELLER'; message: string; conflicts: MergeConflict[] };

async function offersOf(db: Executor, productId: number) {
  const rows = await db
    .select({
      sellerId: offers.sellerId,
      sellerName: sellers.name,
      sku: offers.sku,
      closedAt: offers.closedAt,
    })
    .from(offers)
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(eq(offers.productId, productId))
    .orderBy(asc(sellers.name));
  return rows.map((row) => ({ ...row, isClosed: row.closedAt !== null }));
}

const countOf = async (db: Executor, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

/** What a merge would move from the duplicate to the product kept. */
async function movesOf(db: Executor, duplicateId: number, ratingCount: number): Promise<Moves> {
  const d = duplicateId;
  const [offerCount, reviews, savedItems, browsingHistory, orderItems, feedback, promotions] =
    await Promise.all([
      countOf(db, sql`SELECT count(*)::int AS n FROM offers WHERE product_id = ${d} AND closed_at IS NULL`),
      countOf(db, sql`SELECT count(*)::int AS n FROM reviews WHERE product_id = ${d}`),
      countOf(db, sql`SELECT count(*)::int AS n FROM saved_items WHERE product_id = ${d}`),
      countOf(db, sql`SELECT count(*)::int AS n FROM browsing_history WHERE product_id = ${d}`),
      countOf(db, sql`SELECT count(*)::int AS n FROM order_items WHERE product_id = ${d}`),
      countOf(db, sql`SELECT count(*)::int AS n FROM feedback WHERE product_id = ${d}`),
      countOf(
        db,
        sql`SELECT ((SELECT count(*) FROM coupons WHERE product_id = ${d})
                + (SELECT count(*) FROM deals WHERE product_id = ${d})
                + (SELECT count(*) FROM brand_campaigns WHERE product_id = ${d})
                + (SELECT count(*) FROM content_items WHERE product_id = ${d}))::int AS n`,
      ),
    ]);
  const moves = {
    offers: offerCount,
    reviews,
    ratings: ratingCount,
    savedItems,
    browsingHistory,
    orderItems,
    feedback,
    promotions,
  } satisfies Moves;
  // every move the contract lists is counted
  for (const [key] of MERGE_MOVES) if (!(key in moves)) throw new Error(`uncounted move ${key}`);
  return moves;
}

async function sides(db: Executor, keepId: number, duplicateId: number, lock: boolean) {
  const query = db
    .select()
    .from(products)
    .where(inArray(products.id, [keepId, duplicateId]))
    .orderBy(asc(products.id));
  const rows = lock ? await query.for('update') : await query;
  return {
    keep: rows.find((row) => row.id === keepId),
    duplicate: rows.find((row) => row.id === duplicateId),
  };
}

/** Why the two cannot merge (or the sellers selling both), checked the same before and during a merge. */
async function check(
  db: Executor,
  keep: typeof products.$inferSelect,
  duplicate: typeof products.$inferSelect,
) {
  const refusal = mergeRefusal(keep, duplicate);
  const conflicts =
    refusal === null ? mergeConflicts(await offersOf(db, keep.id), await offersOf(db, duplicate.id)) : [];
  const sellerNames = [...new Set(conflicts.map((conflict) => conflict.sellerName))];
  return {
    refusal: refusal ?? (conflicts.length > 0 ? MODERATION_MESSAGES.mergeSameSeller(sellerNames) : null),
    conflicts,
    isSameSeller: refusal === null && conflicts.length > 0,
  };
}

export async function mergePreview(
  db: Executor,
  keepId: number,
  duplicateId: number,
): Promise<MergePreview | null> {
  const { keep, duplicate } = await sides(db, keepId, duplicateId, false);
  if (!keep || !duplicate) return null;
  const [summaries, checked, moves] = await Promise.all([
    productSummaries(db, [keepId, duplicateId]),
    check(db, keep, duplicate),
    movesOf(db, duplicateId, duplicate.ratingCount),
  ]);
  const [keepSummary, duplicateSummary] = summaries;
  if (!keepSummary || !duplicateSummary) return null;
  return {
    keep: keepSummary,
    duplicate: duplicateSummary,
    moves,
    conflicts: checked.conflicts,
    refusal: checked.refusal,
  };
}

export async function mergeProducts(
  db: Database,
  actor: AuditActor,
  keepId: number,
  duplicateId: number,
  now: Date,
): Promise<MergeResult> {
  if (keepId === duplicateId) return { code: 'REFUSED', message: MODERATION_MESSAGES.mergeSame };
  const result = await db.transaction(async (tx): Promise<MergeResult> => {
    const { keep, duplicate } = await sides(tx, keepId, duplicateId, true);
    if (!keep || !duplicate) return { code: 'NOT_FOUND' };
    const checked = await check(tx, keep, duplicate);
    if (checked.refusal !== null)
      return checked.isSameSeller
        ? { code: 'SAME_SELLER', message: checked.refusal, conflicts: checked.conflicts }
        : { code: 'REFUSED', message: checked.refusal };
    const moves = await movesOf(tx, duplicateId, duplicate.ratingCount);
    const k = keepId;
    const d = duplicateId;
    // open offers move (no seller has one on both: checked above); closed ones stay with their orders
    await tx.execute(
      sql`UPDATE offers SET product_id = ${k}, updated_at = ${now} WHERE product_id = ${d} AND closed_at IS NULL`,
    );
    await tx.execute(sql`UPDATE reviews SET product_id = ${k} WHERE product_id = ${d}`);
    // a shopper's list or history holds a product once: the entry of the product kept stays
    await tx.execute(
      sql`DELETE FROM saved_items s WHERE s.product_id = ${d}
            AND EXISTS (SELECT 1 FROM saved_items o WHERE o.user_id = s.user_id AND o.list = s.list AND o.product_id = ${k})`,
    );
    await tx.execute(sql`UPDATE saved_items SET product_id = ${k} WHERE product_id = ${d}`);
    await tx.execute(
      sql`UPDATE browsing_history o SET viewed_at = greatest(o.viewed_at, s.viewed_at)
            FROM browsing_history s WHERE s.product_id = ${d} AND o.product_id = ${k} AND o.user_id = s.user_id`,
    );
    await tx.execute(
      sql`DELETE FROM browsing_history s WHERE s.product_id = ${d}
            AND EXISTS (SELECT 1 FROM browsing_history o WHERE o.user_id = s.user_id AND o.product_id = ${k})`,
    );
    await tx.execute(sql`UPDATE browsing_history SET product_id = ${k} WHERE product_id = ${d}`);
    // order items keep the name and image the shopper bought; their product is the one kept
    await tx.execute(sql`UPDATE order_items SET product_id = ${k} WHERE product_id = ${d}`);
    await tx.execute(
      sql`UPDATE feedback f SET product_id = ${k} WHERE f.product_id = ${d}
            AND NOT EXISTS (SELECT 1 FROM feedback o WHERE o.product_id = ${k} AND o.user_id = f.user_id
                              AND o.order_id = f.order_id AND o.seller_id = f.seller_id AND o.kind = f.kind)`,
    );
    for (const table of ['coupons', 'deals', 'brand_campaigns', 'campaign_events', 'content_items'])
      await tx.execute(sql`UPDATE ${sql.identifier(table)} SET product_id = ${k} WHERE product_id = ${d}`);
    // ratings and sales travel with the reviews and orders
    await tx
      .update(products)
      .set({
        ...combinedStars(keep, duplicate),
        unitsSold: keep.unitsSold + duplicate.unitsSold,
        updatedAt: now,
      })
      .where(eq(products.id, k));
    await tx
      .update(products)
      .set({
        star1: 0,
        star2: 0,
        star3: 0,
        star4: 0,
        star5: 0,
        ratingCount: 0,
        unitsSold: 0,
        isActive: false,
        mergedIntoId: k,
        updatedAt: now,
      })
      .where(eq(products.id, d));
    // products merged into the duplicate earlier now redirect to the product kept
    await tx.update(products).set({ mergedIntoId: k }).where(eq(products.mergedIntoId, d));
    await tx
      .update(productRevisions)
      .set({ status: 'rejected', reason: `Merged into “${keep.name}”.`, decidedAt: now })
      .where(sql`${productRevisions.productId} = ${d} AND ${productRevisions.status} = 'pending'`);
    await refreshLowestPrices(tx, [k, d]);
    await writeAudit(
      tx,
      actor,
      {
        action: 'product.merge',
        targetType: 'product',
        targetId: d,
        before: {
          duplicate: {
            id: d,
            name: duplicate.name,
            isActive: duplicate.isActive,
            ratingCount: duplicate.ratingCount,
          },
          keep: { id: k, name: keep.name, ratingCount: keep.ratingCount },
        },
        after: {
          duplicate: { id: d, mergedIntoId: k, isActive: false },
          keep: { id: k, ratingCount: keep.ratingCount + duplicate.ratingCount },
          moved: moves,
        },
      },
      now,
    );
    return { code: 'OK', keepId: k, keepName: keep.name, duplicateName: duplicate.name, moves };
  });
  if (result.code === 'OK') await refreshProductSuggestions(db);
  return result;
}
