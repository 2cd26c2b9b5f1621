import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { companyTablesOf, deleteExpiredExports, EXPORT_KEEP_DAYS } from '../../../src/server/modules/company/company.export.js';
import { modules } from '../../../src/server/modules.js';
import { resolveListPorts } from '../../../src/server/platform/module.js';
import { tablesWithCompanyId } from '../../../src/server/modules/company/company.records.js';
import { withTenant } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, type Client, type TestCompany } from '../../support/identity.js';

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t, { companyName: 'Vogel Stahlbau', plan: 'trial', trialEndsAt: new Date(Date.now() + 10 * 86_400_000 - 3_600_000) });
  other = await companyWithTeam(t, { companyName: 'Becker Metallbau' });
  owner = clientOf(t, company.superUser.token);
});
afterAll(async () => {
  await t?.close();
});

/** The entries of a zip, by name, as text. */
function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Polls the export until it is no longer pending or running. */
async function finished(client: Client, exportId: string) {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const res = await client.get(`/api/company-account/exports/${exportId}`);
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().status === 'READY' || res.json().status === 'FAILED') return res.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`export ${exportId} did not finish`);
}

/** Every module's lists of its tables (list port `companyTables`), as the export job is given them. */
const { exported: exportedTables, notExported: notExportedTables } = companyTablesOf(resolveListPorts(modules).companyTables);

describe('the account tab', () => {
  it('shows plan, trial days left, users and the storage of the company files', async () => {
    const dir = path.join(t.config.dataDir, 'companies', company.companyId, 'materials', 'm1');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'drawing.png'), Buffer.alloc(1234, 7));
    const res = await owner.get('/api/company-account/account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Vogel Stahlbau',
      plan: 'trial',
      trialDaysLeft: 10,
      readOnly: false,
      users: 3,
      storageBytes: 1234,
      mayDelete: true,
      latestExport: null,
    });
  });

  it('is the super user’s (and the master’s for the chosen company, who may not delete it): admins and operators get 403', async () => {
    for (const member of [company.admin, company.operator]) {
      const client = clientOf(t, member.token);
      expect((await client.get('/api/company-account/account')).statusCode).toBe(403);
      expect((await client.post('/api/company-account/exports')).statusCode).toBe(403);
      expect((await client.send({ method: 'DELETE', url: '/api/company-account', payload: { companyName: 'Vogel Stahlbau' } })).statusCode).toBe(403);
    }
    const master = await signedInMaster(t);
    const switched = (await clientOf(t, master.token).post(`/api/auth/regenerate-jwt/${company.companyId}`)).json();
    const acting = clientOf(t, switched.access_token);
    expect((await acting.get('/api/company-account/account')).json()).toMatchObject({ companyName: 'Vogel Stahlbau', mayDelete: false });
    expect((await acting.send({ method: 'DELETE', url: '/api/company-account', payload: { companyName: 'Vogel Stahlbau' } })).statusCode).toBe(403);
  });

  it('exports all company data as a zip of CSV and JSON with its files, made by a job, downloaded by the company only', async () => {
    const started = await owner.post('/api/company-account/exports');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'PENDING', progress: 0, downloadPath: null });
    const done = await finished(owner, started.json().id);
    expect(done).toMatchObject({ status: 'READY', progress: 100, downloadPath: `/api/company-account/exports/${started.json().id}/download` });
    expect((await owner.get('/api/company-account/account')).json().latestExport).toMatchObject({ id: started.json().id, status: 'READY' });

    const download = await owner.get(done.downloadPath);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="company-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.rawPayload.length).toBe(done.sizeBytes);
    const entries = await unzip(download.rawPayload);

    const manifest = JSON.parse(entries.get('manifest.json') ?? '{}');
    expect(manifest).toMatchObject({ companyId: company.companyId, exportId: done.id, files: ['materials/m1/drawing.png'] });
    expect(manifest.tables.users).toBe(3);
    expect(manifest.tables.sessions).toBeUndefined();
    const users = JSON.parse(entries.get('data/users.json') ?? '[]') as Record<string, unknown>[];
    expect(users.map((user) => user.first_name).sort()).toEqual(['Ali', 'Olga', 'Sabine']);
    expect(users.every((user) => !('password_hash' in user) && user.company_id === company.companyId)).toBe(true);
    expect(entries.get('data/users.csv')).toMatch(/^\uFEFF.*first_name/);
    expect(JSON.parse(entries.get('data/companies.json') ?? '[]')).toEqual([
      expect.objectContaining({ id: company.companyId, company_name: 'Vogel Stahlbau' }),
    ]);
    expect(entries.get('files/materials/m1/drawing.png')?.length).toBe(1234);
    expect([...entries.keys()].some((name) => name.startsWith('data/sessions') || name.startsWith('data/user_tokens'))).toBe(false);
    const everything = [...entries.values()].join('\n');
    expect(everything).not.toContain(other.companyId);
    expect(everything).not.toContain('Becker Metallbau');

    // The kept zip counts against the company's storage (issue 26).
    expect((await owner.get('/api/company-account/account')).json().storageBytes).toBe(1234 + done.sizeBytes);

    const foreign = clientOf(t, other.superUser.token);
    expect((await foreign.get(`/api/company-account/exports/${done.id}`)).statusCode).toBe(404);
    const stolen = await foreign.get(done.downloadPath);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('EXPORT_NOT_FOUND');
    expect((await owner.get('/api/company-account/exports/not-an-id')).statusCode).toBe(400);
    expect((await owner.get('/api/company-account/exports/00000000-0000-4000-8000-000000000000/download')).statusCode).toBe(404);

    // Only the newest export is kept: a new one replaces the row and the zip of the last.
    const next = await finished(owner, (await owner.post('/api/company-account/exports')).json().id);
    expect(next.status).toBe('READY');
    expect((await owner.get(`/api/company-account/exports/${done.id}`)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'companies', company.companyId, 'exports', `${done.id}.zip`))).toBe(false);
    expect((await owner.get(next.downloadPath)).statusCode).toBe(200);
  });

  it('exports business data only: every table is listed as exported or not, no stored answer, token or sealed secret (issue 26)', async () => {
    const tables = await withTenant(t.app.db, company.companyId, tablesWithCompanyId);
    expect(exportedTables.filter((table) => notExportedTables.includes(table))).toEqual([]);
    expect(tables.filter((table) => ![...exportedTables, ...notExportedTables].includes(table))).toEqual([]);
    expect(tables).toContain('idempotency_keys');

    // An invitation (a sealed link token in its event) and a stored idempotent answer.
    const invited = await owner.send({
      method: 'POST',
      url: '/api/users/create-admin-user',
      payload: { firstName: 'Ina', lastName: 'Gast', email: 'ina.gast@example.com' },
      headers: { 'idempotency-key': 'invite-ina' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const done = await finished(owner, (await owner.post('/api/company-account/exports')).json().id);
    const entries = await unzip((await owner.get(done.downloadPath)).rawPayload);
    const names = [...entries.keys()];
    for (const table of notExportedTables)
      expect(
        names.filter((name) => name.startsWith(`data/${table}.`)),
        table,
      ).toEqual([]);
    const manifest = JSON.parse(entries.get('manifest.json') ?? '{}') as { tables: Record<string, number> };
    expect(Object.keys(manifest.tables).every((table) => exportedTables.includes(table))).toBe(true);
    const everything = [...entries.values()].join('\n');
    for (const secret of ['sealedToken', 'sealedCode', 'token_hash', 'password_hash', 'invite-ina']) expect(everything, secret).not.toContain(secret);
    expect(JSON.parse(entries.get('data/events.json') ?? '[]')).toContainEqual(expect.objectContaining({ type: 'AdminUserInvited' }));
  });

  it('makes one export of a company at a time, counts it in the storage while kept, and deletes it after the keep days (issue 26)', async () => {
    // An export being made (as the job leaves it while it runs): another request is refused, nothing is added.
    const running = randomUUID();
    await withTenant(t.app.db, company.companyId, (tx) =>
      tx
        .insertInto('company_exports')
        .values({
          id: running,
          company_id: company.companyId,
          requested_by: company.superUser.id,
          status: 'RUNNING',
          progress: 5,
          size_bytes: null,
          requested_at: new Date(),
          finished_at: null,
        })
        .execute(),
    );
    const refused = await owner.post('/api/company-account/exports');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('EXPORT_ALREADY_RUNNING');
    // Another company is not held up by it.
    const foreign = clientOf(t, other.superUser.token);
    const theirs = await finished(foreign, (await foreign.post('/api/company-account/exports')).json().id);
    expect(theirs.status).toBe('READY');
    await withTenant(t.app.db, company.companyId, (tx) => tx.deleteFrom('company_exports').where('id', '=', running).execute());

    const before = (await owner.get('/api/company-account/account')).json();
    const done = await finished(owner, (await owner.post('/api/company-account/exports')).json().id);
    const withExport = (await owner.get('/api/company-account/account')).json().storageBytes;
    const earlierZip = before.latestExport?.status === 'READY' ? before.latestExport.sizeBytes : 0;
    expect(withExport).toBe(before.storageBytes - earlierZip + done.sizeBytes);

    // Kept seven days, then the sweep deletes row and zip, and the room is free again.
    const zip = path.join(t.config.dataDir, 'companies', company.companyId, 'exports', `${done.id}.zip`);
    expect(await deleteExpiredExports(t.app.db, t.config.dataDir, new Date(Date.now() + (EXPORT_KEEP_DAYS - 1) * 86_400_000))).toBe(0);
    expect(existsSync(zip)).toBe(true);
    expect(await deleteExpiredExports(t.app.db, t.config.dataDir, new Date(Date.now() + (EXPORT_KEEP_DAYS + 1) * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(existsSync(zip)).toBe(false);
    expect((await owner.get(`/api/company-account/exports/${done.id}`)).statusCode).toBe(404);
    const after = (await owner.get('/api/company-account/account')).json();
    expect(after.storageBytes).toBe(withExport - done.sizeBytes);
    expect(after.latestExport).toBeNull();
  });

  it('refuses a deletion whose typed name is not the company name, and deletes nothing', async () => {
    for (const companyName of ['vogel stahlbau', 'Becker Metallbau']) {
      const res = await owner.send({ method: 'DELETE', url: '/api/company-account', payload: { companyName } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'COMPANY_NAME_MISMATCH', details: [{ path: 'companyName', message: 'errors.COMPANY_NAME_MISMATCH' }] });
    }
    const empty = await owner.send({ method: 'DELETE', url: '/api/company-account', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([expect.objectContaining({ path: 'companyName', message: 'validation.required' })]);
    expect((await owner.get('/api/company-account/account')).statusCode).toBe(200);
  });

  it('deletes the company by its super user: everyone signed out, its data and files gone, other companies untouched', async () => {
    const doomed = await companyWithTeam(t, { companyName: 'Doomed & Co. KG' });
    const doomedOwner = clientOf(t, doomed.superUser.token);
    const dir = path.join(t.config.dataDir, 'companies', doomed.companyId);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'note.txt'), 'x');
    const exported = (await doomedOwner.post('/api/company-account/exports')).json();
    await finished(doomedOwner, exported.id);

    const res = await doomedOwner.send({ method: 'DELETE', url: '/api/company-account', payload: { companyName: ' Doomed & Co. KG ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });

    for (const member of [doomed.superUser, doomed.admin, doomed.operator]) {
      expect((await clientOf(t, member.token).get('/api/auth/me')).statusCode).toBe(401);
    }
    const left = await sql<{ n: string }>`
      select (select count(*) from companies where id = ${doomed.companyId}::uuid)
           + (select count(*) from users where company_id = ${doomed.companyId}::uuid)
           + (select count(*) from company_exports where company_id = ${doomed.companyId}::uuid)
           + (select count(*) from events where company_id = ${doomed.companyId}::uuid) as n`.execute(t.app.db);
    expect(Number(left.rows[0].n)).toBe(0);
    expect(existsSync(dir)).toBe(false);

    expect((await clientOf(t, other.superUser.token).get('/api/company-account/account')).json()).toMatchObject({ companyName: 'Becker Metallbau', users: 3 });
    expect((await owner.get('/api/company-account/account')).statusCode).toBe(200);
  });
});
