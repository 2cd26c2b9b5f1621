// Builds what `npm start` runs (issue 32, a lean first start; docs/performance.md, First start):
// 1. the server as one JavaScript file, dist/server/main.mjs (esbuild; packages stay in node_modules),
//    when it is missing or older than its sources. Run under tsx, the server carried tsx's loader
//    thread, its transpiler and a source map per file: about 100 MB of its idle memory.
// 2. an empty embedded database cluster, dist/pglite-cluster/<PGlite version>, once: a new data
//    folder starts as a copy of it (openDatabase, db.ts) instead of running PGlite's initdb, which
//    takes 15-25 s and 700-800 MB of memory on this machine.
// Both are written to a folder of their own and then renamed into place, so a start reading them
// meanwhile never finds them half written. `--force` builds the server again.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/server');
const output = path.join(outDir, 'main.mjs');
const sources = ['src/server', 'src/domain', 'migrations', 'package-lock.json', 'scripts/ensure-server-build.mjs'].map((p) => path.join(root, p));

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

/**
 * Source files find their neighbours through `import.meta.url` (the migrations, the web build, the
 * seed's images): in the bundle it becomes the source file's own address, relative to the bundle,
 * so the paths stay right and the checkout may move.
 */
const sourceAddresses = {
  name: 'source-addresses',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

async function buildServer() {
  const { build } = await import('esbuild');
  const staging = path.join(root, `dist/server-build-${process.pid}`);
  const retired = path.join(root, `dist/server-old-${process.pid}`);
  try {
    await build({
      entryPoints: { main: path.join(root, 'src/server/main.ts') },
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // For `node --enable-source-maps dist/server/main.mjs`: stack traces with the sources' lines.
      sourcemap: 'linked',
      plugins: [sourceAddresses],
      logLevel: 'warning',
    });
    if (existsSync(outDir)) renameSync(outDir, retired);
    renameSync(staging, outDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(retired, { recursive: true, force: true });
  }
}

/** The folder a new embedded database is copied from (keep in step with `preparedClusterDir`, db.ts). */
function clusterDir() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  return path.join(root, 'dist/pglite-cluster', version);
}

function prepareCluster() {
  const target = clusterDir();
  if (existsSync(path.join(target, 'PG_VERSION'))) return;
  process.stdout.write('Preparing an empty embedded database (PGlite initdb, once)...\n');
  const staging = `${target}-${process.pid}`;
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    // The same initdb as a data folder without a prepared cluster gets (initEmbeddedCluster, db.ts).
    execFileSync(process.execPath, [path.join(root, 'scripts/pglite-initdb.mjs'), staging], { cwd: root, stdio: 'inherit' });
    if (!existsSync(target)) renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const force = process.argv.includes('--force');
if (force || !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map(newest))) {
  process.stdout.write('Building the server (esbuild)...\n');
  await buildServer();
}
prepareCluster();
