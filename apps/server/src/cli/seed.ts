import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@marketplace/db';
import { DEFAULT_SEED, resetDatabase, seedDatabase, seedState } from '@marketplace/db/seed';
import { databaseOptions, loadConfig } from './database.ts';
import { issueMissingDocuments } from '../modules/invoices/index.ts';

const usage = `Usage: npm run seed -- [--reset] [--products N] [--seed N]
  --reset       empty the database (and generated images) first
  --products N  how many products to generate (default 2000; SEED_PRODUCTS)
  --seed N      the random seed; the same seed gives the same catalog (default ${DEFAULT_SEED})`;

let args;
try {
  args = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      products: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
const config = loadConfig();
const products = args.products === undefined ? config.seedProducts : Number(args.products);
const seed = args.seed === undefined ? DEFAULT_SEED : Number(args.seed);
if (!Number.isInteger(products) || products < 50) {
  console.error(`--products must be a whole number of at least 50 (got "${args.products}")\n${usage}`);
  process.exit(2);
}
if (!Number.isInteger(seed)) {
  console.error(`--seed must be a whole number (got "${args.seed}")\n${usage}`);
  process.exit(2);
}

const options = databaseOptions(config);
const database = await openDatabase(options);
try {
  await migrateDatabase(options, database);
  const state = await seedState(database.db);
  if (state === 'complete' && !args.reset) {
    console.log('The database is already seeded. Run with --reset to start again.');
  } else {
    if (state !== 'empty') {
      console.log(
        state === 'partial' ? 'An earlier seed did not finish: starting again.' : 'Resetting the database.',
      );
      await resetDatabase(database.db, config.mediaDir);
    }
    const summary = await seedDatabase(database.db, {
      products,
      seed,
      mediaDir: config.mediaDir,
      onProgress: (message) => console.log(message),
      issueDocuments: issueMissingDocuments,
    });
    const rows = summary.products + summary.offers + summary.reviews;
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      `throughput: ${Math.round(summary.products / summary.seconds).toLocaleString('en-IN')} products/s, ${Math.round(rows / summary.seconds).toLocaleString('en-IN')} rows/s (products, offers, reviews); peak memory ${peakMb} MB`,
    );
  }
} finally {
  await database.close();
}
