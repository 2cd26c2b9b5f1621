import { sql } from 'kysely';
import type { Component, MaterialContent } from '../../../domain/materials/materials.schema.js';
import type { Tx } from '../../platform/db.js';

/**
 * The version of a material, locked for the rest of the transaction, or undefined when absent.
 * An edit takes the weaker lock so another transaction may still add the material as a component
 * meanwhile (its foreign key check only needs the key to stay); a delete takes the full lock.
 */
export async function lockMaterial(tx: Tx, id: string, purpose: 'edit' | 'delete' = 'edit'): Promise<{ version: number } | undefined> {
  const query = tx.selectFrom('materials').select('version').where('id', '=', id);
  return (purpose === 'delete' ? query.forUpdate() : query.forNoKeyUpdate()).executeTakeFirst();
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
  serial_numbers: content.serialNumbers,
  purchasing: content.purchasing ? JSON.stringify(content.purchasing) : null,
});

export async function insertMaterial(tx: Tx, input: { id: string; companyId: string; content: MaterialContent; at: Date }): Promise<void> {
  await tx
    .insertInto('materials')
    .values({ id: input.id, company_id: input.companyId, ...columnsOf(input.content), version: 1, created_at: input.at, updated_at: input.at })
    .execute();
}

/** Rows of one multi-row insert of `insertMaterials`: its parameters stay well below PostgreSQL's 65,535. */
const insertChunk = 2000;

/** Inserts many new materials (a bulk import) with a multi-row insert per chunk; answers their rows. */
export async function insertMaterials(tx: Tx, companyId: string, materials: readonly { id: string; content: MaterialContent }[], at: Date) {
  const rows = [];
  for (let start = 0; start < materials.length; start += insertChunk) {
    const chunk = materials.slice(start, start + insertChunk);
    rows.push(
      ...(await tx
        .insertInto('materials')
        .values(chunk.map(({ id, content }) => ({ id, company_id: companyId, ...columnsOf(content), version: 1, created_at: at, updated_at: at })))
        .returningAll()
        .execute()),
    );
  }
  return rows;
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

/**
 * Adds `quantity` pieces to the stock (negative: takes them) unless that would leave it below
 * zero, and moves the version on; false when refused or the material is gone.
 */
export async function addToStock(tx: Tx, id: string, quantity: number, at: Date): Promise<boolean> {
  const moved = await tx
    .updateTable('materials')
    .set({ stock_quantity: sql`stock_quantity + ${quantity}`, version: sql`version + 1`, updated_at: at })
    .where('id', '=', id)
    .where(sql`stock_quantity + ${quantity}`, '>=', 0)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}
