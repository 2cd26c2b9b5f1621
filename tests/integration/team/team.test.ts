import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, withCompanyTimeZone, type Client, type TestCompany } from '../../support/identity.js';
import { createStation, errorOf } from '../stations/stations-support.js';

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: Client;
let admin: Client;
let operator: Client;
const clock = settableClock('2026-03-10T09:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  company = await companyWithTeam(t);
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
  admin = clientOf(t, company.admin.token);
  operator = clientOf(t, company.operator.token);
});
afterAll(async () => {
  await t?.close();
});

const profile = (values: object = {}) => ({ firstName: 'Olga', lastName: 'Berg', gender: 'FEMALE', dateOfBirth: '1990-05-04', ...values });

/** The employee's stream version, which a save of the profile, the organization or an entitlement names. */
const versionOf = async (userId: string): Promise<number> => (await admin.get(`/api/team/employees/${userId}`)).json().version;

async function addEntry(list: string, name: string): Promise<string> {
  const res = await admin.post(`/api/team/master-data/${list}`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entryId;
}

describe('employee profile', () => {
  it('answers the user with profile, organization, vacations and rights', async () => {
    const res = await admin.get(`/api/team/employees/${company.operator.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: company.operator.id, role: 'OPERATOR' },
      profile: { firstName: 'Olga', lastName: 'Berg', gender: null, dateOfBirth: null },
      organization: { jobTitleId: null },
      vacations: { halfDaysAllowed: false, years: [], absences: [] },
      rights: { stationIds: [], changeRights: [] },
      version: 0,
    });
    const own = await operator.get(`/api/team/employees/${company.operator.id}`);
    expect(own.statusCode).toBe(200);
    // The spec's account call answers the same records beside the user's fields.
    const account = await admin.get(`/api/users/account/${company.operator.id}`);
    expect(account.statusCode, account.body).toBe(200);
    const { user, ...employee } = res.json();
    expect(account.json()).toEqual({ ...user, employee });
    expect((await admin.get(`/api/users/account/${other.operator.id}`)).statusCode).toBe(404);
  });

  it('is changed by whoever may change the team, and the names reach the user list', async () => {
    const res = await admin.put(
      `/api/team/employees/${company.operator.id}/profile`,
      profile({ emergencyContact: { name: 'Ivan Berg', phone: '+49 30 1234' }, version: await versionOf(company.operator.id) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toEqual({
      firstName: 'Olga',
      lastName: 'Berg',
      gender: 'FEMALE',
      dateOfBirth: '1990-05-04',
      emergencyContact: { name: 'Ivan Berg', phone: '+49 30 1234' },
    });
    const renamed = await admin.put(
      `/api/team/employees/${company.operator.id}/profile`,
      profile({ lastName: 'Berg-Roth', version: await versionOf(company.operator.id) }),
    );
    expect(renamed.json().user.lastName).toBe('Berg-Roth');
  });

  it('refuses bad input with field details and changes nothing', async () => {
    const future = await admin.put(
      `/api/team/employees/${company.operator.id}/profile`,
      profile({ dateOfBirth: '2026-03-11', version: await versionOf(company.operator.id) }),
    );
    expect(future.statusCode).toBe(400);
    expect(errorOf(future.body).details).toEqual([{ path: 'dateOfBirth', message: 'team.validation.dateOfBirthNotPast' }]);
    const bad = await admin.put(
      `/api/team/employees/${company.operator.id}/profile`,
      profile({ firstName: '', dateOfBirth: '2026-02-30', version: await versionOf(company.operator.id) }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      errorOf(bad.body)
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['dateOfBirth', 'firstName']);
    expect((await admin.get(`/api/team/employees/${company.operator.id}`)).json().profile.dateOfBirth).toBe('1990-05-04');
  });

  it("judges a date of birth by the company's calendar day, not the server's", async () => {
    const save = async (dateOfBirth: string) =>
      admin.put(`/api/team/employees/${company.operator.id}/profile`, profile({ dateOfBirth, version: await versionOf(company.operator.id) }));
    try {
      // 12:00 UTC on 10 March is already 11 March at UTC+14: the 10th is a day in the past there.
      clock.set('2026-03-10T12:00:00.000Z');
      await withCompanyTimeZone(owner, 'Pacific/Kiritimati', async () => {
        expect((await save('2026-03-10')).statusCode).toBe(200);
        const today = await save('2026-03-11');
        expect(today.statusCode).toBe(400);
        expect(errorOf(today.body).details).toEqual([{ path: 'dateOfBirth', message: 'team.validation.dateOfBirthNotPast' }]);
      });
      // 09:00 UTC on 10 March is still 9 March at UTC-11: the 9th is today there.
      clock.set('2026-03-10T09:00:00.000Z');
      await withCompanyTimeZone(owner, 'Pacific/Pago_Pago', async () => {
        expect((await save('2026-03-09')).statusCode).toBe(400);
        expect((await save('2026-03-08')).statusCode).toBe(200);
      });
    } finally {
      clock.set('2026-03-10T09:00:00.000Z');
      expect((await save('1990-05-04')).statusCode).toBe(200);
    }
  });

  it("refuses an operator (403), another company's user (404) and another company's reader (404)", async () => {
    expect((await operator.put(`/api/team/employees/${company.operator.id}/profile`, profile({ version: 0 }))).statusCode).toBe(403);
    expect((await operator.get(`/api/team/employees/${company.admin.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/team/employees/${other.operator.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/team/employees/${other.operator.id}/profile`, profile({ version: 0 }))).statusCode).toBe(404);
    expect((await admin.get('/api/team/employees/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('versioned saves', () => {
  it('answer 409 to a save made on a copy that a later save of the same form passed, not to one passed by another form', async () => {
    const loaded = await versionOf(company.operator.id);
    const first = await admin.put(`/api/team/employees/${company.operator.id}/profile`, profile({ lastName: 'Berg', version: loaded }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(loaded + 1);
    const stale = await owner.put(`/api/team/employees/${company.operator.id}/profile`, profile({ lastName: 'Stale', version: loaded }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body)).toMatchObject({ code: 'CONFLICT_ERROR', details: [{ path: 'version', message: 'errors.CONFLICT_ERROR' }] });
    expect((await admin.get(`/api/team/employees/${company.operator.id}`)).json().profile.lastName).toBe('Berg');

    // The organization and the entitlement of a year were loaded on the same copy: the profile's save does not spoil them.
    const organization = await owner.put(`/api/team/employees/${company.operator.id}/organization`, { inOperationSince: '2023-01-01', version: loaded });
    expect(organization.statusCode, organization.body).toBe(200);
    const year = await owner.put(`/api/team/employees/${company.operator.id}/vacations/2027`, { annualLeaveDays: 28, version: loaded });
    expect(year.statusCode, year.body).toBe(200);
    const otherYear = await owner.put(`/api/team/employees/${company.operator.id}/vacations/2028`, { annualLeaveDays: 28, version: loaded });
    expect(otherYear.statusCode, otherYear.body).toBe(200);
    expect((await owner.put(`/api/team/employees/${company.operator.id}/organization`, { version: loaded })).statusCode).toBe(409);
    expect((await owner.put(`/api/team/employees/${company.operator.id}/vacations/2027`, { annualLeaveDays: 20, version: loaded })).statusCode).toBe(409);
    // A version from the future is no copy of this employee's records.
    expect((await owner.put(`/api/team/employees/${company.operator.id}/profile`, profile({ version: 999 }))).statusCode).toBe(409);
    // Without a version the save is refused as bad input.
    const unversioned = await owner.put(`/api/team/employees/${company.operator.id}/profile`, profile());
    expect(unversioned.statusCode).toBe(400);
    expect(errorOf(unversioned.body).details).toEqual([{ path: 'version', message: 'validation.required' }]);
  });
});

describe('organization', () => {
  it('picks the job title from the master data and keeps the days in order', async () => {
    const welder = await addEntry('jobTitles', 'Welder');
    const res = await admin.put(`/api/team/employees/${company.operator.id}/organization`, {
      jobTitleId: welder,
      inOperationSince: '2024-01-01',
      endOfProbation: '2024-06-30',
      version: await versionOf(company.operator.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organization).toMatchObject({ jobTitleId: welder, inOperationSince: '2024-01-01', endOfProbation: '2024-06-30' });

    const disorder = await admin.put(`/api/team/employees/${company.operator.id}/organization`, {
      inOperationSince: '2024-01-01',
      endOfProbation: '2023-12-31',
      version: await versionOf(company.operator.id),
    });
    expect(disorder.statusCode).toBe(400);
    expect(errorOf(disorder.body).details).toEqual([{ path: 'endOfProbation', message: 'team.validation.probationBeforeStart' }]);
    const unknown = await admin.put(`/api/team/employees/${company.operator.id}/organization`, {
      jobTitleId: '00000000-0000-4000-8000-000000000000',
      version: await versionOf(company.operator.id),
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown.body).details).toEqual([{ path: 'jobTitleId', message: 'team.validation.unknownEntry' }]);
  });
});

describe('vacations', () => {
  let reason: string;
  beforeAll(async () => {
    reason = await addEntry('absenceReasons', 'Vacation');
  });

  it('sets the entitlement per year and computes the remaining days of a booking', async () => {
    const set = await admin.put(`/api/team/employees/${company.admin.id}/vacations/2026`, {
      annualLeaveDays: 30,
      carryOverDays: 2,
      carryOverUntil: '2026-03-31',
      version: await versionOf(company.admin.id),
    });
    expect(set.statusCode, set.body).toBe(200);
    // Monday 16 to Friday 20 March 2026: five working days, the carry-over spent first.
    const booked = await admin.post(`/api/team/employees/${company.admin.id}/absences`, { from: '2026-03-16', to: '2026-03-20', reasonId: reason });
    expect(booked.statusCode, booked.body).toBe(201);
    const answer = booked.json();
    expect(answer.vacations.years).toEqual([
      {
        year: 2026,
        annualLeaveDays: 30,
        carryOverDays: 2,
        carryOverUntil: '2026-03-31',
        carryOverUsed: 2,
        carryOverExpired: 0,
        bookedDays: 5,
        remainingDays: 27,
      },
    ]);
    expect(answer.vacations.absences).toEqual([{ id: answer.absenceId, from: '2026-03-16', to: '2026-03-20', halfDay: false, reasonId: reason, days: 5 }]);
  });

  it('refuses an overlapping booking (409) and a half day the company does not allow (400)', async () => {
    const overlap = await admin.post(`/api/team/employees/${company.admin.id}/absences`, { from: '2026-03-20', to: '2026-03-23', reasonId: reason });
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap.body)).toMatchObject({ code: 'ABSENCE_OVERLAPS', details: [{ path: 'from', message: 'team.validation.absenceOverlaps' }] });
    const half = await admin.post(`/api/team/employees/${company.admin.id}/absences`, {
      from: '2026-04-01',
      to: '2026-04-01',
      halfDay: true,
      reasonId: reason,
    });
    expect(half.statusCode).toBe(400);
    expect(errorOf(half.body).details).toEqual([{ path: 'halfDay', message: 'team.validation.halfDaysNotAllowed' }]);
    const backwards = await admin.post(`/api/team/employees/${company.admin.id}/absences`, { from: '2026-04-02', to: '2026-04-01', reasonId: reason });
    expect(backwards.statusCode).toBe(400);
    const year = await admin.put(`/api/team/employees/${company.admin.id}/vacations/2026`, {
      annualLeaveDays: 30.25,
      version: await versionOf(company.admin.id),
    });
    expect(errorOf(year.body).details).toEqual([{ path: 'annualLeaveDays', message: 'team.validation.halfDaySteps' }]);
  });

  it('cancels a booking, which frees its days; wrong role 403, other tenant 404', async () => {
    const employee = (await admin.get(`/api/team/employees/${company.admin.id}`)).json();
    const absenceId = employee.vacations.absences[0].id;
    expect((await operator.delete(`/api/team/employees/${company.admin.id}/absences/${absenceId}`)).statusCode).toBe(403);
    expect((await clientOf(t, other.superUser.token).delete(`/api/team/employees/${company.admin.id}/absences/${absenceId}`)).statusCode).toBe(404);
    const res = await admin.delete(`/api/team/employees/${company.admin.id}/absences/${absenceId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vacations.years[0].remainingDays).toBe(32);
    expect((await admin.delete(`/api/team/employees/${company.admin.id}/absences/${absenceId}`)).statusCode).toBe(404);
  });
});

describe('master data', () => {
  it('adds, renames, retires, reinstates and deletes entries; duplicates and bad lists are refused', async () => {
    const id = await addEntry('departments', 'Assembly');
    expect((await admin.post('/api/team/master-data/departments', { name: ' assembly ' })).statusCode).toBe(400);
    expect((await admin.post('/api/team/master-data/colours', { name: 'Red' })).statusCode).toBe(400);
    expect((await admin.post('/api/team/master-data/departments', { name: 'x'.repeat(51) })).statusCode).toBe(400);
    const renamed = await admin.put(`/api/team/master-data/departments/${id}`, { name: 'Final assembly' });
    expect(renamed.json().data).toEqual([{ id, list: 'departments', name: 'Final assembly', status: 'active', usageCount: 0 }]);
    expect((await admin.post(`/api/team/master-data/departments/${id}/retire`)).json().data[0].status).toBe('retired');
    expect((await admin.post(`/api/team/master-data/departments/${id}/reinstate`)).json().data[0].status).toBe('active');
    expect((await admin.delete(`/api/team/master-data/departments/${id}`)).statusCode).toBe(204);
    expect((await admin.get('/api/team/master-data/departments')).json().data).toEqual([]);
  });

  it('refuses to delete an entry in use (409) and keeps another company apart (404)', async () => {
    const title = await addEntry('jobTitles', 'Painter');
    await admin.put(`/api/team/employees/${company.admin.id}/organization`, { jobTitleId: title, version: await versionOf(company.admin.id) });
    const res = await admin.delete(`/api/team/master-data/jobTitles/${title}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'MASTER_DATA_ENTRY_IN_USE',
      details: [{ path: 'entryId', message: 'team.validation.entryInUse', params: { count: 1 } }],
    });
    const foreign = clientOf(t, other.admin.token);
    expect((await foreign.delete(`/api/team/master-data/jobTitles/${title}`)).statusCode).toBe(404);
    expect((await foreign.get('/api/team/master-data/jobTitles')).json().data).toEqual([]);
    expect((await operator.post('/api/team/master-data/jobTitles', { name: 'Boss' })).statusCode).toBe(403);
  });
});

describe('user rights', () => {
  it('are read as a matrix and saved as one command; a stale save answers 409', async () => {
    const station = await createStation(admin, 'RIGHTS');
    const matrix = (await owner.get('/api/team/user-rights')).json();
    expect(matrix.stations).toContainEqual({ id: station.id, name: 'RIGHTS' });
    expect(matrix.users.find((row: { userId: string }) => row.userId === company.admin.id).changeRights).toEqual([
      'materials',
      'orders',
      'shipments',
      'stations',
      'team',
    ]);
    const users = matrix.users.map((row: { userId: string; stationIds: string[]; changeRights: string[] }) =>
      row.userId === company.operator.id ? { ...row, stationIds: [station.id] } : row,
    );
    const saved = await owner.put('/api/team/user-rights', { version: matrix.version, users });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(matrix.version + 1);
    // The per-user route reads the same fact, and station login follows it.
    expect((await admin.get(`/api/users/${company.operator.id}/station-authorizations`)).json().stationIds).toEqual([station.id]);
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${station.id}/login`,
      payload: { username: company.operator.login, password: company.operator.password },
      remoteAddress: '10.44.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);

    const stale = await owner.put('/api/team/user-rights', { version: matrix.version, users });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body).code).toBe('CONFLICT_ERROR');

    // Revoked on the per-user route: the matrix says so, and the next station login is refused.
    expect((await admin.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [] })).statusCode).toBe(200);
    const after = (await owner.get('/api/team/user-rights')).json();
    expect(after.version).toBe(matrix.version + 2);
    expect(after.users.find((row: { userId: string }) => row.userId === company.operator.id).stationIds).toEqual([]);
    // They were signed in at that station: that session ended with the revocation, their others stay.
    const atStation = clientOf(t, login.json().access_token);
    expect((await atStation.get(`/api/team/employees/${company.operator.id}`)).statusCode).toBe(401);
    expect((await operator.get(`/api/team/employees/${company.operator.id}`)).statusCode).toBe(200);
  });

  it('refuse bad input (400), rights that do not fit the role (400), an operator (403), and record who changed them', async () => {
    const matrix = (await owner.get('/api/team/user-rights')).json();
    const bad = await owner.put('/api/team/user-rights', { version: 'x', users: [{ userId: 'nope', changeRights: ['everything'] }] });
    expect(bad.statusCode).toBe(400);
    const misfit = await owner.put('/api/team/user-rights', { version: matrix.version, users: [{ userId: company.operator.id, changeRights: ['orders'] }] });
    expect(misfit.statusCode).toBe(400);
    expect(errorOf(misfit.body).details).toEqual([{ path: 'users.0.changeRights', message: 'team.validation.changeRightsForAdminsOnly' }]);
    const foreign = await owner.put('/api/team/user-rights', { version: matrix.version, users: [{ userId: other.admin.id, changeRights: ['orders'] }] });
    expect(errorOf(foreign.body).details).toEqual([{ path: 'users.0.userId', message: 'team.validation.unknownUser' }]);
    expect((await operator.get('/api/team/user-rights')).statusCode).toBe(403);
    expect((await operator.put('/api/team/user-rights', { version: matrix.version, users: [] })).statusCode).toBe(403);
  });

  it('give a newly invited admin the default change rights', async () => {
    const invited = await owner.post('/api/users/create-admin-user', { firstName: 'Nina', lastName: 'Neu', email: `nina-${Date.now()}@example.com` });
    expect(invited.statusCode, invited.body).toBe(201);
    const matrix = (await owner.get('/api/team/user-rights')).json();
    expect(matrix.users.find((row: { userId: string }) => row.userId === invited.json().id).changeRights).toEqual([
      'materials',
      'orders',
      'shipments',
      'stations',
    ]);
  });
});

describe('change rights', () => {
  it('refuse every area to an admin without the right, with CHANGE_RIGHT_MISSING', async () => {
    const bare = await companyWithTeam(t, { adminChangeRights: [] });
    const client = clientOf(t, bare.admin.token);
    const attempts = [
      client.post('/api/materials', { type: 'product', name: 'Bike', materialNumber: 'P-1', vat: 19, stock: { quantity: 0, unit: 'pcs' } }),
      client.post('/api/stations', { name: 'SAW' }),
      client.put('/api/stations/sequence', { stationIds: [], startStationId: null, version: 0 }),
      client.put('/api/orders/advertisement', { comment: 'Overtime on Friday' }),
      client.post('/api/orders/00000000-0000-4000-8000-000000000000/move-to-station', { version: 1, toStationId: '00000000-0000-4000-8000-000000000001' }),
      client.post('/api/users/create-operations-user', {
        firstName: 'A',
        lastName: 'B',
        username: `ab${Date.now()}`,
        password: 'Fraese#2026',
        confirm: 'Fraese#2026',
      }),
      client.post('/api/team/master-data/jobTitles', { name: 'Welder' }),
      client.put('/api/company-account/updateBasicSettings', { companyName: 'X', dateFormat: 'DD.MM.YYYY', version: 0 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res.body).code).toBe('CHANGE_RIGHT_MISSING');
    }
    // Reading stays open.
    expect((await client.get('/api/materials')).statusCode).toBe(200);
  });

  it('allow each area to an admin holding its right', async () => {
    const material = await admin.post('/api/materials', { type: 'product', name: 'Bike', materialNumber: 'P-9', vat: 19, stock: { quantity: 0, unit: 'pcs' } });
    expect(material.statusCode, material.body).toBe(201);
    expect((await admin.post('/api/stations', { name: 'ALLOWED' })).statusCode).toBe(201);
    const user = await admin.post('/api/users/create-operations-user', {
      firstName: 'Tim',
      lastName: 'Roth',
      username: `tim${Date.now()}`,
      password: 'Fraese#2026',
      confirm: 'Fraese#2026',
    });
    expect(user.statusCode, user.body).toBe(201);
    expect((await admin.put('/api/orders/advertisement', { comment: 'Overtime on Friday' })).statusCode).toBe(200);
    const settings = await companyWithTeam(t, { adminChangeRights: ['companySettings'] });
    const basic = (await clientOf(t, settings.superUser.token).get('/api/company-account/basic-settings')).json();
    const res = await clientOf(t, settings.admin.token).put('/api/company-account/updateBasicSettings', basic);
    expect(res.statusCode, res.body).toBe(200);
  });
});
