import { and, eq, isNull, sql } from 'drizzle-orm';
import { categories, type Executor, queryRows } from '@marketplace/db';
import {
  CATEGORY_LISTING_TYPES,
  type CategoryListingType,
  categoryListingPath,
} from '@marketplace/domain/catalog/categories';

export type CategoryRef = { id: number; name: string; level: number; parentId: number | null };

/** The category a listing URL names (type c, sc, ssc or sssc and its name, case-insensitive). */
export async function findCategory(db: Executor, type: string, name: string): Promise<CategoryRef | null> {
  const level = CATEGORY_LISTING_TYPES.indexOf(type as CategoryListingType) + 1;
  if (level === 0 || name.length === 0 || name.length > 200) return null;
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      level: categories.level,
      parentId: categories.parentId,
    })
    .from(categories)
    .where(
      and(
        eq(categories.level, level),
        eq(sql`lower(${categories.name})`, name.toLowerCase()),
        // requirements#operator-catalog: a retired category has no listing
        isNull(categories.retiredAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * requirements#operator-catalog: the listing address a category's former name (renamed, or moved
 * to another level) now leads to, or null. A current name always wins over a former one.
 */
export async function formerCategoryPath(db: Executor, type: string, name: string): Promise<string | null> {
  const level = CATEGORY_LISTING_TYPES.indexOf(type as CategoryListingType) + 1;
  if (level === 0 || name.length === 0 || name.length > 200) return null;
  const [row] = await queryRows<{ level: number; name: string }>(
    db,
    sql`SELECT c.level, c.name FROM category_former_names f JOIN categories c ON c.id = f.category_id
         WHERE f.level = ${level} AND lower(f.name) = ${name.toLowerCase()} AND c.retired_at IS NULL
         LIMIT 1`,
  );
  return row ? categoryListingPath(Number(row.level), row.name) : null;
}

/** The ids of a category and every category below it (products sit on any level, usually the last). */
export async function categorySubtreeIds(db: Executor, rootId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id FROM categories WHERE id = ${rootId}
          UNION ALL
          SELECT c.id FROM categories c JOIN tree t ON c.parent_id = t.id
        )
        SELECT id FROM tree`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * The category a search keyword names (any level, letter case and spacing ignored), the highest
 * level first (requirements#search-refine).
 */
export async function findNamedCategory(db: Executor, keyword: string): Promise<CategoryRef | null> {
  const name = keyword.replace(/\s+/g, ' ').trim().toLowerCase();
  if (name.length === 0 || name.length > 200) return null;
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      level: categories.level,
      parentId: categories.parentId,
    })
    .from(categories)
    .where(and(eq(sql`lower(${categories.name})`, name), isNull(categories.retiredAt)))
    .orderBy(categories.level, categories.id)
    .limit(1);
  return row ?? null;
}

/** How many best sellers tell which categories are popular. */
const POPULAR_SAMPLE = 1000;

/**
 * The subcategories (level 2; a product's own category when it sits higher) that sell most among
 * the best sellers, best first (requirements#search-refine: an empty result offers them).
 */
export async function popularCategories(
  db: Executor,
  limit: number,
): Promise<Omit<CategoryRef, 'parentId'>[]> {
  const rows = await queryRows<{ id: number; name: string; level: number }>(
    db,
    sql`WITH RECURSIVE top AS (
          SELECT category_id, units_sold FROM best_seller_search
           ORDER BY units_sold DESC, id LIMIT ${POPULAR_SAMPLE}),
        up AS (
          SELECT c.id AS leaf, c.id, c.parent_id, c.level, c.name FROM categories c
           WHERE c.id IN (SELECT category_id FROM top)
          UNION ALL
          SELECT up.leaf, p.id, p.parent_id, p.level, p.name FROM categories p JOIN up ON p.id = up.parent_id
           WHERE up.level > 2)
        SELECT u.id, u.name, u.level FROM top JOIN up u ON u.leaf = top.category_id
         WHERE u.level = 2 OR (u.id = u.leaf AND u.level < 2)
         GROUP BY u.id, u.name, u.level
         ORDER BY sum(top.units_sold) DESC, u.id
         LIMIT ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, level: Number(row.level) }));
}
