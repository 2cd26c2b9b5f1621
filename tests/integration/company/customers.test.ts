import { existsSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, testPassword, type TeamMember, type TestCompany } from '../../support/identity.js';

let t: TestApp;
let master: TeamMember;
let acme: TestCompany;
let becker: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  master = await signedInMaster(t);
  acme = await companyWithTeam(t, { companyName: 'Acme 100% Stahl' });
  becker = await companyWithTeam(t, { companyName: 'Becker Metallbau', plan: 'trial', trialEndsAt: new Date(Date.now() + 86_400_000) });
});
afterAll(async () => {
  await t.close();
});

const asMaster = () => clientOf(t, master.token);

describe('customer accounts', () => {
  it('lists every company with super user, email, registration date, code, users, plan and storage, newest first', async () => {
    const res = await asMaster().get('/api/company-account/all?page=1&limit=100');
    expect(res.statusCode).toBe(200);
    const { data, total, page, limit } = res.json();
    expect({ total, page, limit }).toEqual({ total: 2, page: 1, limit: 100 });
    expect(data.map((row: { companyName: string }) => row.companyName)).toEqual(['Becker Metallbau', 'Acme 100% Stahl']);
    expect(data[0]).toEqual({
      id: becker.companyId,
      companyName: 'Becker Metallbau',
      superUser: 'Sabine Schmidt',
      email: becker.superUser.login,
      registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      code: expect.stringMatching(/^C\d+$/),
      users: 3,
      plan: 'trial',
      trialEndsAt: expect.any(String),
      storageGb: 0,
      storageQuotaGb: 1,
    });
    expect(data[0].code).not.toBe(data[1].code);
  });

  it('pages and filters by company name, literally and in any case', async () => {
    const second = (await asMaster().get('/api/company-account/all?page=2&limit=1')).json();
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(second.data.map((row: { id: string }) => row.id)).toEqual([acme.companyId]);
    const filtered = (await asMaster().get('/api/company-account/all?companyName=BECKER')).json();
    expect(filtered.data.map((row: { id: string }) => row.id)).toEqual([becker.companyId]);
    const percent = (await asMaster().get(`/api/company-account/all?companyName=${encodeURIComponent('100%')}`)).json();
    expect(percent.data.map((row: { id: string }) => row.id)).toEqual([acme.companyId]);
    expect((await asMaster().get(`/api/company-account/all?companyName=${encodeURIComponent('%')}`)).json().total).toBe(1);
    expect((await asMaster().get('/api/company-account/all?limit=101')).statusCode).toBe(400);
  });

  it('counts users as the team changes', async () => {
    const team = await companyWithTeam(t, { companyName: 'Counting GmbH' });
    await clientOf(t, team.superUser.token).post('/api/users/create-admin-user', {
      firstName: 'Neu',
      lastName: 'Admin',
      email: `neu.${Date.now()}@example.com`,
    });
    await clientOf(t, team.superUser.token).delete(`/api/users/${team.operator.id}`);
    const row = (await asMaster().get('/api/company-account/all?companyName=Counting')).json().data[0];
    expect(row.users).toBe(3);
  });

  it('shows the storage used by the company files and the quota of its plan in GB', async () => {
    const team = await companyWithTeam(t, { companyName: 'Storage GmbH' });
    const dir = path.join(t.config.dataDir, 'companies', team.companyId, 'materials');
    await mkdir(dir, { recursive: true });
    // A sparse file: 1.5 GB as the file system reports it, almost nothing on disk.
    const file = await open(path.join(dir, 'drawing.bin'), 'w');
    await file.truncate(1_500_000_000);
    await file.close();
    const row = (await asMaster().get('/api/company-account/all?companyName=Storage')).json().data[0];
    expect(row).toMatchObject({ plan: 'standard', storageGb: 1.5, storageQuotaGb: 20 });
  });

  it('answers one customer with settings, and 404 for an unknown id', async () => {
    const res = await asMaster().get(`/api/company-account/byId/${becker.companyId}`);
    expect(res.json()).toMatchObject({
      id: becker.companyId,
      companyName: 'Becker Metallbau',
      users: 3,
      readOnly: false,
      basicSettings: { companyName: 'Becker Metallbau' },
      logo: null,
    });
    const unknown = await asMaster().get('/api/company-account/byId/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('COMPANY_ACCOUNT_NOT_FOUND');
    expect((await asMaster().get('/api/company-account/byId/42')).statusCode).toBe(400);
  });

  it('lets the master edit company data, plan and trial end', async () => {
    const team = await companyWithTeam(t, { companyName: 'Edit Me' });
    const trialEnd = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const loaded = (await asMaster().get(`/api/company-account/byId/${team.companyId}`)).json();
    const res = await asMaster().put(`/api/company-account/byId/${team.companyId}`, {
      version: loaded.version,
      plan: 'trial',
      trialEndsAt: trialEnd,
      basicSettings: { companyName: 'Edited GmbH', dateFormat: 'YYYY-MM-DD', phone: '+49 30 123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Edited GmbH',
      plan: 'trial',
      trialEndsAt: trialEnd,
      basicSettings: { phone: '+49 30 123', dateFormat: 'YYYY-MM-DD' },
    });
    const seenByOwner = (await clientOf(t, team.superUser.token).get('/api/company-account/basic-settings')).json();
    expect(seenByOwner).toMatchObject({ companyName: 'Edited GmbH', account: { plan: 'trial', trialEndsAt: trialEnd } });
    const invalid = await asMaster().put(`/api/company-account/byId/${team.companyId}`, { plan: 'gold', version: res.json().version });
    expect(invalid.statusCode).toBe(400);
    const unversioned = await asMaster().put(`/api/company-account/byId/${team.companyId}`, { plan: 'demo' });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().error.details).toEqual([expect.objectContaining({ path: 'version', message: 'validation.required' })]);
    expect((await asMaster().put('/api/company-account/byId/00000000-0000-4000-8000-000000000000', { plan: 'demo', version: 1 })).statusCode).toBe(404);
  });

  it("refuses the master's edit made on a stale copy (409) and changes nothing", async () => {
    const team = await companyWithTeam(t, { companyName: 'Versioned GmbH' });
    const copy = (await asMaster().get(`/api/company-account/byId/${team.companyId}`)).json();
    expect(copy.version).toBeGreaterThan(0);
    // The owner saves the settings in between: the master's copy is now stale.
    const owner = clientOf(t, team.superUser.token);
    const settings = (await owner.get('/api/company-account/basic-settings')).json();
    expect((await owner.put('/api/company-account/updateBasicSettings', { ...settings, phone: '+49 40 777' })).statusCode).toBe(200);

    const stale = await asMaster().put(`/api/company-account/byId/${team.companyId}`, { version: copy.version, plan: 'premium' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT_ERROR');
    const now = (await asMaster().get(`/api/company-account/byId/${team.companyId}`)).json();
    expect(now).toMatchObject({ plan: 'standard', basicSettings: { phone: '+49 40 777' } });
    expect(now.version).toBeGreaterThan(copy.version);

    const fresh = await asMaster().put(`/api/company-account/byId/${team.companyId}`, { version: now.version, plan: 'premium' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ plan: 'premium', version: now.version + 1 });
  });

  it('are for the master only: every other role gets 403', async () => {
    for (const member of [acme.superUser, acme.admin, acme.operator]) {
      const client = clientOf(t, member.token);
      for (const res of await Promise.all([
        client.get('/api/company-account/all?page=1&limit=100'),
        client.get(`/api/company-account/byId/${acme.companyId}`),
        client.put(`/api/company-account/byId/${acme.companyId}`, { plan: 'premium', version: 1 }),
        client.delete(`/api/company-account/byId/${becker.companyId}`),
        client.post(`/api/auth/regenerate-jwt/${acme.companyId}`),
      ])) {
        expect(res.statusCode).toBe(403);
      }
    }
  });
});

describe('company switch', () => {
  it('gives the master a token for the chosen company and ends the previous one', async () => {
    const own = await signedInMaster(t);
    const switched = await clientOf(t, own.token).post(`/api/auth/regenerate-jwt/${becker.companyId}`);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ access_token: expect.any(String), userId: own.id, role: 'MASTER', companyId: becker.companyId });
    expect((await clientOf(t, own.token).get('/api/company-account/all')).statusCode).toBe(401);

    const acting = clientOf(t, switched.json().access_token);
    const users = (await acting.get('/api/users')).json();
    expect(users.total).toBe(3);
    expect(users.data.every((u: { companyId: string }) => u.companyId === becker.companyId)).toBe(true);
    expect((await acting.get('/api/company-account/basic-settings')).json().id).toBe(becker.companyId);
    expect((await acting.get('/api/company-account/all')).statusCode).toBe(200);

    const onward = await acting.post(`/api/auth/regenerate-jwt/${acme.companyId}`);
    expect(onward.json().companyId).toBe(acme.companyId);
  });

  it('answers 404 for a company that does not exist', async () => {
    const own = await signedInMaster(t);
    const res = await clientOf(t, own.token).post('/api/auth/regenerate-jwt/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('COMPANY_ACCOUNT_NOT_FOUND');
    expect((await clientOf(t, own.token).get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('deleting a customer', () => {
  it('removes all of its data and files, signs its users out, and leaves other companies alone', async () => {
    const doomed = await companyWithTeam(t, { companyName: 'Doomed GmbH' });
    const owner = clientOf(t, doomed.superUser.token);
    await owner.put(`/api/company-account/update-referral-source/${doomed.companyId}`, { referralSource: 'OTHER' });
    const dir = path.join(t.config.dataDir, 'companies', doomed.companyId);
    await mkdir(dir, { recursive: true });
    await (await open(path.join(dir, 'note.txt'), 'w')).close();
    // A reset link: a job in the ledger and, with no SMTP server, a message in the dev mailbox.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: doomed.superUser.login },
      remoteAddress: '10.0.5.2',
    });
    expect(forgot.statusCode).toBe(200);
    const mailTo = (address: string) => sql<{ n: string }>`select count(*)::text as n from dev_mailbox where lower(to_address) = ${address}`.execute(t.app.db);
    await vi.waitFor(async () => expect((await mailTo(doomed.superUser.login)).rows[0].n).toBe('1'), { timeout: 10_000 });
    const ledger = await sql<{ n: string }>`select count(*)::text as n from dispatched_jobs where company_id = ${doomed.companyId}::uuid`.execute(t.app.db);
    expect(Number(ledger.rows[0].n)).toBeGreaterThan(0);

    const res = await asMaster().delete(`/api/company-account/byId/${doomed.companyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });

    for (const member of [doomed.superUser, doomed.admin, doomed.operator]) {
      expect((await clientOf(t, member.token).get('/api/company-account/basic-settings')).statusCode).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { usernameOrEmail: doomed.superUser.login, password: testPassword },
      remoteAddress: '10.0.5.1',
    });
    expect(login.statusCode).toBe(401);

    const tables = await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'`.execute(t.app.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['companies', 'users', 'sessions', 'user_tokens', 'events', 'streams', 'dispatched_jobs']),
    );
    for (const { table_name } of tables.rows) {
      const left = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table_name)} where company_id = ${doomed.companyId}::uuid`.execute(
        t.app.db,
      );
      expect({ table: table_name, rows: left.rows[0].n }).toEqual({ table: table_name, rows: '0' });
    }
    expect(existsSync(dir)).toBe(false);
    expect((await mailTo(doomed.superUser.login)).rows[0].n).toBe('0');
    const jobs = await sql<{ n: string }>`select count(*)::text as n from dispatched_jobs where data::text like ${`%${doomed.superUser.login}%`}`.execute(
      t.app.db,
    );
    expect(jobs.rows[0].n).toBe('0');

    const audit = await sql<{
      type: string;
    }>`select type from events where stream_id = 'customer-accounts' and data->>'companyId' = ${doomed.companyId}`.execute(t.app.db);
    expect(audit.rows).toEqual([{ type: 'CustomerAccountDeleted' }]);

    expect((await asMaster().get(`/api/company-account/byId/${doomed.companyId}`)).statusCode).toBe(404);
    expect((await asMaster().delete(`/api/company-account/byId/${doomed.companyId}`)).statusCode).toBe(404);
    expect((await clientOf(t, acme.superUser.token).get('/api/users')).json().total).toBe(3);
  });

  it('leaves a master switched to it signed in: its company routes find nothing', async () => {
    const doomed = await companyWithTeam(t, { companyName: 'Also Doomed' });
    const own = await signedInMaster(t);
    const acting = clientOf(t, (await clientOf(t, own.token).post(`/api/auth/regenerate-jwt/${doomed.companyId}`)).json().access_token);
    expect((await asMaster().delete(`/api/company-account/byId/${doomed.companyId}`)).statusCode).toBe(200);
    expect((await acting.get('/api/company-account/basic-settings')).statusCode).toBe(404);
    expect((await acting.get('/api/company-account/all')).statusCode).toBe(200);
  });
});
