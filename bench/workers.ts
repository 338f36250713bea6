// One server process against two (requirements#web-concurrency), side by side: the real server
// (apps/server/src/main.ts, as `npm start` runs it) on the bench's PostgreSQL database with
// WEB_CONCURRENCY=1 and then 2, each asked for product page data, filtered listings, search result
// pages and order placement by load generators in their own processes. Prints requests (or orders)
// a second for each, and the ratio two make of one.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@marketplace/db';
import { repositoryRoot } from '../apps/server/src/web/build.ts';
import { freePort } from './first-start.ts';
import { orderCapacity, orderPlanner } from './orders.ts';

type Line = (name: string, value: string | number, note?: string) => void;
type Load = (
  port: number,
  template: string,
  sample: string[],
  requests: number,
  clients: number,
) => Promise<{ requests: number; seconds: number; errors: number }>;

/** `npm start`'s server with `workers` processes on `databaseUrl`; resolves once it answers. */
async function startServer(databaseUrl: string, workers: number, dataDir: string) {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: String(workers),
      // the load generators are one address asking thousands of times a minute
      RATE_LIMIT_BROWSING_PER_MINUTE: '0',
    },
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = performance.now();
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || performance.now() - started > 300_000)
      throw new Error(`the server did not start:\n${output.slice(-3000)}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  // every worker listening: the first answers before the others have started
  await new Promise((wait) => setTimeout(wait, workers > 1 ? 15_000 : 1_000));
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

export async function benchWorkers(
  db: Database,
  databaseUrl: string,
  samples: { productNames: string[]; listingPaths: string[]; searchTerms: string[] },
  load: Load,
  line: Line,
  { requests = 4000, clients = 16, orders = 2000 } = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-workers-'));
  const planner = await orderPlanner(db);
  const rows: Record<string, [number, number]> = {};
  try {
    for (const [index, workers] of [1, 2].entries()) {
      const server = await startServer(databaseUrl, workers, dataDir);
      try {
        const perSecond = async (template: string, sample: string[]) => {
          const result = await load(server.port, template, sample, requests, clients);
          if (result.errors > 0) console.log(`#   ${template}: ${result.errors} errors`);
          return Math.round(result.requests / result.seconds);
        };
        const figures = {
          product: await perSecond(
            '/productdetails/{}.data',
            samples.productNames.map((name) => encodeURIComponent(name)),
          ),
          listing: await perSecond('/categorylist/{}', samples.listingPaths),
          search: await perSecond('/searchpage/{}.data', samples.searchTerms),
          orders: (
            await orderCapacity(
              `http://127.0.0.1:${server.port}`,
              planner.planOrders(index * orders, orders),
              32,
            )
          ).perSecond,
        };
        for (const [name, value] of Object.entries(figures)) {
          const row = rows[name] ?? [0, 0];
          row[index] = value;
          rows[name] = row;
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `# one server process against two (WEB_CONCURRENCY), ${clients} clients (orders: 32 shoppers), requests a second`,
  );
  console.log('#   what        one     two     two / one');
  for (const [name, [one, two]] of Object.entries(rows)) {
    console.log(
      `#   ${name.padEnd(10)} ${String(one).padStart(6)}  ${String(two).padStart(6)}     ${(two / Math.max(one, 1)).toFixed(2)}`,
    );
    line(`workers.${name}.one_per_s`, one);
    line(`workers.${name}.two_per_s`, two, 'target: at least 1.6 times one for product data and orders');
  }
}
