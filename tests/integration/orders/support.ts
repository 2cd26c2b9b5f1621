import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import { provisionCompany } from '../../../src/server/modules/identity/index.js';
import type { TestApp } from '../../support/app.js';
import { clientOf, identityOf, signIn, testPassword, type Client } from '../../support/identity.js';
import { createStation, saveSequence, type CreatedStation } from '../stations/stations-support.js';

export { clientOf, type Client };

/** The error of an error answer. */
export const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string; details: { path: string; message: string; params?: Record<string, unknown> }[] } }).error;

/** A valid order form for `kind`; tests override what they examine. */
export const orderBody = (
  positions: { materialId: string; quantity: number; netPrice?: number; useInventory?: boolean }[],
  overrides: Record<string, unknown> = {},
) => ({
  kind: 'customer',
  name: 'Fahrradhaus Berg',
  street: 'Hauptstraße',
  houseNumber: '12a',
  zip: '80331',
  place: 'München',
  workInProgress: 'Regal 3',
  deliveryDate: '2099-12-01',
  positions: positions.map((p) => ({ netPrice: 100, ...p })),
  ...overrides,
});

/** A company with a production line: materials, three stations, a saved sequence and two operators signed in. */
export interface OrderLine {
  companyId: string;
  admin: Client;
  /** The administrator's bearer token (for the live feed). */
  adminToken: string;
  superUser: Client;
  /** User ids of the super user and the administrator (both sign in by email). */
  userIds: { superUser: string; admin: string };
  /** Tokens of the two operators, without a station session. */
  operators: { id: string; login: string; client: Client }[];
  materials: { bike: string; wheel: string; screw: string };
  /** SAW and DRILL form the saved sequence (SAW is the start station); GOODS checks in incoming goods. */
  stations: { saw: CreatedStation; drill: CreatedStation; goods: CreatedStation };
  /** Signs an operator in at a station (station login) and answers a client with that session. */
  signInAt(operator: number, stationId: string): Promise<Client>;
}

let addresses = 0;

/**
 * A company with its own production line, made through the API: materials, stations, the saved
 * sequence, two operators authorised at every station.
 */
export async function orderLine(t: TestApp): Promise<OrderLine> {
  const tag = randomUUID().slice(0, 8);
  const logins = { superUser: `owner-${tag}@example.com`, admin: `admin-${tag}@example.com`, op1: `op1${tag}`, op2: `op2${tag}` };
  const { companyId, userIds } = await provisionCompany(identityOf(t), {
    companyName: `Metallbau ${tag}`,
    plan: 'standard',
    trialEndsAt: null,
    users: [
      { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Schmidt', email: logins.superUser, password: testPassword },
      { role: 'ADMIN', firstName: 'Ali', lastName: 'Demir', email: logins.admin, password: testPassword },
      { role: 'OPERATOR', firstName: 'Olga', lastName: 'Berg', username: logins.op1, password: testPassword },
      { role: 'OPERATOR', firstName: 'Jonas', lastName: 'Weber', username: logins.op2, password: testPassword },
    ],
  });
  const tokenOf = async (login: string) => (await signIn(t, login, testPassword)).access_token;
  const adminToken = await tokenOf(logins.admin);
  const admin = clientOf(t, adminToken);
  const superUser = clientOf(t, await tokenOf(logins.superUser));
  const operators = [
    { id: userIds[2], login: logins.op1, client: clientOf(t, await tokenOf(logins.op1)) },
    { id: userIds[3], login: logins.op2, client: clientOf(t, await tokenOf(logins.op2)) },
  ];

  const material = async (body: object) => {
    const res = await admin.post('/api/materials', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const bike = await material({ type: 'product', name: 'City bike', materialNumber: 'P-1', vat: 19, stock: { quantity: 0, unit: 'pcs' } });
  const wheel = await material({ type: 'manufacturing_part', name: 'Wheel', materialNumber: 'F-2', vat: 19, stock: { quantity: 10, unit: 'pcs' } });
  const screw = await material({ type: 'purchasing_part', name: 'Screw M5', materialNumber: 'K-3', vat: 19, stock: { quantity: 500, unit: 'pcs' } });

  const saw = await createStation(admin, 'SAW');
  const drill = await createStation(admin, 'DRILL');
  const goods = await createStation(admin, 'GOODS', { incomingGoodsCheckIn: true });
  await saveSequence(admin, [saw.id, drill.id], saw.id);
  for (const operator of operators) {
    // The owner grants stations: an admin's default change rights leave out the team.
    const res = await superUser.put(`/api/users/${operator.id}/station-authorizations`, { stationIds: [saw.id, drill.id, goods.id] });
    expect(res.statusCode, res.body).toBe(200);
  }

  return {
    companyId,
    admin,
    adminToken,
    superUser,
    userIds: { superUser: userIds[0], admin: userIds[1] },
    operators,
    materials: { bike, wheel, screw },
    stations: { saw, drill, goods },
    async signInAt(operator, stationId) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/stations/${stationId}/login`,
        payload: { username: operators[operator].login, password: testPassword },
        remoteAddress: `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return clientOf(t, res.json().access_token);
    },
  };
}

/** Creates an order through the API and answers its view; fails the test when refused. */
export async function createOrder(client: Client, body: object): Promise<OrderView> {
  const res = await client.post('/api/orders', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Runs an action on the order's current version; fails the test when refused. */
export async function act(client: Client, order: { id: string; version: number }, action: string, body: object = {}): Promise<OrderView> {
  const res = await client.post(`/api/orders/${order.id}/${action}`, { version: order.version, ...body });
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json();
}

/** The order as it is now. */
export async function orderOf(client: Client, orderId: string): Promise<OrderView> {
  const res = await client.get(`/api/orders/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The stock of a material now. */
export async function stockOf(client: Client, materialId: string): Promise<number> {
  const res = await client.get(`/api/materials/${materialId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stock.quantity as number;
}
