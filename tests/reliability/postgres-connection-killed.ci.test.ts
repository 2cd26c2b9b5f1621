import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { product } from '../integration/materials/support.js';
import { report, waitUntil } from './support.js';

// A PostgreSQL connection killed in the middle of a command (pg_terminate_backend on this test's
// own database): the command answers 503, writes nothing at all (no row, no event: one
// transaction), and the same request succeeds once the database answers again.
let t: TestApp;
let company: TestCompany;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
  admin = clientOf(t, company.admin.token);
});
afterAll(async () => {
  await t?.close();
});

const dbName = () => new URL(t.testDb.url).pathname.slice(1);
const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(t.app.db)).rows[0].n);

describe('a PostgreSQL connection killed mid-command', () => {
  it('fails the command cleanly with 503, leaves no partial write, and the retry succeeds', async () => {
    const body = product({ name: 'Killed', materialNumber: 'K-1' });
    const before = {
      materials: await count(`select count(*) as n from materials where name = 'Killed'`),
      events: await count('select count(*) as n from events'),
    };

    // Hold the materials table, so the command stops inside its transaction, then cut that transaction's connection.
    const blocker = new pg.Client({ connectionString: t.testDb.url });
    await blocker.connect();
    let answer;
    try {
      await blocker.query('begin');
      await blocker.query('lock table materials in access exclusive mode');
      const pending = admin.post('/api/materials', body);
      const waiting = await waitUntil('the command waits on the lock', async () => {
        const rows = await blocker.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          [dbName()],
        );
        return rows.rows[0]?.pid;
      });
      await blocker.query('select pg_terminate_backend($1)', [waiting]);
      answer = await pending;
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json().error.code).toBe('SERVICE_UNAVAILABLE');
    const after = {
      materials: await count(`select count(*) as n from materials where name = 'Killed'`),
      events: await count('select count(*) as n from events'),
    };
    expect(after).toEqual(before);

    // The pool replaces the dead connection; the same request now goes through, once.
    let retried = await admin.post('/api/materials', body);
    for (let attempt = 0; attempt < 10 && retried.statusCode === 503; attempt++) retried = await admin.post('/api/materials', body);
    expect(retried.statusCode, retried.body).toBe(201);
    const final = await count(`select count(*) as n from materials where name = 'Killed'`);
    expect(final).toBe(before.materials + 1);
    report('postgres-connection-killed', {
      acknowledged: 1,
      present: final - before.materials,
      lost: 0,
      duplicated: Math.max(0, final - before.materials - 1),
    });
  });
});
