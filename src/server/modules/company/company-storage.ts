import { Transform, type Readable, pipeline } from 'node:stream';
import { storageQuotaBytes, storageRoomLeft } from '../../../domain/company/company-account.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Executor } from '../../platform/db.js';
import { companyStorageBytes } from './company.files.js';
import { findCompany } from './company.queries.js';

/** What a company may still store: its plan's quota, the bytes it uses, and the room left. */
export interface CompanyStorage {
  quotaBytes: number;
  usedBytes: number;
  roomBytes: number;
}

/** The storage as it is once `bytes` of a file being replaced are freed (a new logo or image takes the old one's room). */
export const freeingReplaced = (storage: CompanyStorage, bytes: number): CompanyStorage => ({
  ...storage,
  roomBytes: Math.max(0, storage.quotaBytes - storage.usedBytes + bytes),
});

/** Bytes a multipart body carries besides the file (boundaries, part headers): the declared length may pass the room by this much. */
const MULTIPART_ENVELOPE_BYTES = 16 * 1024;

export const storageQuotaExceeded = () => new DomainError('STORAGE_QUOTA_EXCEEDED');

/** The storage of the company in the transaction's tenant (quota by its plan minus `companyStorageBytes`). */
export async function companyStorageOf(db: Executor, dataDir: string, companyId: string): Promise<CompanyStorage> {
  const row = await findCompany(db, companyId);
  if (!row) throw new DomainError('NOT_FOUND');
  const usedBytes = await companyStorageBytes(dataDir, companyId);
  return { quotaBytes: storageQuotaBytes[row.plan], usedBytes, roomBytes: storageRoomLeft(row.plan, usedBytes) };
}

/**
 * Refuses an upload at once (413 STORAGE_QUOTA_EXCEEDED) when its declared `content-length`
 * cannot fit in the room left; a body without one is capped by `capAtRoom` as it streams.
 */
export function refuseBeyondRoom(contentLength: string | undefined, storage: CompanyStorage): void {
  const declared = Number(contentLength);
  if (storage.roomBytes === 0 || (Number.isFinite(declared) && declared > storage.roomBytes + MULTIPART_ENVELOPE_BYTES)) throw storageQuotaExceeded();
}

/**
 * The upload stream stopped with 413 STORAGE_QUOTA_EXCEEDED as soon as it passes `roomBytes`
 * (the receiver then removes its partial file), so a chunked upload never fills the disk past the quota.
 */
export function capAtRoom(upload: Readable, roomBytes: number): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > roomBytes) done(storageQuotaExceeded());
      else done(null, chunk);
    },
  });
  return pipeline(upload, cap, () => {
    // Errors reach the reader of `cap`, which fails its own pipeline.
  });
}
