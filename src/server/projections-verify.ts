import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db.js';
import { createEventStore } from './platform/event-store.js';
import { checkProjections, describeDifferences } from './platform/projection-rebuild.js';
import { inlineProjections } from './projections.js';

// `npm run projections:verify`: the read models against a rebuild from the log (docs/reliability.md).
// Changes nothing; exits 1 when any row differs. The embedded database must not be open in a server.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
try {
  const check = await checkProjections(database.db, inlineProjections(createEventStore()));
  for (const table of check.tables) process.stdout.write(`${table.projection}: ${table.table} ${table.liveRows} rows live, ${table.rebuiltRows} rebuilt\n`);
  for (const line of describeDifferences(check.differences)) process.stdout.write(`${line}\n`);
  process.stdout.write(`${check.events} events replayed, ${check.differences.length} differences\n`);
  process.exitCode = check.differences.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
