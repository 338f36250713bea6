import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { grantServerRole } from './roles.ts';
import { routedReads, walPosition } from './read-replica.ts';
import {
  DATABASE_CASING,
  EMBEDDED_SESSION_SETTINGS,
  migrationsFolder,
  SESSION_SETTINGS,
} from './settings.ts';

export type Schema = typeof schema;
/** The query API shared by PGlite and node-postgres; services take this (or a transaction). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** A session-level advisory lock this process holds. */
export type AdvisoryLock = {
  /** Gives the lock back; false when it had been lost already (its connection dropped). */
  release(): Promise<boolean>;
};

/** A streaming replica that takes lag-tolerant reads (ADR-0068). */
export type ReadReplica = {
  /** The writer's WAL position now ('16/B374D848'): a browser that wrote reads from the writer until the replica passes it. */
  writerPosition(): Promise<string>;
  /**
   * True when the replica answers and has replayed at least `position` (anything, when null); what it
   * last said is kept for a quarter of a second, and a replica that does not answer in half a second
   * does not serve.
   */
  serves(position: string | null): Promise<boolean>;
};

export type DatabaseHandle = {
  db: Database;
  /**
   * Where lag-tolerant reads go (catalog, listings, search, suggestions, reports): `db` itself, or
   * with a replica a `Database` that sends reads there as the request decided (ADR-0068) and every
   * write to the writer.
   */
  reads: Database;
  /** The replica, when DATABASE_READ_URL names one. */
  replica: ReadReplica | null;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Takes the advisory lock named `name` unless another database session holds it (null then).
   * On PostgreSQL the locks live on a connection of their own, so work done under a lock never
   * waits for a pool connection the lock is sitting on; a process that dies drops its locks.
   */
  tryAdvisoryLock(name: string): Promise<AdvisoryLock | null>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any process (ADR-0055).
   * On PostgreSQL it LISTENs on a connection of its own, connected again when lost; the answer
   * stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with `payload`: every listener on the database hears it. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, when PGlite (used to snapshot test databases). */
  pglite?: PGlite;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /** ADR-0045: the owner's connection for migrations, when the server's role (url) is another */
      migrationUrl?: string;
      /** ADR-0068: a streaming replica of url's database for lag-tolerant reads */
      readUrl?: string;
      poolSize?: number;
      onPoolError?: (error: Error) => void;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export { EMBEDDED_SESSION_SETTINGS, SESSION_SETTINGS } from './settings.ts';

export { migrationsFolder };
const casing = DATABASE_CASING;
// One lock id for every process that may migrate the same PostgreSQL database at once.
const MIGRATION_LOCK_ID = 72_401_905;
// Named locks use the two-number form: this space, then 32 bits of the name's hash.
const NAMED_LOCK_SPACE = 72_401_906;
const namedLockKey = (name: string): [number, number] => [
  NAMED_LOCK_SPACE,
  createHash('sha256').update(name).digest().readInt32BE(0),
];

type LockQuery = (text: string, params: [number, number]) => Promise<{ rows: { done: boolean }[] }>;

async function tryNamedLock(query: LockQuery, name: string): Promise<AdvisoryLock | null> {
  const key = namedLockKey(name);
  const { rows } = await query('SELECT pg_try_advisory_lock($1, $2) AS done', key);
  if (rows[0]?.done !== true) return null;
  return {
    release: async () => {
      const released = await query('SELECT pg_advisory_unlock($1, $2) AS done', key);
      return released.rows[0]?.done === true;
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      options: Object.entries(SESSION_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // an idle client losing its connection must not take the process down; the next query reconnects
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg(pool, { schema, casing }) as unknown as Database;
    // one connection, never closed while idle (that would drop the locks on it); a broken one is
    // replaced on the next lock
    const lockPool = new pg.Pool({
      connectionString: options.url,
      max: 1,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 0,
    });
    lockPool.on('error', (error) => options.onPoolError?.(error));
    const lockQuery: LockQuery = (text, params) => lockPool.query(text, params);
    const listener = postgresListener(options.url, options.onPoolError);
    const replica = options.readUrl
      ? readReplica(options.readUrl, pool, options.poolSize ?? 10, options.onPoolError)
      : null;
    return {
      db,
      reads: replica ? routedReads(db, replica.db, replica.isUp) : db,
      replica,
      kind: 'postgres',
      listen: (channel, onMessage) => listener.listen(channel, onMessage),
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      ping: async () => {
        await pool.query('SELECT 1');
      },
      tryAdvisoryLock: (name) => tryNamedLock(lockQuery, name),
      close: async () => {
        await Promise.all([pool.end(), lockPool.end(), listener.close(), replica?.close()]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  for (const [name, value] of Object.entries({ ...SESSION_SETTINGS, ...EMBEDDED_SESSION_SETTINGS })) {
    await pglite.query(`SELECT set_config($1, $2, false)`, [name, value]);
  }
  const db = drizzlePglite(pglite, { schema, casing }) as unknown as Database;
  return {
    db,
    reads: db,
    replica: null,
    kind: 'pglite',
    pglite,
    // one process owns the data directory: PGlite's own NOTIFY reaches its listeners in it
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return () => stop();
    },
    notify: async (channel, payload) => {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    // one process owns the data directory and its one session, where locks nest: a server's job
    // runner keeps a job's runs apart itself
    tryAdvisoryLock: (name) => tryNamedLock((text, params) => pglite.query(text, params), name),
    close: () => pglite.close(),
  };
}

const REPLICA_KNOWN_FOR_MS = 250;
const REPLICA_ANSWERS_WITHIN_MS = 500;

/** The replica's pool, what it last said of its replay, and the writer's position. */
function readReplica(url: string, writer: pg.Pool, poolSize: number, onError?: (error: Error) => void) {
  const pool = new pg.Pool({
    connectionString: url,
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
    max: poolSize,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => onError?.(error));
  // null: not known to be a replica that answers (down, not in recovery, or not asked yet)
  let replayed: bigint | null = null;
  let askedAt = Number.NEGATIVE_INFINITY;
  let asking: Promise<void> | null = null;
  const ask = (): Promise<void> => {
    asking ??= pool
      .query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn')
      .then(
        ({ rows }) => {
          replayed = rows[0]?.lsn ? walPosition(rows[0].lsn) : null;
        },
        (error: unknown) => {
          replayed = null;
          onError?.(error instanceof Error ? error : new Error(String(error)));
        },
      )
      .finally(() => {
        askedAt = performance.now();
        asking = null;
      });
    return asking;
  };
  const fresh = async () => {
    if (performance.now() - askedAt <= REPLICA_KNOWN_FOR_MS) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ask(),
      new Promise<void>((done) => {
        timer = setTimeout(() => {
          replayed = null;
          done();
        }, REPLICA_ANSWERS_WITHIN_MS);
      }),
    ]);
    clearTimeout(timer);
  };
  return {
    db: drizzlePg(pool, { schema, casing }) as unknown as Database,
    /** As last asked; asks again in the background when that is old. */
    isUp: () => {
      if (performance.now() - askedAt > REPLICA_KNOWN_FOR_MS) void ask();
      return replayed !== null;
    },
    writerPosition: async () => {
      const { rows } = await writer.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      return rows[0]?.lsn ?? '0/0';
    },
    serves: async (position: string | null) => {
      const wanted = position === null ? 0n : walPosition(position);
      if (wanted === null) return false;
      await fresh();
      return replayed !== null && replayed >= wanted;
    },
    close: () => pool.end(),
  };
}

/**
 * Applies the committed migrations; on PostgreSQL under an advisory lock so concurrent starts are
 * safe, as the migration role when one is given, which then grants the server's role its rights.
 */
export async function migrateDatabase(options: DatabaseOptions, handle?: DatabaseHandle): Promise<void> {
  if (options.kind === 'postgres') {
    const client = new pg.Client({ connectionString: options.migrationUrl ?? options.url });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { casing }), { migrationsFolder });
      if (options.migrationUrl) await grantServerRole(client, options.url);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await client.end();
    }
    return;
  }
  if (!handle?.pglite) throw new Error('migrateDatabase on PGlite needs the open database handle');
  await migratePglite(drizzlePglite(handle.pglite, { casing }), { migrationsFolder });
}

/** Rows of a raw query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

export async function countRows(db: Executor, table: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql.raw(`SELECT count(*)::int AS count FROM "${table}"`),
  );
  return rows[0]?.count ?? 0;
}

/** One connection that LISTENs for every channel asked for, connected again (and re-LISTENing) when lost. */
function postgresListener(url: string, onError?: (error: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      const lost = (error?: Error) => {
        if (error) onError?.(error);
        if (client !== next) return;
        client = null;
        next.end().catch(() => undefined);
        // listened again a second later: a change meanwhile is caught by the caches' time limit
        if (!closed && handlers.size > 0)
          setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  return {
    async listen(channel: string, onMessage: (payload: string) => void) {
      const first = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(onMessage);
      handlers.set(channel, set);
      const wasConnected = client !== null;
      const listening = await connect();
      if (first && wasConnected) await listening.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(onMessage);
        if (set.size > 0) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
