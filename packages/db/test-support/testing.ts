import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/client.ts';

/**
 * How a test run shares its seeded database: the global setup migrates and seeds once, then
 * every test file opens its own copy (a PGlite data-directory snapshot, or a PostgreSQL
 * database created from a template).
 */
export type TestDatabaseSource =
  | { kind: 'pglite'; snapshotPath: string; mediaDir: string }
  | { kind: 'postgres'; serverUrl: string; template: string; prefix: string; mediaDir: string };

/** The seed of test runs: fixed, so tests can rely on its rows. */
// the moderation queue's examples stay out of the tests' catalog: tests make their own (requirements#operator-catalog)
export const TEST_SEED = {
  seed: 20_261_122,
  products: 240,
  now: new Date('2026-11-20T00:00:00Z'),
  moderationQueue: false,
} as const;

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (for CREATE/DROP DATABASE). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let snapshot: Promise<Blob> | undefined;

/** A fresh copy of the seeded test database for one test file; close() throws the copy away. */
export async function openTestDatabase(
  source: TestDatabaseSource,
): Promise<DatabaseHandle & { url?: string }> {
  if (source.kind === 'pglite') {
    snapshot ??= readFile(source.snapshotPath).then((bytes) => new Blob([bytes]));
    return openDatabase({ kind: 'pglite', loadDataDir: await snapshot });
  }
  const name = `${source.prefix}${randomBytes(4).toString('hex')}`;
  await adminQuery(source.serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${source.template}"`);
  const url = databaseUrl(source.serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await adminQuery(source.serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
