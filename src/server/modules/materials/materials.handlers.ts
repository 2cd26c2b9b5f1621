import { sql } from 'kysely';
import { explodeBom, findBomCycle } from '../../../domain/materials/bom.js';
import { MATERIAL_STREAM_TYPE, materialStreamId, type MaterialEvent } from '../../../domain/materials/materials.events.js';
import {
  materialContentOf,
  type BomNodeView,
  type Component,
  type Material,
  type MaterialContent,
  type ValidMaterial,
} from '../../../domain/materials/materials.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, recordEventsOfEach, type CommandContext } from '../../platform/command.js';
import type { Config } from '../../platform/config.js';
import type { RecordedFolder } from '../company/index.js';
import type { Executor, Tx } from '../../platform/db.js';
import { isForeignKeyViolation } from '../../platform/pg-errors.js';
import { existingStationIds } from '../stations/index.js';
import { openImage, removeImage, removeMaterialFiles, type ReceivedImage } from './material-image.files.js';
import { existingMaterialIds, findMaterial, loadBomGraph, materialOf, materialsUsing } from './materials.queries.js';
import {
  addToStock,
  deleteMaterialRow,
  insertMaterial,
  insertMaterials,
  lockMaterial,
  replaceComponents,
  setMaterialImage,
  updateMaterialRow,
} from './materials.records.js';

/**
 * Whether a material is part of an order that is in production (spec: MATERIAL_IN_PRODUCTION).
 * A port the orders module provides: without it the server does not start.
 */
export type InProductionCheck = (tx: Tx, materialId: string) => Promise<boolean>;

/** What the materials handlers need beyond the command context: where files live, and the orders' check. */
export interface MaterialsDeps {
  config: Pick<Config, 'dataDir' | 'materialImageMaxBytes'>;
  inProduction: InProductionCheck;
  /** What the company's storage count needs besides the data folder (list port `recordedFolders`). */
  recordedFolders: readonly RecordedFolder[];
}

const record = (ctx: CommandContext, materialId: string, event: MaterialEvent) =>
  recordEvents(ctx, { id: materialStreamId(materialId), type: MATERIAL_STREAM_TYPE }, [event]);

const mustExist = <T>(value: T | undefined): T => {
  if (value === undefined) throw new DomainError('NOT_FOUND');
  return value;
};

/**
 * Bill of materials changes of one company are serialised: two edits that each look acyclic on
 * their own (A gets B, B gets A) must not both commit.
 */
async function lockBillsOfMaterials(tx: Tx, companyId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('material-bom'), hashtext(${companyId}))`.execute(tx);
}

/** Components must be materials of this company, and must not lead back to the material. */
async function checkComponents(tx: Tx, materialId: string, materialName: string, components: readonly Component[]) {
  if (components.length === 0) return;
  const known = await existingMaterialIds(
    tx,
    components.map((c) => c.materialId),
  );
  const unknown = components.flatMap((c, index) =>
    known.has(c.materialId) ? [] : [{ path: `components.${index}.materialId`, message: 'errors.COMPONENT_NOT_FOUND', params: { materialId: c.materialId } }],
  );
  if (unknown.length) throw new DomainError('COMPONENT_NOT_FOUND', unknown);

  const graph = await loadBomGraph(
    tx,
    components.map((c) => c.materialId),
  );
  const cycle = findBomCycle(materialId, components, (id) => graph.get(id)?.components);
  if (!cycle) return;
  const names = cycle.map((id) => (id === materialId ? materialName : (graph.get(id)?.name ?? id)));
  const index = components.findIndex((c) => c.materialId === cycle[1]);
  throw new DomainError(
    'BOM_CYCLE',
    [{ path: `components.${index}.materialId`, message: 'errors.BOM_CYCLE', params: { cycle: names.join(' > ') } }],
    `A material cannot contain itself: ${names.join(' > ')}.`,
  );
}

/** Writes positions; a component deleted by someone else meanwhile answers as unknown. */
async function writeComponents(tx: Tx, companyId: string, materialId: string, components: readonly Component[]) {
  try {
    await replaceComponents(tx, companyId, materialId, components);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError('COMPONENT_NOT_FOUND', [{ path: 'components', message: 'errors.COMPONENT_NOT_FOUND' }]);
    throw error;
  }
}

/**
 * A manufacturing step names a station of this company or none. The transaction sees only the
 * company's stations, so another company's id (or a deleted station) is refused on its field.
 */
async function checkStepStations(tx: Tx, steps: MaterialContent['manufacturingSteps']): Promise<void> {
  const named = steps.flatMap((step, index) => (step.stationId ? [{ stationId: step.stationId, index }] : []));
  if (named.length === 0) return;
  const existing = new Set(await existingStationIds(tx));
  const details = named
    .filter((step) => !existing.has(step.stationId))
    .map((step) => ({ path: `manufacturingSteps.${step.index}.stationId`, message: 'materials.validation.unknownStation' }));
  if (details.length > 0) throw new DomainError('VALIDATION_ERROR', details);
}

export async function createMaterial(ctx: CommandContext, id: string, input: ValidMaterial): Promise<Material> {
  const content = materialContentOf(input);
  await checkStepStations(ctx.tx, content.manufacturingSteps);
  if (content.components.length) await lockBillsOfMaterials(ctx.tx, ctx.companyId);
  await checkComponents(ctx.tx, id, content.name, content.components);
  await insertMaterial(ctx.tx, { id, companyId: ctx.companyId, content, at: ctx.now });
  await writeComponents(ctx.tx, ctx.companyId, id, content.components);
  const created = mustExist(await findMaterial(ctx.tx, id));
  await record(ctx, id, { type: 'MaterialCreated', data: { material: created } });
  return created;
}

/**
 * Creates many materials in one command (a CSV import): the same inputs as `createMaterial`, each
 * recorded as `MaterialCreated`, written with multi-row inserts. Bills of materials and steps at
 * stations are not part of it (a material's positions come by `updateMaterial`): an input with
 * either is refused, so this path never skips a check of the one-by-one path.
 */
export async function createMaterials(ctx: CommandContext, materials: readonly { id: string; input: ValidMaterial }[]): Promise<Material[]> {
  const contents = materials.map(({ id, input }) => ({ id, content: materialContentOf(input) }));
  if (contents.some(({ content }) => content.components.length > 0 || content.manufacturingSteps.some((step) => step.stationId !== null))) {
    throw new Error('createMaterials takes no components and no steps at stations');
  }
  const rows = await insertMaterials(ctx.tx, ctx.companyId, contents, ctx.now);
  const created = rows.map((row) => materialOf(row, []));
  await recordEventsOfEach(
    ctx,
    created.map((material) => ({
      stream: { id: materialStreamId(material.id), type: MATERIAL_STREAM_TYPE },
      event: { type: 'MaterialCreated', data: { material } },
    })),
  );
  return created;
}

const staleVersion = (expected: number) => new DomainError('CONFLICT_ERROR', [{ path: 'version', message: 'errors.CONFLICT_ERROR', params: { expected } }]);

/** Replaces a material's content if nobody changed it since `version`; CONFLICT_ERROR otherwise. */
export async function updateMaterial(ctx: CommandContext, id: string, input: ValidMaterial & { version: number }): Promise<Material> {
  const content: MaterialContent = materialContentOf(input);
  await checkStepStations(ctx.tx, content.manufacturingSteps);
  if (content.components.length) await lockBillsOfMaterials(ctx.tx, ctx.companyId);
  const current = mustExist(await lockMaterial(ctx.tx, id));
  if (current.version !== input.version) throw staleVersion(input.version);
  await checkComponents(ctx.tx, id, content.name, content.components);
  mustExist(await updateMaterialRow(ctx.tx, id, input.version, content, ctx.now));
  await writeComponents(ctx.tx, ctx.companyId, id, content.components);
  const updated = mustExist(await findMaterial(ctx.tx, id));
  await record(ctx, id, { type: 'MaterialUpdated', data: { material: updated, changed: 'fields' } });
  return updated;
}

/**
 * Deletes a material unless another material uses it as a component (MATERIAL_IN_USE, naming the
 * users) or an order in production contains it (MATERIAL_IN_PRODUCTION). `version`, when given,
 * must be the current one. Its files go once the deletion has committed.
 */
export async function deleteMaterial(ctx: CommandContext, deps: MaterialsDeps, id: string, version?: number): Promise<void> {
  const current = mustExist(await lockMaterial(ctx.tx, id, 'delete'));
  if (version !== undefined && current.version !== version) throw staleVersion(version);
  const users = await materialsUsing(ctx.tx, id);
  if (users.length) {
    const named = users.map((u) => (u.materialNumber ? `${u.name} (${u.materialNumber})` : u.name));
    throw new DomainError(
      'MATERIAL_IN_USE',
      users.map((u) => ({
        path: 'components',
        message: 'errors.MATERIAL_IN_USE',
        params: { materialId: u.id, name: u.name, materialNumber: u.materialNumber },
      })),
      `Material cannot be deleted as it is used as a component of: ${named.join(', ')}.`,
    );
  }
  if (await deps.inProduction(ctx.tx, id)) throw new DomainError('MATERIAL_IN_PRODUCTION');
  const material = mustExist(await findMaterial(ctx.tx, id));
  await deleteMaterialRow(ctx.tx, id);
  await record(ctx, id, {
    type: 'MaterialDeleted',
    data: { materialId: id, type: material.type, name: material.name, materialNumber: material.materialNumber },
  });
  const { companyId } = ctx;
  ctx.afterCommit(() => removeMaterialFiles(deps.config.dataDir, companyId, id));
}

export async function getMaterial(tx: Executor, id: string): Promise<Material> {
  return mustExist(await findMaterial(tx, id));
}

/** The exploded multi-level bill of materials with quantities multiplied down and the rolled-up net price. */
export async function billOfMaterials(tx: Executor, id: string): Promise<BomNodeView> {
  const graph = await loadBomGraph(tx, [id]);
  if (!graph.has(id)) throw new DomainError('NOT_FOUND');
  return explodeBom(id, graph);
}

/**
 * Records an image already received beside its place (see `receiveImage`, which streams the
 * bytes to disk outside any transaction): the record moves on and the file takes the old one's
 * place. Whatever fails, the upload is discarded.
 */
export async function attachImage(ctx: CommandContext, id: string, received: ReceivedImage): Promise<Material> {
  try {
    mustExist(await setMaterialImage(ctx.tx, id, { contentType: received.contentType, size: received.size }, ctx.now));
    await received.keep();
    const updated = mustExist(await findMaterial(ctx.tx, id));
    await record(ctx, id, { type: 'MaterialUpdated', data: { material: updated, changed: 'image' } });
    return updated;
  } catch (error) {
    await received.discard();
    throw error;
  }
}

/** Removes the image: the record at once, the file once that has committed. */
export async function deleteImage(ctx: CommandContext, deps: MaterialsDeps, id: string): Promise<Material> {
  const { companyId } = ctx;
  ctx.afterCommit(() => removeImage(deps.config.dataDir, companyId, id));
  const current = mustExist(await findMaterial(ctx.tx, id));
  if (!current.image) return current;
  mustExist(await setMaterialImage(ctx.tx, id, null, ctx.now));
  const updated = mustExist(await findMaterial(ctx.tx, id));
  await record(ctx, id, { type: 'MaterialUpdated', data: { material: updated, changed: 'image' } });
  return updated;
}

/** The image's type and bytes, only for the company that owns the material. */
export async function readImage(deps: MaterialsDeps, companyId: string, material: Material) {
  const stream = material.image ? await openImage(deps.config.dataDir, companyId, material.id) : undefined;
  if (!material.image || !stream) throw new DomainError('NOT_FOUND');
  return { contentType: material.image.contentType, size: material.image.size, stream };
}

/** Pieces of a material to add to stock (positive) or take from it (negative). */
export interface StockMovement {
  materialId: string;
  quantity: number;
}

/**
 * Moves stock for another module's process (orders take and add stock as production flows), in
 * the caller's command. Each change moves the material's version on (an edit form loaded before
 * shows stale stock and must reload) and records `MaterialUpdated`. Rows are locked in material
 * id order, so two processes never deadlock. Stock never goes below zero: STOCK_INSUFFICIENT, and
 * the caller's transaction rolls back. A material deleted meanwhile is skipped.
 */
export async function moveStock(ctx: CommandContext, movements: readonly StockMovement[]): Promise<void> {
  const ordered = [...movements].filter((m) => m.quantity !== 0).sort((a, b) => (a.materialId < b.materialId ? -1 : a.materialId > b.materialId ? 1 : 0));
  for (const movement of ordered) {
    const moved = await addToStock(ctx.tx, movement.materialId, movement.quantity, ctx.now);
    const material = await findMaterial(ctx.tx, movement.materialId);
    if (!material) continue;
    if (!moved) {
      throw new DomainError('STOCK_INSUFFICIENT', [
        {
          path: 'stock',
          message: 'errors.STOCK_INSUFFICIENT',
          params: { materialName: material.name, stock: material.stock.quantity, quantity: -movement.quantity },
        },
      ]);
    }
    await record(ctx, material.id, { type: 'MaterialUpdated', data: { material, changed: 'fields' } });
  }
}
