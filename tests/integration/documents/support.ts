import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { DocumentView } from '../../../src/domain/documents/documents.views.js';
import type { TestApp } from '../../support/app.js';
import type { Client } from '../../support/identity.js';

const workDir = mkdtempSync(path.join(tmpdir(), 'documents-test-'));

/** Requests a document as the client; expects 202 and answers the requested document. */
export async function request(client: Client, body: Record<string, unknown>): Promise<DocumentView> {
  const res = await client.post('/api/documents', body);
  expect(res.statusCode, res.body).toBe(202);
  const view = res.json() as DocumentView;
  expect(view.status).toBe('requested');
  return view;
}

/** Waits until the document's job has finished (generated or failed) and answers it as the API does then. */
export async function finished(t: TestApp, client: Client, documentId: string, timeoutMs = 20_000): Promise<DocumentView> {
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    await t.jobs.dispatcher.catchUp();
    const res = await client.get(`/api/documents/${documentId}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as DocumentView;
    if (view.status !== 'requested') return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Document ${documentId} did not finish`);
}

/** The PDF of a generated document, downloaded as a user would. */
export async function download(client: Client, view: DocumentView): Promise<Buffer> {
  expect(view.downloadUrl).not.toBeNull();
  const res = await client.get(view.downloadUrl as string);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toContain(`${view.documentNumber}.pdf`);
  const pdf = res.rawPayload;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdf;
}

function writeTemp(pdf: Buffer): string {
  const file = path.join(workDir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The text a reader sees (pdftotext), spaces collapsed. */
export function textOf(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', writeTemp(pdf), '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

/** Page sizes in points (pdfinfo). */
export function pageSizeOf(pdf: Buffer): string {
  const info = execFileSync('pdfinfo', [writeTemp(pdf)], { encoding: 'utf8' });
  return /Page size:\s+(.*)/.exec(info)?.[1] ?? '';
}

/** Pages (pdfinfo). */
export function pagesOf(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', [writeTemp(pdf)], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** Raster images in the PDF (pdfimages -list): a logo is one. */
export function imagesIn(pdf: Buffer): number {
  const lines = execFileSync('pdfimages', ['-list', writeTemp(pdf)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return Math.max(0, lines.length - 2);
}

/** Every barcode zbarimg reads on the first page, rendered to PNG at 300 dpi (pdftoppm). */
export function barcodesOf(pdf: Buffer): string[] {
  const file = writeTemp(pdf);
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '300', '-f', '1', '-l', '1', file, prefix]);
  const png = readdirSync(workDir)
    .filter((name) => name.startsWith(path.basename(prefix)) && name.endsWith('.png'))
    .map((name) => path.join(workDir, name))[0];
  const out = execFileSync('zbarimg', ['-q', png], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}
