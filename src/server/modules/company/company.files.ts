import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LogoType } from '../../../domain/company/company.rules.js';
import type { Executor } from '../../platform/db.js';

/**
 * Every file of a company lives under `DATA_DIR/companies/<companyId>/`: deleting the customer
 * deletes the folder, and its size is the storage shown to the product operator.
 */
export function companyDir(dataDir: string, companyId: string): string {
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new Error(`Not a company id: ${companyId}`);
  return path.join(dataDir, 'companies', companyId);
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

const recordedFolders = new Map<string, RecordedFolderBytes>();

/**
 * A module that records the size of every file it keeps in a folder of its own directly under the
 * company's (`documents`) says so here: the storage check then sums its records instead of walking
 * the folder, which would stat every file on each check, and a company's documents only grow.
 */
export function addRecordedFolder(folder: string, bytes: RecordedFolderBytes): void {
  if (!/^[\w-]+$/.test(folder) || folder === 'exports') throw new Error(`Not a folder of its own: ${folder}`);
  recordedFolders.set(folder, bytes);
}

/**
 * The storage a company uses: every file under its folder (logo, material images, shipment
 * attachments, documents) and the data export while it is kept (copies of the rest, but disk all the same). Folders whose module
 * records its files' sizes count by those records (`addRecordedFolder`); the rest is walked.
 */
export async function companyStorageBytes(db: Executor, dataDir: string, companyId: string): Promise<number> {
  // The kept data export counts too, until it expires (issue 26).
  const walked = await bytesUnder(companyDir(dataDir, companyId), new Set(recordedFolders.keys()));
  let recorded = 0;
  for (const bytes of recordedFolders.values()) recorded += await bytes(db, companyId);
  return walked + recorded;
}

const logoNames: Record<LogoType, string> = { 'image/png': 'logo.png', 'image/jpeg': 'logo.jpg' };

export const logoContentType = (fileName: string): LogoType => (fileName.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** Writes the logo (replacing the old one, whatever its type) and returns its file name. */
export async function writeLogo(dataDir: string, companyId: string, bytes: Buffer, type: LogoType): Promise<string> {
  const dir = companyDir(dataDir, companyId);
  await mkdir(dir, { recursive: true });
  const name = logoNames[type];
  const temporary = path.join(dir, `.${name}.${process.pid}.upload`);
  await writeFile(temporary, bytes);
  await rename(temporary, path.join(dir, name));
  for (const other of Object.values(logoNames)) {
    if (other !== name) await rm(path.join(dir, other), { force: true });
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

export async function removeCompanyFiles(dataDir: string, companyId: string): Promise<void> {
  await rm(companyDir(dataDir, companyId), { recursive: true, force: true });
}
