import { openDatabase } from '@marketplace/db';
import { databaseOptions, loadConfig } from './database.ts';
import { runStaffCommand } from './staff-command.ts';

// npm run staff -- add EMAIL ROLE | list | remove EMAIL: the operator console's staff, in
// DATABASE_URL or in the embedded database under DATA_DIR
const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
let code = 1;
try {
  code = await runStaffCommand(database.db, process.argv.slice(2), {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  });
} finally {
  await database.close();
}
process.exit(code);
