// The thread of prepareEmbeddedDatabase (prepare.ts). The server runs its TypeScript through tsx;
// a thread loads modules on its own, so it registers tsx too.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { openDatabase, migrateDatabase } = await import('./client.ts');
const options = { kind: 'pglite', dataDir: workerData.dataDir };
const database = await openDatabase(options);
await migrateDatabase(options, database);
await database.close();
parentPort.postMessage('closed');
