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

/**
 * Runs `fill` in one transaction with the secondary indexes of `tables` dropped, and builds them
 * again before it commits: an index built once over the rows costs less than one grown row by row
 * (the catalog's full-text and trigram GIN indexes above all, about a second of a first start).
 * Unique indexes and those of constraints stay, so every key is checked as the rows go in. Tables
 * the session's role does not own (PostgreSQL with a separate server role) keep their indexes.
 */
export async function withIndexesBuiltAfter<R>(
  db: Executor,
  tables: readonly PgTable[],
  fill: (tx: Executor) => Promise<R>,
): Promise<R> {
  return db.transaction(async (tx) => {
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`SELECT i.indexname AS name, i.indexdef AS definition
        FROM pg_indexes i
        JOIN pg_index x ON x.indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass
        JOIN pg_tables t ON t.schemaname = i.schemaname AND t.tablename = i.tablename
        WHERE i.schemaname = current_schema()
          AND i.tablename = ANY (${sql.param(tables.map((table) => getTableName(table)))}::text[])
          AND NOT x.indisunique
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
          AND pg_has_role(current_user, t.tableowner, 'USAGE')
        ORDER BY i.indexname`,
    );
    for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
    const result = await fill(tx);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    return result;
  });
}
