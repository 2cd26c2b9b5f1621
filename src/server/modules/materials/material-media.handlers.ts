import { mediaLimits, type MaterialMedium } from '../../../domain/materials/material-media.schema.js';
import { MATERIAL_STREAM_TYPE, materialStreamId, type MaterialEvent } from '../../../domain/materials/materials.events.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import type { Config } from '../../platform/config.js';
import type { RecordedFolder } from '../company/index.js';
import type { Executor } from '../../platform/db.js';
import { existingStationIds } from '../stations/index.js';
import { openMedium, removeMedium, type ReceivedMedium } from './material-media.files.js';
import type { MaterialMediumRow } from './material-media.tables.js';
import { lockMaterial } from './materials.records.js';
import './material-media.tables.js';

export interface MaterialMediaDeps {
  config: Pick<Config, 'dataDir' | 'materialMediaMaxBytes'>;
  /** What the company's storage count needs besides the data folder (list port `recordedFolders`). */
  recordedFolders: readonly RecordedFolder[];
}

const record = (ctx: CommandContext, materialId: string, event: MaterialEvent) =>
  recordEvents(ctx, { id: materialStreamId(materialId), type: MATERIAL_STREAM_TYPE }, [event]);

const mediumOf = (row: MaterialMediumRow): MaterialMedium => ({
  id: row.id,
  materialId: row.material_id,
  stationId: row.station_id,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  url: `/api/materials/${row.material_id}/media/${row.id}/file`,
  uploadedAt: row.uploaded_at.toISOString(),
});

/** The material's media, oldest first; with `stationId` only that station's and the ones for every station. */
export async function mediaOfMaterial(tx: Executor, materialId: string, stationId?: string): Promise<MaterialMedium[]> {
  const material = await tx.selectFrom('materials').select('id').where('id', '=', materialId).executeTakeFirst();
  if (!material) throw new DomainError('NOT_FOUND');
  let query = tx.selectFrom('material_media').selectAll().where('material_id', '=', materialId);
  if (stationId) query = query.where((eb) => eb.or([eb('station_id', '=', stationId), eb('station_id', 'is', null)]));
  const rows = await query.orderBy('uploaded_at').orderBy('id').execute();
  return rows.map(mediumOf);
}

const countOf = async (tx: Executor, materialId: string) =>
  Number(
    (
      await tx
        .selectFrom('material_media')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('material_id', '=', materialId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Refuses an upload before its bytes are read: an unknown material or another company's (404), a
 * station the company does not have (400 on `stationId`), a material with all the media it may have (422).
 */
export async function checkMediumUpload(tx: Executor, materialId: string, stationId: string | null): Promise<void> {
  const material = await tx.selectFrom('materials').select('id').where('id', '=', materialId).executeTakeFirst();
  if (!material) throw new DomainError('NOT_FOUND');
  if (stationId && !(await existingStationIds(tx)).includes(stationId)) {
    throw new DomainError('VALIDATION_ERROR', [{ path: 'stationId', message: 'materials.validation.unknownStation' }]);
  }
  if ((await countOf(tx, materialId)) >= mediaLimits.perMaterial) {
    throw new DomainError('MEDIA_LIMIT_REACHED', [{ path: 'file', message: 'errors.MEDIA_LIMIT_REACHED', params: { max: mediaLimits.perMaterial } }]);
  }
}

/**
 * Records a medium already received beside its place (`receiveMedium` streams the bytes outside
 * any transaction): checked again under the material's lock (another upload may have filled the
 * limit meanwhile), the row and `MaterialMediaAdded`, then the file moves in. Whatever fails, the upload is discarded.
 */
export async function addMedium(
  ctx: CommandContext,
  input: { mediumId: string; materialId: string; stationId: string | null; fileName: string },
  received: ReceivedMedium,
): Promise<MaterialMedium> {
  try {
    if (!(await lockMaterial(ctx.tx, input.materialId))) throw new DomainError('NOT_FOUND');
    await checkMediumUpload(ctx.tx, input.materialId, input.stationId);
    const row = await ctx.tx
      .insertInto('material_media')
      .values({
        id: input.mediumId,
        company_id: ctx.companyId,
        material_id: input.materialId,
        station_id: input.stationId,
        file_name: input.fileName,
        content_type: received.contentType,
        size: received.size,
        uploaded_by: ctx.actor?.userId ?? null,
        uploaded_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const medium = mediumOf(row);
    const { url: _url, ...data } = medium;
    await record(ctx, input.materialId, { type: 'MaterialMediaAdded', data: { medium: data } });
    await received.keep();
    return medium;
  } catch (error) {
    await received.discard();
    throw error;
  }
}

/** Removes a medium: the row and `MaterialMediaRemoved` at once, the file once that has committed. */
export async function removeMaterialMedium(ctx: CommandContext, deps: MaterialMediaDeps, materialId: string, mediumId: string): Promise<void> {
  const row = await ctx.tx.deleteFrom('material_media').where('id', '=', mediumId).where('material_id', '=', materialId).returningAll().executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND');
  await record(ctx, materialId, { type: 'MaterialMediaRemoved', data: { mediumId, materialId, stationId: row.station_id, fileName: row.file_name } });
  const { companyId } = ctx;
  ctx.afterCommit(() => removeMedium(deps.config.dataDir, companyId, materialId, mediumId));
}

/** A medium's row and bytes, only for the company that owns it (the transaction's tenant). */
export async function readMedium(tx: Executor, deps: MaterialMediaDeps, companyId: string, materialId: string, mediumId: string) {
  const row = await tx.selectFrom('material_media').selectAll().where('id', '=', mediumId).where('material_id', '=', materialId).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND');
  return { medium: mediumOf(row), open: () => openMedium(deps.config.dataDir, companyId, materialId, mediumId) };
}
