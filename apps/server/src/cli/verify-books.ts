import { parseArgs } from 'node:util';
import { openDatabase } from '@marketplace/db';
import { databaseOptions, loadConfig } from './database.ts';
import { runVerifyBooks } from './verify-books-command.ts';

// npm run verify-books: recomputes the ledger's, the journal's and the audit log's hash chains and checks
// the books' invariants (ADR-0045, ADR-0053); exits 1 naming each row that breaks them, 0 when the books hold.
const usage = `Usage: npm run verify-books
  Checks the books of DATABASE_URL (or the embedded database under DATA_DIR, while no server uses
  it): the hash chains of the seller ledger, the operator's journal and the audit log, documents
  against their lines, reversals, payouts, balances, each month's TDS and TCS exports, and that each
  journal balances and each seller's account in it is its ledger balance. Exits 1 when anything does
  not hold, naming the row.`;

try {
  const { values } = parseArgs({ options: { help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
let code: number;
try {
  code = await runVerifyBooks(database.db, { log: console.log, error: console.error });
} finally {
  await database.close();
}
process.exit(code);
