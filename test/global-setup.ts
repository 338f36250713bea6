import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@marketplace/db';
import { seedDatabase } from '@marketplace/db/seed';
import { adminQuery, databaseUrl, TEST_SEED, type TestDatabaseSource } from '@marketplace/db/testing';
import { ensureWebBuild, repositoryRoot, sourceHash } from '../apps/server/src/web/build.ts';
// as the server's seed does: the seeded shipments get their invoices
import { issueMissingDocuments } from '../apps/server/src/modules/invoices/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

// Everything the seeded test database is made from: a change to any of them seeds again.
const SEED_SOURCES = [
  'packages/db/src',
  'packages/db/migrations',
  'packages/db/test-support/testing.ts',
  'packages/domain/src',
  // the seeded shipments' invoices are issued by the server's code
  'apps/server/src',
  'test/global-setup.ts',
  'package-lock.json',
];
const SEED_CACHE = join(repositoryRoot, 'node_modules/.cache/marketplace-test-seed');

/**
 * The seeded PGlite snapshot and its media, kept under node_modules/.cache by a hash of their
 * sources: the integration and browser projects of one run, and later runs of an unchanged tree,
 * seed once. Written to a temporary folder and renamed into place, so two runs never see half a seed.
 */
async function cachedPgliteSeed(): Promise<{ snapshotPath: string; dataDir: string }> {
  // and by day: what the seed stamps with the clock (sessions, created_at) stays today's
  const key = `${new Date().toISOString().slice(0, 10)}-${(await sourceHash(SEED_SOURCES)).slice(0, 24)}`;
  const dir = join(SEED_CACHE, key);
  // the seed writes images under media/ and sellers' documents beside it under uploads/
  const kept = { snapshotPath: join(dir, 'seeded.tar'), dataDir: join(dir, 'data') };
  if (existsSync(kept.snapshotPath)) return kept;
  await mkdir(SEED_CACHE, { recursive: true });
  const making = await mkdtemp(join(SEED_CACHE, 'making-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await migrateDatabase({ kind: 'pglite' }, handle);
  await seedDatabase(handle.db, {
    ...TEST_SEED,
    mediaDir: join(making, 'data', 'media'),
    issueDocuments: issueMissingDocuments,
  });
  const dump = await handle.pglite?.dumpDataDir('none');
  if (!dump) throw new Error('PGlite did not produce a snapshot');
  await writeFile(join(making, 'seeded.tar'), Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  // older seeds go; a run made the same one meanwhile: keep theirs
  for (const entry of await readdir(SEED_CACHE)) {
    if (entry !== key && !entry.startsWith('making-'))
      await rm(join(SEED_CACHE, entry), { recursive: true, force: true });
  }
  await rename(making, dir).catch(() => rm(making, { recursive: true, force: true }));
  return kept;
}

// Seeds once per run (on PGlite, once per tree: see cachedPgliteSeed); each integration test file
// then opens its own copy (see packages/db/test-support/testing.ts).
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
    const seeded = await cachedPgliteSeed();
    // tests add their own files (uploads, images): to this run's copy of the seeded files
    await cp(seeded.dataDir, workDir, { recursive: true });
    source = { kind: 'pglite', snapshotPath: seeded.snapshotPath, mediaDir };
    cleanup = () => Promise.resolve();
  }
  project.provide('testDatabase', source);
  return async () => {
    await cleanup();
    await rm(workDir, { recursive: true, force: true });
  };
}
