import { NODE_ENV_AS_SET } from './production-default.ts';
import { hasEmbeddedDatabase, prepareEmbeddedDatabase } from '@marketplace/db/prepare';
import { parseConfig } from './env.ts';
import { createLogger } from './logger.ts';
import { ensureWebBuild } from './web/build.ts';
import cluster from 'node:cluster';
import { superviseWorkers } from './cluster.ts';

// The entry point loads little: the first start's long steps (the web build, a new embedded
// database) begin before the server's modules load, and run beside them (start.ts does the rest).

// the configuration sees NODE_ENV as set: unset keeps the development outbox page on (ADR-0007)
const parsed = parseConfig({ ...process.env, NODE_ENV: NODE_ENV_AS_SET });
if (!parsed.ok) {
  console.error(parsed.error);
  process.exit(1);
}
const config = parsed.config;
const logger = createLogger(config.logLevel);

async function main() {
  const started = performance.now();
  // a new embedded database is created and migrated on a thread of its own meanwhile
  const newDatabase = config.database.kind === 'pglite' && !hasEmbeddedDatabase(config.database.dataDir);
  const prepared =
    config.database.kind === 'pglite'
      ? prepareEmbeddedDatabase(config.database.dataDir).catch((error: unknown) =>
          // the server then creates it itself, as it opens it
          logger.warn({ err: error }, 'the new database could not be prepared beside the start'),
        )
      : null;
  // the web build runs in a child process while this one loads, migrates and seeds; scripts and
  // styles are precompressed once the marketplace serves
  let underway = () => {};
  const buildUnderway = new Promise<void>((resolve) => (underway = resolve));
  const webBuild = config.isDevelopment
    ? null
    : ensureWebBuild({ logger, precompress: false, onUnderway: () => underway() });
  webBuild?.then(underway, underway); // awaited later; a seed that fails first must not leave it unhandled
  // the sources are hashed and the build's process started before the server's modules load
  if (webBuild) await buildUnderway;
  const { start } = await import('./start.ts');
  // this thread would only wait for the new database: it reads the seed's pincode list meanwhile
  const pincodeRows =
    newDatabase && config.seedOnStart
      ? import('@marketplace/db/pincodes').then(({ readPincodeFile }) => readPincodeFile())
      : undefined;
  pincodeRows?.catch(() => undefined); // awaited by the seed, which fails with the reason
  await prepared;
  await start({ config, logger, webBuild, started, ...(pincodeRows ? { pincodeRows } : {}) });
}

// requirements#web-concurrency: with several processes, this one only supervises them
const run =
  config.webConcurrency > 1 && cluster.isPrimary
    ? () => superviseWorkers(config.webConcurrency, logger)
    : main;
run().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  logger.fatal({ err: error }, `could not start: ${reason}`);
  process.exit(1);
});
