import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../../support/identity.js';
import { createStation, type CreatedStation } from '../stations/stations-support.js';

// Who is signed in at which station right now; a revoked station right ends only that station's session; a deleted station is revoked in the matrix.
let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: Client;
let admin: Client;
let saw: CreatedStation;
let drill: CreatedStation;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
  admin = clientOf(t, company.admin.token);
  saw = await createStation(admin, 'SAW');
  drill = await createStation(admin, 'DRILL');
  const granted = await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [saw.id, drill.id] });
  expect(granted.statusCode, granted.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
async function signInAt(station: CreatedStation): Promise<Client> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/stations/${station.id}/login`,
    payload: { username: company.operator.login, password: company.operator.password },
    remoteAddress: `10.62.0.${++address}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return clientOf(t, res.json().access_token);
}

const signedIn = async () => (await owner.get('/api/team/station-sessions')).json().data as { userId: string; stationId: string; stationName: string }[];

describe('who is signed in at which station', () => {
  it('lists station sessions with user, station and since; a station logout ends it and is recorded', async () => {
    expect(await signedIn()).toEqual([]);
    const atSaw = await signInAt(saw);
    const res = await admin.get('/api/team/station-sessions');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        sessionId: expect.any(String),
        userId: company.operator.id,
        firstName: 'Olga',
        lastName: 'Berg',
        username: company.operator.login,
        stationId: saw.id,
        stationName: 'SAW',
        since: expect.any(String),
      },
    ]);
    // Console sessions are not station sessions.
    expect((await clientOf(t, company.operator.token).get('/api/auth/me')).statusCode).toBe(200);
    expect(await signedIn()).toHaveLength(1);

    expect((await atSaw.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await signedIn()).toEqual([]);
    const events = await readStoredStream(t.app.db, `user-${company.operator.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'SignedOutAtStation', data: { userId: company.operator.id, stationId: saw.id } });
  });

  it('shows an operator at one station only: a new station sign-in ends their session at the station before, recorded as a sign-out', async () => {
    const atSaw = await signInAt(saw);
    const atDrill = await signInAt(drill);
    expect((await signedIn()).map((session) => [session.userId, session.stationName])).toEqual([[company.operator.id, 'DRILL']]);
    expect((await atSaw.get('/api/auth/me')).statusCode).toBe(401);
    expect((await atDrill.get('/api/auth/me')).statusCode).toBe(200);
    // The operator's console session is not a station session: it stays.
    expect((await clientOf(t, company.operator.token).get('/api/auth/me')).statusCode).toBe(200);
    const events = await readStoredStream(t.app.db, `user-${company.operator.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'SignedOutAtStation', data: { userId: company.operator.id, stationId: saw.id } });
    // Signing in again at the same station replaces the session too.
    await signInAt(drill);
    expect(await signedIn()).toHaveLength(1);
    expect((await atDrill.get('/api/auth/me')).statusCode).toBe(401);
    expect((await atDrill.post('/api/auth/logout')).statusCode).toBeLessThan(500);
    await sql`update sessions set revoked_at = now() where user_id = ${company.operator.id}::uuid and station_id is not null`.execute(t.app.db);
  });

  it('leaves out an expired session', async () => {
    await signInAt(drill);
    expect(await signedIn()).toHaveLength(1);
    // Sessions expire by the database clock after 360 hours; move this one's end into the past.
    await sql`update sessions set expires_at = now() - interval '1 second' where station_id = ${drill.id}`.execute(t.app.db);
    expect(await signedIn()).toEqual([]);
  });

  it('is for writers of the company only: an operator 403, another company sees none of it', async () => {
    await signInAt(saw);
    expect((await clientOf(t, company.operator.token).get('/api/team/station-sessions')).statusCode).toBe(403);
    const foreign = await clientOf(t, other.superUser.token).get('/api/team/station-sessions');
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toEqual([]);
  });
});

describe('revoking a station right', () => {
  it('signs the operator out of that station only: a station right revoked elsewhere leaves their station session, their console session stays', async () => {
    const atDrill = await signInAt(drill);
    const console_ = clientOf(t, company.operator.token);
    const res = await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [drill.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await atDrill.get('/api/auth/me')).statusCode).toBe(200);
    expect((await signedIn()).map((session) => session.stationId)).toEqual([drill.id]);
    const again = await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [saw.id] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await atDrill.get('/api/auth/me')).statusCode).toBe(401);
    expect((await console_.get('/api/auth/me')).statusCode).toBe(200);
    expect(await signedIn()).toEqual([]);
    expect((await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [drill.id] })).statusCode).toBe(200);
  });
});

describe('deleting a station', () => {
  it('appends the revocation to the rights matrix, so the matrix and station_authorizations agree, and signs out who was there', async () => {
    const atDrill = await signInAt(drill);
    const station = (await admin.get(`/api/stations/${drill.id}`)).json();
    const deleted = await admin.send({ method: 'DELETE', url: `/api/stations/${drill.id}?version=${station.version}` });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const rights = await readStoredStream(t.app.db, `user-rights-${company.companyId}`);
    expect(rights.at(-1)).toMatchObject({
      type: 'StationRightsRevoked',
      data: { userId: company.operator.id, stationIds: [drill.id], changedBy: company.admin.id },
    });
    const matrix = (await owner.get('/api/team/user-rights')).json();
    expect(matrix.users.find((row: { userId: string }) => row.userId === company.operator.id).stationIds).toEqual([]);
    expect((await admin.get(`/api/users/${company.operator.id}/station-authorizations`)).json().stationIds).toEqual([]);
    const projected = await sql<{ count: string }>`select count(*) from station_authorizations where station_id = ${drill.id}`.execute(t.app.db);
    expect(Number(projected.rows[0].count)).toBe(0);
    expect((await atDrill.get('/api/auth/me')).statusCode).toBe(401);
    expect(await signedIn()).toEqual([]);
    // Saving the matrix on its new version works: nothing in it names the deleted station.
    const saved = await owner.put('/api/team/user-rights', { version: matrix.version, users: matrix.users });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
