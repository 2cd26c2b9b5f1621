import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { withSystem } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, type Client, type TestCompany } from '../../support/identity.js';
import { createStation, errorOf, stationBody } from './stations-support.js';

let t: TestApp;
let company: TestCompany;
let admin: Client;
let superUser: Client;
let operator: Client;

// A fixed moment: maintenance "not in the future" and the key figures' "today" hold on every run.
const moment = '2026-11-23T12:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({}, { clock: settableClock(moment) });
  company = await companyWithTeam(t);
  admin = clientOf(t, company.admin.token);
  superUser = clientOf(t, company.superUser.token);
  operator = clientOf(t, company.operator.token);
});
afterAll(async () => {
  await t?.close();
});

describe('creating a station', () => {
  it('keeps the name, parameters, actions and check-in flag, and starts with zero key figures', async () => {
    const res = await admin.post(
      '/api/stations',
      stationBody('FRÄSE1', {
        parameters: [
          { name: 'Spindle speed', value: 1200, unit: 'rpm', from: 1000, to: 1500 },
          { name: 'Coolant', value: 5.5, unit: 'l' },
        ],
        actions: [
          { action: 'generate-document', element: 'test-protocol' },
          { action: 'set-order-status', element: 'ready-to-ship' },
          { action: 'notify-user', element: company.superUser.id },
        ],
        incomingGoodsCheckIn: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const station = res.json();
    expect(station).toMatchObject({
      name: 'FRÄSE1',
      parameters: [
        { name: 'Spindle speed', value: 1200, unit: 'rpm', from: 1000, to: 1500 },
        { name: 'Coolant', value: 5.5, unit: 'l', from: null, to: null },
      ],
      actions: [
        { action: 'generate-document', element: 'test-protocol' },
        { action: 'set-order-status', element: 'ready-to-ship' },
        { action: 'notify-user', element: company.superUser.id },
      ],
      incomingGoodsCheckIn: true,
      lastMaintenanceAt: null,
      version: 1,
      sequencePosition: null,
      isStartStation: false,
      keyFigures: { worklistCount: 0, cycleTimeSeconds: 0, finishedToday: 0 },
    });
    const read = await operator.get(`/api/stations/${station.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(station);
  });

  it("refuses a notify-user action naming another company's user (or nobody's) on the action's element, and saves nothing", async () => {
    const other = await companyWithTeam(t, { companyName: 'Fremde Firma' });
    for (const element of [other.admin.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await admin.post(
        '/api/stations',
        stationBody('FREMD', {
          actions: [
            { action: 'set-order-status', element: 'ready-to-ship' },
            { action: 'notify-user', element },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body)).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'actions.1.element', message: 'stations.validation.unknownUser' }],
      });
    }
    expect((await admin.get('/api/stations')).json().data.map((station: { name: string }) => station.name)).not.toContain('FREMD');
  });

  it('lets the super user create stations too', async () => {
    await createStation(superUser, 'SÄGE');
  });

  it('accepts a name of 15 characters and refuses 16', async () => {
    await createStation(admin, 'A'.repeat(15));
    const res = await admin.post('/api/stations', stationBody('B'.repeat(16)));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'name', message: 'validation.maxLength', params: { max: 15 } }] });
  });

  it("refuses 'WIP', lowercase, space and other characters in the name", async () => {
    const refusals: [string, string][] = [
      ['WIP', 'stations.validation.nameReserved'],
      ['drill', 'stations.validation.nameCharacters'],
      ['Drill', 'stations.validation.nameCharacters'],
      ['DRILL 2', 'stations.validation.nameCharacters'],
      ['DRILL_2', 'stations.validation.nameCharacters'],
      ['', 'validation.required'],
    ];
    for (const [name, message] of refusals) {
      const res = await admin.post('/api/stations', stationBody(name));
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res.body).details, name).toEqual([expect.objectContaining({ path: 'name', message })]);
    }
    const list = (await admin.get('/api/stations?q=drill')).json();
    expect(list.total).toBe(0);
  });

  it('refuses a name another station of the company has', async () => {
    await createStation(admin, 'PRESSE');
    const res = await admin.post('/api/stations', stationBody('PRESSE'));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ code: 'STATION_NAME_TAKEN', details: [{ path: 'name' }] });
  });

  it('lets only one of two admins creating the same name at once succeed', async () => {
    const both = await Promise.all([admin.post('/api/stations', stationBody('DOPPELT')), superUser.post('/api/stations', stationBody('DOPPELT'))]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(both.find((res) => res.statusCode === 409)!.body).code).toBe('STATION_NAME_TAKEN');
    expect((await admin.get('/api/stations?q=DOPPELT')).json().total).toBe(1);
  });

  it('requires parameter name, value and unit', async () => {
    const res = await admin.post('/api/stations', { name: 'LEER', parameters: [{ name: '', unit: '' }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'parameters.0.name', message: 'validation.required' }),
        expect.objectContaining({ path: 'parameters.0.value', message: 'validation.required' }),
        expect.objectContaining({ path: 'parameters.0.unit', message: 'validation.required' }),
      ]),
    );
  });

  it('accepts 0 and 9999999.99 and refuses 10000000 in value, From and To', async () => {
    const ok = await createStation(admin, 'GRENZE', {
      parameters: [{ name: 'Length', value: 9_999_999.99, unit: 'mm', from: 0, to: 9_999_999.99 }],
    });
    expect(ok.version).toBe(1);
    for (const field of ['value', 'from', 'to'] as const) {
      const parameter = { name: 'Length', value: 1, unit: 'mm', [field]: 10_000_000 };
      const res = await admin.post('/api/stations', stationBody('ZUGROSS', { parameters: [parameter] }));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res.body).details, field).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: `parameters.0.${field}`, message: 'validation.max' })]),
      );
    }
  });

  it('refuses From above To', async () => {
    const res = await admin.post('/api/stations', stationBody('BEREICH', { parameters: [{ name: 'Force', value: 5, unit: 'kN', from: 8, to: 7.99 }] }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toEqual([expect.objectContaining({ path: 'parameters.0.from', message: 'stations.validation.fromAboveTo' })]);
  });

  it('requires action and element, and an element that fits the action', async () => {
    const missing = await admin.post('/api/stations', stationBody('AKTION', { actions: [{ element: '' } as never] }));
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body).details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'actions.0.action', message: 'validation.required' }),
        expect.objectContaining({ path: 'actions.0.element', message: 'validation.required' }),
      ]),
    );
    const wrong = await admin.post('/api/stations', stationBody('AKTION', { actions: [{ action: 'set-order-status', element: 'delivery-bill' }] }));
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body).details).toEqual([expect.objectContaining({ path: 'actions.0.element', message: 'stations.validation.actionElement' })]);
  });

  it('refuses operators and anonymous callers', async () => {
    const byOperator = await operator.post('/api/stations', stationBody('OPSTATION'));
    expect(byOperator.statusCode).toBe(403);
    expect(errorOf(byOperator.body).code).toBe('FORBIDDEN');
    const anonymous = await clientOf(t).post('/api/stations', stationBody('ANON'));
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the stations list', () => {
  it('shows every station to every signed-in user of the company, by name when asked, filtered by q', async () => {
    const byOperator = await operator.get('/api/stations?sort=name&limit=100');
    expect(byOperator.statusCode).toBe(200);
    const page = byOperator.json();
    const names = page.data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['FRÄSE1', 'SÄGE', 'PRESSE']));
    expect(page).toMatchObject({ total: names.length, page: 1, limit: 100 });
    const filtered = (await admin.get('/api/stations?q=säg')).json();
    expect(filtered.data.map((s: { name: string }) => s.name)).toEqual(['SÄGE']);
  });

  it('pages', async () => {
    const first = (await admin.get('/api/stations?sort=name&limit=2&page=1')).json();
    const second = (await admin.get('/api/stations?sort=name&limit=2&page=2')).json();
    expect(first.data).toHaveLength(2);
    expect(second.data[0].name > first.data[1].name).toBe(true);
    expect(second.total).toBe(first.total);
  });
});

describe('editing a station', () => {
  it('changes the station on the version the form was loaded with', async () => {
    const station = await createStation(admin, 'LACK');
    const res = await admin.put(`/api/stations/${station.id}`, {
      ...stationBody('LACK2', { parameters: [], incomingGoodsCheckIn: true }),
      version: station.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'LACK2', parameters: [], incomingGoodsCheckIn: true, version: 2 });
  });

  it('answers a stale version with a conflict and keeps the newer change', async () => {
    const station = await createStation(admin, 'SCHWEISS');
    const first = await admin.put(`/api/stations/${station.id}`, { ...stationBody('SCHWEISS1'), version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await superUser.put(`/api/stations/${station.id}`, { ...stationBody('SCHWEISS2'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body)).toMatchObject({ code: 'CONFLICT_ERROR', message: expect.stringMatching(/changed meanwhile/) });
    expect((await admin.get(`/api/stations/${station.id}`)).json().name).toBe('SCHWEISS1');
  });

  it('keeps the rules on edit and refuses a missing version', async () => {
    const station = await createStation(admin, 'BOHR');
    const wip = await admin.put(`/api/stations/${station.id}`, { ...stationBody('WIP'), version: 1 });
    expect(wip.statusCode).toBe(400);
    const taken = await admin.put(`/api/stations/${station.id}`, { ...stationBody('PRESSE'), version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.body).code).toBe('STATION_NAME_TAKEN');
    const noVersion = await admin.put(`/api/stations/${station.id}`, stationBody('BOHR'));
    expect(noVersion.statusCode).toBe(400);
    expect(errorOf(noVersion.body).details).toEqual([expect.objectContaining({ path: 'version', message: 'validation.required' })]);
    const same = await admin.put(`/api/stations/${station.id}`, { ...stationBody('BOHR'), version: 1 });
    expect(same.statusCode, 'its own name is not taken').toBe(200);
  });

  it('refuses operators', async () => {
    const station = await createStation(admin, 'NUROP');
    const res = await operator.put(`/api/stations/${station.id}`, { ...stationBody('NUROP'), version: 1 });
    expect(res.statusCode).toBe(403);
  });
});

describe('maintenance', () => {
  it('records the last maintenance on the station', async () => {
    const station = await createStation(admin, 'WARTUNG');
    const res = await admin.post(`/api/stations/${station.id}/maintenance`, { version: 1, performedAt: '2026-11-20T14:30:00.000Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lastMaintenanceAt: '2026-11-20T14:30:00.000Z', version: 2 });
    const now = await admin.post(`/api/stations/${station.id}/maintenance`, { version: 2 });
    expect(now.statusCode).toBe(200);
    // Without a time given, the maintenance is the request's moment.
    expect(now.json().lastMaintenanceAt).toBe(moment);
  });

  it('refuses a maintenance in the future and a stale version', async () => {
    const station = await createStation(admin, 'ZUKUNFT');
    const future = await admin.post(`/api/stations/${station.id}/maintenance`, { version: 1, performedAt: '2999-01-01T00:00:00.000Z' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future.body).details).toEqual([expect.objectContaining({ path: 'performedAt', message: 'stations.validation.maintenanceInFuture' })]);
    await admin.put(`/api/stations/${station.id}`, { ...stationBody('ZUKUNFT'), version: 1 });
    const stale = await admin.post(`/api/stations/${station.id}/maintenance`, { version: 1 });
    expect(stale.statusCode).toBe(409);
  });
});

describe('history', () => {
  it('lists every event of the station: type, when, who and what', async () => {
    const station = await createStation(admin, 'CHRONIK');
    await superUser.put(`/api/stations/${station.id}`, { ...stationBody('CHRONIK', { incomingGoodsCheckIn: true }), version: 1 });
    await admin.post(`/api/stations/${station.id}/maintenance`, { version: 2, performedAt: '2026-11-01T06:00:00.000Z' });
    const res = await operator.get(`/api/stations/${station.id}/history`);
    expect(res.statusCode).toBe(200);
    const history = res.json();
    expect(history.stationId).toBe(station.id);
    expect(history.data.map((e: { type: string }) => e.type)).toEqual(['StationCreated', 'StationChanged', 'StationMaintenanceRecorded']);
    expect(history.data[0]).toMatchObject({ version: 1, who: { userId: company.admin.id, role: 'ADMIN' }, data: { name: 'CHRONIK' } });
    expect(history.data[1]).toMatchObject({ version: 2, who: { userId: company.superUser.id, role: 'SUPER_USER' }, data: { incomingGoodsCheckIn: true } });
    expect(history.data[2].data).toMatchObject({ performedAt: '2026-11-01T06:00:00.000Z' });
    expect(Number.isNaN(Date.parse(history.data[0].at))).toBe(false);
  });

  it('stays readable after the station is deleted', async () => {
    const station = await createStation(admin, 'WEG');
    expect((await admin.delete(`/api/stations/${station.id}?version=1`)).statusCode).toBe(204);
    expect((await admin.get(`/api/stations/${station.id}`)).statusCode).toBe(404);
    const history = (await admin.get(`/api/stations/${station.id}/history`)).json();
    expect(history.data.map((e: { type: string }) => e.type)).toEqual(['StationCreated', 'StationDeleted']);
  });
});

describe('key figures', () => {
  it('read from the worklist and completions once orders feed them, zero before', async () => {
    const station = await createStation(admin, 'KENNZAHL');
    const before = (await admin.get(`/api/stations/${station.id}`)).json();
    expect(before.keyFigures).toEqual({ worklistCount: 0, cycleTimeSeconds: 0, finishedToday: 0 });
    // What the orders module will write when orders flow: one order waiting, two finished today, one two days ago.
    await withSystem(t.app.db, async (tx) => {
      const c = company.companyId;
      const s = station.id;
      await sql`insert into station_worklist_entries (company_id, station_id, order_id, arrived_at)
        values (${c}, ${s}, gen_random_uuid(), ${moment}::timestamptz)`.execute(tx);
      await sql`insert into station_completions (company_id, station_id, order_id, arrived_at, finished_at) values
        (${c}, ${s}, gen_random_uuid(), ${moment}::timestamptz - interval '10 minutes', ${moment}::timestamptz),
        (${c}, ${s}, gen_random_uuid(), ${moment}::timestamptz - interval '20 minutes', ${moment}::timestamptz),
        (${c}, ${s}, gen_random_uuid(), ${moment}::timestamptz - interval '2 days', ${moment}::timestamptz - interval '2 days' + interval '1 hour')`.execute(
        tx,
      );
    });
    const after = (await admin.get(`/api/stations/${station.id}`)).json();
    expect(after.keyFigures).toEqual({ worklistCount: 1, finishedToday: 2, cycleTimeSeconds: 900 });
  });
});

describe('another company', () => {
  it('answers 404 for its station on every id route, and never lists it', async () => {
    const other = await companyWithTeam(t);
    const stranger = clientOf(t, other.admin.token);
    const station = await createStation(admin, 'GEHEIM');
    const id = station.id;
    const attempts = [
      stranger.get(`/api/stations/${id}`),
      stranger.put(`/api/stations/${id}`, { ...stationBody('GEHEIM'), version: 1 }),
      stranger.delete(`/api/stations/${id}?version=1`),
      stranger.post(`/api/stations/${id}/maintenance`, { version: 1 }),
      stranger.get(`/api/stations/${id}/history`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res.body).code).toBe('NOT_FOUND');
    }
    expect((await stranger.get('/api/stations')).json().total).toBe(0);
    // The same name is free in the other company.
    await createStation(stranger, 'GEHEIM');
    expect((await admin.get(`/api/stations/${id}`)).json()).toMatchObject({ name: 'GEHEIM', version: 1 });
  });

  it('refuses the product operator before it has picked a company', async () => {
    const master = clientOf(t, (await signedInMaster(t)).token);
    expect((await master.get('/api/stations')).statusCode).toBe(403);
    expect((await master.post('/api/stations', stationBody('MEISTER'))).statusCode).toBe(403);
  });

  it('answers 404 for an id that never existed, and 400 for one that is not an id', async () => {
    expect((await admin.get('/api/stations/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.get('/api/stations/not-an-id')).statusCode).toBe(400);
  });
});
