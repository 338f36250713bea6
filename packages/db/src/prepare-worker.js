// The thread of prepareEmbeddedDatabase (prepare.ts). It is plain JavaScript and loads only PGlite
// and Drizzle's migrator: a thread loads its modules on its own, and registering tsx for its
// TypeScript cost the first start about 1.6 s before initdb could begin. It opens the database as
// openDatabase (client.ts) does, with the settings prepare.ts hands over from settings.ts.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const { dataDir, sessionSettings, migrationsFolder, casing } = workerData;
mkdirSync(dataDir, { recursive: true });
const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
try {
  for (const [name, value] of Object.entries(sessionSettings)) {
    await pglite.query(`SELECT set_config($1, $2, false)`, [name, value]);
  }
  await migrate(drizzle(pglite, { casing }), { migrationsFolder });
} finally {
  await pglite.close();
}
parentPort.postMessage('closed');
