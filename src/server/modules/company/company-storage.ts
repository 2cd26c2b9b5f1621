import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { storageQuotaBytes, storageRoomLeft } from '../../../domain/company/company-account.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { withTenant, type Db, type Executor, type Tx } from '../../platform/db.js';
import type { UploadRoom } from '../../platform/upload-file.js';
import { companyStorageBytes, type StorageLayout } from './company.files.js';
import { findCompany } from './company.queries.js';

/** Room an upload in flight holds in its company's quota (migration 2026-11-23-2300). */
export interface StorageReservationsTable {
  id: string;
  company_id: string;
  bytes: number;
  expires_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    storage_reservations: StorageReservationsTable;
  }
}

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
export async function companyStorageOf(db: Executor, layout: StorageLayout, companyId: string): Promise<CompanyStorage> {
  const row = await findCompany(db, companyId);
  if (!row) throw new DomainError('NOT_FOUND');
  const usedBytes = await companyStorageBytes(db, layout, companyId);
  return { quotaBytes: storageQuotaBytes[row.plan], usedBytes, roomBytes: storageRoomLeft(row.plan, usedBytes) };
}

/**
 * Refuses an upload at once (413 STORAGE_QUOTA_EXCEEDED) when its declared `content-length`
 * cannot fit in the room left; a body without one is stopped by the upload receiver as it streams.
 */
export function refuseBeyondRoom(contentLength: string | undefined, storage: CompanyStorage): void {
  const declared = Number(contentLength);
  if (storage.roomBytes === 0 || (Number.isFinite(declared) && declared > storage.roomBytes + MULTIPART_ENVELOPE_BYTES)) throw storageQuotaExceeded();
}

/** How long a reservation holds its room when its server dies mid-upload (a live upload releases it at its end). */
export const STORAGE_RESERVATION_TTL_MS = 6 * 60 * 60 * 1000;

/** Room held for one upload: cap its bytes at `roomBytes`, then `release()` once its file is recorded (or dropped). */
export interface StorageReservation {
  roomBytes: number;
  release(): Promise<void>;
}

/**
 * Takes room in the company's storage quota for one upload, atomically: under a lock of the
 * company's row, the room left is the quota minus the files on disk minus the room other uploads
 * in flight hold (plus `freedBytes` of a file the upload replaces); a declared `content-length`
 * beyond it, or no room at all, answers 413 STORAGE_QUOTA_EXCEEDED. The upload holds the declared
 * length (capped at the room), or all of the room without one, until `release()`. So two
 * concurrent uploads can never both pass the check and together exceed the quota.
 * `freedBytes` is read inside the lock by `replaced(tx)` (the stored logo or image).
 */
export async function reserveStorage(
  db: Db,
  options: StorageLayout & { companyId: string; now: Date; contentLength: string | undefined; replaced?: (tx: Tx) => Promise<number> },
): Promise<StorageReservation> {
  const { companyId, now } = options;
  const reservation = await withTenant(db, companyId, async (tx) => {
    // The company's row is the lock every upload of the company queues on (held until commit).
    const locked = await tx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
    if (!locked) throw new DomainError('NOT_FOUND');
    const storage = freeingReplaced(await companyStorageOf(tx, options, companyId), (await options.replaced?.(tx)) ?? 0);
    const held = await tx
      .selectFrom('storage_reservations')
      .select(sql<string>`coalesce(sum(bytes), 0)`.as('bytes'))
      .where('company_id', '=', companyId)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    const room = { ...storage, roomBytes: Math.max(0, storage.roomBytes - Number(held.bytes)) };
    refuseBeyondRoom(options.contentLength, room);
    const declared = Number(options.contentLength);
    const bytes = Number.isFinite(declared) && declared > 0 ? Math.min(declared, room.roomBytes) : room.roomBytes;
    const id = randomUUID();
    await tx
      .insertInto('storage_reservations')
      .values({ id, company_id: companyId, bytes, expires_at: new Date(now.getTime() + STORAGE_RESERVATION_TTL_MS) })
      .execute();
    // Spent rows of dead servers go on the way.
    await tx.deleteFrom('storage_reservations').where('company_id', '=', companyId).where('expires_at', '<=', now).execute();
    return { id, bytes };
  });
  let released = false;
  return {
    roomBytes: reservation.bytes,
    async release() {
      if (released) return;
      released = true;
      await withTenant(db, companyId, (tx) => tx.deleteFrom('storage_reservations').where('id', '=', reservation.id).execute());
    },
  };
}

/**
 * Runs `work` with room reserved for one upload, and releases the room however it ends. The room goes to the upload
 * receiver (`receiveUpload`), which stops the bytes with 413 STORAGE_QUOTA_EXCEEDED as soon as they pass it (and
 * removes its partial file), so a chunked upload never fills the disk past the quota.
 */
export async function withStorageReservation<T>(db: Db, options: Parameters<typeof reserveStorage>[1], work: (room: UploadRoom) => Promise<T>): Promise<T> {
  const reservation = await reserveStorage(db, options);
  try {
    return await work({ bytes: reservation.roomBytes, exceeded: storageQuotaExceeded });
  } finally {
    // A release that fails (the database went away) leaves the row to its expiry.
    await reservation.release().catch(() => undefined);
  }
}
