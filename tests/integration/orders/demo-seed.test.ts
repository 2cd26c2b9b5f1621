import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADVERTISEMENT,
  DEMO_NCR_NOTE,
  DEMO_QUALITY_REASON,
  demoBikeComponents,
  demoBikeSteps,
  demoMeasurements,
  demoStationNames,
} from '../../../src/server/seed-orders.js';
import { demoUsers, seed } from '../../../src/server/seed.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, signIn, type Client } from '../../support/identity.js';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', MASTER_EMAIL: 'boss@example.com', MASTER_PASSWORD: 'Operator#2026' });
  await seed(t.app);
  const user = demoUsers.find((u) => u.role === 'ADMIN')!;
  admin = clientOf(t, (await signIn(t, user.email!, user.password)).access_token);
});
afterAll(async () => {
  await t?.close();
});

describe('the demo shop floor', () => {
  it('has German users, and products with a picture, a bill of materials, attributes, values and a step at every station', async () => {
    const { data: users } = (await admin.get('/api/users?limit=10')).json() as { data: { locale: string }[] };
    expect(users.map((user) => user.locale)).toEqual(users.map(() => 'de'));

    const materials = (await admin.get('/api/materials?limit=100')).json().data as { id: string; materialNumber: string }[];
    const bikeId = materials.find((m) => m.materialNumber === 'P-1000')!.id;
    const bike = (await admin.get(`/api/materials/${bikeId}`)).json();
    expect(bike.image).not.toBeNull();
    expect(bike.attributes.length).toBeGreaterThan(0);
    expect(bike.values.length).toBeGreaterThan(0);
    const numberOf = new Map(materials.map((m) => [m.id, m.materialNumber]));
    expect(
      bike.components.map((c: { materialId: string; quantity: number }) => ({ materialNumber: numberOf.get(c.materialId), quantity: c.quantity })),
    ).toEqual(demoBikeComponents);
    const stations = (await admin.get('/api/stations?limit=100')).json().data as { id: string; name: string }[];
    expect(bike.manufacturingSteps.map((step: { stationId: string }) => stations.find((s) => s.id === step.stationId)?.name)).toEqual(
      demoBikeSteps.map((step) => step.station),
    );
    // Planned times on every step, so the OEE screen shows performance (docs/oee.md).
    expect(bike.manufacturingSteps.map((step: { time: number | null; setupTime: number | null }) => [step.time, step.setupTime])).toEqual(
      demoBikeSteps.map((step) => [step.time, step.setupTime]),
    );
    const oee = (await admin.get('/api/oee?period=day')).json();
    const worked = oee.stations.filter((station: { figures: { made: number } }) => station.figures.made > 0);
    expect(worked.length).toBeGreaterThan(0);
    for (const station of worked) expect(station.figures.idealMinutes).not.toBeNull();
    const picture = await admin.get(`/api/materials/${bikeId}/image`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('has a station line with a saved sequence and the operators authorised', async () => {
    const sequence = (await admin.get('/api/stations/sequence')).json();
    expect(sequence.stages.map((stage: { name: string }) => stage.name)).toEqual([...demoStationNames.line, 'WIP']);
    const operators = (await admin.get('/api/users?role=OPERATOR&limit=10')).json().data as { id: string }[];
    for (const operator of operators) {
      expect((await admin.get(`/api/users/${operator.id}/station-authorizations`)).json().stationIds).toHaveLength(5);
    }
  });

  it('has orders at different stages, one of them delayed, and work at several stations', async () => {
    const orders = (await admin.get('/api/orders?limit=100')).json().data as { kind: string; status: string; delayed: boolean; stationName: string | null }[];
    const statuses = new Set(orders.map((o) => `${o.kind} ${o.status}`));
    for (const expected of [
      'customer open',
      'customer ordered',
      'customer in-progress',
      'customer ready-to-ship',
      'customer dispatched',
      'customer delivered',
      'customer finished',
      'customer canceled',
      'production in-progress',
      'production finished',
      'production ready-to-use',
      'logistics ordered',
      'logistics finished',
    ]) {
      expect(statuses).toContain(expected);
    }
    expect(orders.some((o) => o.delayed)).toBe(true);
    const stations = new Set(orders.flatMap((o) => (o.stationName ? [o.stationName] : [])));
    expect(stations.size).toBeGreaterThanOrEqual(3);
    const board = (await admin.get('/api/orders/advertisement')).json();
    expect(board.comment).toBe(DEMO_ADVERTISEMENT);
    expect(board.orders.length).toBeGreaterThan(0);
  });

  it('reports quantities with scrap and reasons, and shows a split order beside the rest still in work', async () => {
    const orders = (await admin.get('/api/orders?kind=production&limit=100')).json().data as {
      id: string;
      orderNumber: string;
      splitFromOrderId: string | null;
      pieces: { scrap: number; open: number } | null;
    }[];
    expect(orders.filter((o) => (o.pieces?.scrap ?? 0) > 0).length).toBeGreaterThanOrEqual(2);
    const split = orders.find((o) => o.splitFromOrderId !== null);
    expect(split?.orderNumber).toMatch(/-1$/);
    const parent = (await admin.get(`/api/orders/${split?.splitFromOrderId}`)).json();
    expect(parent.quantities).toMatchObject({ ordered: 20, scrap: 3, splitOff: 10, open: 7 });
    expect((await admin.get('/api/team/master-data/scrapReasons')).json().data.map((entry: { name: string }) => entry.name)).toContain('Kratzer');
  });

  it('has the quality loop: an order held by an open NCR, and one decided "use as is"', async () => {
    const ncrs = (await admin.get('/api/ncrs?status=held,rework,closed')).json() as {
      data: { id: string; number: string; status: string; stationName: string; orderId: string }[];
    };
    expect(ncrs.data.map((ncr) => [ncr.number, ncr.status, ncr.stationName]).sort()).toEqual([
      ['NCR-000001', 'held', demoStationNames.checksValues],
      ['NCR-000002', 'closed', demoStationNames.checksValues],
    ]);
    const held = ncrs.data.find((ncr) => ncr.status === 'held')!;
    expect((await admin.get(`/api/orders/${held.orderId}`)).json().hold).toMatchObject({ ncrId: held.id, status: 'held' });
    const decided = (await admin.get(`/api/ncrs/${ncrs.data.find((ncr) => ncr.status === 'closed')!.id}`)).json();
    expect(decided.decisions).toEqual([expect.objectContaining({ disposition: 'use-as-is', note: DEMO_NCR_NOTE })]);
  });

  it('has a station that checks values, the late bike order measured there with one value outside tolerance and the reason, and it seeds only once', async () => {
    const stations = (await admin.get('/api/stations?limit=100')).json().data as { name: string; valueChecks: { mode: string } }[];
    expect(stations.find((s) => s.name === demoStationNames.checksValues)?.valueChecks.mode).toBe('all');
    const orders = (await admin.get('/api/orders?limit=100')).json().data as { id: string; quality: string | null }[];
    // The late bike, completed with the reason; the two bikes of the quality loop (below) failed too, but hold an NCR instead.
    const flagged = orders.filter((o) => o.quality === 'failed');
    expect(flagged).toHaveLength(3);
    const views = await Promise.all(flagged.map(async (o) => (await admin.get(`/api/orders/${o.id}`)).json()));
    const withReason = views.filter((view: { qualityFailures: unknown[] }) => view.qualityFailures.length > 0);
    expect(withReason).toHaveLength(1);
    const order = withReason[0];
    expect(Object.fromEntries(order.measurements.map((m: { valueName: string; measured: number }) => [m.valueName, m.measured]))).toEqual(demoMeasurements);
    expect(order.measurements.map((m: { passed: boolean }) => m.passed)).toEqual([true, false]);
    expect(order.qualityFailures).toEqual([expect.objectContaining({ failedValues: ['Gewicht'], missingValues: [], reason: DEMO_QUALITY_REASON })]);
    // A test protocol of it can be printed.
    const requested = await admin.post('/api/documents', { type: 'test-protocol', subjectId: order.id });
    expect(requested.statusCode, requested.body).toBe(202);

    // Seeding again adds nothing.
    await seed(t.app);
    expect(((await admin.get('/api/orders?limit=100')).json().data as unknown[]).length).toBe(orders.length);
  });
});
