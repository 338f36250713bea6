import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@marketplace/db';
import { seedDatabase } from '@marketplace/db/seed';
import { adminQuery, databaseUrl, TEST_SEED, type TestDatabaseSource } from '@marketplace/db/testing';
import { ensureWebBuild } from '../apps/server/src/web/build.ts';
// as the server's seed does: the seeded shipments get their invoices
import { issueMissingDocuments } from '../apps/server/src/modules/invoices/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

// Seeds once per run; each integration test file then opens its own copy (see packages/db/test-support/testing.ts).
export default async function setup(project: TestProject) {
  await ensureWebBuild(); // pages render from the production build, made once until its sources change
  const workDir = await mkdtemp(join(tmpdir(), 'marketplace-test-'));
  const mediaDir = join(workDir, 'media');
  const serverUrl = process.env.TEST_DATABASE_URL;
  let source: TestDatabaseSource;
  let cleanup: () => Promise<void>;
  if (serverUrl) {
    const prefix = `mkt_test_${Date.now().toString(36)}_${process.pid}_`;
    const template = `${prefix}template`;
    await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
    const options = { kind: 'postgres' as const, url: databaseUrl(serverUrl, template), poolSize: 4 };
    await migrateDatabase(options);
    const handle = await openDatabase(options);
    await seedDatabase(handle.db, { ...TEST_SEED, mediaDir, issueDocuments: issueMissingDocuments });
    await handle.close();
    source = { kind: 'postgres', serverUrl, template, prefix, mediaDir };
    cleanup = async () => {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    };
  } else {
    const handle = await openDatabase({ kind: 'pglite' });
    await migrateDatabase({ kind: 'pglite' }, handle);
    await seedDatabase(handle.db, { ...TEST_SEED, mediaDir, issueDocuments: issueMissingDocuments });
    const dump = await handle.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite did not produce a snapshot');
    const snapshotPath = join(workDir, 'seeded.tar');
    await writeFile(snapshotPath, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    source = { kind: 'pglite', snapshotPath, mediaDir };
    cleanup = () => Promise.resolve();
  }
  project.provide('testDatabase', source);
  return async () => {
    await cleanup();
    await rm(workDir, { recursive: true, force: true });
  };
}
