import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  categories,
  commissionRules,
  gstRateSchedule,
  openDatabase,
  pincodes,
  products,
  sellers,
  settlementEntries,
  users,
} from '@marketplace/db';
import { adminQuery, databaseUrl } from '@marketplace/db/testing';

// ADR-0049: `npm start` with NODE_ENV=production on an empty database seeds reference data only:
// no demo seller or shopper logins (their passwords are in the README), no demo balances to pay.

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

function start(env: Record<string, string>) {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

describe('the first start in production', () => {
  it('seeds pincodes, categories and the rate schedule, and no demo accounts or balances', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-production-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      STAFF_TOTP_KEY: randomBytes(32).toString('base64'),
      OUTBOX_PAGE: 'on', // a staging machine: one-time codes need somewhere to go
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
    };
    if (source.kind === 'postgres') {
      const name = `${source.prefix}production_seed`;
      await adminQuery(source.serverUrl, `CREATE DATABASE "${name}"`);
      cleanups.push(() => adminQuery(source.serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      env.DATABASE_URL = databaseUrl(source.serverUrl, name);
    }
    const server = start(env);
    const started = Date.now();
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
      if (Date.now() - started > 150_000) throw new Error(`no /healthz:\n${server.output()}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(server.output()).toContain('seeding reference data only');
    expect(server.output()).not.toContain('seeding the demo catalog');
    // no demo login works: the README's seller password opens nothing
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({
        emailOrMobile: 'shree-balaji-retail@sellers.example.com',
        password: 'Seller@123',
      }),
    });
    expect(login.status).not.toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const database = await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: join(dataDir, 'db') },
    );
    try {
      const count = (table: Parameters<typeof database.db.$count>[0]) => database.db.$count(table);
      expect(await count(users)).toBe(0);
      expect(await count(sellers)).toBe(0);
      expect(await count(settlementEntries)).toBe(0);
      expect(await count(products)).toBe(0);
      expect(await count(pincodes)).toBeGreaterThan(19_000);
      expect(await count(categories)).toBeGreaterThan(50);
      expect(await count(commissionRules)).toBeGreaterThan(0);
      expect(await count(gstRateSchedule)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 240_000);
});
