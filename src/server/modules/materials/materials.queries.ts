import { sql, type Expression, type SqlBool } from 'kysely';
import type { BomMaterial } from '../../../domain/materials/bom.js';
import type {
  Component,
  Material,
  MaterialContent,
  MaterialListQuery,
  MaterialSortColumn,
  MaterialSummary,
  MaterialType,
} from '../../../domain/materials/materials.schema.js';
import type { Executor, Tx } from '../../platform/db.js';
import type { MaterialRow } from './materials.table.js';

const toNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** Where the image's bytes are served; the `v` parameter changes with every upload, so caches refresh. */
const imageOf = (row: MaterialRow): Material['image'] =>
  row.image_content_type && row.image_updated_at
    ? {
        url: `/api/materials/${row.id}/image?v=${row.image_updated_at.getTime()}`,
        contentType: row.image_content_type,
        size: Number(row.image_size),
        updatedAt: row.image_updated_at.toISOString(),
      }
    : null;

function toSummary(row: MaterialRow, componentCount: number): MaterialSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    materialNumber: row.material_number,
    netPrice: toNumber(row.net_price),
    vat: row.vat,
    weight: toNumber(row.weight),
    stock: { quantity: Number(row.stock_quantity), unit: row.stock_unit },
    image: imageOf(row),
    componentCount,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A material with its bill of materials positions (named), or undefined when this company has none by that id. */
export async function findMaterial(tx: Executor, id: string): Promise<Material | undefined> {
  const row = await tx.selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const components = await tx
    .selectFrom('material_components as mc')
    .innerJoin('materials as m', 'm.id', 'mc.component_id')
    .select(['mc.component_id', 'mc.quantity', 'm.name', 'm.material_number', 'm.type'])
    .where('mc.material_id', '=', id)
    .orderBy('mc.position')
    .execute();
  const { componentCount: _count, ...summary } = toSummary(row, components.length);
  return {
    ...summary,
    customTariff: row.custom_tariff,
    description: row.description,
    packaging: row.packaging,
    attributes: row.attributes,
    values: row.measured_values,
    components: components.map((c) => ({
      materialId: c.component_id,
      quantity: c.quantity,
      name: c.name,
      materialNumber: c.material_number,
      type: c.type,
    })),
    manufacturingSteps: row.manufacturing_steps,
    purchasing: row.purchasing,
  };
}

/**
 * The version of a material, locked for the rest of the transaction, or undefined when absent.
 * An edit takes the weaker lock so another transaction may still add the material as a component
 * meanwhile (its foreign key check only needs the key to stay); a delete takes the full lock.
 */
export async function lockMaterial(tx: Tx, id: string, purpose: 'edit' | 'delete' = 'edit'): Promise<{ version: number } | undefined> {
  const query = tx.selectFrom('materials').select('version').where('id', '=', id);
  return (purpose === 'delete' ? query.forUpdate() : query.forNoKeyUpdate()).executeTakeFirst();
}

const sortExpressions: Record<MaterialSortColumn, Expression<unknown>> = {
  name: sql`lower(materials.name)`,
  materialNumber: sql`lower(materials.material_number)`,
  netPrice: sql`materials.net_price`,
  vat: sql`materials.vat`,
  weight: sql`materials.weight`,
  stock: sql`materials.stock_quantity`,
  type: sql`materials.type`,
  createdAt: sql`materials.created_at`,
  updatedAt: sql`materials.updated_at`,
};

/** `name` or `-name` as an order-by fragment; empty numbers sort last either way. */
function orderOf(sort: string) {
  const descending = sort.startsWith('-');
  const column = sortExpressions[(descending ? sort.slice(1) : sort) as MaterialSortColumn] ?? sortExpressions.name;
  return sql`${column} ${descending ? sql`desc` : sql`asc`} nulls last, materials.id asc`;
}

/** Escapes LIKE wildcards so a search for `50%` finds "50%" and not everything starting with 50. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface MaterialFilter {
  type?: MaterialType;
  q: string;
  sort: string;
}

function filtered(tx: Executor, filter: MaterialFilter) {
  let query = tx.selectFrom('materials');
  if (filter.type) query = query.where('materials.type', '=', filter.type);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    query = query.where(
      (eb) =>
        sql<SqlBool>`(${eb.ref('materials.name')} ilike ${pattern} escape '\\' or ${eb.ref('materials.material_number')} ilike ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** One page of the list with the number of all matching materials. */
export async function listMaterials(tx: Executor, query: MaterialListQuery): Promise<{ rows: MaterialSummary[]; total: number }> {
  const base = filtered(tx, query);
  const [rows, count] = await Promise.all([
    base
      .selectAll('materials')
      .select((eb) =>
        eb.selectFrom('material_components').whereRef('material_components.material_id', '=', 'materials.id').select(eb.fn.countAll<string>().as('n')).as('component_count'),
      )
      .orderBy(orderOf(query.sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => toSummary(row, Number(row.component_count ?? 0))), total: Number(count.total) };
}

/** Every material matching the filter, in list order, for the CSV export. */
export async function materialsForExport(tx: Executor, filter: MaterialFilter): Promise<MaterialRow[]> {
  return filtered(tx, filter).selectAll('materials').orderBy(orderOf(filter.sort)).execute();
}

/** Which of these ids are materials of the company in the transaction (RLS hides the others). */
export async function existingMaterialIds(tx: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.selectFrom('materials').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Every material reachable from `startIds` through components (the start ones included), with
 * their positions: the part of the company's BOM graph a cycle check or an explosion needs.
 */
export async function loadBomGraph(tx: Executor, startIds: readonly string[]): Promise<Map<string, BomMaterial>> {
  if (startIds.length === 0) return new Map();
  // `union` (not `union all`) stops at materials already reached, so even a damaged cyclic graph ends.
  const reachable = await sql<{ id: string }>`
    with recursive reachable(id) as (
      select unnest(${[...startIds]}::uuid[])
      union
      select mc.component_id from material_components mc join reachable r on mc.material_id = r.id
    )
    select id from reachable
  `.execute(tx);
  const ids = reachable.rows.map((row) => row.id);
  const [materials, positions] = await Promise.all([
    tx.selectFrom('materials').select(['id', 'type', 'name', 'material_number', 'net_price']).where('id', 'in', ids).execute(),
    tx
      .selectFrom('material_components')
      .select(['material_id', 'component_id', 'quantity'])
      .where('material_id', 'in', ids)
      .orderBy('material_id')
      .orderBy('position')
      .execute(),
  ]);
  const componentsOf = new Map<string, Component[]>();
  for (const position of positions) {
    const list = componentsOf.get(position.material_id) ?? [];
    list.push({ materialId: position.component_id, quantity: position.quantity });
    componentsOf.set(position.material_id, list);
  }
  return new Map(
    materials.map((m) => [
      m.id,
      { id: m.id, type: m.type, name: m.name, materialNumber: m.material_number, netPrice: toNumber(m.net_price), components: componentsOf.get(m.id) ?? [] },
    ]),
  );
}

/** The materials that contain `id` as a component, by name. */
export async function materialsUsing(tx: Executor, id: string): Promise<{ id: string; name: string; materialNumber: string }[]> {
  const rows = await tx
    .selectFrom('material_components as mc')
    .innerJoin('materials as m', 'm.id', 'mc.material_id')
    .select(['m.id', 'm.name', 'm.material_number'])
    .where('mc.component_id', '=', id)
    .orderBy(sql`lower(m.name)`)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, materialNumber: row.material_number }));
}

const columnsOf = (content: MaterialContent) => ({
  type: content.type,
  name: content.name,
  material_number: content.materialNumber,
  net_price: content.netPrice,
  vat: content.vat,
  weight: content.weight,
  custom_tariff: content.customTariff,
  description: content.description,
  packaging: content.packaging,
  stock_quantity: content.stock.quantity,
  stock_unit: content.stock.unit,
  attributes: JSON.stringify(content.attributes),
  measured_values: JSON.stringify(content.values),
  manufacturing_steps: JSON.stringify(content.manufacturingSteps),
  purchasing: content.purchasing ? JSON.stringify(content.purchasing) : null,
});

export async function insertMaterial(tx: Tx, input: { id: string; companyId: string; content: MaterialContent; at: Date }): Promise<void> {
  await tx
    .insertInto('materials')
    .values({ id: input.id, company_id: input.companyId, ...columnsOf(input.content), version: 1, created_at: input.at, updated_at: input.at })
    .execute();
}

/** Writes the new content if the material is still at `expectedVersion`; answers the new version, or undefined. */
export async function updateMaterialRow(tx: Tx, id: string, expectedVersion: number, content: MaterialContent, at: Date): Promise<number | undefined> {
  const row = await tx
    .updateTable('materials')
    .set({ ...columnsOf(content), version: sql<number>`version + 1`, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

/** Replaces the bill of materials positions of a material, keeping their order. */
export async function replaceComponents(tx: Tx, companyId: string, materialId: string, components: readonly Component[]): Promise<void> {
  await tx.deleteFrom('material_components').where('material_id', '=', materialId).execute();
  if (components.length === 0) return;
  await tx
    .insertInto('material_components')
    .values(components.map((c, position) => ({ company_id: companyId, material_id: materialId, component_id: c.materialId, position, quantity: c.quantity })))
    .execute();
}

/** Records a new image (or none) and moves the version on; answers the new version, or undefined when gone. */
export async function setMaterialImage(
  tx: Tx,
  id: string,
  image: { contentType: 'image/png' | 'image/jpeg'; size: number } | null,
  at: Date,
): Promise<number | undefined> {
  const row = await tx
    .updateTable('materials')
    .set({
      image_content_type: image?.contentType ?? null,
      image_size: image?.size ?? null,
      image_updated_at: image ? at : null,
      version: sql<number>`version + 1`,
      updated_at: at,
    })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

export async function deleteMaterialRow(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('materials').where('id', '=', id).execute();
}
