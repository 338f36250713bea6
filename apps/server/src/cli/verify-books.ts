import { parseArgs } from 'node:util';
import { openDatabase } from '@marketplace/db';
import { breakLine, verifyBooks } from '../modules/books/index.ts';
import { databaseOptions, loadConfig } from './database.ts';

// npm run verify-books: recomputes the ledger's and the audit log's hash chains and checks the books'
// invariants (ADR-0044); exits 1 naming each row that breaks them, 0 when the books hold.
const usage = `Usage: npm run verify-books
  Checks the books of DATABASE_URL (or the embedded database under DATA_DIR): the hash chains of the
  seller ledger and the audit log, documents against their lines, reversals, payouts, balances and
  the month's TDS and TCS exports. Exits 1 when anything does not hold, naming the row.`;

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
let failed = false;
try {
  const started = performance.now();
  const { breaks, chains } = await verifyBooks(database.db, {
    onBreak: (found) => console.error(breakLine(found)),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const [name, chain] of Object.entries(chains))
    console.log(
      chain.head
        ? `${name}: ${chain.rows.toLocaleString('en-IN')} rows chained; last at place ${chain.head.position}, hash ${chain.head.hash}`
        : `${name}: no rows yet`,
    );
  failed = breaks.length > 0;
  console.log(
    failed
      ? `The books do not hold: ${breaks.length} break(s) listed above (checked in ${seconds} s).`
      : `The books hold (checked in ${seconds} s).`,
  );
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
