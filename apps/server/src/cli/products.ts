import { openDatabase } from '@marketplace/db';
import { approveProduct, pendingProducts, rejectProduct } from '../modules/seller-listings/index.ts';
import { databaseOptions, loadConfig } from './database.ts';

// requirements#seller-listings: products sellers add wait for moderation; until the operator
// console decides them, this command does:
//   npm run products -- pending
//   npm run products -- approve-product 123
//   npm run products -- reject-product 123 --reason "The images show another product."
const USAGE = 'usage: npm run products -- pending | approve-product ID | reject-product ID --reason "why"';

const [command, idText, ...rest] = process.argv.slice(2);
const reasonAt = rest.indexOf('--reason');
const reason = reasonAt >= 0 ? (rest[reasonAt + 1] ?? '') : '';
const id = /^\d{1,9}$/.test(idText ?? '') ? Number(idText) : null;
if (!command || (command !== 'pending' && id === null)) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openDatabase(databaseOptions(loadConfig()));
let exitCode = 0;
try {
  if (command === 'pending') {
    for (const row of await pendingProducts(database.db))
      console.log(
        `${row.id}\tseller ${row.sellerId ?? '-'}\t${row.submittedAt?.toISOString() ?? ''}\t${row.name}`,
      );
  } else if (command === 'approve-product' && id !== null) {
    const result = await approveProduct(database.db, id, new Date());
    console.log(
      result.code === 'OK'
        ? `product ${id} approved: it is in the shop now`
        : result.code === 'CONTENT_PROBLEMS'
          ? `not approved: correct ${Object.entries(result.fields)
              .map(([field, message]) => `${field} (${message})`)
              .join(', ')} in the console first`
          : `not approved: ${result.code}`,
    );
    if (result.code !== 'OK') exitCode = 1;
  } else if (command === 'reject-product' && id !== null) {
    const result = await rejectProduct(database.db, id, reason, new Date());
    console.log(
      result.code === 'OK'
        ? `product ${id} rejected`
        : result.code === 'NO_REASON'
          ? 'give the seller a reason: --reason "..."'
          : `not rejected: ${result.code}`,
    );
    if (result.code !== 'OK') exitCode = 1;
  } else {
    console.error(USAGE);
    exitCode = 2;
  }
} finally {
  await database.close();
}
process.exit(exitCode);
