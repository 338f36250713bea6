import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';

/**
 * requirements#operator-catalog: the name of the live product a merged duplicate of this name was
 * merged into (its address redirects there for good), or null.
 */
export async function mergedTarget(db: Executor, name: string): Promise<string | null> {
  if (name === '' || name.length > 300) return null;
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT k.name FROM products d JOIN products k ON k.id = d.merged_into_id
         WHERE lower(d.name) = ${name.toLowerCase()} AND k.is_active LIMIT 1`,
  );
  return rows[0]?.name ?? null;
}
