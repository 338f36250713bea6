import { openDatabase } from '@marketplace/db';
import { databaseOptions, loadConfig } from './database.ts';
import { runSellersCommand } from './sellers-command.ts';

// npm run sellers -- list-pending | approve EMAIL | reject EMAIL --reason "...": decides seller
// applications in DATABASE_URL, or in the embedded database under DATA_DIR
const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
let code = 1;
try {
  code = await runSellersCommand(database.db, process.argv.slice(2), {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  });
} finally {
  await database.close();
}
process.exit(code);
