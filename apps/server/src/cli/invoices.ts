import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@marketplace/db';
import { issueMissingDocuments } from '../modules/invoices/index.ts';
import { databaseOptions, loadConfig } from './database.ts';

// npm run invoices -- backfill: once after upgrading a shop that ran a version without invoices, its
// earlier shipments get theirs (requirements#gst-invoices). A new shop's seed issues its own.
const usage = `Usage: npm run invoices -- backfill
  backfill   issue the invoices, credit notes and ledger entries of shipments made before invoices
             (each dated when its shipment was made); shipments with an invoice are left alone`;

let positionals: string[];
try {
  positionals = parseArgs({ allowPositionals: true, options: {} }).positionals;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
if (positionals.length !== 1 || positionals[0] !== 'backfill') {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const options = databaseOptions(config);
const database = await openDatabase(options);
try {
  await migrateDatabase(options, database);
  const started = performance.now();
  const issued = await issueMissingDocuments(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    issued === 0
      ? 'Every shipment has its invoice: nothing to issue.'
      : `Issued ${issued.toLocaleString('en-IN')} invoices for earlier shipments, with their credit notes and ledger entries, in ${seconds} s.`,
  );
} finally {
  await database.close();
}
