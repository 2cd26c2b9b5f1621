import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Tracking links of shipments: the end customer's read-only page behind a link that needs no
// sign-in. Only the token's SHA-256 is kept (the token is shown once, when the link is made); a
// link ends at `expires_at` or when revoked.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shipment_tracking_links (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      shipment_id uuid not null references shipments (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index shipment_tracking_links_shipment on shipment_tracking_links (shipment_id, created_at desc)`.execute(db);
  await enableTenantIsolation(db, ['shipment_tracking_links']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists shipment_tracking_links`.execute(db);
}
