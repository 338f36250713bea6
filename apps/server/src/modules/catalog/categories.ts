import { and, eq, sql } from 'drizzle-orm';
import { categories, type Executor, queryRows } from '@marketplace/db';
import { CATEGORY_LISTING_TYPES, type CategoryListingType } from '@marketplace/domain/catalog/categories';

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
    .where(and(eq(categories.level, level), eq(sql`lower(${categories.name})`, name.toLowerCase())))
    .limit(1);
  return row ?? null;
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
