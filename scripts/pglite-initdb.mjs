// Creates an empty embedded database cluster (PGlite's initdb) in the folder given, as a process of
// its own: initdb's memory (700-800 MB at its peak here) goes back when the process ends. Run by
// openDatabase (src/server/platform/db.ts) for a data folder with no prepared cluster to copy, and
// by scripts/ensure-server-build.mjs to prepare that cluster.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/pglite-initdb.mjs <folder>');
// The cluster's postgresql.conf gets the server's 16 MB of shared buffers (pgliteStartParams, db.ts).
const db = await PGlite.create({ dataDir: dir, initDbStartParams: ['-c', 'shared_buffers=16MB'] });
await db.close();
