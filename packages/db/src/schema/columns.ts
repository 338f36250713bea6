import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

// Shared column builders. Every table names its columns in camelCase in TypeScript; the database
// uses snake_case (casing: 'snake_case' in the client and in drizzle-kit).
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `col IN ('a', 'b')` for check constraints; values are our own constants, never user input. */
export function oneOf(column: string, values: readonly string[]): string {
  return `${column} IN (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`;
}
