import pino from 'pino';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, users } from '@marketplace/db';
import { openTestDatabase } from '@marketplace/db/testing';
import type { TestReplica } from '@marketplace/db/testing/replica';
import { type AppDeps, createApp } from '../src/app.ts';
import { courierInboxWorker } from '../src/modules/couriers/index.ts';
import { createSession, SESSION_COOKIE } from '../src/modules/sessions/index.ts';
import { loadProductionWeb } from '../src/web/production.ts';

/** The real HTTP app over this test file's own copy of the seeded database. */
export async function createTestApp(
  options: Pick<
    AppDeps,
    | 'keepSuggestionsMs'
    | 'keepPageLookupsMs'
    | 'messages'
    | 'payments'
    | 'trustProxy'
    | 'browsingLimit'
    | 'browsingCounter'
    | 'changeBus'
    | 'clock'
    | 'staffSecretKey'
    | 'irp'
    | 'accountValidator'
    | 'payoutProvider'
    | 'courier'
    | 'shiprocketWebhookToken'
    | 'courierInbox'
    | 'ondc'
    | 'media'
    | 'mediaBaseUrl'
  > = {},
  /** requirements#read-replica: lag-tolerant reads from this replica of the file's database (PostgreSQL) */
  { replica }: { replica?: TestReplica } = {},
) {
  const source = inject('testDatabase');
  const copy = await openTestDatabase(source);
  let database: DatabaseHandle & { url?: string } = copy;
  if (replica) {
    if (!copy.url) throw new Error('a replica needs the PostgreSQL test database');
    const name = new URL(copy.url).pathname.slice(1);
    const routed = await openDatabase({
      kind: 'postgres',
      url: copy.url,
      readUrl: replica.url(name),
      poolSize: 4,
    });
    database = {
      ...routed,
      url: copy.url,
      close: async () => {
        await routed.close();
        await copy.close();
      },
    };
  }
  // ADR-0069: the courier webhooks this app keeps are applied by this worker; tests wait on `idle`
  const courierInbox = courierInboxWorker(database.db, pino({ level: 'silent' }));
  const app = createApp({
    database,
    logger: pino({ level: 'silent' }),
    mediaDir: source.mediaDir,
    web: await loadProductionWeb(),
    checkResponses: true,
    courierInbox,
    ...options,
  });
  return {
    app,
    courierInbox,
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
    /** A logged-in session of a seeded account: the Cookie header to send. */
    async loginCookie(email: string) {
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no seeded account ${email}`);
      const { token } = await createSession(database.db, user.id);
      return `${SESSION_COOKIE}=${token}`;
    },
    close: () => database.close(),
    /**
     * Another server process over the same database, as a second `npm start` would be: its own
     * app, caches and in-memory state; `request` reaches it. Closing it leaves the database open.
     */
    async another(more: Parameters<typeof createTestApp>[0] = {}) {
      const other = createApp({
        database,
        logger: pino({ level: 'silent' }),
        mediaDir: source.mediaDir,
        web: await loadProductionWeb(),
        checkResponses: true,
        ...more,
      });
      return { app: other, request: (path: string, init?: RequestInit) => other.request(path, init) };
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A page's HTML without its scripts: what the server rendered for the shopper to read. A page
 * also carries its language's message catalog for hydration (ADR-0063), so a text that must NOT
 * be shown is looked for here, not in the whole document.
 */
export const withoutScripts = (html: string): string =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
