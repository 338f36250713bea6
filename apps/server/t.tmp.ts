import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openDatabase } from '@marketplace/db';
import { seedDatabase } from '@marketplace/db/seed';
import { TEST_SEED } from '@marketplace/db/testing';
const handle = await openDatabase({ kind: 'pglite' });
await migrateDatabase({ kind: 'pglite' }, handle);
await seedDatabase(handle.db, { ...TEST_SEED, mediaDir: '/tmp/m/media' });
const dump = await handle.pglite!.dumpDataDir('none');
await handle.close();
const base = await openDatabase({ kind: 'pglite', loadDataDir: dump });
for (let i = 0; i < 3; i++) {
  const t0 = Date.now();
  const c = await (base.pglite as any).clone();
  const t1 = Date.now();
  await c.query('select count(*) from products');
  console.log('clone', t1 - t0, 'first query', Date.now() - t1, process.memoryUsage().rss >> 20);
  await c.close();
}
