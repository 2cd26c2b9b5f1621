import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterruptionView } from '../../../src/domain/interruptions/interruptions.views.js';
import type { StationBoard } from '../../../src/domain/orders/board.views.js';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import type { MachineSettings } from '../../../src/domain/machines/machines.views.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, type Client, type OrderLine } from '../orders/support.js';

// Machine counts over MQTT (issue 31, docs/integration.md): a real broker (Mosquitto on loopback,
// scripts/test-services.sh) and MQTT.js publishing as a machine would.
const brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const tag = randomUUID().slice(0, 8);

let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let atSaw: Client;
let machine: MqttClient;
let reasons: { material: string; tool: string; scratched: string };

const add = async (client: Client, list: string, name: string) => {
  const res = await client.post(`/api/team/master-data/${list}`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entryId as string;
};

beforeAll(async () => {
  t = await createTestApp();
  line = await orderLine(t);
  other = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  reasons = {
    material: await add(line.superUser, 'interruptionReasons', 'Material fehlt'),
    tool: await add(line.superUser, 'interruptionReasons', 'Werkzeugbruch'),
    scratched: await add(line.superUser, 'scrapReasons', 'Kratzer'),
  };
  machine = await mqtt.connectAsync(brokerUrl, { clientId: `machine-${tag}` });
});
afterAll(async () => {
  await machine?.endAsync();
  await t?.close();
});

const topicOf = (name: string) => `factory-${tag}/${name}`;
const settingsOf = async (client: Client): Promise<MachineSettings> => {
  const res = await client.get('/api/machines');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Sets the broker and a station's link as the owner would, and waits until the server has subscribed. */
async function link(owner: Client, companyId: string, stationId: string, body: object) {
  const broker = await owner.put('/api/machines/broker', { url: brokerUrl, username: null });
  expect(broker.statusCode, broker.body).toBe(200);
  const res = await owner.put(`/api/machines/links/${stationId}`, body);
  expect(res.statusCode, res.body).toBe(200);
  await t.app.machineConnections.settled(companyId);
}
const publish = (topic: string, payload: string) => machine.publishAsync(topic, payload, { qos: 1 });

/** A production order of `pieces` bikes in work at SAW. */
async function inWorkAtSaw(pieces: number): Promise<OrderView> {
  const customer = await act(line.admin, await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: pieces }])), 'start-production');
  const production = await orderOf(line.admin, customer.productionOrders[0].id);
  return act(atSaw, production, 'start-work', { stationId: line.stations.saw.id });
}
const openAtSaw = async (client: Client = line.admin): Promise<InterruptionView[]> =>
  (await client.get(`/api/interruptions?open=true&stationId=${line.stations.saw.id}`)).json().data;

describe('machine counts over MQTT', () => {
  it('the worked example: counts reach the order in work and the board, a stop opens an interruption with the mapped reason, running resolves it', async () => {
    const { saw, drill } = line.stations;
    await link(line.superUser, line.companyId, saw.id, {
      topic: topicOf('saw'),
      format: 'json',
      scrapReasonId: reasons.scratched,
      defaultStopReasonId: reasons.tool,
      stopReasons: [{ code: 'E12', reasonId: reasons.material }],
    });
    const order = await inWorkAtSaw(20);

    // Deltas: 5 good, then 3 good and 1 scrap; the same message id again within a minute is a duplicate.
    await publish(topicOf('saw'), '{"good":5,"id":"m-1"}');
    await publish(topicOf('saw'), '{"good":5,"id":"m-1"}');
    await publish(topicOf('saw'), '{"good":3,"scrap":1,"id":"m-2"}');
    await expect.poll(async () => (await orderOf(line.admin, order.id)).quantities?.open, { timeout: 10_000 }).toBe(11);
    const afterDeltas = await orderOf(line.admin, order.id);
    expect(afterDeltas.quantities).toMatchObject({ open: 11, scrap: 1, splitOff: 8, stations: [{ stationId: saw.id, good: 8, scrap: 1, rework: 0 }] });
    const board = (await line.admin.get('/api/orders/station-board')).json() as StationBoard;
    expect(board.columns.flatMap((column) => column.cards).find((card) => card.id === order.id)).toMatchObject({ quantity: 11, ordered: 20 });

    // The reports are the order's own events, by the machine (the link's service actor in the metadata).
    const { rows } = await sql<{ type: string; metadata: { role: string; machine: { stationId: string; topic: string; name: string } } }>`
      select type, metadata from events where stream_id = ${`order-${order.id}`} and type = 'QuantityReported' order by stream_version`.execute(t.app.db);
    expect(rows).toHaveLength(2);
    expect(rows[0].metadata).toMatchObject({ role: 'ADMIN', machine: { stationId: saw.id, topic: topicOf('saw'), name: 'SAW' } });
    // The order's history names the machine as who reported ("Maschine SAW" on the screen).
    const history = (await line.admin.get(`/api/orders/${order.id}/history`)).json() as {
      data: { type: string; who: { machine: string | null; apiKey: string | null } }[];
    };
    expect(history.data.filter((entry) => entry.type === 'QuantityReported').map((entry) => entry.who)).toEqual([
      expect.objectContaining({ machine: 'SAW', apiKey: null }),
      expect.objectContaining({ machine: 'SAW', apiKey: null }),
    ]);
    expect(history.data.find((entry) => entry.type === 'OrderCreated')?.who.machine).toBeNull();

    // A stop with a mapped code: an interruption with that reason, naming the order; a second stop adds none.
    await publish(topicOf('saw'), '{"state":"stopped","code":"E12"}');
    await expect.poll(async () => (await openAtSaw()).length, { timeout: 10_000 }).toBe(1);
    await publish(topicOf('saw'), '{"state":"stopped","code":"E99"}');
    // Running again resolves the interruption the machine opened.
    await publish(topicOf('saw'), '{"state":"running"}');
    await expect.poll(async () => (await openAtSaw()).length, { timeout: 10_000 }).toBe(0);
    const all: InterruptionView[] = (await line.admin.get(`/api/interruptions?stationId=${saw.id}`)).json().data;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ reason: { id: reasons.material, name: 'Material fehlt' }, orderId: order.id, note: `${topicOf('saw')}: E12` });
    expect(all[0].resolvedAt).not.toBeNull();

    // An unmapped code takes the default reason; running resolves it again.
    await publish(topicOf('saw'), '{"state":"stopped","code":"X1"}');
    await expect.poll(async () => (await openAtSaw()).map((i) => i.reason.name), { timeout: 10_000 }).toEqual(['Werkzeugbruch']);
    await publish(topicOf('saw'), '{"state":"running"}');
    await expect.poll(async () => (await openAtSaw()).length, { timeout: 10_000 }).toBe(0);

    // More than open: only the open pieces are reported, and the order moves on to DRILL.
    await publish(topicOf('saw'), '{"good":15}');
    await expect.poll(async () => (await orderOf(line.admin, order.id)).location, { timeout: 10_000 }).toMatchObject({ stage: 'station', stationId: drill.id });
    expect((await orderOf(line.admin, order.id)).quantities?.stations).toEqual([expect.objectContaining({ stationId: saw.id, good: 19, scrap: 1 })]);
  });

  it('a counter: the first total is the baseline, the same again nothing, a reset counts the new total; unreadable payloads are dropped', async () => {
    const { drill } = line.stations;
    const atDrill = await line.signInAt(1, drill.id);
    await link(line.superUser, line.companyId, drill.id, { topic: topicOf('drill'), format: 'counter' });
    const customer = await act(line.admin, await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 30 }])), 'start-production');
    let order = await orderOf(line.admin, customer.productionOrders[0].id);
    order = await act(line.admin, order, 'move-to-station', { toStationId: drill.id });
    order = await act(atDrill, order, 'start-work', { stationId: drill.id });

    await publish(topicOf('drill'), '1000');
    await expect.poll(async () => (await settingsOf(line.superUser)).links.find((l) => l.stationId === drill.id)?.lastCounter, { timeout: 10_000 }).toBe(1000);
    await publish(topicOf('drill'), '1004');
    await publish(topicOf('drill'), '1004');
    await publish(topicOf('drill'), 'not a number');
    await publish(topicOf('drill'), '{"good":3}');
    await publish(topicOf('drill'), '2');
    await expect.poll(async () => (await orderOf(line.admin, order.id)).quantities?.open, { timeout: 10_000 }).toBe(24);
    expect((await settingsOf(line.superUser)).links.find((l) => l.stationId === drill.id)?.lastCounter).toBe(2);
  });

  it("another company's topic never reaches this company; its settings are its own", async () => {
    const { saw } = line.stations;
    const order = await inWorkAtSaw(10);
    const customer = await act(
      other.admin,
      await createOrder(other.admin, orderBody([{ materialId: other.materials.bike, quantity: 10 }])),
      'start-production',
    );
    let foreign = await orderOf(other.admin, customer.productionOrders[0].id);
    foreign = await act(await other.signInAt(0, other.stations.saw.id), foreign, 'start-work', { stationId: other.stations.saw.id });
    await link(other.superUser, other.companyId, other.stations.saw.id, { topic: topicOf('other-saw'), format: 'json' });

    await publish(topicOf('other-saw'), '{"good":4}');
    await expect.poll(async () => (await orderOf(other.admin, foreign.id)).quantities?.open, { timeout: 10_000 }).toBe(6);
    expect((await orderOf(line.admin, order.id)).quantities?.open).toBe(10);

    // The other company sees only its own link; this company's station is not found for it.
    expect((await settingsOf(other.superUser)).links.map((l) => l.topic)).toEqual([topicOf('other-saw')]);
    const foreignLink = await other.superUser.put(`/api/machines/links/${saw.id}`, { topic: topicOf('stolen'), format: 'json' });
    expect(foreignLink.statusCode).toBe(404);
    expect((await other.superUser.delete(`/api/machines/links/${saw.id}`)).statusCode).toBe(404);
    // A reason of another company is not one of this company's.
    const otherReason = await add(other.superUser, 'interruptionReasons', 'Fremd');
    const res = await line.superUser.put(`/api/machines/links/${saw.id}`, {
      topic: topicOf('saw'),
      format: 'json',
      stopReasons: [{ code: 'E1', reasonId: otherReason }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toEqual([{ path: 'stopReasons.0.reasonId', message: 'machines.validation.unknownReason' }]);
  });
});

describe('the settings', () => {
  it('only the owner: administrators and operators 403, without a session 401', async () => {
    for (const client of [line.admin, atSaw, line.operators[1].client]) {
      expect((await client.get('/api/machines')).statusCode).toBe(403);
      expect((await client.put('/api/machines/broker', { url: brokerUrl })).statusCode).toBe(403);
      expect((await client.put(`/api/machines/links/${line.stations.goods.id}`, { topic: topicOf('goods'), format: 'json' })).statusCode).toBe(403);
      expect((await client.delete('/api/machines/broker')).statusCode).toBe(403);
    }
    expect((await clientOf(t).get('/api/machines')).statusCode).toBe(401);
    expect((await clientOf(t).put('/api/machines/broker', { url: brokerUrl })).statusCode).toBe(401);
  });

  it('never answers the password, keeps it when absent, seals it in the table', async () => {
    const set = await other.superUser.put('/api/machines/broker', { url: brokerUrl, username: 'line', password: 'Geheim-123' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.body).not.toContain('Geheim-123');
    expect(set.json().broker).toMatchObject({ url: brokerUrl, username: 'line', hasPassword: true });
    const kept = await other.superUser.put('/api/machines/broker', { url: brokerUrl, username: 'line' });
    expect(kept.json().broker.hasPassword).toBe(true);
    const { rows } = await sql<{ password_sealed: string }>`select password_sealed from machine_brokers where company_id = ${other.companyId}`.execute(
      t.app.db,
    );
    expect(rows[0].password_sealed).not.toContain('Geheim');
    const events = await sql<{ data: unknown }>`select data from events where stream_id = ${`machines-${other.companyId}`}`.execute(t.app.db);
    expect(JSON.stringify(events.rows)).not.toContain('Geheim');
    const cleared = await other.superUser.put('/api/machines/broker', { url: brokerUrl, username: null, password: null });
    expect(cleared.json().broker).toMatchObject({ username: null, hasPassword: false });
  });

  it('bad input answers 400 and changes nothing', async () => {
    const before = await settingsOf(line.superUser);
    const refused = async (path: string, body: object, field: string, message: string) => {
      const res = await line.superUser.put(path, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path: field, message }));
    };
    await refused('/api/machines/broker', { url: 'http://broker.example.com' }, 'url', 'machines.validation.brokerUrl');
    await refused('/api/machines/broker', { url: 'mqtt://user:pw@broker.example.com' }, 'url', 'machines.validation.brokerUrlCredentials');
    await refused('/api/machines/broker', { url: '' }, 'url', 'validation.required');
    const goods = `/api/machines/links/${line.stations.goods.id}`;
    await refused(goods, { topic: 'factory/+/count', format: 'json' }, 'topic', 'machines.validation.topic');
    await refused(goods, { topic: topicOf('saw'), format: 'json' }, 'topic', 'machines.validation.topicTaken');
    await refused(goods, { topic: topicOf('goods'), format: 'xml' }, 'format', 'validation.invalidValue');
    await refused(goods, { topic: topicOf('goods'), format: 'json', scrapReasonId: reasons.material }, 'scrapReasonId', 'machines.validation.unknownReason');
    await refused(
      goods,
      {
        topic: topicOf('goods'),
        format: 'json',
        stopReasons: [
          { code: 'E1', reasonId: reasons.tool },
          { code: 'e1', reasonId: reasons.material },
        ],
      },
      'stopReasons.1.code',
      'machines.validation.codeRepeated',
    );
    expect((await line.superUser.put(`/api/machines/links/${randomUUID()}`, { topic: topicOf('x'), format: 'json' })).statusCode).toBe(404);
    expect((await line.superUser.put('/api/machines/links/not-an-id', { topic: topicOf('x'), format: 'json' })).statusCode).toBe(400);
    expect(await settingsOf(line.superUser)).toEqual(before);
  });

  it('in production a private broker address is refused', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.com' }, { database: t.testDb });
    try {
      const company = await companyWithTeam(production, { companyName: 'Produktiv GmbH' });
      const owner = clientOf(production, company.superUser.token);
      const res = await owner.put('/api/machines/broker', { url: 'mqtt://192.168.1.20:1883' });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body).details).toEqual([{ path: 'url', message: 'machines.validation.privateBroker' }]);
    } finally {
      await production.close();
    }
  });

  it('removing a link and the broker: 204, then 404; the connection ends', async () => {
    expect((await line.superUser.delete(`/api/machines/links/${line.stations.drill.id}`)).statusCode).toBe(204);
    expect((await line.superUser.delete(`/api/machines/links/${line.stations.drill.id}`)).statusCode).toBe(404);
    expect((await line.superUser.delete('/api/machines/broker')).statusCode).toBe(204);
    expect((await line.superUser.delete('/api/machines/broker')).statusCode).toBe(404);
    await t.app.machineConnections.settled(line.companyId);
    const settings = await settingsOf(line.superUser);
    expect(settings.broker).toBeNull();
    expect(settings.links.map((l) => l.stationId)).toEqual([line.stations.saw.id]);
  });
});
