import { describe, expect, it } from 'vitest';
import * as schema from '@marketplace/db';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { NOT_SHOPPER_DATA, PERSONAL_COLUMN_PATTERN, PERSONAL_TABLES } from './registry.ts';

// requirements#personal-data-registry: DPDP Act s. 8(7) and s. 11 need every table of personal data
// known, so the export and the erasure reach it. A new table keyed to a user fails here until registered.
const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable,
);
const usersTable = getTableConfig(schema.users).name;

function userColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  return config.foreignKeys
    .map((fk) => fk.reference())
    .filter((ref) => getTableConfig(ref.foreignTable).name === usersTable)
    .flatMap((ref) => ref.columns.map((column) => column.name));
}

function personalColumns(table: PgTable): string[] {
  return Object.entries(table)
    .filter(
      ([key, value]) =>
        typeof value === 'object' &&
        value !== null &&
        'columnType' in value &&
        PERSONAL_COLUMN_PATTERN.test(key),
    )
    .map(([key]) => key);
}

describe('the personal data registry', () => {
  const registered = new Set(PERSONAL_TABLES.map((entry) => getTableConfig(entry.table).name));

  it('knows every table with a user id or a personal column', () => {
    const missing = tables
      .filter((table) => userColumns(table).length > 0 || personalColumns(table).length > 0)
      .map((table) => getTableConfig(table).name)
      .filter((name) => !registered.has(name) && !(name in NOT_SHOPPER_DATA));
    expect(missing).toEqual([]);
  });

  it('names, for each registered table, its owner column, and personal columns that exist', () => {
    for (const entry of PERSONAL_TABLES) {
      const config = getTableConfig(entry.table);
      expect(userColumns(entry.table), config.name).toContain(entry.owner.name);
      const keys = Object.keys(entry.table);
      for (const column of entry.personal) expect(keys, `${config.name}.${column}`).toContain(column);
      if (entry.erasure.kind === 'anonymise')
        for (const column of Object.keys(entry.erasure.set))
          expect(keys, `${config.name}.${column}`).toContain(column);
      if (entry.erasure.kind === 'retain') expect(entry.erasure.reason.length).toBeGreaterThan(20);
    }
  });

  it('registers a table once, with an export name used once, and never as not a shopper’s too', () => {
    const names = PERSONAL_TABLES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect(registered.size).toBe(PERSONAL_TABLES.length);
    for (const name of registered) expect(NOT_SHOPPER_DATA).not.toHaveProperty(name);
  });

  it('would catch a new table keyed to a user', () => {
    const unregistered = tables
      .filter((table) => userColumns(table).length > 0)
      .map((t) => getTableConfig(t).name);
    // every table keyed to a user is one of the two lists: removing one from the registry fails the first test
    for (const name of unregistered)
      expect(registered.has(name) || name in NOT_SHOPPER_DATA, name).toBe(true);
  });
});
