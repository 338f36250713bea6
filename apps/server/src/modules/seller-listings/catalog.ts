// requirements#seller-listings: what a seller picks from when listing: catalog products found as
// the shop's search finds them, and the new-product form's categories, brands, attributes and groups.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { brands, categories, type Executor, offers, productGroups, products } from '@marketplace/db';
import { searchWords } from '@marketplace/domain/search/suggestions';
import type { CatalogMatches, ProductFormOptions } from '@marketplace/domain/sellers/listing-api';
import { rankedProducts } from '../search/index.ts';
import { categoryAttributes } from './product-content.ts';
import { loadSellerScope } from './seller-scope.ts';

const MATCHES_SHOWN = 20;

/** Live catalog products for the words, best first as the shop's search ranks them. */
export async function findCatalogProducts(
  db: Executor,
  sellerId: number,
  q: string,
): Promise<CatalogMatches> {
  const words = searchWords(q);
  if (words.length === 0) return { q, products: [] };
  const [ranked, scope] = await Promise.all([
    rankedProducts(db, q, words, MATCHES_SHOWN),
    loadSellerScope(db, sellerId),
  ]);
  if (ranked.ids.length === 0) return { q, products: [] };
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      image: products.mainImage,
      brandName: brands.name,
      categoryId: products.categoryId,
      categoryName: categories.name,
      lowestPricePaise: products.lowestPricePaise,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ranked.ids));
  const counts = await db
    .select({
      productId: offers.productId,
      offers: sql<number>`count(*) FILTER (WHERE ${offers.isActive})::int`,
      mine: sql<number>`count(*) FILTER (WHERE ${offers.sellerId} = ${sellerId})::int`,
    })
    .from(offers)
    .where(inArray(offers.productId, ranked.ids))
    .groupBy(offers.productId);
  const byId = new Map(rows.map((row) => [row.productId, row]));
  const countOf = new Map(counts.map((row) => [row.productId, row]));
  return {
    q,
    products: ranked.ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          productId: row.productId,
          name: row.name,
          image: row.image,
          brandName: row.brandName,
          categoryName: row.categoryName,
          lowestPricePaise: row.lowestPricePaise,
          offerCount: countOf.get(id)?.offers ?? 0,
          isSoldByYou: (countOf.get(id)?.mine ?? 0) > 0,
          isAllowed: scope.isAllowed(row.categoryId),
        },
      ];
    }),
  };
}

/** The new-product form's choices; `categoryId` (a leaf the seller may use) adds its attributes. */
export async function productFormOptions(
  db: Executor,
  sellerId: number,
  categoryId: number | null,
): Promise<ProductFormOptions> {
  const scope = await loadSellerScope(db, sellerId);
  // requirements#operator-catalog: a leaf is a category with none below it (staff may end a branch above level 4)
  const parents = new Set([...scope.tree.values()].map((node) => node.parentId));
  const leaves = [...scope.tree.values()]
    .filter((node) => !parents.has(node.id) && scope.isAllowed(node.id))
    .map((node) => ({ id: node.id, path: scope.pathOf(node.id) }))
    .sort((a, b) => a.path.join('\u0000').localeCompare(b.path.join('\u0000')));
  const isLeaf = categoryId !== null && leaves.some((leaf) => leaf.id === categoryId);
  const [brandRows, attributes, groups] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .orderBy(asc(sql`lower(${brands.name})`)),
    isLeaf && categoryId !== null ? categoryAttributes(db, categoryId) : Promise.resolve([]),
    db
      .selectDistinct({ id: productGroups.id, name: productGroups.name, axes: productGroups.axes })
      .from(productGroups)
      .innerJoin(products, eq(products.groupId, productGroups.id))
      .where(and(eq(products.createdBySellerId, sellerId), isNotNull(products.groupId)))
      .orderBy(productGroups.id),
  ]);
  return {
    categories: leaves,
    brands: brandRows,
    attributes,
    groups: groups.map((group) => ({ id: group.id, name: group.name, label: group.axes[0] ?? 'Variant' })),
  };
}
