import { sql, type Kysely } from 'kysely';

/**
 * The tenancy recipe (ARCHITECTURE.md section 6) for tables that carry `company_id`: row-level
 * security enabled and forced, `tenant_isolation` (the application role sees and writes only the
 * company in `app.company_id`) and `platform_access` (the owner connection, which is not the
 * application role, reads and writes all: consumers and the operator).
 *
 * Landed migrations call it, so the SQL it runs is frozen like theirs: a different recipe is a
 * new function beside this one, never an edit. tests/integration/tenancy/catalogue.test.ts checks
 * every `company_id` table against it.
 */
export async function enableTenantIsolation(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(table)} force row level security`.execute(db);
    await sql`
      create policy tenant_isolation on ${sql.table(table)} to shopfloor_app
        using (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
        with check (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
    `.execute(db);
    await sql`
      create policy platform_access on ${sql.table(table)}
        using (current_user <> 'shopfloor_app') with check (current_user <> 'shopfloor_app')
    `.execute(db);
  }
}
