import { createReadStream, type ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_HEAD_BYTES, mediaTypeOf, type MediaType } from '../../../domain/materials/material-media.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { receiveUpload, type ReceivedUpload, type UploadRoom, type UploadRules } from '../../platform/upload-file.js';
import { materialDir } from './material-image.files.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `DATA_DIR/companies/<companyId>/materials/<materialId>/media`: removed with the material's folder. */
const mediaDir = (dataDir: string, companyId: string, materialId: string) => path.join(materialDir(dataDir, companyId, materialId), 'media');

function mediumFile(dataDir: string, companyId: string, materialId: string, mediumId: string): string {
  if (!uuidPattern.test(mediumId)) throw new Error('mediumFile: the medium id must be a uuid');
  return path.join(mediaDir(dataDir, companyId, materialId), mediumId);
}

export const unsupportedMedium = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'file', message: 'media.validation.type' }]);
export const mediumTooLarge = (maxBytes: number) =>
  new DomainError('PAYLOAD_TOO_LARGE', [{ path: 'file', message: 'media.validation.size', params: { max: maxBytes } }]);

/** A medium: PNG, JPEG, WebP or PDF by its bytes, up to `maxBytes`; an empty file part is no file ('Select station and/or upload media!'). */
const mediumRules = (maxBytes: number): UploadRules<MediaType> => ({
  headBytes: MEDIA_HEAD_BYTES,
  typeOf: mediaTypeOf,
  maxBytes,
  unsupported: unsupportedMedium,
  tooLarge: () => mediumTooLarge(maxBytes),
  empty: () => new DomainError('MEDIA_STATION_OR_FILE_MISSING', [{ path: 'file', message: 'errors.MEDIA_STATION_OR_FILE_MISSING' }]),
});

/** An uploaded medium written beside its place, waiting for the database to accept it. */
export type ReceivedMedium = ReceivedUpload<MediaType>;

/**
 * Receives a medium (the platform's `receiveUpload`): 415 for bytes not PNG, JPEG, WebP or PDF, 413 beyond `maxBytes`
 * or the quota's `room`; nothing is left behind then.
 */
export function receiveMedium(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; materialId: string; mediumId: string; maxBytes: number; room?: UploadRoom },
): Promise<ReceivedMedium> {
  const file = mediumFile(options.dataDir, options.companyId, options.materialId, options.mediumId);
  return receiveUpload(upload, isTruncated, {
    dir: path.dirname(file),
    name: path.basename(file),
    rules: mediumRules(options.maxBytes),
    room: options.room,
  });
}

/** A stored medium as a stream, or undefined when the file is missing. */
export async function openMedium(dataDir: string, companyId: string, materialId: string, mediumId: string): Promise<ReadStream | undefined> {
  const stream = createReadStream(mediumFile(dataDir, companyId, materialId, mediumId));
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve(stream));
    stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
  });
}

export async function removeMedium(dataDir: string, companyId: string, materialId: string, mediumId: string): Promise<void> {
  await rm(mediumFile(dataDir, companyId, materialId, mediumId), { force: true });
}
