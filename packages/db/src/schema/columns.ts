import { bigint, customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

// Shared column builders. Every table names its columns in camelCase in TypeScript; the database
// uses snake_case (casing: 'snake_case' in the client and in drizzle-kit).
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * ADR-0045: a row's place in its table's hash chain and its hash (SHA-256 of the previous row's
 * hash and this row's canonical content), written by the database as the row is inserted, never by the
 * application.
 */
export const chainPosition = () => bigint({ mode: 'number' });
export const chainHash = () => text();

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `col IN ('a', 'b')` for check constraints; values are our own constants, never user input. */
export function oneOf(column: string, values: readonly string[]): string {
  return `${column} IN (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`;
}
