import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { openClient } from '../platform/live-feed-support.js';
import { act, createShipment, shippingCompany, type ShippingCompany } from './support.js';

let t: TestApp;
let home: ShippingCompany;
let rival: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  home = await shippingCompany(t, 'Live Home');
  rival = await shippingCompany(t, 'Live Rival');
});
afterAll(async () => {
  await t?.close();
});

describe('live', () => {
  it("the company topic (the home board's) carries the shipment's events and its orders' moves, to its company only", async () => {
    const board = await openClient(t.app, { token: home.company.admin.token });
    await board.subscribe(['company']);
    const shipments = await openClient(t.app, { token: home.company.admin.token });
    await shipments.subscribe(['type:shipment']);
    const stranger = await openClient(t.app, { token: rival.company.admin.token });
    await stranger.subscribe(['company']);

    const order = await home.readyOrder();
    let shipment = await createShipment(home.admin, [order.id]);
    shipment = await act(home.admin, shipment, 'ready-to-dispatch');
    shipment = await act(home.admin, shipment, 'dispatch');

    const streamId = `shipment-${shipment.id}`;
    await board.waitFor('the shipment sent and its order dispatched', (messages) =>
      ['ShipmentSent', 'OrderDispatched'].every((type) => messages.some((m) => m.type === 'event' && m.event.type === type)),
    );
    expect(board.events().find((m) => m.event.type === 'ShipmentSent')!.event).toMatchObject({
      streamId,
      streamType: 'shipment',
      companyId: home.company.companyId,
      streamVersion: shipment.version,
    });
    expect(board.events().find((m) => m.event.type === 'OrderDispatched')!.event).toMatchObject({ streamId: `order-${order.id}` });
    await shipments.waitFor('the shipment sent', (messages) => messages.some((m) => m.type === 'event' && m.event.type === 'ShipmentSent'));
    expect(shipments.events().every((m) => m.event.streamType === 'shipment')).toBe(true);
    expect(stranger.events().filter((m) => m.event.streamId === streamId || m.event.streamId === `order-${order.id}`)).toEqual([]);
    for (const client of [board, shipments, stranger]) client.ws.close();
  });
});
