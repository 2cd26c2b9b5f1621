import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/platform/db.js';
import { migrateToLatest } from '../src/server/platform/migrate.js';
import type { BenchModule, BenchRow } from './harness.js';

// `npm run bench [-- name-filter ...]`: every bench/*.bench.ts on a throwaway database of its own.
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(benchDir, 'results');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function loadModules(filters: string[]): Promise<BenchModule[]> {
  const files = readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort();
  const modules: BenchModule[] = [];
  for (const file of files) {
    const loaded = (await import(pathToFileURL(path.join(benchDir, file)).href)) as Partial<BenchModule>;
    if (typeof loaded.name !== 'string' || typeof loaded.run !== 'function') {
      throw new Error(`${file} must export a name and a run() function (see bench/harness.ts)`);
    }
    const module = { description: '', ...loaded } as BenchModule;
    if (filters.length === 0 || filters.some((filter) => module.name.includes(filter))) modules.push(module);
  }
  return modules;
}

async function runOne(module: BenchModule): Promise<{ rows: BenchRow[]; seconds: number }> {
  const databaseName = `bench_${module.name.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
  await onServer((client) => client.query(`create database ${databaseName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: module.poolSize ?? 10 });
  const started = performance.now();
  try {
    await migrateToLatest(database.db);
    const rows = await module.run({ database, databaseUrl: url.toString(), log: (line) => log(`  [${module.name}] ${line}`) });
    return { rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
    await onServer((client) => client.query(`drop database if exists ${databaseName} with (force)`));
  }
}

const formatNumber = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2));

function renderTable(results: { module: BenchModule; rows: BenchRow[] }[]): string {
  const header = ['benchmark', 'case', 'result', 'baseline', 'ratio', 'target', 'met'];
  const lines = results.flatMap(({ module, rows }) =>
    rows.map((row) => [
      module.name,
      row.case,
      `${formatNumber(row.value)} ${row.unit}`,
      row.baseline ? `${formatNumber(row.baseline.value)} (${row.baseline.label})` : '',
      row.ratio === undefined ? '' : row.ratio.toFixed(2),
      row.target ?? '',
      row.met === undefined ? '' : row.met ? 'yes' : 'NO',
    ]),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const render = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [render(header), rule, ...lines.map(render)].join('\n');
}

async function main() {
  const modules = await loadModules(process.argv.slice(2));
  if (modules.length === 0) throw new Error('No benchmark matched (files bench/*.bench.ts).');
  const postgres = await onServer(async (client) => (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version);
  const machine = {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
  log(`PostgreSQL ${postgres} at ${new URL(serverUrl).host}, node ${process.version}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);

  mkdirSync(resultsDir, { recursive: true });
  const results: { module: BenchModule; rows: BenchRow[] }[] = [];
  for (const module of modules) {
    log(`${module.name}: ${module.description}`);
    const { rows, seconds } = await runOne(module);
    results.push({ module, rows });
    const report = {
      name: module.name,
      description: module.description,
      date: new Date().toISOString(),
      machine,
      node: process.version,
      postgres,
      seconds: Number(seconds.toFixed(1)),
      rows,
    };
    writeFileSync(path.join(resultsDir, `${module.name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    log(`${module.name}: done in ${seconds.toFixed(1)} s`);
  }
  process.stdout.write(`${renderTable(results)}\n`);
}

main().catch((error: unknown) => {
  log(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
