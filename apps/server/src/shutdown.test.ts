import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createShutdown } from './shutdown.ts';

function startServer(handlerDelayMs: number) {
  const app = new Hono();
  app.get('/slow', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, handlerDelayMs));
    return c.text('finished');
  });
  return new Promise<{ server: Server; url: string }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    ) as Server;
  });
}

describe('graceful shutdown', () => {
  it('finishes requests in flight, refuses new ones, then closes the database', async () => {
    const { server, url } = await startServer(300);
    const events: string[] = [];
    const database = { close: () => Promise.resolve(void events.push('database closed')) };
    const shutdown = createShutdown({
      server,
      database,
      logger: pino({ level: 'silent' }),
      timeoutMs: 5_000,
    });

    const inFlight = fetch(`${url}/slow`).then(async (res) => {
      events.push(`request finished ${res.status} ${await res.text()}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = shutdown('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    await Promise.all([inFlight, stopping]);
    expect(events).toEqual(['request finished 200 finished', 'database closed']);
  });

  it('cuts off requests still running at the deadline', async () => {
    const { server, url } = await startServer(10_000);
    let closed = false;
    const shutdown = createShutdown({
      server,
      database: { close: () => Promise.resolve(void (closed = true)) },
      logger: pino({ level: 'silent' }),
      timeoutMs: 200,
    });
    const inFlight = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut off',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutdown('SIGINT');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBe('cut off');
    expect(closed).toBe(true);
  });

  it('runs once however many signals arrive', async () => {
    const { server } = await startServer(0);
    let closes = 0;
    const shutdown = createShutdown({
      server,
      database: { close: () => Promise.resolve(void closes++) },
      logger: pino({ level: 'silent' }),
      timeoutMs: 1_000,
    });
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT'), shutdown('SIGTERM')]);
    expect(closes).toBe(1);
  });
});
