import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionCompany } from '../../../src/server/modules/identity/index.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, identityOf, testPassword, type Client, type TestCompany } from '../../support/identity.js';
import { createStation, errorOf, type CreatedStation } from './stations-support.js';

let t: TestApp;
let company: TestCompany;
let admin: Client;
let assembly: CreatedStation;
let testing: CreatedStation;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
  admin = clientOf(t, company.admin.token);
  assembly = await createStation(admin, 'MONTAGE');
  testing = await createStation(admin, 'PRÜFUNG');
});
afterAll(async () => {
  await t?.close();
});

const login = (stationId: string, username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/stations/${stationId}/login`, payload: { username, password }, remoteAddress });

describe('station authorisations on the user', () => {
  it('start empty, are set as a whole by an admin, and read back', async () => {
    const url = `/api/users/${company.operator.id}/station-authorizations`;
    expect((await admin.get(url)).json()).toEqual({ userId: company.operator.id, stationIds: [] });
    const res = await admin.put(url, { stationIds: [assembly.id, assembly.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: company.operator.id, stationIds: [assembly.id] });
    expect((await admin.get(url)).json().stationIds).toEqual([assembly.id]);
  });

  it('refuse unknown stations and change nothing', async () => {
    const url = `/api/users/${company.operator.id}/station-authorizations`;
    const res = await admin.put(url, { stationIds: [testing.id, '00000000-0000-4000-8000-000000000000'] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toEqual([{ path: 'stationIds.1', message: 'stations.validation.unknownStation' }]);
    expect((await admin.get(url)).json().stationIds).toEqual([assembly.id]);
  });

  it("are the admins' business: an operator cannot set them", async () => {
    const operator = clientOf(t, company.operator.token);
    const res = await operator.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [testing.id] });
    expect(res.statusCode).toBe(403);
  });

  it("are read by the user they belong to: an operator reads their own (200), not another user's (403)", async () => {
    await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [assembly.id] });
    const operator = clientOf(t, company.operator.token);
    const own = await operator.get(`/api/users/${company.operator.id}/station-authorizations`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ userId: company.operator.id, stationIds: [assembly.id] });
    for (const userId of [company.admin.id, company.superUser.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await operator.get(`/api/users/${userId}/station-authorizations`);
      expect(res.statusCode, userId).toBe(403);
      expect(errorOf(res.body).code).toBe('FORBIDDEN');
    }
    // An administration user reads their own as well; an id that is not a uuid stays a bad request.
    expect((await admin.get(`/api/users/${company.admin.id}/station-authorizations`)).json()).toEqual({ userId: company.admin.id, stationIds: [] });
    expect((await operator.get('/api/users/me/station-authorizations')).statusCode).toBe(400);
  });

  it('are read by an admin or the super user for anyone of the company (200)', async () => {
    const owner = clientOf(t, company.superUser.token);
    for (const reader of [admin, owner]) {
      const res = await reader.get(`/api/users/${company.operator.id}/station-authorizations`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ userId: company.operator.id, stationIds: [assembly.id] });
    }
  });

  it("answer 404 for another company's user", async () => {
    const other = await companyWithTeam(t);
    const res = await admin.put(`/api/users/${other.operator.id}/station-authorizations`, { stationIds: [assembly.id] });
    expect(res.statusCode).toBe(404);
    expect((await admin.get(`/api/users/${other.operator.id}/station-authorizations`)).statusCode).toBe(404);
    // Their operator asking for ours is refused like for any other user.
    expect((await clientOf(t, other.operator.token).get(`/api/users/${company.operator.id}/station-authorizations`)).statusCode).toBe(403);
  });
});

describe('station login', () => {
  it('signs in an authorised operator with a session for the station screen and records it', async () => {
    const res = await login(assembly.id, company.operator.login, company.operator.password);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      userId: company.operator.id,
      role: 'OPERATOR',
      companyId: company.companyId,
      station: { id: assembly.id, name: 'MONTAGE' },
    });
    // The token is a real session: it reads the station, and it ends with logout like any login.
    const screen = clientOf(t, session.access_token);
    expect((await screen.get(`/api/stations/${assembly.id}`)).statusCode).toBe(200);
    const history = (await admin.get(`/api/stations/${assembly.id}/history`)).json();
    expect(history.data.at(-1)).toMatchObject({
      type: 'OperatorSignedIn',
      who: { userId: company.operator.id, role: 'OPERATOR' },
      data: { userId: company.operator.id, username: company.operator.login },
    });
    expect((await screen.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await screen.get(`/api/stations/${assembly.id}`)).statusCode).toBe(401);
  });

  it('takes the username in any case, like the console login', async () => {
    const res = await login(assembly.id, company.operator.login.toUpperCase(), company.operator.password);
    expect(res.statusCode).toBe(200);
  });

  it("refuses a non-operator with valid credentials: 'You are not operator!'", async () => {
    for (const member of [company.admin, company.superUser]) {
      const res = await login(assembly.id, member.login, member.password);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res.body)).toMatchObject({ code: 'NOT_OPERATOR', message: 'You are not operator!' });
    }
  });

  it('refuses an operator not authorised for the station', async () => {
    const res = await login(testing.id, company.operator.login, company.operator.password);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body)).toMatchObject({ code: 'STATION_NOT_AUTHORIZED', message: 'You are not authorised for this station.' });
    const history = (await admin.get(`/api/stations/${testing.id}/history`)).json();
    expect(history.data.map((e: { type: string }) => e.type)).toEqual(['StationCreated']);
  });

  it('refuses a wrong password or an unknown user like the console login', async () => {
    const wrong = await login(assembly.id, company.operator.login, 'Wrong#Password1', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong.body).code).toBe('INVALID_CREDENTIALS');
    const unknown = await login(assembly.id, 'nobody-here', testPassword, '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown.body).code).toBe('INVALID_CREDENTIALS');
  });

  it("answers 404 for another company's station, even to its authorised operator elsewhere", async () => {
    const other = await companyWithTeam(t);
    const foreign = await createStation(clientOf(t, other.admin.token), 'FREMD');
    const res = await login(foreign.id, company.operator.login, company.operator.password);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body).code).toBe('NOT_FOUND');
  });

  it('lets two operators sign in at the same station at once', async () => {
    const tag = Date.now().toString(36);
    const { userIds } = await provisionCompany(identityOf(t), {
      companyName: `Schicht ${tag}`,
      plan: 'standard',
      trialEndsAt: null,
      users: [
        { role: 'SUPER_USER', firstName: 'Sara', lastName: 'Klein', email: `sara-${tag}@example.com`, password: testPassword },
        { role: 'OPERATOR', firstName: 'Emil', lastName: 'Roth', username: `emil${tag}`, password: testPassword },
        { role: 'OPERATOR', firstName: 'Mia', lastName: 'Graf', username: `mia${tag}`, password: testPassword },
      ],
    });
    const owner = (
      await t.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail: `sara-${tag}@example.com`, password: testPassword } })
    ).json();
    const ownerClient = clientOf(t, owner.access_token);
    const line = await createStation(ownerClient, 'LINIE');
    for (const userId of userIds.slice(1)) {
      expect((await ownerClient.put(`/api/users/${userId}/station-authorizations`, { stationIds: [line.id] })).statusCode).toBe(200);
    }
    const both = await Promise.all([login(line.id, `emil${tag}`, testPassword, '10.0.0.3'), login(line.id, `mia${tag}`, testPassword, '10.0.0.3')]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    const history = (await ownerClient.get(`/api/stations/${line.id}/history`)).json();
    expect(history.data.filter((e: { type: string }) => e.type === 'OperatorSignedIn')).toHaveLength(2);
  });

  it("does not spoil an admin's edit: a sign-in meanwhile is no conflict", async () => {
    const loaded = (await admin.get(`/api/stations/${assembly.id}`)).json();
    expect((await login(assembly.id, company.operator.login, company.operator.password)).statusCode).toBe(200);
    const res = await admin.put(`/api/stations/${assembly.id}`, { name: 'MONTAGE', incomingGoodsCheckIn: true, version: loaded.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(loaded.version + 2);
  });

  it('refuses the sign-in once the station is deleted, and its authorisations go with it', async () => {
    const spare = await createStation(admin, 'ABBAU');
    await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [assembly.id, spare.id] });
    expect((await admin.delete(`/api/stations/${spare.id}?version=1`)).statusCode).toBe(204);
    const res = await login(spare.id, company.operator.login, company.operator.password);
    expect(res.statusCode).toBe(404);
    expect((await admin.get(`/api/users/${company.operator.id}/station-authorizations`)).json().stationIds).toEqual([assembly.id]);
  });

  it('requires username and password', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/stations/${assembly.id}/login`, payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'username', message: 'validation.required' }),
        expect.objectContaining({ path: 'password', message: 'validation.required' }),
      ]),
    );
  });
});
