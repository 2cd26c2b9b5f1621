import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signIn, type Client, type TestCompany } from '../../support/identity.js';
import { createStation, errorOf } from '../stations/stations-support.js';

// Deactivating and reactivating users: refused at sign-in and station login, every session ended, audited on the user's stream.
let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
  admin = clientOf(t, company.admin.token);
});
afterAll(async () => {
  await t?.close();
});

const authenticate = (usernameOrEmail: string, password: string, remoteAddress = '10.61.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail, password }, remoteAddress });
const stationLogin = (stationId: string, username: string, password: string, remoteAddress = '10.61.0.2') =>
  t.app.inject({ method: 'POST', url: `/api/stations/${stationId}/login`, payload: { username, password }, remoteAddress });

describe('deactivating a user', () => {
  it('ends their console and station sessions, refuses their sign-in and station login, and records who did it', async () => {
    const station = await createStation(admin, 'DEACT');
    expect((await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [station.id] })).statusCode).toBe(200);
    const atStation = await stationLogin(station.id, company.operator.login, company.operator.password);
    expect(atStation.statusCode, atStation.body).toBe(200);
    const console_ = clientOf(t, company.operator.token);
    const station_ = clientOf(t, atStation.json().access_token);
    expect((await station_.get('/api/auth/me')).statusCode).toBe(200);

    const res = await admin.post(`/api/users/${company.operator.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: company.operator.id, status: 'DEACTIVATED' });
    expect((await console_.get('/api/auth/me')).statusCode).toBe(401);
    expect((await station_.get('/api/auth/me')).statusCode).toBe(401);

    const refused = await authenticate(company.operator.login, company.operator.password);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.body).code).toBe('USER_DEACTIVATED');
    // A wrong password answers as for anyone: the account's state is told only to who knows its password.
    expect((await authenticate(company.operator.login, 'Wrong#2026')).statusCode).toBe(401);
    const refusedAtStation = await stationLogin(station.id, company.operator.login, company.operator.password);
    expect(refusedAtStation.statusCode).toBe(403);
    expect(errorOf(refusedAtStation.body).code).toBe('USER_DEACTIVATED');

    const events = await readStoredStream(t.app.db, `user-${company.operator.id}`);
    const deactivated = events.find((event) => event.type === 'UserDeactivated');
    expect(deactivated?.data).toMatchObject({ userId: company.operator.id, companyId: company.companyId, role: 'OPERATOR' });
    expect(deactivated?.metadata.userId).toBe(company.admin.id);
    // Deactivating again changes nothing.
    expect((await admin.post(`/api/users/${company.operator.id}/deactivate`)).json().status).toBe('DEACTIVATED');
    expect((await readStoredStream(t.app.db, `user-${company.operator.id}`)).filter((event) => event.type === 'UserDeactivated')).toHaveLength(1);
  });

  it('shows in the list filter and leaves the counts by role', async () => {
    const deactivated = (await owner.get('/api/users?status=DEACTIVATED')).json();
    expect(deactivated.data.map((user: { id: string }) => user.id)).toEqual([company.operator.id]);
    const active = (await owner.get('/api/users?status=ACTIVE')).json();
    expect(active.data.map((user: { id: string }) => user.id)).not.toContain(company.operator.id);
    expect((await owner.get('/api/users/count-by-role')).json()).toEqual({ SUPER_USER: 1, ADMIN: 1, OPERATOR: 0, total: 2, deactivated: 1 });
    expect((await owner.get('/api/users?status=GONE')).statusCode).toBe(400);
  });

  it('stays in the user-rights matrix with its rights, marked deactivated', async () => {
    const matrix = (await owner.get('/api/team/user-rights')).json() as { users: { userId: string; deactivated: boolean; stationIds: string[] }[] };
    const operator = matrix.users.find((user) => user.userId === company.operator.id);
    expect(operator).toMatchObject({ deactivated: true });
    expect(operator?.stationIds).toHaveLength(1);
    expect(matrix.users.filter((user) => user.userId !== company.operator.id).every((user) => !user.deactivated)).toBe(true);
  });

  it('is undone by reactivating: the user signs in again with their password', async () => {
    const res = await owner.post(`/api/users/${company.operator.id}/reactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('ACTIVE');
    const session = await signIn(t, company.operator.login, company.operator.password, '10.61.0.3');
    expect(session.role).toBe('OPERATOR');
    const events = await readStoredStream(t.app.db, `user-${company.operator.id}`);
    expect(events.map((event) => event.type).filter((type) => type.startsWith('User'))).toEqual(['UserCreated', 'UserDeactivated', 'UserReactivated']);
    expect(events.at(-1)?.metadata.userId).toBe(company.superUser.id);
    expect((await owner.get('/api/users/count-by-role')).json()).toMatchObject({ OPERATOR: 1, deactivated: 0 });
  });

  it('refuses yourself and the super user (403), an operator or an admin without the team right (403), and another company (404)', async () => {
    expect((await admin.post(`/api/users/${company.admin.id}/deactivate`)).statusCode).toBe(403);
    expect((await admin.post(`/api/users/${company.superUser.id}/deactivate`)).statusCode).toBe(403);
    expect((await owner.post(`/api/users/${company.superUser.id}/deactivate`)).statusCode).toBe(403);
    const operator = clientOf(t, (await signIn(t, company.operator.login, company.operator.password, '10.61.0.5')).access_token);
    expect((await operator.post(`/api/users/${company.admin.id}/deactivate`)).statusCode).toBe(403);
    const limited = await companyWithTeam(t, { adminChangeRights: ['materials'] });
    const missing = await clientOf(t, limited.admin.token).post(`/api/users/${limited.operator.id}/deactivate`);
    expect(missing.statusCode).toBe(403);
    expect(errorOf(missing.body).code).toBe('CHANGE_RIGHT_MISSING');
    const foreign = await clientOf(t, other.superUser.token).post(`/api/users/${company.admin.id}/deactivate`);
    expect(foreign.statusCode).toBe(404);
    expect((await clientOf(t, other.superUser.token).post(`/api/users/${company.admin.id}/reactivate`)).statusCode).toBe(404);
    expect((await owner.post('/api/users/not-an-id/deactivate')).statusCode).toBe(404);
    // Nothing changed: the admin still signs in.
    expect((await authenticate(company.admin.login, company.admin.password, '10.61.0.4')).statusCode).toBe(200);
  });
});
