import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { attachmentTypeOf, attachmentTypes, shipmentLimits, type AttachmentType } from '../../../domain/shipments/shipment.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { receiveUpload, type ReceivedUpload, type UploadRoom, type UploadRules } from '../../platform/upload-file.js';

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

/** An attachment: PDF, PNG or JPEG by its bytes, not empty, up to `shipmentLimits.attachmentBytes`. */
const attachmentRules: UploadRules<AttachmentType> = {
  headBytes,
  typeOf: attachmentTypeOf,
  maxBytes: shipmentLimits.attachmentBytes,
  unsupported,
  tooLarge,
  empty,
};

/** An upload written beside its final place, waiting for the shipment to record it. */
export type ReceivedAttachment = ReceivedUpload<AttachmentType> & { attachmentId: string };

/**
 * Receives a shipment attachment (the platform's `receiveUpload`) under a new id: 415 for bytes not PDF, PNG or JPEG,
 * 413 beyond `shipmentLimits.attachmentBytes` or the quota's `room`; nothing is left behind then.
 */
export async function receiveAttachment(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; shipmentId: string; room?: UploadRoom },
): Promise<ReceivedAttachment> {
  const attachmentId = randomUUID();
  const finalFile = path.join(companyDir(options.dataDir, options.companyId), attachmentPath(options.shipmentId, attachmentId));
  const received = await receiveUpload(upload, isTruncated, {
    dir: path.dirname(finalFile),
    name: path.basename(finalFile),
    rules: attachmentRules,
    room: options.room,
  });
  return { ...received, attachmentId };
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
