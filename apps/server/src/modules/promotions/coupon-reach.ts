import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import {
  type CouponLine,
  type CouponReach,
  couponReaches,
  isCouponScope,
} from '@marketplace/domain/pricing/coupon-scope';

/** What of a product a coupon's scope reads: its brand, and its category with every one above it. */
export type ProductReach = { brandId: number; categoryIds: number[] };

/** Each product's brand and category lineage, read once for all of them (the tree is four levels deep). */
export async function productReach(db: Executor, productIds: readonly number[]) {
  const ids = [...new Set(productIds)];
  const found = new Map<number, ProductReach>();
  if (ids.length === 0) return found;
  const rows = await queryRows<{ product_id: number; brand_id: number; category_ids: number[] }>(
    db,
    sql`WITH RECURSIVE up AS (
          SELECT p.id AS product_id, p.brand_id, c.id AS category_id, c.parent_id
            FROM products p JOIN categories c ON c.id = p.category_id
           WHERE p.id IN (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})
          UNION ALL
          SELECT up.product_id, up.brand_id, c.id, c.parent_id
            FROM up JOIN categories c ON c.id = up.parent_id)
        SELECT product_id, brand_id, array_agg(category_id) AS category_ids FROM up GROUP BY product_id, brand_id`,
  );
  for (const row of rows)
    found.set(Number(row.product_id), {
      brandId: Number(row.brand_id),
      categoryIds: row.category_ids.map(Number),
    });
  return found;
}

/** A coupon row's reach for the domain rule; an unknown scope (the database refuses one) reaches nothing. */
export function reachOf(row: {
  scope: string;
  productId: number | null;
  categoryId: number | null;
  brandId: number | null;
  sellerId: number | null;
}): CouponReach | null {
  if (!isCouponScope(row.scope)) return null;
  return {
    scope: row.scope,
    productId: row.productId,
    categoryId: row.categoryId,
    brandId: row.brandId,
    sellerId: row.sellerId,
  };
}

/** The line as the coupon rule sees it, when its product is known. */
export function couponLineOf(
  reach: ReadonlyMap<number, ProductReach>,
  line: { productId: number; sellerId: number },
): CouponLine | null {
  const product = reach.get(line.productId);
  return product ? { productId: line.productId, sellerId: line.sellerId, ...product } : null;
}

/** requirements#coupon-scopes: whether a stored coupon takes money off a line (domain `couponReaches`). */
export function rowReachesLine(
  row: Parameters<typeof reachOf>[0],
  reach: ReadonlyMap<number, ProductReach>,
  line: { productId: number; sellerId: number },
): boolean {
  const coupon = reachOf(row);
  const couponLine = couponLineOf(reach, line);
  return coupon !== null && couponLine !== null && couponReaches(coupon, couponLine);
}

/**
 * The coupons that might reach a product, as a WHERE condition over `coupons`: its own, its
 * brand's, its categories', sellers' and everyone's (the domain rule then picks per offer).
 */
export function mayReachProduct(productId: number, product: ProductReach) {
  const categories = product.categoryIds.length
    ? sql`coupons.category_id IN (${sql.join(
        product.categoryIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`FALSE`;
  return sql`(coupons.product_id = ${productId}
    OR (coupons.scope = 'brand' AND coupons.brand_id = ${product.brandId})
    OR (coupons.scope = 'category' AND ${categories})
    OR coupons.scope IN ('seller', 'all'))`;
}
