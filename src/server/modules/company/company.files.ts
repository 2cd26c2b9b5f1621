import { createReadStream, type ReadStream } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { LOGO_MAX_BYTES, logoTypeOf, type LogoType } from '../../../domain/company/company.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { receiveUpload, type ReceivedUpload, type UploadRoom, type UploadRules } from '../../platform/upload-file.js';
import type { Executor } from '../../platform/db.js';

/**
 * Every file of a company lives under `DATA_DIR/companies/<companyId>/`: deleting the customer
 * deletes the folder, and its size is the storage shown to the product operator.
 */
export function companyDir(dataDir: string, companyId: string): string {
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new Error(`Not a company id: ${companyId}`);
  return path.join(dataDir, 'companies', companyId);
}

/** A file of the company (a path relative to its folder) as a stream, or undefined when it is missing. */
export async function openCompanyFile(dataDir: string, companyId: string, relativePath: string): Promise<ReadStream | undefined> {
  const stream = createReadStream(path.join(companyDir(dataDir, companyId), relativePath));
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve(stream));
    stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
  });
}

/** Bytes of all files under a folder (0 when it does not exist), but for the named entries directly in it. */
export async function bytesUnder(dir: string, skip: ReadonlySet<string> = new Set()): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(full);
    else if (entry.isFile()) total += await sizeOf(full);
  }
  return total;
}

/** A file's size; 0 when it is gone since the folder was read (an upload in flight renames or removes its temporary file). */
async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** Where a company's data exports (zips) are written: inside its folder, so they go with it, but not its storage. */
export const exportsDir = (dataDir: string, companyId: string) => path.join(companyDir(dataDir, companyId), 'exports');

/** The bytes a module keeps on record for the files of its folder of a company (a sum over its rows). */
export type RecordedFolderBytes = (db: Executor, companyId: string) => Promise<number>;

/** A folder of a module's own directly under the company's, and the bytes its records say it holds. */
export interface RecordedFolder {
  folder: string;
  bytes: RecordedFolderBytes;
}

/**
 * A module that records the size of every file it keeps in a folder of its own directly under the
 * company's (`documents`) contributes this to the list port `recordedFolders`: the storage check then
 * sums its records instead of walking the folder, which would stat every file on each check, and a
 * company's documents only grow. Throws on a name that is not a folder of its own.
 */
export function recordedFolder(folder: string, bytes: RecordedFolderBytes): RecordedFolder {
  if (!/^[\w-]+$/.test(folder) || folder === 'exports') throw new Error(`Not a folder of its own: ${folder}`);
  return { folder, bytes };
}

/** Where a company's files are, and which of its folders count by their records (the list port `recordedFolders`). */
export interface StorageLayout {
  dataDir: string;
  recordedFolders: readonly RecordedFolder[];
}

/**
 * The storage a company uses: every file under its folder (logo, material images, shipment
 * attachments, documents) and the data export while it is kept (copies of the rest, but disk all the same). Folders whose module
 * records its files' sizes count by those records (`recordedFolders`); the rest is walked.
 */
export async function companyStorageBytes(db: Executor, { dataDir, recordedFolders }: StorageLayout, companyId: string): Promise<number> {
  // The kept data export counts too, until it expires (issue 26).
  const walked = await bytesUnder(companyDir(dataDir, companyId), new Set(recordedFolders.map((recorded) => recorded.folder)));
  let recorded = 0;
  for (const { bytes } of recordedFolders) recorded += await bytes(db, companyId);
  return walked + recorded;
}

const logoNames: Record<LogoType, string> = { 'image/png': 'logo.png', 'image/jpeg': 'logo.jpg' };

export const logoContentType = (fileName: string): LogoType => (fileName.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** A logo: PNG or JPEG by its bytes (the file name and the browser's claim are not trusted), at most 2 MB. */
const logoRules: UploadRules<LogoType> = {
  headBytes: 8,
  typeOf: logoTypeOf,
  maxBytes: LOGO_MAX_BYTES,
  unsupported: () => new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'logo', message: 'validation.logoType' }]),
  tooLarge: () => new DomainError('PAYLOAD_TOO_LARGE'),
};

/** Receives the logo (the platform's `receiveUpload`) beside the company's logo, which `keepLogo` replaces with it. */
export function receiveLogo(
  upload: Readable,
  isTruncated: () => boolean,
  options: { dataDir: string; companyId: string; room: UploadRoom },
): Promise<ReceivedUpload<LogoType>> {
  const dir = companyDir(options.dataDir, options.companyId);
  return receiveUpload(upload, isTruncated, { dir, name: (type) => logoNames[type], replaces: true, rules: logoRules, room: options.room });
}

/** Moves the received logo into place (replacing the old one, whatever its type) and returns its file name. */
export async function keepLogo(dataDir: string, companyId: string, received: ReceivedUpload<LogoType>): Promise<string> {
  await received.keep();
  const name = logoNames[received.contentType];
  for (const other of Object.values(logoNames)) {
    if (other !== name) await rm(path.join(companyDir(dataDir, companyId), other), { force: true });
  }
  return name;
}

/** Bytes of the stored logo (0 when there is none): a new logo replaces it, so its room counts as free. */
export async function logoBytes(dataDir: string, companyId: string, fileName: string | null): Promise<number> {
  if (!fileName) return 0;
  try {
    return (await stat(path.join(companyDir(dataDir, companyId), path.basename(fileName)))).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

export async function readLogo(dataDir: string, companyId: string, fileName: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path.join(companyDir(dataDir, companyId), path.basename(fileName)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The company's logo (its settings row's file) with its type; undefined when it has none or the file is gone. */
export async function companyLogoOf(db: Executor, dataDir: string, companyId: string): Promise<{ bytes: Buffer; contentType: LogoType } | undefined> {
  const row = await db.selectFrom('companies').select('logo_file').where('id', '=', companyId).executeTakeFirst();
  if (!row?.logo_file) return undefined;
  const bytes = await readLogo(dataDir, companyId, row.logo_file);
  return bytes ? { bytes, contentType: logoContentType(row.logo_file) } : undefined;
}

export async function removeCompanyFiles(dataDir: string, companyId: string): Promise<void> {
  await rm(companyDir(dataDir, companyId), { recursive: true, force: true });
}
