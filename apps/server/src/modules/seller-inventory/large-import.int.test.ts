// requirements#seller-bulk-inventory: a large upload neither holds up other requests nor can be
// repeated to do so; a refused upload is answered, not cut off.
import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerImports, offers, rateLimitCounters, sellers, users } from '@marketplace/db';
import { INVENTORY_MESSAGES } from '@marketplace/domain/sellers/inventory-api';
import { OFFER_CSV_MESSAGES } from '@marketplace/domain/sellers/inventory-csv';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { TOO_MANY_UPLOADS, UPLOADS_PER_TEN_MINUTES } from './routes.ts';

const DAKSHIN = 'dakshin-mart@sellers.example.com';
let t: TestApp;
let server: Server;
let base: string;
let dakshin: string;
let dakshinId: number;
let sku: string;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dakshin = await t.loginCookie(DAKSHIN);
  const [row] = await t.db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, DAKSHIN));
  if (!row) throw new Error('seeded seller');
  dakshinId = row.id;
  const [offer] = await t.db.select({ sku: offers.sku }).from(offers).where(eq(offers.sellerId, dakshinId));
  if (!offer) throw new Error('seeded offer');
  sku = offer.sku;
  await (await fetch(`${base}/healthz`)).arrayBuffer(); // the first answer of a new server is not the one measured
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** A CSV of `rows` data rows: the first sets a real offer's stock, the rest name SKUs nobody has. */
function offersCsv(rows: number): string {
  const lines = ['sku,stock', `${sku},7`];
  for (let i = 1; i < rows; i++) lines.push(`NO-SUCH-${i},1`);
  return `${lines.join('\n')}\n`;
}

/** The form's bytes made before sending, so the measured time is the server's, not the form's encoding. */
function uploadForm(csv: string) {
  const boundary = 'xOFFERSx';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offers.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function upload(form: { body: Buffer; type: string }) {
  return fetch(`${base}/api/seller/offer-imports`, {
    method: 'POST',
    body: new Uint8Array(form.body),
    headers: { cookie: dakshin, 'content-type': form.type },
  });
}

/** Asks /healthz over and over until `until` settles; the slowest answer, in milliseconds. */
async function slowestHealthzWhile(until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return slowest;
}

async function endRunningImports() {
  await t.db
    .update(offerImports)
    .set({ status: 'failed' })
    .where(and(eq(offerImports.sellerId, dakshinId), eq(offerImports.status, 'running')));
}

describe('a 100,001-row upload', () => {
  it('is refused as too many rows while /healthz keeps answering within 200 ms', async () => {
    const answer = upload(uploadForm(offersCsv(100_001)));
    const slowest = await slowestHealthzWhile(answer);
    const res = await answer;
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: OFFER_CSV_MESSAGES.tooManyRows } });
    expect(slowest).toBeLessThan(200);
  });
});

describe('a 100,000-row upload', () => {
  it('is read while /healthz keeps answering within 200 ms; a second upload while it runs is 409', async () => {
    const form = uploadForm(offersCsv(100_000));
    const answer = upload(form);
    const slowest = await slowestHealthzWhile(answer);
    const res = await answer;
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ totalRows: 100_000 });
    try {
      // while it runs, another upload of the seller is refused with a clear message
      const second = await upload(uploadForm(offersCsv(2)));
      expect(second.status).toBe(409);
      expect(await second.json()).toMatchObject({
        error: { code: 'CONFLICT', message: INVENTORY_MESSAGES.importRunning },
      });
      // on PGlite the database works in the server's own thread: a batch's queries (right after
      // the answer) hold up other requests while they run; on PostgreSQL they do not
      expect(slowest).toBeLessThan(t.database.kind === 'postgres' ? 200 : 600);
    } finally {
      await endRunningImports();
    }
  }, 120_000);

  it('two uploads sent together: one is taken, the other answered 409 before its file is read', async () => {
    const csv = uploadForm(offersCsv(50_000));
    const [a, b] = await Promise.all([upload(csv), upload(csv)]);
    try {
      expect([a.status, b.status].sort()).toEqual([202, 409]);
      const refused = a.status === 409 ? a : b;
      expect(await refused.json()).toMatchObject({ error: { message: INVENTORY_MESSAGES.importRunning } });
    } finally {
      await endRunningImports();
    }
  }, 60_000);
});

/** A multipart upload sent chunked (no Content-Length): the server learns its size only as it reads. */
function chunkedUpload(totalBytes: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(`${base}/api/seller/offer-imports`);
    const boundary = 'xBOUNDARYx';
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { cookie: dakshin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offers.csv"\r\nContent-Type: text/csv\r\n\r\nsku,stock\n`,
    );
    const chunk = Buffer.from(`${'A'.repeat(60)},1\n`.repeat(1024));
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

describe('an oversized upload sent chunked', () => {
  it('is answered 413 with the size message, not a closed connection', async () => {
    const res = await chunkedUpload(12 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { message: OFFER_CSV_MESSAGES.tooLarge } });
  });
});

describe('many uploads in a short while', () => {
  it('are refused past 20 in ten minutes with 429 and Retry-After, refused files counted too', async () => {
    await t.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, `offer-import:${dakshinId}`));
    const headerOnly = uploadForm('sku,stock\n');
    const answers: number[] = [];
    for (let i = 0; i < UPLOADS_PER_TEN_MINUTES; i++) answers.push((await upload(headerOnly)).status);
    expect(new Set(answers)).toEqual(new Set([400]));
    const refused = await upload(headerOnly);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: TOO_MANY_UPLOADS },
    });
    await t.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, `offer-import:${dakshinId}`));
  });
});
