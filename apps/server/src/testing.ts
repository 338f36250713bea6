import pino from 'pino';
import { inject } from 'vitest';
import { openTestDatabase } from '@marketplace/db/testing';
import { createApp } from './app.ts';
import { loadProductionWeb } from './web/production.ts';

/** The real HTTP app over this test file's own copy of the seeded database. */
export async function createTestApp() {
  const source = inject('testDatabase');
  const database = await openTestDatabase(source);
  const app = createApp({
    database,
    logger: pino({ level: 'silent' }),
    mediaDir: source.mediaDir,
    web: await loadProductionWeb(),
  });
  return {
    app,
    database,
    db: database.db,
    source,
    request: (path: string, init?: RequestInit) => app.request(path, init),
    postJson: (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    close: () => database.close(),
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
