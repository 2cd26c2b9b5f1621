import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageQuotaBytes } from '../../../src/domain/company/company-account.schema.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, type Client, type TestCompany } from '../../support/identity.js';
import { finished, request } from '../documents/support.js';
import { create, JPEG_BYTES, multipartFile, PNG_BYTES, product } from '../materials/support.js';
import { createShipment, filesUnder, multipartFile as attachmentFile, shippingCompany, type ShippingCompany } from '../shipments/support.js';

const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

let t: TestApp;
let company: TestCompany;
let owner: Client;
let admin: Client;
let shipper: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t, { companyName: 'Speicher GmbH', plan: 'trial', trialEndsAt: new Date(Date.now() + 10 * 86_400_000) });
  owner = clientOf(t, company.superUser.token);
  admin = clientOf(t, company.admin.token);
  shipper = await shippingCompany(t, 'Speicher Versand');
});
afterAll(async () => {
  await t?.close();
});

const companyFolder = (companyId: string) => path.join(t.config.dataDir, 'companies', companyId);

/**
 * Fills a company's storage up to `roomLeft` bytes below its quota with a sparse file (its size
 * counts, no disk is used), as if its images and attachments took that room.
 */
async function fillUpTo(companyId: string, quota: number, roomLeft: number) {
  const dir = path.join(companyFolder(companyId), 'filler');
  await mkdir(dir, { recursive: true });
  const file = await open(path.join(dir, 'blob'), 'w');
  await file.truncate(quota - roomLeft);
  await file.close();
}
const emptyFiller = (companyId: string) => rm(path.join(companyFolder(companyId), 'filler'), { recursive: true, force: true });

const uploadImage = (client: Client, id: string, bytes: Buffer) =>
  client.send({ method: 'PUT', url: `/api/materials/${id}/image`, ...multipartFile(bytes, 'photo.png', 'image/png') });

describe('the storage quota of the plan', () => {
  it('is on the account answer with the bytes used, and follows the plan the master sets', async () => {
    await fillUpTo(company.companyId, storageQuotaBytes.trial, storageQuotaBytes.trial - 5000);
    const account = (await owner.get('/api/company-account/account')).json();
    expect(account).toMatchObject({ plan: 'trial', storageBytes: 5000, storageQuotaBytes: storageQuotaBytes.trial });
    expect(storageQuotaBytes.trial).toBe(1_000_000_000);

    const master = clientOf(t, (await signedInMaster(t)).token);
    const copy = (await master.get(`/api/company-account/byId/${company.companyId}`)).json();
    const changed = await master.put(`/api/company-account/byId/${company.companyId}`, { version: copy.version, plan: 'premium' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await owner.get('/api/company-account/account')).json()).toMatchObject({ plan: 'premium', storageQuotaBytes: storageQuotaBytes.premium });
    const back = (await master.get(`/api/company-account/byId/${company.companyId}`)).json();
    expect(
      (await master.put(`/api/company-account/byId/${company.companyId}`, { version: back.version, plan: 'trial', trialEndsAt: copy.trialEndsAt })).statusCode,
    ).toBe(200);
    await emptyFiller(company.companyId);
  });

  it('refuses a material image over the room left with 413 and writes nothing; one within it is stored', async () => {
    const material = await create(admin, product({ name: 'Quota', materialNumber: 'Q-1' }));
    const folder = path.join(companyFolder(company.companyId), 'materials', material.id);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(40_000, 1)]);
    await fillUpTo(company.companyId, storageQuotaBytes.trial, 30_000);

    // Declared length past the room: refused at once.
    const refused = await uploadImage(admin, material.id, big);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(filesUnder(folder)).toEqual([]);

    // No declared length (a chunked upload): stopped as the bytes pass the room, nothing partial left.
    const body = multipartFile(big, 'photo.png', 'image/png');
    const chunked = await admin.send({
      method: 'PUT',
      url: `/api/materials/${material.id}/image`,
      headers: body.headers,
      payload: Readable.from([body.payload]),
    });
    expect(chunked.statusCode, chunked.body).toBe(413);
    expect(chunked.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(filesUnder(folder)).toEqual([]);

    const stored = await uploadImage(admin, material.id, JPEG_BYTES);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(filesUnder(folder)).toEqual([path.join(folder, 'image')]);
    expect((await admin.get(`/api/materials/${material.id}`)).json().version).toBe(2);

    // Full to the byte, the stored image included: an image of its size replaces it.
    await emptyFiller(company.companyId);
    const { storageBytes } = (await owner.get('/api/company-account/account')).json();
    await fillUpTo(company.companyId, storageQuotaBytes.trial, storageBytes);
    const replaced = await uploadImage(admin, material.id, Buffer.from(JPEG_BYTES));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await uploadImage(admin, material.id, Buffer.concat([JPEG_BYTES, Buffer.alloc(10, 1)]))).statusCode).toBe(413);
    expect(filesUnder(folder)).toEqual([path.join(folder, 'image')]);
    await emptyFiller(company.companyId);
  });

  it('refuses the logo once the storage is full, takes it when there is room, and counts the replaced logo as free', async () => {
    const uploadLogo = (bytes: Buffer) =>
      owner.send({ method: 'PUT', url: '/api/company-account/logo', ...multipartFile(bytes, 'logo.png', 'image/png', 'logo') });
    const logos = () => filesUnder(companyFolder(company.companyId)).filter((file) => path.basename(file).includes('logo'));
    await fillUpTo(company.companyId, storageQuotaBytes.trial, 0);
    const refused = await uploadLogo(PNG_BYTES);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(logos()).toEqual([]);
    await emptyFiller(company.companyId);
    expect((await uploadLogo(PNG_BYTES)).statusCode).toBe(200);

    // Full to the byte, the stored logo included: a logo of its size replaces it, a larger one is refused.
    const { storageBytes } = (await owner.get('/api/company-account/account')).json();
    await fillUpTo(company.companyId, storageQuotaBytes.trial, storageBytes);
    expect((await owner.get('/api/company-account/account')).json().storageBytes).toBe(storageQuotaBytes.trial);
    const same = await uploadLogo(Buffer.from(PNG_BYTES));
    expect(same.statusCode, same.body).toBe(200);
    const larger = await uploadLogo(Buffer.concat([PNG_BYTES, Buffer.alloc(10, 1)]));
    expect(larger.statusCode, larger.body).toBe(413);
    expect(logos().map((file) => path.basename(file))).toEqual(['logo.png']);
    await emptyFiller(company.companyId);
  });

  it('refuses a shipment attachment over the room left with 413 and writes nothing; one within it is stored', async () => {
    const shipment = await createShipment(shipper.admin, [(await shipper.readyOrder()).id]);
    const folder = path.join(companyFolder(shipper.company.companyId), 'shipments', shipment.id);
    const account = (await clientOf(t, shipper.company.superUser.token).get('/api/company-account/account')).json();
    await fillUpTo(shipper.company.companyId, account.storageQuotaBytes, 100);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(20_000, 32)]);
    const refused = await shipper.admin.send({
      method: 'POST',
      url: `/api/shipments/${shipment.id}/attachments`,
      ...attachmentFile(big, 'big.pdf', 'application/pdf'),
    });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(filesUnder(folder)).toEqual([]);
    const stored = await shipper.admin.send({
      method: 'POST',
      url: `/api/shipments/${shipment.id}/attachments`,
      ...attachmentFile(PDF_BYTES, 'small.pdf', 'application/pdf'),
    });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(filesUnder(folder)).toHaveLength(1);
    await emptyFiller(shipper.company.companyId);
  });

  it('refuses a document request with 413 once no room is left, before a job is queued', async () => {
    const shipment = await createShipment(shipper.admin, [(await shipper.readyOrder()).id]);
    const account = (await clientOf(t, shipper.company.superUser.token).get('/api/company-account/account')).json();
    await fillUpTo(shipper.company.companyId, account.storageQuotaBytes, 0);
    const before = (await shipper.admin.get('/api/documents')).json().total;
    const refused = await shipper.admin.post('/api/documents', { type: 'delivery-bill', subjectId: shipment.id });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await shipper.admin.get('/api/documents')).json().total).toBe(before);
    await emptyFiller(shipper.company.companyId);
    expect((await shipper.admin.post('/api/documents', { type: 'delivery-bill', subjectId: shipment.id })).statusCode).toBe(202);
  });

  it('counts a generated document by its recorded size (not by walking its folder), on the account', async () => {
    // A company of its own: no document of another test is generated in between.
    const printer = await shippingCompany(t, 'Speicher Belege');
    const shipment = await createShipment(printer.admin, [(await printer.readyOrder()).id]);
    const owner = clientOf(t, printer.company.superUser.token);
    const before = (await owner.get('/api/company-account/account')).json().storageBytes as number;
    const document = await finished(t, printer.admin, (await request(printer.admin, { type: 'delivery-bill', subjectId: shipment.id })).id);
    expect(document.status).toBe('generated');
    expect(document.size).toBeGreaterThan(1000);
    const after = (await owner.get('/api/company-account/account')).json().storageBytes as number;
    expect(after - before).toBe(document.size);
    // A file in the documents folder that no document records (a crash between writing and recording) does not count.
    await writeFile(path.join(companyFolder(printer.company.companyId), 'documents', 'stray.pdf'), PDF_BYTES);
    expect((await owner.get('/api/company-account/account')).json().storageBytes).toBe(after);
  });

  it('lets only one of two concurrent uploads take the last room: the other is refused and the quota is never passed', async () => {
    const first = await create(admin, product({ name: 'Race A', materialNumber: 'R-A' }));
    const second = await create(admin, product({ name: 'Race B', materialNumber: 'R-B' }));
    await fillUpTo(company.companyId, storageQuotaBytes.trial, 60_000);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(40_000, 1)]);
    const answers = await Promise.all([uploadImage(admin, first.id, big), uploadImage(admin, second.id, big)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
    expect(answers.find((answer) => answer.statusCode === 413)!.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await owner.get('/api/company-account/account')).json().storageBytes).toBeLessThanOrEqual(storageQuotaBytes.trial);
    expect(await reservationsOf(company.companyId)).toEqual([]);
    await emptyFiller(company.companyId);
  });

  it('holds all the room left for an upload without a declared length while it streams, and frees it at its end', async () => {
    const material = await create(admin, product({ name: 'Stream', materialNumber: 'S-1' }));
    const other = await create(admin, product({ name: 'Waiting', materialNumber: 'S-2' }));
    await fillUpTo(company.companyId, storageQuotaBytes.trial, 60_000);
    const roomLeft = storageQuotaBytes.trial - (await owner.get('/api/company-account/account')).json().storageBytes;
    const body = multipartFile(Buffer.concat([PNG_BYTES, Buffer.alloc(1000, 1)]), 'photo.png', 'image/png');
    const stream = new PassThrough();
    const streaming = admin.send({ method: 'PUT', url: `/api/materials/${material.id}/image`, headers: body.headers, payload: stream });
    stream.write(body.payload.subarray(0, 200));
    await expect.poll(() => reservationsOf(company.companyId)).toEqual([roomLeft]);

    const refused = await uploadImage(admin, other.id, JPEG_BYTES);
    expect(refused.statusCode, refused.body).toBe(413);
    stream.end(body.payload.subarray(200));
    expect((await streaming).statusCode).toBe(200);
    expect(await reservationsOf(company.companyId)).toEqual([]);
    expect((await uploadImage(admin, other.id, JPEG_BYTES)).statusCode).toBe(200);
    await emptyFiller(company.companyId);
  });
});

/** The room the uploads in flight of a company hold (read as the platform). */
async function reservationsOf(companyId: string): Promise<number[]> {
  const rows = await sql<{ bytes: string }>`select bytes from storage_reservations where company_id = ${companyId}`.execute(t.app.db);
  return rows.rows.map((row) => Number(row.bytes));
}
