import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Media of materials and their manufacturing steps (images and PDF drawings shown at the station):
// one row per file, the bytes under the company's folder (`materials/<materialId>/media/<id>`).
// A medium is for one station (the station of a step) or, with no station, for every station.
// The rows go with their material (the composite key); the files go with the material's folder.
// Also: the index the station's scan lookup by material number (any case) reads.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table material_media (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      material_id uuid not null,
      station_id uuid,
      file_name text not null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
      size bigint not null check (size >= 0),
      uploaded_by uuid,
      uploaded_at timestamptz not null,
      foreign key (company_id, material_id) references materials (company_id, id) on delete cascade
    )
  `.execute(db);
  await sql`create index material_media_material on material_media (company_id, material_id, uploaded_at)`.execute(db);
  await sql`create index materials_company_number on materials (company_id, lower(material_number))`.execute(db);
  await enableTenantIsolation(db, ['material_media']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index materials_company_number`.execute(db);
  await sql`drop table material_media`.execute(db);
}
