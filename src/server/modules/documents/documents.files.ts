import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { companyDir, openCompanyFile } from '../company/index.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `DATA_DIR/companies/<companyId>`: a customer's files stay in its own folder (docs/company.md). */
const companyFolder = companyDir;

/** The folder of the PDFs under the company's (the storage check counts it by the documents' recorded sizes). */
export const DOCUMENTS_FOLDER = 'documents';

/** Where a document's PDF is, relative to the company's folder: `documents/<documentId>.pdf`. */
export function documentPath(documentId: string): string {
  if (!uuidPattern.test(documentId)) throw new Error('documentPath: the document id must be a uuid');
  return path.posix.join(DOCUMENTS_FOLDER, `${documentId}.pdf`);
}

/** Writes the PDF beside its place and moves it in, so a reader never sees half a file; a rerun overwrites it. */
export async function writeDocumentFile(dataDir: string, companyId: string, documentId: string, pdf: Buffer): Promise<string> {
  const relative = documentPath(documentId);
  const file = path.join(companyFolder(dataDir, companyId), relative);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, pdf);
  await rename(partial, file);
  return relative;
}

/** A document's bytes as a stream, or undefined when the file is missing. */
export const openDocumentFile = openCompanyFile;

/** The company's logo as a data: URL for the page (documents load nothing else), or null without one. */
export async function logoDataUrl(dataDir: string, companyId: string, logoFile: string | null): Promise<string | null> {
  if (!logoFile) return null;
  try {
    const bytes = await readFile(path.join(companyFolder(dataDir, companyId), path.basename(logoFile)));
    const type = logoFile.endsWith('.png') ? 'image/png' : 'image/jpeg';
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
