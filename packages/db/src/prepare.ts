import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  DATABASE_CASING,
  EMBEDDED_SESSION_SETTINGS,
  migrationsFolder,
  SESSION_SETTINGS,
} from './settings.ts';

/** Whether the data directory holds an embedded database already (a later start). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * A first start's new embedded database: PostgreSQL's initdb and the migrations run on a thread of
 * their own, so the server loads its modules meanwhile instead of after (README: the first
 * minute). The thread closes the database before it ends; the server then opens it as on any
 * later start. Nothing to do when the data directory already holds a database.
 */
export async function prepareEmbeddedDatabase(dataDir: string): Promise<'prepared' | 'existing'> {
  if (hasEmbeddedDatabase(dataDir)) return 'existing';
  const worker = new Worker(new URL('./prepare-worker.js', import.meta.url), {
    // the thread runs plain JavaScript: the server's own `--import tsx` would load tsx there first
    execArgv: [],
    workerData: {
      dataDir,
      sessionSettings: { ...SESSION_SETTINGS, ...EMBEDDED_SESSION_SETTINGS },
      migrationsFolder,
      casing: DATABASE_CASING,
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message) =>
        message === 'closed' ? resolve() : reject(new Error(`unexpected message: ${String(message)}`)),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the database thread stopped (exit ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
  return 'prepared';
}
