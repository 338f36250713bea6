import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../client.ts';

const columnName = (column: PgColumn) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

function toParam(value: unknown, sqlType: string): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (sqlType === 'jsonb' || sqlType === 'json') return JSON.stringify(value);
  return value;
}

/**
 * Inserts many rows with one array parameter per column (`INSERT ... SELECT FROM unnest(...)`):
 * a single statement whatever the row count, without per-value query building. Rows must all
 * carry the same keys; keys left out get the column default. With `withIds`, ids are drawn from
 * the table's identity sequence first and returned in the rows' order. With `skipConflicts`, rows
 * that clash with a unique key already there are left out (`ON CONFLICT DO NOTHING`).
 */
export async function bulkInsert<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
  { withIds = false, skipConflicts = false }: { withIds?: boolean; skipConflicts?: boolean } = {},
): Promise<number[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const tableName = getTableName(table);
  const keys = Object.keys(first).filter((key) => key !== 'id' && columns[key]);
  let ids: number[] = [];
  if (withIds) {
    const drawn = await queryRows<{ id: number }>(
      db,
      sql`SELECT nextval(pg_get_serial_sequence(${tableName}, 'id'))::int AS id FROM generate_series(1, ${rows.length})`,
    );
    ids = drawn.map((r) => r.id).sort((a, b) => a - b);
  }
  const names = keys.map((key) => sql.identifier(columnName(columns[key] as PgColumn)));
  const arrays = keys.map((key) => {
    const column = columns[key] as PgColumn;
    const type = column.getSQLType();
    const values = rows.map((row) => toParam((row as Record<string, unknown>)[key], type));
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  if (withIds) {
    names.unshift(sql.identifier('id'));
    arrays.unshift(sql`${sql.param(ids)}::integer[]`);
  }
  await db.execute(
    sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) ${withIds ? sql`OVERRIDING SYSTEM VALUE ` : sql``}SELECT * FROM unnest(${sql.join(arrays, sql`, `)})${skipConflicts ? sql` ON CONFLICT DO NOTHING` : sql``}`,
  );
  return ids;
}
