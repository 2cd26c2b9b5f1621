import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierView } from '../../../src/domain/shipments/carrier.schema.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { grantChangeRights } from '../../support/identity.js';
import { act, createShipment, errorOf, shipmentBody, shippingCompany, type Client, type ShippingCompany } from './support.js';

let t: TestApp;
let home: ShippingCompany;
let rival: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp({}, { clock: settableClock('2026-11-23T08:00:00.000Z') });
  home = await shippingCompany(t, 'Spedition Home');
  rival = await shippingCompany(t, 'Spedition Rival');
});
afterAll(async () => {
  await t?.close();
});

const dhlTemplate = 'https://dhl.example/track?id={trackingId}';

async function addCarrier(client: Client, name: string, trackingLinkTemplate = ''): Promise<CarrierView> {
  const res = await client.post('/api/carriers', { name, trackingLinkTemplate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const carriersOf = async (client: Client) => (await client.get('/api/carriers')).json().data as CarrierView[];

describe('carriers (master data)', () => {
  it('adds, renames, changes the template, retires, reinstates and deletes; every change is recorded', async () => {
    const carrier = await addCarrier(home.admin, '  DHL Express ', dhlTemplate);
    expect(carrier).toMatchObject({ name: 'DHL Express', trackingLinkTemplate: dhlTemplate, retired: false, shipmentCount: 0 });
    expect((await carriersOf(home.operator)).map((one) => one.name)).toContain('DHL Express');

    const changed = await home.admin.put(`/api/carriers/${carrier.id}`, { name: 'DHL', trackingLinkTemplate: 'https://dhl.example/p/{trackingId}' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'DHL', trackingLinkTemplate: 'https://dhl.example/p/{trackingId}' });

    const retired = await home.admin.post(`/api/carriers/${carrier.id}/retire`);
    expect(retired.json()).toMatchObject({ retired: true });
    const reinstated = await home.admin.post(`/api/carriers/${carrier.id}/reinstate`);
    expect(reinstated.json()).toMatchObject({ retired: false });
    const withoutTemplate = await home.admin.put(`/api/carriers/${carrier.id}`, { name: 'DHL', trackingLinkTemplate: '' });
    expect(withoutTemplate.json()).toMatchObject({ trackingLinkTemplate: null });

    const deleted = await home.admin.delete(`/api/carriers/${carrier.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await carriersOf(home.admin)).map((one) => one.id)).not.toContain(carrier.id);
    const events = await readStoredStream(t.app.db, `carrier-${carrier.id}`);
    expect(events.map((event) => event.type)).toEqual([
      'CarrierAdded',
      'CarrierChanged',
      'CarrierRetired',
      'CarrierReinstated',
      'CarrierChanged',
      'CarrierDeleted',
    ]);
    expect(events[0]).toMatchObject({ companyId: home.company.companyId, data: { name: 'DHL Express', trackingLinkTemplate: dhlTemplate } });
  });

  it('bad input: 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'validation.required'],
      [{ name: 'x'.repeat(51) }, 'name', 'validation.maxLength'],
      [{ name: 'UPS', trackingLinkTemplate: 'https://ups.example/track' }, 'trackingLinkTemplate', 'shipments.validation.templatePlaceholder'],
      [{ name: 'UPS', trackingLinkTemplate: 'ftp://ups.example/{trackingId}' }, 'trackingLinkTemplate', 'shipments.validation.templateLink'],
      [{ name: 'UPS', trackingLinkTemplate: 'no link {trackingId}' }, 'trackingLinkTemplate', 'shipments.validation.templateLink'],
    ];
    for (const [body, path, message] of cases) {
      const res = await home.admin.post('/api/carriers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body).details, JSON.stringify(body)).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect((await home.admin.put('/api/carriers/not-a-uuid', { name: 'UPS' })).statusCode).toBe(400);
  });

  it('a name is unique in the company without regard to case, retired carriers included; another company may use it', async () => {
    const gls = await addCarrier(home.admin, 'GLS');
    await home.admin.post(`/api/carriers/${gls.id}/retire`);
    const twice = await home.admin.post('/api/carriers', { name: ' gls ' });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice.body)).toMatchObject({ code: 'DUPLICATE_VALUES', details: [{ path: 'name' }] });
    const hermes = await addCarrier(home.admin, 'Hermes');
    const renamed = await home.admin.put(`/api/carriers/${hermes.id}`, { name: 'Gls' });
    expect(errorOf(renamed.body).code).toBe('DUPLICATE_VALUES');
    expect((await home.admin.put(`/api/carriers/${hermes.id}`, { name: 'HERMES' })).statusCode).toBe(200);
    await addCarrier(rival.admin, 'GLS');
  });

  it('a carrier a shipment names cannot be deleted (409 MASTER_DATA_ENTRY_IN_USE), only retired', async () => {
    const carrier = await addCarrier(home.admin, 'Schenker', 'https://schenker.example/{trackingId}');
    await createShipment(home.admin, [(await home.readyOrder()).id], { deliveredBy: { source: 'master-data', carrierId: carrier.id } });
    const res = await home.admin.delete(`/api/carriers/${carrier.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'MASTER_DATA_ENTRY_IN_USE',
      details: [{ path: 'carrierId', message: 'shipments.validation.carrierInUse', params: { count: 1 } }],
    });
    expect((await carriersOf(home.admin)).find((one) => one.id === carrier.id)).toMatchObject({ shipmentCount: 1 });
    expect((await home.admin.post(`/api/carriers/${carrier.id}/retire`)).statusCode).toBe(200);
  });

  it('a role that may not write: 403; without the shipments change right: 403; reads still answer', async () => {
    const carrier = await addCarrier(home.admin, 'TNT');
    expect((await home.operator.post('/api/carriers', { name: 'Fedex' })).statusCode).toBe(403);
    expect((await home.operator.put(`/api/carriers/${carrier.id}`, { name: 'Fedex' })).statusCode).toBe(403);
    expect((await home.operator.post(`/api/carriers/${carrier.id}/retire`)).statusCode).toBe(403);
    expect((await home.operator.delete(`/api/carriers/${carrier.id}`)).statusCode).toBe(403);
    expect((await home.operator.get('/api/carriers')).statusCode).toBe(200);

    const team = await shippingCompany(t, 'Carrier Rechte GmbH');
    await grantChangeRights(t, team.company.companyId, team.company.superUser.id, team.company.admin.id, []);
    const res = await team.admin.post('/api/carriers', { name: 'Fedex' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).code).toBe('CHANGE_RIGHT_MISSING');
    expect((await team.admin.get('/api/carriers')).statusCode).toBe(200);
  });

  it("another company's carrier is not found (404) and not listed", async () => {
    const carrier = await addCarrier(home.admin, 'Dachser');
    expect((await carriersOf(rival.admin)).map((one) => one.id)).not.toContain(carrier.id);
    expect((await rival.admin.put(`/api/carriers/${carrier.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await rival.admin.post(`/api/carriers/${carrier.id}/retire`)).statusCode).toBe(404);
    expect((await rival.admin.delete(`/api/carriers/${carrier.id}`)).statusCode).toBe(404);
    expect((await carriersOf(home.admin)).find((one) => one.id === carrier.id)).toMatchObject({ name: 'Dachser', retired: false });
  });
});

describe('a shipment delivered by a carrier of master data', () => {
  it("copies the carrier's name and fills the link from its template unless one is typed", async () => {
    const carrier = await addCarrier(home.admin, 'UPS', 'https://ups.example/track?n={trackingId}');
    const deliveredBy = { source: 'master-data', carrierId: carrier.id };
    const filled = await createShipment(home.admin, [(await home.readyOrder()).id], { deliveredBy, trackingId: '1Z 999' });
    expect(filled).toMatchObject({ carrier: { carrierId: carrier.id, name: 'UPS' }, trackingId: '1Z 999', link: 'https://ups.example/track?n=1Z%20999' });
    const typed = await createShipment(home.admin, [(await home.readyOrder()).id], { deliveredBy, link: 'https://ups.example/mine' });
    expect(typed.link).toBe('https://ups.example/mine');

    const changed = await home.admin.put(`/api/shipments/${filled.id}`, {
      ...shipmentBody([filled.orders[0].id]),
      version: filled.version,
      deliveredBy: { source: 'typed', name: 'Kurier Maier' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ carrier: { carrierId: null, name: 'Kurier Maier' }, link: '' });
    const back = await home.admin.put(`/api/shipments/${filled.id}`, {
      ...shipmentBody([filled.orders[0].id], { trackingId: 'X1' }),
      version: changed.json().version,
      deliveredBy,
    });
    expect(back.json()).toMatchObject({ carrier: { carrierId: carrier.id, name: 'UPS' }, link: 'https://ups.example/track?n=X1' });
  });

  it("an unknown, retired or other company's carrier is refused on deliveredBy.carrierId; a shipment keeps its retired carrier on edit", async () => {
    const mine = await addCarrier(home.admin, 'Rhenus');
    const theirs = await addCarrier(rival.admin, 'Rival Cargo');
    const order = await home.readyOrder();
    for (const carrierId of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await home.admin.post('/api/shipments', shipmentBody([order.id], { deliveredBy: { source: 'master-data', carrierId } }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).details).toContainEqual(
        expect.objectContaining({ path: 'deliveredBy.carrierId', message: 'shipments.validation.unknownCarrier' }),
      );
    }
    const shipment = await createShipment(home.admin, [order.id], { deliveredBy: { source: 'master-data', carrierId: mine.id } });
    await home.admin.post(`/api/carriers/${mine.id}/retire`);
    const other = await home.readyOrder();
    const refused = await home.admin.post('/api/shipments', shipmentBody([other.id], { deliveredBy: { source: 'master-data', carrierId: mine.id } }));
    expect(errorOf(refused.body).details).toContainEqual(expect.objectContaining({ path: 'deliveredBy.carrierId' }));
    const kept = await home.admin.put(`/api/shipments/${shipment.id}`, {
      ...shipmentBody([order.id], { trackingId: 'R-2' }),
      version: shipment.version,
      deliveredBy: { source: 'master-data', carrierId: mine.id },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await act(home.admin, kept.json(), 'cancel')).carrier).toEqual({ carrierId: mine.id, name: 'Rhenus' });
  });

  it('a delete and a shipment naming the carrier at once: never both (no shipment left naming a deleted carrier)', async () => {
    for (let round = 0; round < 3; round++) {
      const carrier = await addCarrier(home.admin, `Blitz ${round}`);
      const order = await home.readyOrder();
      const [created, deleted] = await Promise.all([
        home.admin.post('/api/shipments', shipmentBody([order.id], { deliveredBy: { source: 'master-data', carrierId: carrier.id } })),
        home.admin.delete(`/api/carriers/${carrier.id}`),
      ]);
      expect([created.statusCode, deleted.statusCode].sort()).toEqual(created.statusCode === 201 ? [201, 409] : [204, 400]);
    }
  });
});
