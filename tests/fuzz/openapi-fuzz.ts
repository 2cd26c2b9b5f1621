import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { companyWithTeam, type TestCompany } from '../support/identity.js';
import { create, product } from '../integration/materials/support.js';
import { clientOf } from '../support/identity.js';
import { operationsOf, requestsFor, type FuzzRequest, type Known, type Operation } from './openapi-arbitraries.js';

// Issue 17, item 1: every route of the OpenAPI document gets malformed, boundary and hostile
// bodies, queries, path ids and headers, signed in as the super user of a company. No answer may
// be 5xx, and an answer 4xx must change nothing: neither the event log (its global position) nor
// any row of the company. Deterministic: one seed, a bounded number of runs per route
// (FUZZ_RUNS, FUZZ_SEED to explore further locally). The routes are shared among the shards
// (openapi-fuzz-<n>.test.ts), each on its own server, so the test workers share the longest file of the suite.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/** Routes that would end the fuzzing session or company itself when they succeed. */
const skipped = new Set(['POST /api/auth/logout', 'DELETE /api/company-account']);

/** Bookkeeping a refused request may keep (the answer stored with its idempotency key; room of an upload in flight). */
const bookkeeping = new Set(['idempotency_keys', 'storage_reservations']);

let t: TestApp;
let company: TestCompany;
let operations: Operation[];
let known: Known;
let snapshotQuery: string;

/** Fuzzes shard `shard` (1-based) of `shards`: every route whose position in the document is `shard` modulo `shards`. */
export function fuzzRoutes(shard: number, shards: number) {
  beforeAll(() => start(shard, shards), 120_000);
  afterAll(async () => {
    await t?.close();
  });
  describe(`every route, fuzzed from the OpenAPI document (shard ${shard} of ${shards})`, () => {
    it('covers its share of the routes of the document', () => {
      expect(operations.length).toBeGreaterThan(100 / shards);
    });

    it('answers no 5xx to hostile input, and a 4xx changes nothing', async () => {
      const failures: string[] = [];
      for (const op of operations) {
        const authorization = `Bearer ${company.superUser.token}`;
        await fc
          .assert(
            fc.asyncProperty(requestsFor(op, known, authorization), async (request) => {
              const failure = await check(request);
              if (failure) failures.push(`${failure} <- ${describeRequest(request)}`);
              return failure === null;
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          )
          .catch(() => undefined);
      }
      expect(failures).toEqual([]);
    }, 600_000);
  });
}

async function start(shard: number, shards: number) {
  t = await createTestApp();
  company = await companyWithTeam(t, { companyName: 'Fuzz GmbH' });
  const material = await create(clientOf(t, company.admin.token), product({ name: 'Fuzz', materialNumber: 'F-1' }));
  known = { ids: [company.companyId, company.superUser.id, company.admin.id, company.operator.id, material.id] };
  operations = operationsOf(t.app.swagger() as unknown as Parameters<typeof operationsOf>[0])
    .filter((op) => !skipped.has(`${op.method} ${op.path}`))
    .filter((_, index) => index % shards === shard - 1);

  const tables = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'company_id' and tb.table_type = 'BASE TABLE'
    order by c.table_name
  `.execute(t.app.db);
  const counts = tables.rows
    .filter((row) => !bookkeeping.has(row.table_name))
    .map((row) => `'${row.table_name}', (select count(*) from "${row.table_name}" where company_id = '${company.companyId}')`);
  snapshotQuery = `select (select coalesce(max(global_position), 0) from events) as position, json_build_object(${counts.join(', ')}) as rows`;
}

/** The event log's position and the company's row count in every table. */
async function snapshot(): Promise<string> {
  const result = await sql<{ position: string; rows: unknown }>`${sql.raw(snapshotQuery)}`.execute(t.app.db);
  return JSON.stringify(result.rows[0]);
}

/** Jobs the dispatcher has recorded but that have not finished (or not been enqueued) yet. */
async function unfinishedJobs(): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from dispatched_jobs where completed_at is null`.execute(t.app.db);
  return Number(result.rows[0].n);
}

/**
 * After a success, waits for the work it started (dispatched jobs, consumers) to settle, so the
 * next baseline is stable: no unfinished job and the same snapshot twice. Bounded: a job that
 * keeps failing is left to its retries.
 */
async function settle(): Promise<void> {
  let previous = '';
  for (let round = 0; round < 60; round++) {
    await t.jobs.dispatcher.catchUp();
    const current = await snapshot();
    if (current === previous && (await unfinishedJobs()) === 0) return;
    previous = current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends the request; a 4xx that seems to change state is tried once more on a settled baseline, so work a success left running is not blamed on it. */
async function check(request: FuzzRequest): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const before = await snapshot();
    const response = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
    if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
    if (response.statusCode < 400) {
      await settle();
      return null;
    }
    if ((await snapshot()) === before) return null;
    if (attempt === 1) return `${response.statusCode} changed state`;
    await settle();
  }
}

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 300)} [${request.shape}] headers=${JSON.stringify({ ...request.headers, authorization: undefined }).slice(0, 300)} body=${String(request.payload ?? '').slice(0, 300)}`;
