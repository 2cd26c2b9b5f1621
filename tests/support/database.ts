import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/platform/db.js';
import { migrateToLatest } from '../../src/server/platform/migrate.js';
import { testPostgresUrl } from './services.js';

export interface TestDatabase {
  url: string;
  database: Database;
  /** Closes the handle and drops the database. */
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>, serverUrl = testPostgresUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated PostgreSQL database for one test file: a copy of the run's template (migrated once by the
 * global setup, TEST_TEMPLATE_DATABASE), or, without one, a new database migrated here.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const name = uniqueName('test');
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (template) await cloneDatabase(name, template);
  else await admin((client) => client.query(`create database ${name}`));
  const url = databaseUrl(testPostgresUrl(), name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent', poolSize: options.poolSize });
  if (!template) await migrateToLatest(database.db);
  return {
    url,
    database,
    async drop() {
      await database.close();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * `create database … template …` refuses while anyone is connected to the template (SQLSTATE 55006: an
 * autovacuum worker, a tool); no test connects to it, so a short wait and another try get through.
 */
async function cloneDatabase(name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin((client) => client.query(`create database ${name} template ${template}`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await delay(100);
    }
  }
}

export interface TemplateDatabase {
  name: string;
  drop(): Promise<void>;
}

const templatePrefix = 'test_template';

/**
 * Migrates one database for a whole run, to be cloned per test file (the global setup). Its name is unique per
 * run, so parallel runs on one server never share one; the migrating connection is closed before any clone.
 * Templates of runs that ended without their teardown (killed) are dropped once six hours old.
 */
export async function createTemplateDatabase(serverUrl: string): Promise<TemplateDatabase> {
  await dropAbandonedTemplates(serverUrl);
  const name = uniqueName(templatePrefix);
  await admin((client) => client.query(`create database ${name}`), serverUrl);
  const drop = () => admin((client) => client.query(`drop database if exists ${name} with (force)`), serverUrl).then(() => undefined);
  try {
    const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), dataDir: '/nonexistent', poolSize: 1 });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

async function dropAbandonedTemplates(serverUrl: string): Promise<void> {
  const abandonedBefore = Date.now() - 6 * 60 * 60 * 1000;
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like '${templatePrefix}\\_%'`);
    for (const { datname } of rows) {
      const createdAt = parseInt(datname.slice(templatePrefix.length + 1).split('_')[0], 36);
      if (createdAt < abandonedBefore) await client.query(`drop database if exists ${datname} with (force)`);
    }
  }, serverUrl);
}
