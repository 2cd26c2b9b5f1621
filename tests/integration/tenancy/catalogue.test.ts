import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTenantIsolation } from '../../../migrations/support/tenant-isolation.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

/**
 * Tables that carry `company_id` without the tenant recipe, each with the reason. The test checks
 * the reason still holds: the application role has no privilege on them at all.
 */
const platformTables: Record<string, string> = {
  dispatched_jobs: 'the job ledger of the event-to-job dispatcher; company_id only lets a customer deletion clear it',
};

const tenantExpression = "(company_id = (NULLIF(current_setting('app.company_id'::text, true), ''::text))::uuid)";
const platformExpression = "(CURRENT_USER <> 'shopfloor_app'::name)";

interface PolicyRow {
  table: string;
  name: string;
  permissive: string;
  roles: string[];
  cmd: string;
  qual: string | null;
  with_check: string | null;
}

/**
 * What is wrong with the row-level security of every table in the public schema with a
 * `company_id` column, read from pg_catalog: one line per problem, empty when all is well.
 */
async function tenancyProblems(db: Kysely<unknown>): Promise<string[]> {
  const tables = await sql<{ table: string; kind: string; rls: boolean; forced: boolean; app_privileges: boolean }>`
    select c.relname as table, c.relkind as kind, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
      has_table_privilege('shopfloor_app', c.oid, 'select, insert, update, delete, truncate, references, trigger') as app_privileges
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
    order by c.relname
  `.execute(db);
  const policies = await sql<PolicyRow>`
    select tablename as table, policyname as name, permissive, roles::text[] as roles, cmd, qual, with_check
    from pg_policies where schemaname = 'public'
  `.execute(db);

  const problems: string[] = [];
  for (const t of tables.rows) {
    if (t.table in platformTables) {
      if (t.app_privileges) problems.push(`${t.table}: listed as a platform table, yet shopfloor_app has privileges on it`);
      continue;
    }
    if (t.kind !== 'r' && t.kind !== 'p') {
      problems.push(`${t.table}: a relation of kind '${t.kind}' with company_id (row-level security applies to tables only)`);
      continue;
    }
    if (!t.rls) problems.push(`${t.table}: row-level security is not enabled`);
    if (!t.forced) problems.push(`${t.table}: row-level security is not forced`);
    const own = policies.rows.filter((p) => p.table === t.table);
    const tenant = own.find(
      (p) =>
        p.permissive === 'PERMISSIVE' &&
        p.cmd === 'ALL' &&
        p.roles.length === 1 &&
        p.roles[0] === 'shopfloor_app' &&
        p.qual === tenantExpression &&
        p.with_check === tenantExpression,
    );
    if (!tenant) problems.push(`${t.table}: no tenant policy for shopfloor_app with USING and WITH CHECK on app.company_id`);
    // Permissive policies add up: any other one that reaches the application role could widen what it sees.
    for (const p of own) {
      if (p === tenant || p.permissive !== 'PERMISSIVE') continue;
      const excludesApp = p.qual === platformExpression && (p.with_check === platformExpression || p.cmd === 'SELECT');
      const reachesApp = p.roles.includes('public') || p.roles.includes('shopfloor_app');
      if (reachesApp && !excludesApp) problems.push(`${t.table}: permissive policy ${p.name} also applies to shopfloor_app`);
    }
  }
  return problems;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Runs `work` in a transaction that is always rolled back, so the probe tables never stay. */
async function inRolledBackTransaction(work: (tx: Kysely<unknown>) => Promise<string[]>): Promise<string[]> {
  let result: string[] = [];
  const rollback = new Error('rollback');
  await expect(
    database.database.db.transaction().execute(async (tx) => {
      result = await work(tx as unknown as Kysely<unknown>);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
  return result;
}

describe('the tenancy catalogue', () => {
  const db = () => database.database.db as unknown as Kysely<unknown>;

  it('finds the tenant tables of every module', async () => {
    const tables = await sql<{ table: string }>`
      select distinct c.relname as table from pg_class c join pg_attribute a on a.attrelid = c.oid
      where a.attname = 'company_id' and c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    `.execute(db());
    expect(tables.rows.map((r) => r.table)).toEqual(expect.arrayContaining(['events', 'users', 'materials', 'stations', 'orders']));
  });

  it('gives every table with company_id forced row-level security and the tenant policy', async () => {
    expect(await tenancyProblems(db())).toEqual([]);
  });

  it('notices a new table that forgot the recipe, and passes it once the migration helper ran', async () => {
    const problems = await inRolledBackTransaction(async (tx) => {
      await sql`create table forgotten_things (id uuid primary key, company_id uuid not null)`.execute(tx);
      await sql`create table open_things (id uuid primary key, company_id uuid not null)`.execute(tx);
      await enableTenantIsolation(tx, ['open_things']);
      await sql`create policy everyone on open_things using (true)`.execute(tx);
      await sql`create table isolated_things (id uuid primary key, company_id uuid not null)`.execute(tx);
      await enableTenantIsolation(tx, ['isolated_things']);
      return tenancyProblems(tx);
    });
    expect(problems).toEqual([
      'forgotten_things: row-level security is not enabled',
      'forgotten_things: row-level security is not forced',
      'forgotten_things: no tenant policy for shopfloor_app with USING and WITH CHECK on app.company_id',
      'open_things: permissive policy everyone also applies to shopfloor_app',
    ]);
  });

  it('notices a platform table the application role can reach', async () => {
    const problems = await inRolledBackTransaction(async (tx) => {
      await sql`grant select on dispatched_jobs to shopfloor_app`.execute(tx);
      return tenancyProblems(tx);
    });
    expect(problems).toEqual(['dispatched_jobs: listed as a platform table, yet shopfloor_app has privileges on it']);
  });
});
