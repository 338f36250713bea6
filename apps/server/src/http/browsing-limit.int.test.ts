import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisBrowsingCounter } from './browsing-limit.ts';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ browsingLimit: { perMinute: 5 } });
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('the per-address limit on anonymous browsing', () => {
  it('answers 429 with Retry-After once an address has made its requests for the minute', async () => {
    const paths = [
      '/api/search/suggestions?q=phone',
      '/searchpage/phone',
      '/api/products/cards?ids=1',
      '/api/pincodes/600002',
      '/searchpage/phone.data',
    ];
    for (const path of paths)
      expect((await t.request(path, from('203.0.113.7'))).status, path).toBeLessThan(400);
    const refused = await t.request('/api/search/suggestions?q=phone', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('RATE_LIMITED');
    const page = await t.request('/categorylist/1/1', from('203.0.113.7'));
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await page.text()).toContain('Too many requests');
    // another address is served, and the site's static files are never counted
    expect((await t.request('/searchpage/phone', from('203.0.113.8'))).status).toBe(200);
    expect((await t.request('/favicon.svg', from('203.0.113.7'))).status).toBe(200);
  });
});

describe('the API document', () => {
  it('is built once, not on every request', async () => {
    const build = vi.spyOn(t.app, 'getOpenAPI31Document');
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await t.request('/api/openapi.json', from(address));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
    }
    expect(build.mock.calls.length).toBeLessThanOrEqual(1);
  });
});

const LONG_SEARCH = '/searchpage/red%20cotton%20kurta%20for%20women%20with%20pockets'; // 7 words: costs 6

describe('one limit across server processes', () => {
  it('two processes on one database together refuse at the limit, not at twice it', async () => {
    const other = await t.another({ browsingLimit: { perMinute: 5 } });
    const served: number[] = [];
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? t : other;
      served.push((await app.request('/api/pincodes/600002', from('192.0.2.44'))).status);
    }
    expect(served.filter((status) => status === 200)).toHaveLength(5);
    expect(served.slice(5).every((status) => status === 429)).toBe(true);
  });
});

describe('a limit weighed by what requests cost', () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp({ browsingLimit: { perMinute: 15, expensiveAtOnce: 2 } });
  });
  afterAll(() => w.close());

  it('spends a long search’s words from the budget: the third long search is refused where fifteen pages are not', async () => {
    expect((await w.request(LONG_SEARCH, from('192.0.2.60'))).status).toBe(200);
    expect((await w.request(LONG_SEARCH, from('192.0.2.60'))).status).toBe(200);
    const third = await w.request(LONG_SEARCH, from('192.0.2.60'));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 15; i++)
      expect((await w.request('/api/pincodes/600002', from('192.0.2.61'))).status).toBe(200);
  });

  it('spends a deep listing page more than the first', async () => {
    // page 50 costs 11: one is served, the second passes the 15
    expect((await w.request('/best-sellers-online/1?page=50', from('192.0.2.62'))).status).toBeLessThan(429);
    expect((await w.request('/best-sellers-online/1?page=50', from('192.0.2.62'))).status).toBe(429);
  });

  it('runs at most two expensive requests of one address at once: the rest are 429 with Retry-After', async () => {
    const many = await createTestApp({ browsingLimit: { perMinute: 10_000, expensiveAtOnce: 2 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => Promise.resolve(many.request(LONG_SEARCH, from('192.0.2.63')))),
      );
      const refused = answers.filter((res) => res.status === 429);
      expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(2);
      expect(refused.length).toBeGreaterThan(0);
      for (const res of refused) expect(res.headers.get('retry-after')).toBe('1');
      // a cheap request of the same address is not held back by them
      expect((await many.request('/api/pincodes/600002', from('192.0.2.63'))).status).toBe(200);
    } finally {
      await many.close();
    }
  });
});

describe('the limit counted in Redis (REDIS_URL)', () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const clients: Redis[] = [];
  let reachable = false;
  beforeAll(async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
    reachable = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    // CI machines run Redis: there, not reaching it is a failure, not a reason to skip
    if (!reachable && process.env.CI) throw new Error(`Redis is not reachable at ${url}`);
  });
  afterAll(() => clients.forEach((client) => client.disconnect()));

  it('two processes, each with its own connection, together refuse at the limit', async (ctx) => {
    if (!reachable) ctx.skip();
    const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const [a, b] = [new Redis(url), new Redis(url)];
    clients.push(a, b);
    const first = await createTestApp({
      browsingLimit: { perMinute: 12 },
      browsingCounter: redisBrowsingCounter(a, 12),
    });
    try {
      const second = await first.another({
        browsingLimit: { perMinute: 12 },
        browsingCounter: redisBrowsingCounter(b, 12),
      });
      // a long search costs 6: one from each process spends the 12; the next, from either, is refused
      expect((await first.request(LONG_SEARCH, from(address))).status).toBe(200);
      expect((await second.request(LONG_SEARCH, from(address))).status).toBe(200);
      const refused = await first.request('/api/pincodes/600002', from(address));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await second.request('/api/pincodes/600002', from(address))).status).toBe(429);
      expect(Number(await a.get(`browse:${address}`))).toBeGreaterThanOrEqual(12);
    } finally {
      await first.close();
    }
  });
});
