// requirements#operator-catalog: a category's filter attributes start as those its products carry
// (migration 0025 runs the same statements on an existing database; the seed runs these).
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** Defines each category's attributes and values from its products' (those already defined stay). */
export async function deriveCategoryAttributes(db: Executor): Promise<void> {
  await db.execute(sql`
    INSERT INTO category_attributes (category_id, name, position)
    SELECT category_id, name, (row_number() OVER (PARTITION BY category_id ORDER BY name))::int - 1
      FROM (SELECT DISTINCT p.category_id, a.name
              FROM product_attributes a JOIN products p ON p.id = a.product_id) AS named
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO category_attribute_values (attribute_id, value, position)
    SELECT ca.id, v.value, (row_number() OVER (PARTITION BY ca.id ORDER BY v.value))::int - 1
      FROM (SELECT DISTINCT p.category_id, a.name, a.value
              FROM product_attributes a JOIN products p ON p.id = a.product_id) AS v
      JOIN category_attributes ca ON ca.category_id = v.category_id AND ca.name = v.name
    ON CONFLICT DO NOTHING`);
}
