import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl } from '@marketplace/db/testing';

const root = resolve(import.meta.dirname, '../../..');
const source = inject('testDatabase');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function run(env: Record<string, string>): Run {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitForHealth(port: number, run: Run, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no /healthz within ${timeoutMs} ms:\n${run.output()}`);
}

describe('the server process', () => {
  it('seeds on first start, serves, restarts without seeding, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-main-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SEED_PRODUCTS: '60',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
    };
    if (source.kind === 'postgres') {
      const name = `${source.prefix}main`;
      await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
      cleanups.push(() => adminQuery(source.serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      env.DATABASE_URL = databaseUrl(source.serverUrl, name);
    }

    const port = await freePort();
    const first = run({ ...env, PORT: String(port) });
    await waitForHealth(port, first, 90_000);
    expect(first.output()).toContain('seeding the demo catalog');
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    const pincode = await fetch(`http://127.0.0.1:${port}/api/pincodes/600100`);
    expect((await pincode.json()).city).toBe('Tambaram');
    // the request's log line is written just after the response; give the pipe a moment
    const requestId = pincode.headers.get('x-request-id');
    const line = await waitFor(
      () =>
        first
          .output()
          .split('\n')
          .find((l) => l.includes(`"requestId":"${requestId}"`)),
      5_000,
    );
    expect(JSON.parse(line)).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/api/pincodes/600100',
      status: 200,
      requestId,
    });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shut down cleanly');

    const secondPort = await freePort();
    const second = run({ ...env, PORT: String(secondPort) });
    // how fast a restart is belongs to the bench; here it only must not seed again
    await waitForHealth(secondPort, second, 60_000);
    expect(second.output()).not.toContain('seeding the demo catalog');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 180_000); // two real starts of the server, the first one importing pincodes and seeding

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a whole number (got "eighty")'],
    [
      { DATABASE_URL: 'sqlite://shop.db' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "sqlite://shop.db")',
    ],
  ])('refuses to start with %o and says why in one line', async (env, message) => {
    const bad = run(env);
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe(message);
  });
});
