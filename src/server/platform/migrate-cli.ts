import { loadConfig } from './config.js';
import { openDatabase } from './db.js';
import { migrateToLatest } from './migrate.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(database.db);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
} finally {
  await database.close();
}
