import { sql, type Expression, type SqlBool } from 'kysely';
import type { BomMaterial } from '../../../domain/materials/bom.js';
import {
  type Component,
  type Material,
  type MaterialFeatureNames,
  type MaterialListQuery,
  type MaterialSortColumn,
  type MaterialSummary,
  type MaterialType,
} from '../../../domain/materials/materials.schema.js';
import { likePattern, type Executor } from '../../platform/db.js';
import { orderBySort, pageOfRows } from '../../platform/paging.js';
import type { MaterialRow } from './materials.tables.js';
import { MATERIAL_STREAM_TYPE, materialEvents, materialStreamId } from '../../../domain/materials/materials.events.js';

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
    attributes: row.attributes,
    values: row.measured_values,
    componentCount,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A bill of materials position as `materialOf` reads it: the position plus the used material's name, number and type. */
interface NamedComponent {
  component_id: string;
  quantity: number;
  name: string;
  material_number: string;
  type: MaterialType;
}

/** A material as the API answers it, from its row and its named positions. */
export function materialOf(row: MaterialRow, components: readonly NamedComponent[]): Material {
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
    // Steps saved before the planned setup time existed have none.
    manufacturingSteps: row.manufacturing_steps.map((step) => ({ ...step, setupTime: step.setupTime ?? null })),
    serialNumbers: row.serial_numbers,
    purchasing: row.purchasing,
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
  return materialOf(row, components);
}

/**
 * The ids of the materials with these numbers (trimmed, any case): of several with one number, the
 * one created first, as `findMaterialByNumber` finds it.
 */
export async function materialIdsByNumber(tx: Executor, numbers: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(numbers.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .selectFrom('materials')
    .select(['id', sql<string>`lower(material_number)`.as('number')])
    .where(sql<SqlBool>`lower(material_number) = any(${wanted}::text[])`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.number, row.id]));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The material whose number is exactly `materialNumber` (a scanned label; trimmed, any case), or
 * undefined. Numbers are not unique: of several, the one created first. A material without a number
 * has its id on its label, so an id that no number matches finds that material.
 */
export async function findMaterialByNumber(tx: Executor, materialNumber: string): Promise<Material | undefined> {
  const wanted = materialNumber.trim();
  if (!wanted) return undefined;
  const row = await tx
    .selectFrom('materials')
    .select('id')
    .where(sql<SqlBool>`lower(materials.material_number) = lower(${wanted})`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (row) return findMaterial(tx, row.id);
  return uuidPattern.test(wanted) ? findMaterial(tx, wanted.toLowerCase()) : undefined;
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

/** `name` or `-name`: empty numbers sort last either way. */
const materialOrder = (sort: string) => orderBySort(sort, sortExpressions, 'name', sql`materials.id`);

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
      (eb) => sql<SqlBool>`(${eb.ref('materials.name')} ilike ${pattern} escape '\\' or ${eb.ref('materials.material_number')} ilike ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** One page of the list with the number of all matching materials. */
export async function listMaterials(tx: Executor, query: MaterialListQuery): Promise<{ rows: MaterialSummary[]; total: number }> {
  const base = filtered(tx, query);
  const { rows, total } = await pageOfRows(base, query, (matches) =>
    matches
      .selectAll('materials')
      .select((eb) =>
        eb
          .selectFrom('material_components')
          .whereRef('material_components.material_id', '=', 'materials.id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('component_count'),
      )
      .orderBy(materialOrder(query.sort)),
  );
  return { rows: rows.map((row) => toSummary(row, Number(row.component_count ?? 0))), total };
}

/** Every material matching the filter, in list order, for the CSV export. */
export async function materialsForExport(tx: Executor, filter: MaterialFilter): Promise<MaterialRow[]> {
  return filtered(tx, filter).selectAll('materials').orderBy(materialOrder(filter.sort)).execute();
}

/** Which of these ids are materials of the company in the transaction (RLS hides the others). */
export async function existingMaterialIds(tx: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectFrom('materials')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
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

/** The names of the attributes and values the company's materials use, each once (any case: the first spelling), sorted. */
export async function featureNamesInUse(tx: Executor): Promise<MaterialFeatureNames> {
  const namesIn = async (column: 'attributes' | 'measured_values') => {
    const result = await sql<{ name: string }>`
      select min(trim(feature->>'name')) as name
      from materials, jsonb_array_elements(materials.${sql.ref(column)}) as feature
      where trim(coalesce(feature->>'name', '')) <> ''
      group by lower(trim(feature->>'name'))
      order by lower(min(trim(feature->>'name')))
    `.execute(tx);
    return result.rows.map((row) => row.name);
  };
  return { attributes: await namesIn('attributes'), values: await namesIn('measured_values') };
}

/** The manufacturing steps of each material asked for (the capacity plan's planned times); an unknown id is left out. */
/**
 * The manufacturing steps of these materials as they stood at `until`, from the log (the capacity
 * plan's replay, docs/capacity-plan.md): those of the newest `MaterialCreated` or `MaterialUpdated`
 * recorded by then. A material not made by then is absent.
 */
export async function manufacturingStepsAsOf(tx: Executor, ids: readonly string[], until: Date): Promise<Map<string, MaterialRow['manufacturing_steps']>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ stream_id: string; type: string; data: unknown }>`
    select distinct on (stream_id) stream_id, type, data from events
    where stream_type = ${MATERIAL_STREAM_TYPE} and type in ('MaterialCreated', 'MaterialUpdated')
      and stream_id = any(${ids.map(materialStreamId)}::text[]) and recorded_at <= ${until}
    order by stream_id, global_position desc
  `.execute(tx);
  const steps = new Map<string, MaterialRow['manufacturing_steps']>();
  for (const row of rows) {
    const event = materialEvents.read({ type: row.type, data: row.data });
    if (event?.type === 'MaterialCreated' || event?.type === 'MaterialUpdated') steps.set(event.data.material.id, event.data.material.manufacturingSteps);
  }
  return steps;
}

export async function manufacturingStepsOf(tx: Executor, ids: readonly string[]): Promise<Map<string, MaterialRow['manufacturing_steps']>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom('materials')
    .select(['id', 'manufacturing_steps'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.manufacturing_steps]));
}
