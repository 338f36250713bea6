// README (the first minute): a first start creates and migrates its new embedded database on a
// thread of its own; the server then opens it as it opens any existing one.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, queryRows } from './client.ts';
import { prepareEmbeddedDatabase } from './prepare.ts';
import { sql } from 'drizzle-orm';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function newDir() {
  const dir = await mkdtemp(join(tmpdir(), 'marketplace-prepare-'));
  dirs.push(dir);
  return join(dir, 'db');
}

describe('prepareEmbeddedDatabase', () => {
  it('creates and migrates a new database, closed, that the server opens with nothing left to migrate', async () => {
    const dataDir = await newDir();
    expect(await prepareEmbeddedDatabase(dataDir)).toBe('prepared');
    const migrations = (await readdir(join(import.meta.dirname, '../migrations'))).filter((f) =>
      f.endsWith('.sql'),
    );
    const options = { kind: 'pglite' as const, dataDir };
    const handle = await openDatabase(options);
    try {
      const [applied] = await queryRows<{ count: number }>(
        handle.db,
        sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
      );
      expect(applied?.count).toBe(migrations.length);
      await migrateDatabase(options, handle);
      const [again] = await queryRows<{ count: number }>(
        handle.db,
        sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
      );
      expect(again?.count).toBe(migrations.length);
      // the schema is there: a table of the last migrations answers
      await queryRows(handle.db, sql`SELECT 1 FROM gst_rate_schedule LIMIT 1`);
    } finally {
      await handle.close();
    }
  });

  it('leaves an existing database alone', async () => {
    const dataDir = await newDir();
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.close();
    expect(await prepareEmbeddedDatabase(dataDir)).toBe('existing');
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      // never migrated by it
      const rows = await queryRows<{ name: string }>(
        reopened.db,
        sql`SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name = 'drizzle'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await reopened.close();
    }
  });

  it('fails with the reason when the directory cannot hold a database', async () => {
    const parent = await newDir();
    await import('node:fs/promises').then((fs) => fs.writeFile(parent, 'not a directory'));
    await expect(prepareEmbeddedDatabase(join(parent, 'db'))).rejects.toThrow();
  });
});
