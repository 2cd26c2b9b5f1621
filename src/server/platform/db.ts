import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type DatabaseConnection, type Driver, type Transaction, type TransactionSettings } from 'kysely';
import pg from 'pg';

/**
 * The database schema as kysely sees it. Empty here: each module declares its own tables by
 * augmenting this interface beside the module (`declare module '.../platform/db.js'`), and the
 * platform declares its own in the files that own them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;
/** Either the root handle or an open transaction: query functions accept both. */
export type Executor = Db | Tx;

/** The role every tenant transaction switches to: not superuser, not owner, no BYPASSRLS. */
export const APP_ROLE = 'shopfloor_app';

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Runs `work` while holding a lock named `name` across every process on this database (a
   * PostgreSQL session advisory lock, held on a connection of its own while `work` uses the
   * others). On PGlite, which one process owns, it just runs `work`.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Serialises access to PGlite's single connection, so concurrent transactions never interleave. */
class SerialDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  async releaseConnection(connection: DatabaseConnection) {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

class SerialPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new SerialDriver(super.createDriver());
  }
}

/** SQL text -> the name it is prepared under on each PostgreSQL connection. */
const preparedNames = new Map<string, string>();

/**
 * Marks a statement to be sent as a named prepared statement on PostgreSQL: each connection
 * parses and plans it once and then only binds and executes it. For the few hottest statements
 * (the event append), whose text is fixed; everything else goes as an unnamed statement, as
 * kysely sends it. Returns the text, so a module writes `const appendSql = preparedStatement(...)`.
 * PGlite runs the statement as sent. (Named statements need session pooling: behind a pooler in
 * transaction mode they fail.)
 */
export function preparedStatement(text: string): string {
  if (!preparedNames.has(text)) {
    preparedNames.set(text, `shopfloor_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  }
  return text;
}

/** Makes a pooled client send the statements marked by `preparedStatement` under their names. */
function sendMarkedStatementsPrepared(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? preparedNames.get(config) : undefined;
    if (name && Array.isArray(values)) return query({ name, text: config, values }, callback);
    return query(config, values, callback);
  };
  client.query = prepared as typeof client.query;
}

/**
 * The embedded database's memory (issue 32: 513 MB idle, 978 MB peak on a first start). PostgreSQL's
 * shared buffers live in PGlite's WebAssembly memory: 16 MB instead of 128 MB keeps the heap of a
 * small shop's data hot and the process lean (docs/decisions.md).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The empty cluster `npm start` prepares once (scripts/ensure-server-build.mjs), one per PGlite version:
 * a new embedded database starts as a copy of it. Keep in step with `clusterDir` there.
 */
function preparedClusterDir(): string {
  const pglitePackage = path.resolve(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '../package.json');
  const { version } = JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string };
  return fileURLToPath(new URL(`../../../dist/pglite-cluster/${version}`, import.meta.url));
}

/**
 * Creates the cluster of a new embedded database: a copy of the prepared one when there is one (a
 * copy of 40 MB against 15-25 s of initdb), otherwise PGlite's initdb in a process of its own that
 * then ends (scripts/pglite-initdb.mjs). Run in the server, initdb leaves a few hundred MB behind that
 * the process never returns (measured: 700-800 MB after a fresh start against 250 MB when the
 * cluster already exists). The copy is made beside the folder and renamed into place, so a start
 * killed meanwhile leaves no half cluster behind.
 */
async function initEmbeddedCluster(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const prepared = preparedClusterDir();
  // Only into a folder that is missing or empty: one holding anything else is never replaced.
  if (existsSync(path.join(prepared, 'PG_VERSION')) && (!existsSync(dir) || readdirSync(dir).length === 0)) {
    const staging = `${dir}-copy-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(prepared, staging, { recursive: true });
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(staging, dir);
    return;
  }
  mkdirSync(dir, { recursive: true });
  const script = fileURLToPath(new URL('../../../scripts/pglite-initdb.mjs', import.meta.url));
  await promisify(execFile)(process.execPath, [script, dir], { env: { PATH: process.env.PATH ?? '' } });
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite database lives in `dataDir/pgdata`. */
  databaseUrl?: string;
  dataDir: string;
  /** Connections in the pool (PostgreSQL only). */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idle_in_transaction_session_timeout: 30_000,
      application_name: 'shopfloor-console',
    });
    // A dropped connection must not crash the process: the query in flight fails (503), pg-pool
    // removes the broken client, and the next query connects anew.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      sendMarkedStatementsPrepared(client);
    });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      exclusively: (name, work) =>
        db.connection().execute(async (connection) => {
          const key = sql`hashtextextended(${`lock:${name}`}, 0)`;
          await sql`select pg_advisory_lock(${key})`.execute(connection);
          try {
            return await work();
          } finally {
            await sql`select pg_advisory_unlock(${key})`.execute(connection);
          }
        }),
      close: () => db.destroy(),
    };
  }
  const dir = path.join(options.dataDir, 'pgdata');
  mkdirSync(options.dataDir, { recursive: true });
  await initEmbeddedCluster(dir);
  const pglite = await PGlite.create({ dataDir: dir, startParams: pgliteStartParams });
  const db = new Kysely<Tables>({ dialect: new SerialPGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    exclusively: (_name, work) => work(),
    close: () => db.destroy(),
  };
}

/**
 * Runs `work` in one transaction as the application role, with row-level security scoped to
 * `companyId`. Every query inside sees and writes only that company's rows.
 */
export function withTenant<T>(db: Db, companyId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${companyId}, true)`.execute(tx);
    return work(tx);
  });
}

/**
 * Runs `work` in one transaction without a tenant: for platform consumers and the product
 * operator's cross-company views. Never reachable from a tenant's request with its own input.
 */
export function withSystem<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** A `like`/`ilike` pattern that finds `text` anywhere, with the pattern's own characters escaped. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The total of a paged list read with `count(*) over () as total`: the count the page's first row carries;
 * an empty page carries none, so past the first page the rows are counted apart (`countAll`).
 */
export async function totalOfPage(rows: readonly { total: number | string }[], page: number, countAll: () => Promise<number | string>): Promise<number> {
  if (rows.length > 0) return Number(rows[0].total);
  return page === 1 ? 0 : Number(await countAll());
}
