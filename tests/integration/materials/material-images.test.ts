import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import type { TestApp } from '../../support/app.js';
import {
  clientOf,
  create,
  JPEG_BYTES,
  materialsTestApp,
  multipartFile,
  PNG_BYTES,
  product,
  companyWithTeam,
  type Client,
  type TestCompany,
} from './support.js';

// A low limit stands in for the 512 MB of production, so the test need not write half a gigabyte.
const LIMIT = 4096;

let t: TestApp;
let company: TestCompany;
let admin: Client;
let rival: Client;

beforeAll(async () => {
  t = await materialsTestApp({ MATERIAL_IMAGE_MAX_BYTES: String(LIMIT) });
  company = await companyWithTeam(t, { companyName: 'Bilder' });
  admin = clientOf(t, company.admin.token);
  rival = clientOf(t, (await companyWithTeam(t, { companyName: 'Fremd' })).admin.token);
});
afterAll(async () => {
  await t?.close();
});

const upload = (client: Client, id: string, bytes: Buffer, fileName: string, contentType = 'application/octet-stream') =>
  client.send({ method: 'PUT', url: `/api/materials/${id}/image`, ...multipartFile(bytes, fileName, contentType) });

const folderOf = (id: string) => path.join(t.config.dataDir, 'companies', company.companyId, 'materials', id);

/** Every file under a folder (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('uploading', () => {
  it('stores a PNG, tells its type and size, and serves the same bytes to its company', async () => {
    const material = await create(admin, product({ name: 'Pictured' }));
    const res = await upload(admin, material.id, PNG_BYTES, 'photo.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: 2,
      image: { contentType: 'image/png', size: PNG_BYTES.length, url: expect.stringMatching(`^/api/materials/${material.id}/image\\?v=\\d+$`) },
    });
    expect(filesUnder(folderOf(material.id))).toEqual([path.join(folderOf(material.id), 'image')]);

    const image = await admin.get(res.json().image.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(PNG_BYTES);
    expect((await clientOf(t, company.operator.token).get(`/api/materials/${material.id}/image`)).statusCode).toBe(200);
  });

  it('takes a JPEG whatever its name says, replacing the PNG', async () => {
    const material = await create(admin, product({ name: 'Replaced' }));
    await upload(admin, material.id, PNG_BYTES, 'first.png');
    const res = await upload(admin, material.id, JPEG_BYTES, 'camera.JPG.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json().image).toMatchObject({ contentType: 'image/jpeg', size: JPEG_BYTES.length });
    const image = await admin.get(`/api/materials/${material.id}/image`);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload).toEqual(JPEG_BYTES);
    expect(filesUnder(folderOf(material.id))).toHaveLength(1);
  });

  it('accepts a file of exactly the limit', async () => {
    const material = await create(admin, product({ name: 'Exact' }));
    const bytes = Buffer.concat([PNG_BYTES, Buffer.alloc(LIMIT - PNG_BYTES.length, 7)]);
    const res = await upload(admin, material.id, bytes, 'exact.png');
    expect(res.statusCode).toBe(200);
    expect(res.json().image.size).toBe(LIMIT);
  });

  it('refuses a text file named .png with 415 and keeps the old image', async () => {
    const material = await create(admin, product({ name: 'Text' }));
    await upload(admin, material.id, PNG_BYTES, 'real.png');
    const res = await upload(admin, material.id, Buffer.from('just some text, not a picture'), 'fake.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await admin.get(`/api/materials/${material.id}/image`)).rawPayload).toEqual(PNG_BYTES);
    expect(filesUnder(folderOf(material.id))).toHaveLength(1);
    expect((await admin.get(`/api/materials/${material.id}`)).json().version).toBe(2);
  });

  it('refuses an empty file and a GIF', async () => {
    const material = await create(admin, product({ name: 'Gif' }));
    expect((await upload(admin, material.id, Buffer.alloc(0), 'empty.png')).statusCode).toBe(415);
    expect((await upload(admin, material.id, Buffer.from('GIF89a........'), 'anim.gif')).statusCode).toBe(415);
    expect(filesUnder(folderOf(material.id))).toEqual([]);
  });

  it('refuses a file over the limit with 413 and leaves nothing behind', async () => {
    const material = await create(admin, product({ name: 'Huge' }));
    const bytes = Buffer.concat([PNG_BYTES, Buffer.alloc(LIMIT, 1)]);
    const res = await upload(admin, material.id, bytes, 'huge.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(existsSync(folderOf(material.id))).toBe(false);
    expect((await admin.get(`/api/materials/${material.id}`)).json()).toMatchObject({ image: null, version: 1 });
  });

  it('refuses a body that is not multipart', async () => {
    const material = await create(admin, product({ name: 'Json' }));
    const res = await admin.put(`/api/materials/${material.id}/image`, { image: 'data:image/png;base64,AAAA' });
    expect(res.statusCode).toBe(415);
  });

  it('records the change in the event log', async () => {
    const material = await create(admin, product({ name: 'Logged' }));
    await upload(admin, material.id, PNG_BYTES, 'a.png');
    const events = await readStoredStream(t.app.db, `material-${material.id}`);
    expect(events.map((e) => [e.type, (e.data as { changed?: string }).changed])).toEqual([
      ['MaterialCreated', undefined],
      ['MaterialUpdated', 'image'],
    ]);
  });
});

describe('whose image it is', () => {
  it("answers 404 for another company's material, writing nothing", async () => {
    const foreign = await create(rival, product({ name: 'Foreign' }));
    await upload(rival, foreign.id, PNG_BYTES, 'theirs.png');
    expect((await admin.get(`/api/materials/${foreign.id}/image`)).statusCode).toBe(404);
    const res = await upload(admin, foreign.id, JPEG_BYTES, 'mine.jpg');
    expect(res.statusCode).toBe(404);
    expect(existsSync(folderOf(foreign.id))).toBe(false);
    expect((await rival.get(`/api/materials/${foreign.id}/image`)).rawPayload).toEqual(PNG_BYTES);
  });

  it('does not let an operator upload', async () => {
    const material = await create(admin, product({ name: 'Operator' }));
    expect((await upload(clientOf(t, company.operator.token), material.id, PNG_BYTES, 'x.png')).statusCode).toBe(403);
  });

  it('answers 404 while a material has no image', async () => {
    const material = await create(admin, product({ name: 'Bare' }));
    expect((await admin.get(`/api/materials/${material.id}/image`)).statusCode).toBe(404);
  });
});

describe('removing', () => {
  it('removes the image on request', async () => {
    const material = await create(admin, product({ name: 'Unpictured' }));
    await upload(admin, material.id, PNG_BYTES, 'a.png');
    const res = await admin.send({ method: 'DELETE', url: `/api/materials/${material.id}/image` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ image: null, version: 3 });
    expect(filesUnder(folderOf(material.id))).toEqual([]);
    expect((await admin.get(`/api/materials/${material.id}/image`)).statusCode).toBe(404);
  });

  it("removes a deleted material's files", async () => {
    const material = await create(admin, product({ name: 'Gone' }));
    await upload(admin, material.id, JPEG_BYTES, 'a.jpg');
    expect(readFileSync(path.join(folderOf(material.id), 'image'))).toEqual(JPEG_BYTES);
    expect((await admin.delete(`/api/materials/${material.id}`)).statusCode).toBe(204);
    expect(existsSync(folderOf(material.id))).toBe(false);
  });
});
