import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';

/** The app over a real socket from 127.0.0.1, as a client on this machine reaches it. */
async function listen(t: TestApp) {
  const server = await new Promise<Server>((done) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s)) as Server;
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('forwarding headers from a peer that is not a configured proxy', () => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await createTestApp();
    client = await listen(t);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('limits 40 wrong logins from 127.0.0.1 whatever X-Forwarded-For each one claims', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await client.post(
        '/api/auth/login',
        { email: 'rahul@example.com', password: `wrong-${i}-password` },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it('refuses a cross-site write that names the other site in X-Forwarded-Host', async () => {
    const res = await client.post(
      '/api/auth/login',
      { email: 'priya@example.com', password: DEMO_PASSWORDS.shopper },
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('does not mark the cookie Secure because of X-Forwarded-Proto over plain http', async () => {
    const res = await client.post(
      '/api/auth/login',
      { email: 'ananya@example.com', password: DEMO_PASSWORDS.shopper },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});

describe('forwarding headers from a proxy listed in TRUST_PROXY', () => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.0/8'] });
    client = await listen(t);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('counts each forwarded client address on its own, taking the entry our proxy appended', async () => {
    const wrong = (forwardedFor: string) =>
      client.post(
        '/api/auth/login',
        { email: 'rahul@example.com', password: 'not-the-password' },
        { 'x-forwarded-for': forwardedFor },
      );
    // what the client wrote itself (the first entries) does not change which address is counted
    for (let i = 0; i < 5; i++) expect((await wrong(`198.51.100.${i}, 203.0.113.7`)).status).toBe(401);
    expect((await wrong('203.0.113.7')).status).toBe(429);
    expect((await wrong('203.0.113.8')).status).toBe(401);
  });

  it('takes the host and scheme the proxy forwarded', async () => {
    const res = await client.post(
      '/api/auth/login',
      { email: 'priya@example.com', password: DEMO_PASSWORDS.shopper },
      {
        origin: 'https://shop.example',
        'x-forwarded-host': 'shop.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.20',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });
});
