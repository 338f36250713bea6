import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { databaseUrl } from './testing.ts';

const run = promisify(execFile);

/** A streaming replica of the test server, made for one test file (requirements#read-replica). */
export type TestReplica = {
  /** The URL of `database` on the replica. */
  url(database: string): string;
  /** Stops replaying the writer's changes: the replica keeps what it had (pg_wal_replay_pause). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Waits until the replica has replayed everything the writer had written when called. */
  caughtUp(): Promise<void>;
  /** Stops the replica at once, as a crash would. */
  kill(): Promise<void>;
  /** Stops it and removes its files. */
  stop(): Promise<void>;
};

// PostgreSQL refuses to run as root: the cluster's files belong to the server's own user
const AS_SERVER_USER = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];

async function runAsServer(command: string, args: string[]) {
  const [program, ...rest] = [...AS_SERVER_USER, command, ...args];
  if (!program) throw new Error('nothing to run');
  return run(program, rest, { timeout: 120_000 });
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function oneRow<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(text);
    return rows[0] as T;
  } finally {
    await client.end();
  }
}

/**
 * A second cluster on a free port, copied from the server at `serverUrl` by pg_basebackup and kept
 * streaming from it, as an operator would make one. The server must accept replication connections
 * from 127.0.0.1 (`.ci/run` adds the pg_hba.conf line on CI machines).
 */
export async function startReplica(serverUrl: string): Promise<TestReplica> {
  const server = new URL(serverUrl);
  const settings = await oneRow<Record<string, string>>(
    databaseUrl(serverUrl, 'postgres'),
    `SELECT current_setting('server_version_num') AS version,
            current_setting('max_connections') AS max_connections,
            current_setting('max_worker_processes') AS max_worker_processes,
            current_setting('max_wal_senders') AS max_wal_senders,
            current_setting('max_prepared_transactions') AS max_prepared_transactions,
            current_setting('max_locks_per_transaction') AS max_locks_per_transaction`,
  );
  const bin = `/usr/lib/postgresql/${Math.floor(Number(settings.version) / 10_000)}/bin`;
  const dir = await mkdtemp(join(tmpdir(), 'marketplace-replica-'));
  const dataDir = join(dir, 'data');
  if (AS_SERVER_USER.length > 0) await run('chown', ['postgres:postgres', dir]);
  try {
    await runAsServer(`${bin}/pg_basebackup`, [
      '-h',
      server.hostname,
      '-p',
      server.port || '5432',
      '-U',
      decodeURIComponent(server.username || 'postgres'),
      '-D',
      dataDir,
      '-X',
      'stream',
      '-R',
      '-c',
      'fast',
      '--no-sync',
    ]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      /replication/i.test(message)
        ? `The test PostgreSQL refuses replication connections: add "host replication all 127.0.0.1/32 trust" to its pg_hba.conf and reload it (.ci/run does). ${message}`
        : message,
    );
  }
  const port = await freePort();
  // a hot standby needs at least the writer's limits; the rest keeps a test cluster small and fast
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'hot_standby = on',
    'fsync = off',
    'shared_buffers = 32MB',
    ...['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'].map(
      (name) => `${name} = ${settings[name]}`,
    ),
  ];
  await writeFile(join(dataDir, 'postgresql.conf'), `${conf.join('\n')}\n`);
  await writeFile(join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  await writeFile(join(dataDir, 'pg_ident.conf'), '');
  // the files written here belong to the server's user like the rest of the copy
  if (AS_SERVER_USER.length > 0) await run('chown', ['-R', 'postgres:postgres', dir]);
  await runAsServer(`${bin}/pg_ctl`, ['-D', dataDir, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);

  const replicaServer = new URL(serverUrl);
  replicaServer.hostname = '127.0.0.1';
  replicaServer.port = String(port);
  const url = (database: string) => databaseUrl(replicaServer.toString(), database);
  const onReplica = <T = unknown>(text: string) => oneRow<T>(url('postgres'), text);
  let running = true;
  const stopWith = async (mode: 'immediate' | 'fast') => {
    if (!running) return;
    running = false;
    await runAsServer(`${bin}/pg_ctl`, ['-D', dataDir, '-m', mode, '-w', 'stop']).catch(() => undefined);
  };
  return {
    url,
    pause: async () => {
      await onReplica('SELECT pg_wal_replay_pause()');
    },
    resume: async () => {
      await onReplica('SELECT pg_wal_replay_resume()');
    },
    caughtUp: async () => {
      const { lsn } = await oneRow<{ lsn: string }>(
        databaseUrl(serverUrl, 'postgres'),
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      for (let tries = 0; tries < 300; tries++) {
        const { done } = await onReplica<{ done: boolean }>(
          `SELECT coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) AS done`,
        );
        if (done) return;
        await new Promise((wait) => setTimeout(wait, 100));
      }
      throw new Error('the replica did not catch up within 30 s');
    },
    kill: () => stopWith('immediate'),
    stop: async () => {
      await stopWith('fast');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
