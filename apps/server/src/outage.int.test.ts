import { createServer, type Server, type Socket, connect } from 'node:net';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '@marketplace/db';
import { openTestDatabase } from '@marketplace/db/testing';
import { createApp } from './app.ts';

/** A TCP proxy in front of the database that a test can cut and restore. */
function createProxy(upstream: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const target = connect(upstream.port, upstream.host);
        for (const s of [client, target]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(target).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve(port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { start, stop };
}

const source = inject('testDatabase');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('database outage', () => {
  it('answers 503 on /readyz and the API while the database is unreachable, keeps /healthz up, and recovers', async () => {
    // On PostgreSQL the proxy fronts this file's own database; on PGlite it fronts a port where nothing listens.
    let upstream = { host: '127.0.0.1', port: 9 };
    let database = 'postgres';
    if (source.kind === 'postgres') {
      const copy = await openTestDatabase(source);
      cleanups.push(() => copy.close());
      const url = new URL(copy.url ?? '');
      upstream = { host: url.hostname, port: Number(url.port || 5432) };
      database = url.pathname.slice(1);
    }
    const proxy = createProxy(upstream);
    const port = await proxy.start();
    cleanups.push(() => proxy.stop());
    const handle = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/${database}`,
      poolSize: 2,
    });
    cleanups.push(() => handle.close());
    const app = createApp({ database: handle, logger: pino({ level: 'silent' }), mediaDir: source.mediaDir });

    if (source.kind === 'postgres') {
      expect((await app.request('/readyz')).status).toBe(200);
      expect((await app.request('/api/pincodes/600100')).status).toBe(200);
    }

    await proxy.stop();
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'postgres' });
    // a pincode not looked up before (answers already known are served from the cache)
    const api = await app.request('/api/pincodes/110001');
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    const body = await api.json();
    expect(body.error).toMatchObject({ code: 'DATABASE_UNAVAILABLE', requestId: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at .*\.ts|postgres:\/\//);
    expect((await app.request('/healthz')).status).toBe(200);

    if (source.kind === 'postgres') {
      await proxy.start();
      expect((await app.request('/readyz')).status).toBe(200);
      const again = await app.request('/api/pincodes/110001');
      expect(again.status).toBe(200);
      expect((await again.json()).pincode).toBe('110001');
    }
  });

  it('answers a 500 with the request id and no internals for an unexpected failure', async () => {
    const copy = await openTestDatabase(source);
    const app = createApp({ database: copy, logger: pino({ level: 'silent' }), mediaDir: source.mediaDir });
    await copy.close(); // queries on a closed database fail in a way the app does not expect
    const res = await app.request('/api/pincodes/600100');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please quote the request id if you contact support.',
    });
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toMatch(/\bat\s+\S+\.(ts|js):\d+|node_modules|stack/i);
  });
});
