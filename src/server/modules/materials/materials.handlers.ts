import type { Readable } from 'node:stream';
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
import type { Config } from '../../platform/config.js';
import { withTenant, type Db, type Tx } from '../../platform/db.js';
import type { EventMetadata, EventStore } from '../../platform/event-store.js';
import { openImage, receiveImage, removeImage, removeMaterialFiles } from './material-image.files.js';
import {
  deleteMaterialRow,
  existingMaterialIds,
  findMaterial,
  insertMaterial,
  loadBomGraph,
  lockMaterial,
  materialsUsing,
  replaceComponents,
  setMaterialImage,
  updateMaterialRow,
} from './materials.queries.js';

/**
 * Whether a material is part of an order that is in production (spec: MATERIAL_IN_PRODUCTION).
 * The orders module installs the real check; until orders exist no material is.
 */
export type InProductionCheck = (tx: Tx, materialId: string) => Promise<boolean>;

/** The check used until the orders module installs its own: no orders, so nothing is in production. */
export const materialIsInProduction: InProductionCheck = async () => false;

export interface MaterialsDeps {
  db: Db;
  eventStore: EventStore;
  config: Config;
  inProduction: InProductionCheck;
}

/** Who acts, for which company, and when. */
export interface MaterialActor {
  companyId: string;
  metadata: EventMetadata;
  at: Date;
}

async function record(deps: MaterialsDeps, tx: Tx, actor: MaterialActor, materialId: string, event: MaterialEvent) {
  await deps.eventStore.append(tx, {
    companyId: actor.companyId,
    streamId: materialStreamId(materialId),
    streamType: MATERIAL_STREAM_TYPE,
    expectedVersion: 'any',
    events: [event],
    metadata: actor.metadata,
  });
}

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
  const known = await existingMaterialIds(tx, components.map((c) => c.materialId));
  const unknown = components.flatMap((c, index) =>
    known.has(c.materialId) ? [] : [{ path: `components.${index}.materialId`, message: 'errors.COMPONENT_NOT_FOUND', params: { materialId: c.materialId } }],
  );
  if (unknown.length) throw new DomainError('COMPONENT_NOT_FOUND', unknown);

  const graph = await loadBomGraph(tx, components.map((c) => c.materialId));
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
    if ((error as { code?: string }).code === '23503') throw new DomainError('COMPONENT_NOT_FOUND', [{ path: 'components', message: 'errors.COMPONENT_NOT_FOUND' }]);
    throw error;
  }
}

export async function createMaterial(deps: MaterialsDeps, actor: MaterialActor, id: string, input: ValidMaterial): Promise<Material> {
  const content = materialContentOf(input);
  const material = await withTenant(deps.db, actor.companyId, async (tx) => {
    if (content.components.length) await lockBillsOfMaterials(tx, actor.companyId);
    await checkComponents(tx, id, content.name, content.components);
    await insertMaterial(tx, { id, companyId: actor.companyId, content, at: actor.at });
    await writeComponents(tx, actor.companyId, id, content.components);
    const created = mustExist(await findMaterial(tx, id));
    await record(deps, tx, actor, id, { type: 'MaterialCreated', data: { material: created } });
    return created;
  });
  deps.eventStore.committed();
  return material;
}

const staleVersion = (expected: number) =>
  new DomainError('CONFLICT_ERROR', [{ path: 'version', message: 'errors.CONFLICT_ERROR', params: { expected } }]);

/** Replaces a material's content if nobody changed it since `version`; CONFLICT_ERROR otherwise. */
export async function updateMaterial(
  deps: MaterialsDeps,
  actor: MaterialActor,
  id: string,
  input: ValidMaterial & { version: number },
): Promise<Material> {
  const content: MaterialContent = materialContentOf(input);
  const material = await withTenant(deps.db, actor.companyId, async (tx) => {
    if (content.components.length) await lockBillsOfMaterials(tx, actor.companyId);
    const current = mustExist(await lockMaterial(tx, id));
    if (current.version !== input.version) throw staleVersion(input.version);
    await checkComponents(tx, id, content.name, content.components);
    mustExist(await updateMaterialRow(tx, id, input.version, content, actor.at));
    await writeComponents(tx, actor.companyId, id, content.components);
    const updated = mustExist(await findMaterial(tx, id));
    await record(deps, tx, actor, id, { type: 'MaterialUpdated', data: { material: updated, changed: 'fields' } });
    return updated;
  });
  deps.eventStore.committed();
  return material;
}

/**
 * Deletes a material unless another material uses it as a component (MATERIAL_IN_USE, naming the
 * users) or an order in production contains it (MATERIAL_IN_PRODUCTION). `version`, when given,
 * must be the current one.
 */
export async function deleteMaterial(deps: MaterialsDeps, actor: MaterialActor, id: string, version?: number): Promise<void> {
  await withTenant(deps.db, actor.companyId, async (tx) => {
    const current = mustExist(await lockMaterial(tx, id, 'delete'));
    if (version !== undefined && current.version !== version) throw staleVersion(version);
    const users = await materialsUsing(tx, id);
    if (users.length) {
      const named = users.map((u) => (u.materialNumber ? `${u.name} (${u.materialNumber})` : u.name));
      throw new DomainError(
        'MATERIAL_IN_USE',
        users.map((u) => ({ path: 'components', message: 'errors.MATERIAL_IN_USE', params: { materialId: u.id, name: u.name, materialNumber: u.materialNumber } })),
        `Material cannot be deleted as it is used as a component of: ${named.join(', ')}.`,
      );
    }
    if (await deps.inProduction(tx, id)) throw new DomainError('MATERIAL_IN_PRODUCTION');
    const material = mustExist(await findMaterial(tx, id));
    await deleteMaterialRow(tx, id);
    await record(deps, tx, actor, id, {
      type: 'MaterialDeleted',
      data: { materialId: id, type: material.type, name: material.name, materialNumber: material.materialNumber },
    });
  });
  deps.eventStore.committed();
  await removeMaterialFiles(deps.config.dataDir, actor.companyId, id);
}

export async function getMaterial(deps: MaterialsDeps, companyId: string, id: string): Promise<Material> {
  return mustExist(await withTenant(deps.db, companyId, (tx) => findMaterial(tx, id)));
}

/** The exploded multi-level bill of materials with quantities multiplied down and the rolled-up net price. */
export async function billOfMaterials(deps: MaterialsDeps, companyId: string, id: string): Promise<BomNodeView> {
  const graph = await withTenant(deps.db, companyId, (tx) => loadBomGraph(tx, [id]));
  if (!graph.has(id)) throw new DomainError('NOT_FOUND');
  return explodeBom(id, graph);
}

/**
 * Stores a new image for a material: the bytes are streamed to disk first (checked for type and
 * size on the way), then the record moves on and the file takes the old one's place.
 */
export async function replaceImage(
  deps: MaterialsDeps,
  actor: MaterialActor,
  id: string,
  upload: { file: Readable; isTruncated: () => boolean },
): Promise<Material> {
  await getMaterial(deps, actor.companyId, id);
  const received = await receiveImage(upload.file, upload.isTruncated, {
    dataDir: deps.config.dataDir,
    companyId: actor.companyId,
    materialId: id,
    maxBytes: deps.config.materialImageMaxBytes,
  });
  try {
    const material = await withTenant(deps.db, actor.companyId, async (tx) => {
      mustExist(await setMaterialImage(tx, id, { contentType: received.contentType, size: received.size }, actor.at));
      await received.keep();
      const updated = mustExist(await findMaterial(tx, id));
      await record(deps, tx, actor, id, { type: 'MaterialUpdated', data: { material: updated, changed: 'image' } });
      return updated;
    });
    deps.eventStore.committed();
    return material;
  } catch (error) {
    await received.discard();
    throw error;
  }
}

export async function deleteImage(deps: MaterialsDeps, actor: MaterialActor, id: string): Promise<Material> {
  const material = await withTenant(deps.db, actor.companyId, async (tx) => {
    const current = mustExist(await findMaterial(tx, id));
    if (!current.image) return current;
    mustExist(await setMaterialImage(tx, id, null, actor.at));
    const updated = mustExist(await findMaterial(tx, id));
    await record(deps, tx, actor, id, { type: 'MaterialUpdated', data: { material: updated, changed: 'image' } });
    return updated;
  });
  deps.eventStore.committed();
  await removeImage(deps.config.dataDir, actor.companyId, id);
  return material;
}

/** The image's type and bytes, only for the company that owns the material. */
export async function readImage(deps: MaterialsDeps, companyId: string, id: string) {
  const material = mustExist(await withTenant(deps.db, companyId, (tx) => findMaterial(tx, id)));
  const stream = material.image ? await openImage(deps.config.dataDir, companyId, id) : undefined;
  if (!material.image || !stream) throw new DomainError('NOT_FOUND');
  return { contentType: material.image.contentType, size: material.image.size, stream };
}
