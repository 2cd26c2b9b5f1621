import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../../support/identity.js';
import { createStation, errorOf, saveSequence, type CreatedStation } from './stations-support.js';

let t: TestApp;
let company: TestCompany;
let admin: Client;
let operator: Client;
let cut: CreatedStation;
let drill: CreatedStation;
let paint: CreatedStation;
let pack: CreatedStation;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
  admin = clientOf(t, company.admin.token);
  operator = clientOf(t, company.operator.token);
  cut = await createStation(admin, 'ZUSCHNITT');
  drill = await createStation(admin, 'BOHREN');
  paint = await createStation(admin, 'LACKIEREN');
  pack = await createStation(admin, 'VERPACKEN');
});
afterAll(async () => {
  await t?.close();
});

const sequence = async () => (await admin.get('/api/stations/sequence')).json();

describe('the sequence before the first save', () => {
  it('is empty, has no start station, ends in the WIP stage and has version 0', async () => {
    const res = await operator.get('/api/stations/sequence');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stationIds: [], startStationId: null, stages: [{ kind: 'wip', name: 'WIP' }], version: 0, savedAt: null });
  });
});

describe('saving the sequence', () => {
  it('keeps the order, starts at the first station unless told otherwise, and ends in WIP', async () => {
    const saved = await saveSequence(admin, [cut.id, drill.id, paint.id]);
    expect(saved).toMatchObject({
      stationIds: [cut.id, drill.id, paint.id],
      startStationId: cut.id,
      stages: [
        { kind: 'station', stationId: cut.id, name: 'ZUSCHNITT', isStartStation: true },
        { kind: 'station', stationId: drill.id, name: 'BOHREN', isStartStation: false },
        { kind: 'station', stationId: paint.id, name: 'LACKIEREN', isStartStation: false },
        { kind: 'wip', name: 'WIP' },
      ],
      version: 1,
    });
    expect(await sequence()).toEqual(saved);
  });

  it('shows the stations in sequence order on the overview, the others after them', async () => {
    await saveSequence(admin, [paint.id, cut.id, drill.id], cut.id);
    const list = (await operator.get('/api/stations')).json();
    expect(list.data.map((s: { name: string }) => s.name)).toEqual(['LACKIEREN', 'ZUSCHNITT', 'BOHREN', 'VERPACKEN']);
    expect(list.data.map((s: { sequencePosition: number | null }) => s.sequencePosition)).toEqual([1, 2, 3, null]);
    expect(list.data.map((s: { isStartStation: boolean }) => s.isStartStation)).toEqual([false, true, false, false]);
  });

  it('refuses a station named twice and saves nothing', async () => {
    const before = await sequence();
    const res = await admin.put('/api/stations/sequence', { stationIds: [cut.id, drill.id, cut.id], version: before.version });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'SEQUENCE_INVALID', details: [{ path: 'stationIds.2', message: 'stations.validation.duplicateStation' }] });
    expect(await sequence()).toEqual(before);
  });

  it('refuses an unknown station and saves nothing', async () => {
    const before = await sequence();
    const res = await admin.put('/api/stations/sequence', {
      stationIds: [cut.id, '00000000-0000-4000-8000-000000000000'],
      version: before.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'SEQUENCE_INVALID', details: [{ path: 'stationIds.1', message: 'stations.validation.unknownStation' }] });
    expect(await sequence()).toEqual(before);
  });

  it("refuses another company's station and saves nothing in either company", async () => {
    const other = await companyWithTeam(t);
    const otherAdmin = clientOf(t, other.admin.token);
    const foreign = await createStation(otherAdmin, 'FREMD');
    const before = await sequence();
    const res = await admin.put('/api/stations/sequence', { stationIds: [cut.id, foreign.id], version: before.version });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'SEQUENCE_INVALID', details: [{ path: 'stationIds.1', message: 'stations.validation.unknownStation' }] });
    expect(await sequence()).toEqual(before);
    expect((await otherAdmin.get('/api/stations/sequence')).json().version).toBe(0);
    // And the other way round: our stations are unknown to them.
    const reverse = await otherAdmin.put('/api/stations/sequence', { stationIds: [foreign.id, cut.id], version: 0 });
    expect(reverse.statusCode).toBe(400);
  });

  it('refuses a start station outside the sequence', async () => {
    const before = await sequence();
    const res = await admin.put('/api/stations/sequence', { stationIds: [cut.id, drill.id], startStationId: pack.id, version: before.version });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toEqual([{ path: 'startStationId', message: 'stations.validation.startStationNotInSequence' }]);
  });

  it('answers a save made on a stale version with a conflict and a clear message', async () => {
    const before = await sequence();
    await saveSequence(admin, [cut.id, drill.id], cut.id);
    const stale = await admin.put('/api/stations/sequence', { stationIds: [drill.id, cut.id], startStationId: drill.id, version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body)).toMatchObject({ code: 'CONFLICT_ERROR', message: expect.stringMatching(/saved by someone else/) });
    expect((await sequence()).stationIds).toEqual([cut.id, drill.id]);
  });

  it('refuses removing the start station without naming a new one, and allows it with one', async () => {
    await saveSequence(admin, [cut.id, drill.id], cut.id);
    const current = await sequence();
    const refused = await admin.put('/api/stations/sequence', { stationIds: [drill.id], version: current.version });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({ code: 'START_STATION_NOT_DELETABLE', message: 'You can not delete Start station!' });
    const moved = await saveSequence(admin, [drill.id], drill.id);
    expect(moved).toMatchObject({ stationIds: [drill.id], startStationId: drill.id });
  });

  it('refuses operators and bad input', async () => {
    const current = await sequence();
    const byOperator = await operator.put('/api/stations/sequence', { stationIds: [], version: current.version });
    expect(byOperator.statusCode).toBe(403);
    const notIds = await admin.put('/api/stations/sequence', { stationIds: ['drill'], version: current.version });
    expect(notIds.statusCode).toBe(400);
    expect(errorOf(notIds.body).code).toBe('VALIDATION_ERROR');
    const noVersion = await admin.put('/api/stations/sequence', { stationIds: [] });
    expect(noVersion.statusCode).toBe(400);
  });
});

describe('deleting a station', () => {
  it('refuses the start station', async () => {
    await saveSequence(admin, [cut.id, drill.id, paint.id], cut.id);
    const station = (await admin.get(`/api/stations/${cut.id}`)).json();
    const res = await admin.delete(`/api/stations/${cut.id}?version=${station.version}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ code: 'START_STATION_NOT_DELETABLE', message: 'You can not delete Start station!' });
    expect((await admin.get(`/api/stations/${cut.id}`)).statusCode).toBe(200);
  });

  it('refuses a station in the saved sequence', async () => {
    const res = await admin.delete(`/api/stations/${paint.id}?version=${paint.version}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'PRODUCTION_STATION_USED_IN_SEQUENCE',
      message: 'Cannot delete a station that is used in a sequence.',
    });
  });

  it('deletes a station once the sequence without it is saved; it leaves the list', async () => {
    await saveSequence(admin, [cut.id, drill.id]);
    const res = await admin.delete(`/api/stations/${paint.id}?version=${paint.version}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await admin.get(`/api/stations/${paint.id}`)).statusCode).toBe(404);
    const names = (await admin.get('/api/stations')).json().data.map((s: { name: string }) => s.name);
    expect(names).not.toContain('LACKIEREN');
    // A deleted station can no longer be placed in the sequence, and its name is free again.
    const current = await sequence();
    const again = await admin.put('/api/stations/sequence', { stationIds: [cut.id, paint.id], version: current.version });
    expect(again.statusCode).toBe(400);
    await createStation(admin, 'LACKIEREN');
  });

  it('deletes a station that was never in the sequence', async () => {
    const spare = await createStation(admin, 'RESERVE');
    expect((await admin.delete(`/api/stations/${spare.id}?version=1`)).statusCode).toBe(204);
  });

  it('refuses a stale version, operators, and a missing version', async () => {
    const spare = await createStation(admin, 'ALT');
    await admin.put(`/api/stations/${spare.id}`, { name: 'ALT', version: 1 });
    const stale = await admin.delete(`/api/stations/${spare.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body).code).toBe('CONFLICT_ERROR');
    expect((await operator.delete(`/api/stations/${spare.id}?version=2`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/stations/${spare.id}`)).statusCode).toBe(400);
    expect((await admin.delete(`/api/stations/${spare.id}?version=2`)).statusCode).toBe(204);
  });

  it('a deleted station cannot be deleted again', async () => {
    const spare = await createStation(admin, 'ZWEIMAL');
    expect((await admin.delete(`/api/stations/${spare.id}?version=1`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/stations/${spare.id}?version=2`)).statusCode).toBe(404);
  });
});

describe('saving the sequence and deleting a station at once', () => {
  it('never leaves a deleted station in the saved sequence', async () => {
    const racer = await createStation(admin, 'WETTLAUF');
    const current = await sequence();
    const [save, remove] = await Promise.all([
      admin.put('/api/stations/sequence', { stationIds: [...current.stationIds, racer.id], version: current.version }),
      admin.delete(`/api/stations/${racer.id}?version=1`),
    ]);
    const saved = await sequence();
    const exists = (await admin.get(`/api/stations/${racer.id}`)).statusCode === 200;
    expect(save.statusCode === 200 && remove.statusCode === 204).toBe(false);
    if (saved.stationIds.includes(racer.id)) expect(exists).toBe(true);
  });
});
