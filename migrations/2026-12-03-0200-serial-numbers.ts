import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Serial numbers per piece (docs/quality-and-lots.md, Serial numbers): the material setting, the company's
// serial counter beside its lot counter, and the serials of the produced lots (the read model of
// `LotSerialsAssigned`; the primary key keeps a serial unique in its company). Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table materials add column serial_numbers boolean not null default false`.execute(db);
  await sql`alter table lot_counters add column last_serial integer not null default 0 check (last_serial >= 0)`.execute(db);
  await sql`
    create table lot_serials (
      company_id uuid not null references companies (id) on delete cascade,
      serial text not null,
      lot_id uuid not null references lots (id) on delete cascade,
      position int not null,
      primary key (company_id, serial)
    )
  `.execute(db);
  await sql`create index lot_serials_by_lot on lot_serials (lot_id, position)`.execute(db);
  await enableTenantIsolation(db, ['lot_serials']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lot_serials`.execute(db);
  await sql`alter table lot_counters drop column last_serial`.execute(db);
  await sql`alter table materials drop column serial_numbers`.execute(db);
}
