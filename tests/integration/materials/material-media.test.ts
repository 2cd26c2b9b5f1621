import { existsSync, mkdirSync, openSync, closeSync, ftruncateSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLimits } from '../../../src/domain/materials/material-media.schema.js';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import type { TestApp } from '../../support/app.js';
import { createStation } from '../stations/stations-support.js';
import {
  clientOf,
  companyWithTeam,
  create,
  JPEG_BYTES,
  masterWithoutCompany,
  materialsTestApp,
  PNG_BYTES,
  product,
  type Client,
  type TestCompany,
} from './support.js';

// Media of materials and their steps: images and PDF drawings, streamed to the company's folder.
// A low limit stands in for the real one, so the test need not write 100 MB.
const LIMIT = 4096;
const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([20, 0, 0, 0]), Buffer.from('WEBPVP8 fake webp body')]);

let t: TestApp;
let company: TestCompany;
let admin: Client;
let operator: Client;
let saw = '';
let materialId = '';

beforeAll(async () => {
  t = await materialsTestApp({ MATERIAL_MEDIA_MAX_BYTES: String(LIMIT) });
  company = await companyWithTeam(t, { companyName: 'Medien GmbH' });
  admin = clientOf(t, company.admin.token);
  operator = clientOf(t, company.operator.token);
  saw = (await createStation(admin, 'SAW')).id;
  materialId = (await create(admin, product({ name: 'Frame', manufacturingSteps: [{ process: 'Cut', stationId: saw }] }))).id;
});
afterAll(async () => {
  await t?.close();
});

/** A multipart body: the fields first (the server reads the station before the file), then the file when given. */
function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const boundary = `----media${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (client: Client, id: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) =>
  client.send({ method: 'POST', url: `/api/materials/${id}/media`, ...multipart(fields, file) });

const mediaFolder = (companyId: string, id: string) => path.join(t.config.dataDir, 'companies', companyId, 'materials', id, 'media');
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('uploading media', () => {
  it('stores a PDF drawing for a step and an image for every station; the station lists its own and the common ones', async () => {
    const drawing = await upload(admin, materialId, { stationId: saw }, { bytes: PDF_BYTES, name: 'frame drawing.pdf', type: 'application/pdf' });
    expect(drawing.statusCode, drawing.body).toBe(201);
    expect(drawing.json()).toMatchObject({ materialId, stationId: saw, fileName: 'frame drawing.pdf', contentType: 'application/pdf', size: PDF_BYTES.length });
    const photo = await upload(admin, materialId, { stationId: 'all' }, { bytes: WEBP_BYTES, name: 'photo.webp' });
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ stationId: null, contentType: 'image/webp' });
    const drill = await createStation(admin, 'DRILL');
    expect((await upload(admin, materialId, { stationId: drill.id }, { bytes: JPEG_BYTES, name: 'drill.jpg' })).statusCode).toBe(201);

    const atSaw = await operator.get(`/api/materials/${materialId}/media?stationId=${saw}`);
    expect(atSaw.statusCode).toBe(200);
    expect(atSaw.json().items.map((m: { fileName: string }) => m.fileName)).toEqual(['frame drawing.pdf', 'photo.webp']);
    expect((await operator.get(`/api/materials/${materialId}/media`)).json().items).toHaveLength(3);
    expect(filesIn(mediaFolder(company.companyId, materialId))).toHaveLength(3);

    const events = await readStoredStream(t.app.db, `material-${materialId}`);
    expect(events.filter((event) => event.type === 'MaterialMediaAdded')).toHaveLength(3);

    // The bytes, to an operator of the company, as stored.
    const file = await operator.get(drawing.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Needs a token: never kept in the browser's cache for whoever uses the device next (issue 26).
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload).toEqual(PDF_BYTES);
  });

  it("answers 'Select station and/or upload media!' without a station or without a file", async () => {
    const noStation = await upload(admin, materialId, {}, { bytes: PNG_BYTES, name: 'a.png' });
    expect(noStation.statusCode).toBe(400);
    expect(noStation.json().error).toMatchObject({ code: 'MEDIA_STATION_OR_FILE_MISSING', message: 'Select station and/or upload media!' });
    const noFile = await upload(admin, materialId, { stationId: saw });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.code).toBe('MEDIA_STATION_OR_FILE_MISSING');
    const empty = await upload(admin, materialId, { stationId: saw }, { bytes: Buffer.alloc(0), name: 'empty.png' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('MEDIA_STATION_OR_FILE_MISSING');
    const unknownStation = await upload(admin, materialId, { stationId: '00000000-0000-4000-8000-000000000001' }, { bytes: PNG_BYTES, name: 'a.png' });
    expect(unknownStation.statusCode).toBe(400);
    expect(unknownStation.json().error.details[0]).toMatchObject({ path: 'stationId' });
  });

  it('refuses a file over the limit (413) and one that is no image or PDF by its bytes (415), leaving nothing behind', async () => {
    const before = filesIn(mediaFolder(company.companyId, materialId));
    const big = await upload(admin, materialId, { stationId: saw }, { bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(LIMIT, 32)]), name: 'big.pdf' });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const html = await upload(
      admin,
      materialId,
      { stationId: saw },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'drawing.pdf', type: 'application/pdf' },
    );
    expect(html.statusCode).toBe(415);
    expect(html.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(filesIn(mediaFolder(company.companyId, materialId))).toEqual(before);
  });

  it('refuses more media than a material may have (422)', async () => {
    const crowded = (await create(admin, product({ name: 'Crowded', materialNumber: 'C-1' }))).id;
    for (let index = 0; index < mediaLimits.perMaterial; index += 1) {
      expect((await upload(admin, crowded, { stationId: 'all' }, { bytes: PNG_BYTES, name: `${index}.png` })).statusCode).toBe(201);
    }
    const refused = await upload(admin, crowded, { stationId: 'all' }, { bytes: PNG_BYTES, name: 'one-more.png' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('MEDIA_LIMIT_REACHED');
  });

  it("refuses an upload once the company's storage quota is used up (413 STORAGE_QUOTA_EXCEEDED)", async () => {
    const account = (await clientOf(t, company.superUser.token).get('/api/company-account/account')).json();
    const filler = path.join(t.config.dataDir, 'companies', company.companyId, 'filler');
    mkdirSync(filler, { recursive: true });
    const fd = openSync(path.join(filler, 'blob'), 'w');
    ftruncateSync(fd, account.storageQuotaBytes - account.storageBytes);
    closeSync(fd);
    try {
      const refused = await upload(admin, materialId, { stationId: saw }, { bytes: PNG_BYTES, name: 'full.png' });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    } finally {
      rmSync(filler, { recursive: true, force: true });
    }
  });
});

describe('hostile input', () => {
  it('answers 4xx, never 5xx: not multipart, a broken body, a station that is no id, ids that are no uuids', async () => {
    const url = `/api/materials/${materialId}/media`;
    const json = await admin.post(url, { stationId: saw });
    expect(json.statusCode).toBe(400);
    const broken = await admin.send({ method: 'POST', url, payload: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=nothing' } });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const bogusStation = await upload(admin, materialId, { stationId: 'SAW' }, { bytes: PNG_BYTES, name: 'a.png' });
    expect(bogusStation.statusCode).toBe(400);
    expect((await admin.get(`/api/materials/${materialId}/media?stationId=nope`)).statusCode).toBe(400);
    expect((await admin.get(`/api/materials/${materialId}/media/not-a-uuid/file`)).statusCode).toBe(400);
  });
});

describe('who may', () => {
  it('an operator reads but neither uploads nor removes (403); a master without a company gets 403; no token 401', async () => {
    expect((await upload(operator, materialId, { stationId: saw }, { bytes: PNG_BYTES, name: 'op.png' })).statusCode).toBe(403);
    const [first] = (await operator.get(`/api/materials/${materialId}/media`)).json().items;
    expect((await operator.delete(`/api/materials/${materialId}/media/${first.id}`)).statusCode).toBe(403);
    const master = clientOf(t, await masterWithoutCompany(t));
    expect((await master.get(`/api/materials/${materialId}/media`)).statusCode).toBe(403);
    expect((await clientOf(t).get(first.url)).statusCode).toBe(401);
  });

  it('another company sees nothing of it: list, upload, file and removal answer 404', async () => {
    const rival = clientOf(t, (await companyWithTeam(t, { companyName: 'Fremd Medien' })).admin.token);
    const [first] = (await admin.get(`/api/materials/${materialId}/media`)).json().items;
    expect((await rival.get(`/api/materials/${materialId}/media`)).statusCode).toBe(404);
    expect((await rival.get(first.url)).statusCode).toBe(404);
    expect((await upload(rival, materialId, { stationId: 'all' }, { bytes: PNG_BYTES, name: 'x.png' })).statusCode).toBe(404);
    expect((await rival.delete(`/api/materials/${materialId}/media/${first.id}`)).statusCode).toBe(404);
    expect((await admin.get(first.url)).statusCode).toBe(200);
  });
});

describe('view links', () => {
  it("open a medium on our own origin without a token, framed by our pages only; another company's medium or an altered link is 404", async () => {
    const uploaded = await upload(admin, materialId, { stationId: saw }, { bytes: PDF_BYTES, name: 'drawing.pdf' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const medium = uploaded.json() as { url: string };
    const linked = await operator.get(medium.url.replace(/\/file$/, '/view-link'));
    expect(linked.statusCode, linked.body).toBe(200);
    const { url } = linked.json() as { url: string };
    expect(url).toMatch(/^\/api\/media-view\//);
    const shown = await clientOf(t).get(url);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(shown.headers['content-security-policy']).not.toContain('sandbox');
    expect((await clientOf(t).get(`${url.slice(0, -2)}xx`)).statusCode).toBe(404);
    expect((await clientOf(t).get(url.replace(/expires=(\d+)/, (_all, ms: string) => `expires=${Number(ms) + 1}`))).statusCode).toBe(404);
    const rival = clientOf(t, (await companyWithTeam(t, { companyName: 'Fremd Blick' })).admin.token);
    expect((await rival.get(medium.url.replace(/\/file$/, '/view-link'))).statusCode).toBe(404);
    expect((await clientOf(t).get(medium.url.replace(/\/file$/, '/view-link'))).statusCode).toBe(401);
  });
});

describe('removing', () => {
  it('removes one medium (its file too), and all of them with the material', async () => {
    const part = (await create(admin, product({ name: 'Gone', materialNumber: 'G-1' }))).id;
    const kept = (await upload(admin, part, { stationId: 'all' }, { bytes: PNG_BYTES, name: 'kept.png' })).json();
    const removed = (await upload(admin, part, { stationId: saw }, { bytes: PNG_BYTES, name: 'removed.png' })).json();
    expect((await admin.delete(`/api/materials/${part}/media/${removed.id}`)).statusCode).toBe(204);
    expect((await admin.get(removed.url)).statusCode).toBe(404);
    expect(filesIn(mediaFolder(company.companyId, part))).toEqual([kept.id]);
    const events = await readStoredStream(t.app.db, `material-${part}`);
    expect(events.map((event) => event.type)).toContain('MaterialMediaRemoved');

    expect((await admin.delete(`/api/materials/${part}`)).statusCode).toBe(204);
    expect((await admin.get(kept.url)).statusCode).toBe(404);
    expect(existsSync(mediaFolder(company.companyId, part))).toBe(false);
  });
});

describe('the company setting "display of media with a new record"', () => {
  it('is off for a new company; the super user switches it on and every user of the company reads it', async () => {
    const owner = clientOf(t, company.superUser.token);
    const current = (await owner.get('/api/company-account/basic-settings')).json();
    expect(current.mediaOnNewRecord).toBe(false);
    expect((await operator.get('/api/company-account/display')).json().mediaOnNewRecord).toBe(false);
    const saved = await owner.put('/api/company-account/updateBasicSettings', { ...current, mediaOnNewRecord: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mediaOnNewRecord).toBe(true);
    expect((await operator.get('/api/company-account/display')).json().mediaOnNewRecord).toBe(true);
    const refused = await owner.put('/api/company-account/updateBasicSettings', { ...saved.json(), mediaOnNewRecord: 'yes' });
    expect(refused.statusCode).toBe(400);
  });
});
