// requirements#operator-catalog: the moderation queue (new products and edits of live ones,
// oldest first), one product as its review page shows it, and the catalog's search by id or name.
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  brands,
  categories,
  type Executor,
  offers,
  productRevisions,
  products,
  sellers,
} from '@marketplace/db';
import {
  contentChanges,
  MODERATION_LIMITS,
  type ModerationProduct,
  type ModerationQueue,
  type ModerationQueueItem,
  type ProductSummary,
} from '@marketplace/domain/admin/moderation-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { moderatedContent, productUrl } from '../seller-listings/index.ts';

/** Each category's path from the top ("Home › Kitchen › Bottles"), read once per request. */
async function categoryPaths(db: Executor): Promise<(id: number) => string> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (id) => {
    const names: string[] = [];
    for (
      let at = byId.get(id);
      at && names.length < 4;
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    )
      names.unshift(at.name);
    return names.join(' › ');
  };
}

const productColumns = {
  productId: products.id,
  productName: products.name,
  image: products.mainImage,
  categoryId: products.categoryId,
  brandName: brands.name,
};

export async function moderationQueue(db: Executor): Promise<ModerationQueue> {
  const [pathOf, newProducts, edits, [newTotal], [editTotal]] = await Promise.all([
    categoryPaths(db),
    db
      .select({ ...productColumns, sellerName: sellers.name, submittedAt: products.submittedAt })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(sellers, eq(sellers.id, products.createdBySellerId))
      .where(and(eq(products.moderationStatus, 'pending'), sql`${products.mergedIntoId} IS NULL`))
      .orderBy(asc(products.submittedAt), asc(products.id))
      .limit(MODERATION_LIMITS.queueMax),
    db
      .select({
        ...productColumns,
        id: productRevisions.id,
        sellerName: sellers.name,
        submittedAt: productRevisions.submittedAt,
        content: productRevisions.content,
      })
      .from(productRevisions)
      .innerJoin(products, eq(products.id, productRevisions.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(sellers, eq(sellers.id, productRevisions.sellerId))
      .where(eq(productRevisions.status, 'pending'))
      .orderBy(asc(productRevisions.submittedAt), asc(productRevisions.id))
      .limit(MODERATION_LIMITS.queueMax),
    db
      .select({ total: count() })
      .from(products)
      .where(and(eq(products.moderationStatus, 'pending'), sql`${products.mergedIntoId} IS NULL`)),
    db.select({ total: count() }).from(productRevisions).where(eq(productRevisions.status, 'pending')),
  ]);
  const items: ModerationQueueItem[] = newProducts.map((row) => ({
    kind: 'product',
    id: row.productId,
    productId: row.productId,
    productName: row.productName,
    image: row.image,
    sellerName: row.sellerName,
    categoryPath: pathOf(row.categoryId),
    brandName: row.brandName,
    submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
    changed: [],
  }));
  for (const row of edits) {
    const live = await moderatedContent(db, row.productId);
    items.push({
      kind: 'edit',
      id: row.id,
      productId: row.productId,
      productName: row.productName,
      image: row.image,
      sellerName: row.sellerName,
      categoryPath: pathOf(row.categoryId),
      brandName: row.brandName,
      submittedAt: row.submittedAt.toISOString(),
      changed: live ? contentChanges(live, row.content).map((change) => change.label) : [],
    });
  }
  items.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.id - b.id);
  return {
    items: items.slice(0, MODERATION_LIMITS.queueMax),
    total: (newTotal?.total ?? 0) + (editTotal?.total ?? 0),
  };
}

/** One product with everything its review shows, and its edit waiting for review if any. */
export async function productForModeration(
  db: Executor,
  productId: number,
): Promise<ModerationProduct | null> {
  const [row] = await db
    .select({ product: products, brandName: brands.name, sellerName: sellers.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(sellers, eq(sellers.id, products.createdBySellerId))
    .where(eq(products.id, productId));
  if (!row) return null;
  const [pathOf, content, [revision]] = await Promise.all([
    categoryPaths(db),
    moderatedContent(db, productId),
    db
      .select()
      .from(productRevisions)
      .where(and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending'))),
  ]);
  if (!content) return null;
  const p = row.product;
  return {
    product: {
      id: p.id,
      name: p.name,
      url: productUrl(p.name),
      moderationStatus: p.moderationStatus,
      moderationReason: p.moderationReason,
      isActive: p.isActive,
      mergedIntoId: p.mergedIntoId,
      submittedAt: p.submittedAt?.toISOString() ?? null,
      seller:
        p.createdBySellerId !== null && row.sellerName !== null
          ? { id: p.createdBySellerId, name: row.sellerName }
          : null,
      categoryPath: pathOf(p.categoryId),
      brandName: row.brandName,
      images: p.images.length > 0 ? p.images : [p.mainImage],
    },
    content,
    revision: revision
      ? {
          id: revision.id,
          submittedAt: revision.submittedAt.toISOString(),
          content: revision.content,
          changes: contentChanges(content, revision.content),
        }
      : null,
  };
}

/** The product an edit belongs to, or null. */
export async function revisionProductId(db: Executor, revisionId: number): Promise<number | null> {
  const [row] = await db
    .select({ productId: productRevisions.productId })
    .from(productRevisions)
    .where(eq(productRevisions.id, revisionId));
  return row?.productId ?? null;
}

/** Products as a merge shows them, in the order of the ids given. */
export async function productSummaries(db: Executor, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      image: products.mainImage,
      moderationStatus: products.moderationStatus,
      isActive: products.isActive,
      mergedIntoId: products.mergedIntoId,
      brandName: brands.name,
      ratingCount: products.ratingCount,
      offerCount: sql<number>`(SELECT count(*)::int FROM ${offers} WHERE ${offers.productId} = ${products.id} AND ${offers.closedAt} IS NULL)`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, { ...row, url: productUrl(row.name) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Products by id, or by the words of their name. */
export async function searchProducts(db: Executor, q: string): Promise<ProductSummary[]> {
  const text = q.trim();
  if (text === '') return [];
  // every word of the search in the name, in any order ("kettle electric" finds "Electric Kettle")
  const words = text.split(/\s+/).slice(0, 8);
  const byName = and(
    ...words.map((word) => ilike(products.name, `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)),
  );
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(or(byName, isRecordId(text) ? eq(products.id, Number(text)) : undefined))
    .orderBy(desc(products.isActive), asc(products.id))
    .limit(MODERATION_LIMITS.searchResults);
  return productSummaries(
    db,
    rows.map((row) => row.id),
  );
}
