import { createReadStream, type ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '../../../domain/shared/errors.js';
import { receiveUpload, type ReceivedUpload, type UploadRoom, type UploadRules } from '../../platform/upload-file.js';
import { companyDir } from '../company/index.js';

export type ImageType = 'image/png' | 'image/jpeg';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `DATA_DIR/companies/<companyId>/materials/<materialId>`: a customer's files stay in its own folder. */
export function materialDir(dataDir: string, companyId: string, materialId: string): string {
  if (!uuidPattern.test(companyId) || !uuidPattern.test(materialId)) throw new Error('materialDir: ids must be uuids');
  return path.join(companyDir(dataDir, companyId), 'materials', materialId);
}

const imageFileName = 'image';
const imageFile = (dir: string) => path.join(dir, imageFileName);

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

/** An image upload: PNG or JPEG by its bytes, up to `maxBytes`. */
const imageRules = (maxBytes: number): UploadRules<ImageType> => ({
  headBytes: PNG.length,
  typeOf: imageTypeOf,
  maxBytes,
  unsupported,
  tooLarge: () => tooLarge(maxBytes),
});

/** An upload written beside its final place, waiting for the database to accept it. */
export type ReceivedImage = ReceivedUpload<ImageType>;

/**
 * Receives a material's image (the platform's `receiveUpload`): 415 for bytes not PNG or JPEG, 413 beyond `maxBytes`
 * or the quota's `room`; nothing is left behind then. Kept, it replaces the material's image.
 */
export function receiveImage(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; materialId: string; maxBytes: number; room?: UploadRoom },
): Promise<ReceivedImage> {
  const dir = materialDir(options.dataDir, options.companyId, options.materialId);
  return receiveUpload(upload, isTruncated, { dir, name: imageFileName, replaces: true, rules: imageRules(options.maxBytes), room: options.room });
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
