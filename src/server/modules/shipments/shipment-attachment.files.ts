import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { attachmentTypeOf, attachmentTypes, shipmentLimits, type AttachmentType } from '../../../domain/shipments/shipment.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { writeUpload } from '../../platform/upload-file.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The longest signature of the types taken: that many bytes decide the type. */
const headBytes = Math.max(...Object.values(attachmentTypes).map((type) => type.signature.length));

/** Where an attachment's bytes are, relative to the company's folder: `shipments/<shipmentId>/<attachmentId>`. */
export function attachmentPath(shipmentId: string, attachmentId: string): string {
  if (!uuidPattern.test(shipmentId) || !uuidPattern.test(attachmentId)) throw new Error('attachmentPath: ids must be uuids');
  return path.posix.join('shipments', shipmentId, attachmentId);
}

/** `DATA_DIR/companies/<companyId>`: a customer's files stay in its own folder. */
function companyDir(dataDir: string, companyId: string): string {
  if (!uuidPattern.test(companyId)) throw new Error('companyDir: the company id must be a uuid');
  return path.join(dataDir, 'companies', companyId);
}

const unsupported = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'file', message: 'errors.UNSUPPORTED_MEDIA_TYPE' }]);
const tooLarge = () =>
  new DomainError('PAYLOAD_TOO_LARGE', [{ path: 'file', message: 'errors.PAYLOAD_TOO_LARGE', params: { max: shipmentLimits.attachmentBytes } }]);
const empty = () => new DomainError('VALIDATION_ERROR', [{ path: 'file', message: 'shipments.validation.emptyFile' }]);

/**
 * Passes the bytes through while counting them, and decides the type from the first ones: a
 * stream that is not a PDF, PNG or JPEG fails as soon as that is clear, so nothing more is written.
 */
function inspectAttachment() {
  let head = Buffer.alloc(0);
  let type: AttachmentType | null = null;
  let size = 0;
  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > shipmentLimits.attachmentBytes) return done(tooLarge());
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, headBytes)]).subarray(0, headBytes);
        type = attachmentTypeOf(head);
        if (!type && head.length >= headBytes) return done(unsupported());
      }
      done(null, chunk);
    },
    flush(done) {
      if (size === 0) return done(empty());
      done(type ? null : unsupported());
    },
  });
  return { inspector, result: () => ({ type: type as AttachmentType, size }) };
}

/** An upload written beside its final place, waiting for the shipment to record it. */
export interface ReceivedAttachment {
  attachmentId: string;
  contentType: AttachmentType;
  size: number;
  /** Moves the upload into place. */
  keep(): Promise<void>;
  /** Removes the upload (and the folders made for it, while empty). */
  discard(): Promise<void>;
}

/**
 * Streams an uploaded file to disk without holding it in memory. Refuses (415) a file whose bytes
 * are not PDF, PNG or JPEG and (413) one larger than `shipmentLimits.attachmentBytes`; either way
 * nothing is left behind. `isTruncated` reports whether the multipart parser cut the file at its limit.
 */
export async function receiveAttachment(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; shipmentId: string },
): Promise<ReceivedAttachment> {
  const attachmentId = randomUUID();
  const base = companyDir(options.dataDir, options.companyId);
  const finalFile = path.join(base, attachmentPath(options.shipmentId, attachmentId));
  const dir = path.dirname(finalFile);
  const created = await mkdir(dir, { recursive: true });
  const partial = path.join(dir, `.upload-${attachmentId}`);
  const removeEmptyFolders = async () => {
    // Folders made for this upload go, each only while empty (another upload may have started).
    for (let folder = dir; created && folder.startsWith(created); folder = path.dirname(folder)) {
      const removed = await rmdir(folder).then(
        () => true,
        () => false,
      );
      if (!removed) break;
    }
  };
  const discard = async () => {
    await rm(partial, { force: true });
    await rm(finalFile, { force: true });
    await removeEmptyFolders();
  };
  const { inspector, result } = inspectAttachment();
  try {
    await writeUpload(upload, inspector, partial);
    if (isTruncated()) throw tooLarge();
  } catch (error) {
    await discard();
    throw error;
  }
  const { type, size } = result();
  return { attachmentId, contentType: type, size, keep: () => rename(partial, finalFile), discard };
}

/** An attachment's bytes as a stream, or undefined when the file is missing. */
export async function openAttachment(dataDir: string, companyId: string, relativePath: string): Promise<ReadStream | undefined> {
  const stream = createReadStream(path.join(companyDir(dataDir, companyId), relativePath));
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve(stream));
    stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
  });
}

export async function removeAttachmentFile(dataDir: string, companyId: string, shipmentId: string, attachmentId: string): Promise<void> {
  await rm(path.join(companyDir(dataDir, companyId), attachmentPath(shipmentId, attachmentId)), { force: true });
}
