import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LogoType } from '../../../domain/company/company.rules.js';

/**
 * Every file of a company lives under `DATA_DIR/companies/<companyId>/`: deleting the customer
 * deletes the folder, and its size is the storage shown to the product operator.
 */
export function companyDir(dataDir: string, companyId: string): string {
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new Error(`Not a company id: ${companyId}`);
  return path.join(dataDir, 'companies', companyId);
}

/** Bytes of all files under a folder (0 when it does not exist). */
export async function bytesUnder(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
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
