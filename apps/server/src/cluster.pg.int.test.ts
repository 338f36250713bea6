// requirements#web-concurrency: with WEB_CONCURRENCY=2 on PostgreSQL, two server processes share the
// port and both answer; one that dies is replaced; SIGHUP replaces them one at a time without a
// refused request; SIGTERM stops them all cleanly. PostgreSQL only: the embedded database is one
// process's.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl } from '@marketplace/db/testing';

const root = resolve(import.meta.dirname, '../../..');
const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('cluster.pg.int.test.ts runs on PostgreSQL only');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The process ids of the request log lines written so far (pino writes each process's pid). */
const servingPids = (output: string) =>
  new Set(
    output
      .split('\n')
      .filter((line) => line.includes('"path":"/healthz"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

async function until(probe: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe('several server processes on one port', () => {
  it('both answer, a dead one is replaced, SIGHUP replaces them without a refused request, SIGTERM stops all', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-cluster-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const name = `${source.prefix}cluster`;
    await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
    cleanups.push(() => adminQuery(source.serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    const port = await freePort();
    let output = '';
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(source.serverUrl, name),
        SEED_PRODUCTS: '60',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_CONCURRENCY: '2',
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
      return Promise.resolve();
    });
    // a new connection each time: the processes share connections, not requests
    const health = () =>
      new Promise<number>((done) => {
        const request = get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        });
        request.on('error', () => done(0));
      });

    await until(
      () => output.includes('2 server processes share the port'),
      150_000,
      `two processes:\n${output}`,
    );
    // both answer: the port's connections are shared between them
    const seen: number[] = [];
    await until(
      async () => {
        seen.push(...(await Promise.all(Array.from({ length: 8 }, health))));
        return servingPids(output).size >= 2;
      },
      60_000,
      'requests answered by both',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(seen.slice(-16))}\n${output.slice(-3000)}`);
    });
    const [victim] = [...servingPids(output)];
    expect(victim).not.toBe(child.pid);

    // a process that dies is replaced
    process.kill(victim ?? 0, 'SIGKILL');
    await until(() => output.includes('a server process ended: starting another'), 30_000, 'the replacement');
    await until(
      async () => {
        await Promise.all(Array.from({ length: 8 }, health));
        const pids = servingPids(output.slice(output.lastIndexOf('a server process ended')));
        return pids.size >= 2 && !pids.has(victim ?? 0);
      },
      90_000,
      `two processes again:\n${output}`,
    );

    // SIGHUP: replaced one at a time while requests keep coming; none is refused
    const before = output.length;
    child.kill('SIGHUP');
    const statuses: number[] = [];
    await until(
      async () => {
        statuses.push(...(await Promise.all(Array.from({ length: 4 }, health))));
        return (output.slice(before).match(/shut down cleanly/g) ?? []).length >= 2;
      },
      150_000,
      `the rolling restart:\n${output.slice(before)}`,
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('every server process stopped');
    expect(output).not.toMatch(/"level":60/);
  }, 400_000);
});
