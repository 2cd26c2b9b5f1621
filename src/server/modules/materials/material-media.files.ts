import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_HEAD_BYTES, mediaTypeOf, type MediaType } from '../../../domain/materials/material-media.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
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

/** Counts the bytes passing and decides the type from the first ones: anything but PNG, JPEG, WebP or PDF fails at once. */
function inspectMedium(maxBytes: number) {
  let head = Buffer.alloc(0);
  let type: MediaType | undefined;
  let size = 0;
  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(mediumTooLarge(maxBytes));
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, MEDIA_HEAD_BYTES)]).subarray(0, MEDIA_HEAD_BYTES);
        type = mediaTypeOf(head);
        if (!type && head.length >= MEDIA_HEAD_BYTES) return done(unsupportedMedium());
      }
      done(null, chunk);
    },
    flush(done) {
      // An empty file part is no file: 'Select station and/or upload media!'.
      if (size === 0) return done(new DomainError('MEDIA_STATION_OR_FILE_MISSING', [{ path: 'file', message: 'errors.MEDIA_STATION_OR_FILE_MISSING' }]));
      done(type ? null : unsupportedMedium());
    },
  });
  return { inspector, result: () => ({ type: type!, size }) };
}

/** An uploaded medium written beside its place, waiting for the database to accept it. */
export interface ReceivedMedium {
  contentType: MediaType;
  size: number;
  /** Moves the upload into its place. */
  keep(): Promise<void>;
  /** Removes the upload. */
  discard(): Promise<void>;
}

/**
 * Streams an uploaded medium to disk without holding it in memory. Refuses (415) a file whose
 * bytes are not PNG, JPEG, WebP or PDF and (413) one larger than `maxBytes`; either way nothing is
 * left behind. `isTruncated` reports whether the multipart parser cut the file at its own limit.
 */
export async function receiveMedium(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; materialId: string; mediumId: string; maxBytes: number },
): Promise<ReceivedMedium> {
  const file = mediumFile(options.dataDir, options.companyId, options.materialId, options.mediumId);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.upload`;
  const discard = () => rm(partial, { force: true });
  const { inspector, result } = inspectMedium(options.maxBytes);
  try {
    await pipeline(upload, inspector, createWriteStream(partial, { flags: 'wx' }));
    if (isTruncated()) throw mediumTooLarge(options.maxBytes);
  } catch (error) {
    await discard();
    throw error;
  }
  const { type, size } = result();
  return { contentType: type, size, keep: () => rename(partial, file), discard };
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
