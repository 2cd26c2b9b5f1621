import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Materials (products, manufacturing parts, purchasing parts) and their bill of materials.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table materials (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      type text not null check (type in ('product', 'manufacturing_part', 'purchasing_part')),
      name text not null,
      material_number text not null default '',
      net_price numeric(12, 2),
      vat smallint check (vat between 0 and 99),
      weight numeric(12, 3),
      custom_tariff text not null default '',
      description text not null default '',
      packaging text not null default '',
      stock_quantity numeric(12, 2) not null check (stock_quantity >= 0),
      stock_unit text not null,
      attributes jsonb not null default '[]'::jsonb,
      measured_values jsonb not null default '[]'::jsonb,
      manufacturing_steps jsonb not null default '[]'::jsonb,
      purchasing jsonb,
      image_content_type text check (image_content_type in ('image/png', 'image/jpeg')),
      image_size bigint,
      image_updated_at timestamptz,
      version integer not null check (version >= 1),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (company_id, id)
    )
  `.execute(db);
  await sql`create index materials_company_type_name on materials (company_id, type, lower(name))`.execute(db);
  await sql`create index materials_company_name on materials (company_id, lower(name))`.execute(db);

  // Positions of the bill of materials. The composite keys keep both ends in the same company, and
  // a material still used as a component cannot disappear underneath its user.
  await sql`
    create table material_components (
      company_id uuid not null,
      material_id uuid not null,
      component_id uuid not null,
      position smallint not null,
      quantity integer not null check (quantity between 1 and 999),
      primary key (material_id, component_id),
      unique (material_id, position),
      foreign key (company_id, material_id) references materials (company_id, id) on delete cascade,
      foreign key (company_id, component_id) references materials (company_id, id)
    )
  `.execute(db);
  await sql`create index material_components_component on material_components (company_id, component_id)`.execute(db);

  await enableTenantIsolation(db, ['materials', 'material_components']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table material_components`.execute(db);
  await sql`drop table materials`.execute(db);
}
