import { migrateDatabase, openDatabase } from '@marketplace/db';
import { databaseOptions, loadConfig } from './database.ts';

// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to the embedded database under DATA_DIR
const config = loadConfig();
const options = databaseOptions(config);
const database = await openDatabase(options);
try {
  await migrateDatabase(options, database);
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
