import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { DomainError } from '../../../domain/shared/errors.js';
import { writeUpload } from '../../platform/upload-file.js';
import { companyDir } from '../company/index.js';

export type ImageType = 'image/png' | 'image/jpeg';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `DATA_DIR/companies/<companyId>/materials/<materialId>`: a customer's files stay in its own folder. */
export function materialDir(dataDir: string, companyId: string, materialId: string): string {
  if (!uuidPattern.test(companyId) || !uuidPattern.test(materialId)) throw new Error('materialDir: ids must be uuids');
  return path.join(companyDir(dataDir, companyId), 'materials', materialId);
}

const imageFile = (dir: string) => path.join(dir, 'image');

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the first bytes of a file announce, whatever its name claims. */
export function imageTypeOf(head: Buffer): ImageType | undefined {
  if (head.length >= PNG.length && head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.length >= JPEG.length && head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return undefined;
}

const unsupported = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'image', message: 'materials.validation.imageType' }]);
const tooLarge = (maxBytes: number) =>
  new DomainError('PAYLOAD_TOO_LARGE', [{ path: 'image', message: 'materials.validation.imageSize', params: { max: maxBytes } }]);

/**
 * Passes the bytes through while counting them, and decides the type from the first ones: a
 * stream that is not a PNG or JPEG fails as soon as that is clear, so nothing more is written.
 */
function inspectImage(maxBytes: number) {
  let head = Buffer.alloc(0);
  let type: ImageType | undefined;
  let size = 0;
  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(maxBytes));
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, PNG.length)]).subarray(0, PNG.length);
        type = imageTypeOf(head);
        if (!type && head.length >= PNG.length) return done(unsupported());
      }
      done(null, chunk);
    },
    flush(done) {
      done(type ? null : unsupported());
    },
  });
  return { inspector, result: () => ({ type: type!, size }) };
}

/** An upload written beside its final place, waiting for the database to accept it. */
export interface ReceivedImage {
  contentType: ImageType;
  size: number;
  /** Moves the upload into place, replacing the old image. */
  keep(): Promise<void>;
  /** Removes the upload (and the folder when it was made for it). */
  discard(): Promise<void>;
}

/**
 * Streams an uploaded file to disk without holding it in memory. Refuses (415) a file whose bytes
 * are not PNG or JPEG and (413) one larger than `maxBytes`; either way nothing is left behind.
 * `isTruncated` reports whether the multipart parser cut the file at its own size limit.
 */
export async function receiveImage(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; materialId: string; maxBytes: number },
): Promise<ReceivedImage> {
  const dir = materialDir(options.dataDir, options.companyId, options.materialId);
  const created = await mkdir(dir, { recursive: true });
  const partial = path.join(dir, `.upload-${randomUUID()}`);
  const discard = async () => {
    await rm(partial, { force: true });
    // Folders made for this upload go too, each only while empty (another upload may have started).
    for (let folder = dir; created && folder.startsWith(created); folder = path.dirname(folder)) {
      if (
        !(await rmdir(folder).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  };
  const { inspector, result } = inspectImage(options.maxBytes);
  try {
    await writeUpload(upload, inspector, partial);
    if (isTruncated()) throw tooLarge(options.maxBytes);
  } catch (error) {
    await discard();
    throw error;
  }
  const { type, size } = result();
  return { contentType: type, size, keep: () => rename(partial, imageFile(dir)), discard };
}

/** The stored image of a material as a stream, or undefined when the file is missing. */
export async function openImage(dataDir: string, companyId: string, materialId: string): Promise<ReadStream | undefined> {
  const stream = createReadStream(imageFile(materialDir(dataDir, companyId, materialId)));
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve(stream));
    stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
  });
}

export async function removeImage(dataDir: string, companyId: string, materialId: string): Promise<void> {
  await rm(imageFile(materialDir(dataDir, companyId, materialId)), { force: true });
}

/** Removes every file of a deleted material. */
export async function removeMaterialFiles(dataDir: string, companyId: string, materialId: string): Promise<void> {
  await rm(materialDir(dataDir, companyId, materialId), { recursive: true, force: true });
}
