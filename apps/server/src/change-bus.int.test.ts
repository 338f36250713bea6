// ADR-0055: a change staff make through one server process shows on every other within a second,
// not when the other's kept copy runs out.
import pino from 'pino';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { categories, products } from '@marketplace/db';
import { createTestApp, type TestApp } from '../test-support/testing.ts';
import { verifiedStaff } from '../test-support/staff.ts';
import { databaseChangeBus, redisChangeBus } from './change-bus.ts';
import { connectRedis, type RedisConnection } from './redis.ts';

const KEEP_FOR_TEN_MINUTES = 10 * 60_000;

/** Asks `path` of `app` until its page has `text`; how long that took, in milliseconds. */
async function msUntilShown(app: { request: TestApp['request'] }, path: string, text: string) {
  const started = performance.now();
  for (;;) {
    const page = await (await app.request(path)).text();
    const took = performance.now() - started;
    if (page.includes(text)) return took;
    if (took > 5_000) throw new Error(`${path} never showed “${text}”`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A product page: it shows the privilege claim's text, kept by each process (with its other lookups). */
async function productPage(t: TestApp) {
  const [product] = await t.db.select({ name: products.name }).from(products).limit(1);
  if (!product) throw new Error('seeded products');
  return `/productdetails/${encodeURIComponent(product.name)}`;
}

async function editClaimThroughOneSeenByOther(
  t: TestApp,
  other: { request: TestApp['request'] },
  owner: string,
  text: string,
) {
  // the other process has the claim's text kept, for ten minutes
  const page = await productPage(t);
  expect(await (await other.request(page)).text()).not.toContain(text);
  const res = await t.request('/api/admin/content/privilege-claim', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: owner },
    body: JSON.stringify({ text, video: '' }),
  });
  expect(res.status).toBe(200);
  expect(await msUntilShown(other, page, text)).toBeLessThan(1_000);
}

describe('cache changes through the database', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp({ keepPageLookupsMs: KEEP_FOR_TEN_MINUTES });
    owner = (await verifiedStaff(t, 'bus-owner@staff.example.com', 'owner')).cookie;
  });
  afterAll(() => t.close());

  it('an edit through one process is seen by another within a second', async () => {
    const logger = pino({ level: 'silent' });
    const bus = databaseChangeBus(t.database, logger);
    const other = await t.another({ keepPageLookupsMs: KEEP_FOR_TEN_MINUTES, changeBus: bus });
    await bus.ready(); // as a started server is: listening before anyone edits
    await editClaimThroughOneSeenByOther(t, other, owner, 'Claim within 9 days, said the first process.');
    // and back the other way
    const res = await other.request('/api/admin/content/privilege-claim', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: owner },
      body: JSON.stringify({ text: 'Claim within 5 days, said the second.', video: '' }),
    });
    expect(res.status).toBe(200);
    expect(await msUntilShown(t, await productPage(t), 'Claim within 5 days, said the second.')).toBeLessThan(
      1_000,
    );
  });
});

describe('catalog changes through the database', () => {
  let t: TestApp;
  let catalogStaff: string;
  beforeAll(async () => {
    t = await createTestApp({ keepPageLookupsMs: KEEP_FOR_TEN_MINUTES });
    catalogStaff = (await verifiedStaff(t, 'bus-catalog@staff.example.com', 'catalog')).cookie;
  });
  afterAll(() => t.close());

  it('a category staff rename through one process is in the other’s menu within a second', async () => {
    const bus = databaseChangeBus(t.database, pino({ level: 'silent' }));
    const other = await t.another({ keepPageLookupsMs: KEEP_FOR_TEN_MINUTES, changeBus: bus });
    await bus.ready();
    const [top] = await t.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(categories.id)
      .limit(1);
    if (!top) throw new Error('seeded categories');
    // the other process has the category menu kept, for ten minutes
    expect(await (await other.request('/')).text()).toContain(top.name);
    const renamed = 'Aisle Forty Two';
    const res = await t.request(`/api/admin/catalog/categories/${top.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: catalogStaff },
      body: JSON.stringify({ name: renamed }),
    });
    expect(res.status).toBe(200);
    expect(await msUntilShown(other, '/', renamed)).toBeLessThan(1_000);
  });
});

describe('cache changes through Redis (REDIS_URL)', () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const connections: RedisConnection[] = [];
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
  afterAll(() => Promise.all(connections.map((connection) => connection.close())));

  it('an edit through one process is seen by another, each with its own connections, within a second', async (ctx) => {
    if (!reachable) ctx.skip();
    const logger = pino({ level: 'silent' });
    const [a, b] = [connectRedis(url, logger), connectRedis(url, logger)];
    connections.push(a, b);
    const busA = redisChangeBus(a, logger);
    const t = await createTestApp({ keepPageLookupsMs: KEEP_FOR_TEN_MINUTES, changeBus: busA });
    try {
      const owner = (await verifiedStaff(t, 'bus-redis-owner@staff.example.com', 'owner')).cookie;
      const busB = redisChangeBus(b, logger);
      const other = await t.another({ keepPageLookupsMs: KEEP_FOR_TEN_MINUTES, changeBus: busB });
      await Promise.all([busA.ready(), busB.ready()]); // as started servers are: subscribed before anyone edits
      await editClaimThroughOneSeenByOther(t, other, owner, 'Claim within 8 days, sent through Redis.');
    } finally {
      await t.close();
    }
  });
});
