import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { lotLimits, pdfSignature } from '../../../domain/lots/lot.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { receiveUpload, type ReceivedUpload, type UploadRoom, type UploadRules } from '../../platform/upload-file.js';
import { companyDir } from '../company/index.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a lot's certificate is, relative to the company's folder: `lots/<lotId>/<certificateId>.pdf`. */
export function certificatePath(lotId: string, certificateId: string): string {
  if (!uuidPattern.test(lotId) || !uuidPattern.test(certificateId)) throw new Error('certificatePath: ids must be uuids');
  return path.posix.join('lots', lotId, `${certificateId}.pdf`);
}

const isPdf = (head: Buffer) => (head.length >= pdfSignature.length && pdfSignature.every((byte, i) => head[i] === byte) ? ('application/pdf' as const) : null);

/** A certificate: a PDF by its bytes, not empty, up to `lotLimits.certificateBytes`. */
const certificateRules: UploadRules<'application/pdf'> = {
  headBytes: pdfSignature.length,
  typeOf: isPdf,
  maxBytes: lotLimits.certificateBytes,
  unsupported: () => new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'file', message: 'lots.validation.certificatePdf' }]),
  tooLarge: () => new DomainError('PAYLOAD_TOO_LARGE', [{ path: 'file', message: 'errors.PAYLOAD_TOO_LARGE', params: { max: lotLimits.certificateBytes } }]),
  empty: () => new DomainError('VALIDATION_ERROR', [{ path: 'file', message: 'lots.validation.certificatePdf' }]),
};

export type ReceivedCertificate = ReceivedUpload<'application/pdf'> & { certificateId: string };

/** Receives a lot's certificate (the platform's `receiveUpload`) under a new id: 415 for bytes not a PDF, 413 beyond the limit or the quota's room. */
export async function receiveCertificate(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; lotId: string; room?: UploadRoom },
): Promise<ReceivedCertificate> {
  const certificateId = randomUUID();
  const finalFile = path.join(companyDir(options.dataDir, options.companyId), certificatePath(options.lotId, certificateId));
  const received = await receiveUpload(upload, isTruncated, {
    dir: path.dirname(finalFile),
    name: path.basename(finalFile),
    rules: certificateRules,
    room: options.room,
  });
  return { ...received, certificateId };
}

/** A lot's certificate as a delivery bill "with certificates" appends it: the lot, the file's name, its bytes (undefined: the file is gone). */
export interface LotCertificateFile {
  lotNumber: string;
  fileName: string;
  bytes: Buffer | undefined;
}

/** The bytes of a lot's stored certificate (undefined when the file is not there). */
export async function readCertificate(dataDir: string, companyId: string, lotId: string, certificateId: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path.join(companyDir(dataDir, companyId), certificatePath(lotId, certificateId)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
