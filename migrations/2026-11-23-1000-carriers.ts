import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Carriers: the company's master data of who delivers its shipments, with an optional
// tracking-link template holding `{trackingId}`. A name is unique in the company without regard to
// case; a retired carrier is no longer offered but stays on the shipments that name it.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table carriers (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      name text not null,
      tracking_link_template text check (tracking_link_template is null or position('{trackingId}' in tracking_link_template) > 0),
      retired boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create unique index carriers_name_per_company on carriers (company_id, lower(name))`.execute(db);
  await enableTenantIsolation(db, ['carriers']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists carriers`.execute(db);
}
