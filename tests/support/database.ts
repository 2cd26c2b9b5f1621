import { randomBytes } from 'node:crypto';
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

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated PostgreSQL database for one test file. */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent', poolSize: options.poolSize });
  await migrateToLatest(database.db);
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
