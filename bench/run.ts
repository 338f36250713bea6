// npm run bench [-- --products N] [--database-url postgres://...] [--requests N] [--concurrency N]
// Prints figures: seed throughput and peak memory, and the pincode endpoint's latency under
// concurrent load. Targets are read by people, never asserted in tests.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { type DatabaseOptions, migrateDatabase, openDatabase, pincodes } from '@marketplace/db';
import { adminQuery, databaseUrl } from '@marketplace/db/testing';
import { seedDatabase } from '@marketplace/db/seed';
import { createApp } from '../apps/server/src/app.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    'database-url': { type: 'string' },
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '64' },
  },
});
const products = Number(values.products);
const totalRequests = Number(values.requests);
const concurrency = Number(values.concurrency);
const workDir = await mkdtemp(join(tmpdir(), 'marketplace-bench-'));
const serverUrl = values['database-url'];
const benchDb = `marketplace_bench_${Date.now().toString(36)}`;
const options: DatabaseOptions = serverUrl
  ? { kind: 'postgres', url: databaseUrl(serverUrl, benchDb), poolSize: 16 }
  : { kind: 'pglite', dataDir: join(workDir, 'db') };
if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE "${benchDb}"`);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

try {
  const database = await openDatabase(options);
  await migrateDatabase(options, database);
  console.log(`# seed: ${products.toLocaleString('en-IN')} products on ${database.kind}`);
  const summary = await seedDatabase(database.db, {
    products,
    mediaDir: join(workDir, 'media'),
    onProgress: (line) => console.log(`  ${line}`),
  });
  const rows = summary.products + summary.offers + summary.reviews;
  console.log(`seed.seconds            ${summary.seconds}`);
  console.log(`seed.products_per_s     ${Math.round(summary.products / summary.seconds)}`);
  console.log(
    `seed.rows_per_s         ${Math.round(rows / summary.seconds)}  (products + offers + reviews = ${rows})`,
  );
  console.log(`seed.peak_rss           ${mb(Math.max(peakRss, process.resourceUsage().maxRSS * 1024))}`);

  const sample = (await database.db.select({ pincode: pincodes.pincode }).from(pincodes)).map(
    (p) => p.pincode,
  );
  const app = createApp({ database, logger: pino({ level: 'silent' }), mediaDir: join(workDir, 'media') });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s)) as Server;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // the load comes from a separate process so it does not share the server's event loop
  const valuesFile = join(workDir, 'pincodes.txt');
  await writeFile(valuesFile, sample.join('\n'));
  const load = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/load.ts',
        String(port),
        String(totalRequests),
        String(concurrency),
        '/api/pincodes/{}',
        valuesFile,
      ],
      { maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error) reject(new Error(`load generator failed: ${error.message}`));
        else resolve(stdout);
      },
    );
  });
  const result = JSON.parse(load) as {
    requests: number;
    seconds: number;
    errors: number;
    latenciesMs: Record<string, number>;
  };
  console.log(
    `# GET /api/pincodes/{pincode}: ${result.requests} requests, ${concurrency} concurrent, keep-alive, ${database.kind}, load from a separate process`,
  );
  console.log(`pincode.requests_per_s  ${Math.round(result.requests / result.seconds)}`);
  console.log(`pincode.p50_ms          ${result.latenciesMs.p50}`);
  console.log(`pincode.p99_ms          ${result.latenciesMs.p99}`);
  console.log(`pincode.errors          ${result.errors}`);
  await new Promise((resolve) => server.close(resolve));
  await database.close();
} finally {
  clearInterval(sampler);
  if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${benchDb}" WITH (FORCE)`);
  await rm(workDir, { recursive: true, force: true });
}
