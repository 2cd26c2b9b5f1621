import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientList, ClientView } from '../../../src/domain/clients/clients.views.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../../support/identity.js';

// The customer directory (/api/clients): a company's own list of customers, picked in order and shipment forms.
let t: TestApp;
let shop: TestCompany;
let other: TestCompany;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  shop = await companyWithTeam(t);
  other = await companyWithTeam(t);
  admin = clientOf(t, shop.admin.token);
});
afterAll(async () => {
  await t?.close();
});

const velo = {
  name: 'Velo Süd GmbH',
  contactPerson: 'Jana Roth',
  email: 'einkauf@velo-sued.example',
  phone: '+49 89 123456',
  deliveryAddress: { street: 'Hauptstraße', houseNumber: '12a', zip: '80331', place: 'München', country: 'Deutschland' },
};

async function add(client: Client, body: object): Promise<ClientView> {
  const res = await client.post('/api/clients', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const count = async (client: Client) => ((await client.get('/api/clients')).json() as ClientList).data.length;

describe('customer directory', () => {
  it('adds, lists, finds, changes on its version and removes a client, recording each write', async () => {
    const created = await add(admin, velo);
    expect(created).toMatchObject({ ...velo, version: 1, billingAddress: { street: '', place: '' } });
    expect(((await admin.get('/api/clients?q=roth')).json() as ClientList).data.map((one) => one.id)).toEqual([created.id]);
    expect((await admin.get(`/api/clients/${created.id}`)).json()).toEqual(created);
    const changed = await admin.put(`/api/clients/${created.id}`, { ...velo, phone: '+49 89 999', version: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ phone: '+49 89 999', version: 2 });
    const events = await t.app.db.selectFrom('events').select('type').where('stream_id', '=', `client-${created.id}`).orderBy('stream_version').execute();
    expect(events.map((event) => event.type)).toEqual(['ClientAdded', 'ClientChanged']);
    expect((await admin.delete(`/api/clients/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/clients/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field, and saves nothing', async () => {
    const before = await count(admin);
    for (const [body, path] of [
      [{ ...velo, name: '' }, 'name'],
      [{ ...velo, name: 'x'.repeat(51) }, 'name'],
      [{ ...velo, email: 'not-an-address' }, 'email'],
      [{ ...velo, phone: 'call me' }, 'phone'],
      [{ ...velo, deliveryAddress: { zip: '12345678901' } }, 'deliveryAddress.zip'],
    ] as const) {
      const res = await admin.post('/api/clients', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect((await admin.get('/api/clients/not-an-id')).statusCode).toBe(400);
    expect(await count(admin)).toBe(before);
  });

  it('answers a second client of the same name (any case) with DUPLICATE_VALUES and a stale edit with 409', async () => {
    const first = await add(admin, { name: 'Rad & Tat' });
    const twin = await admin.post('/api/clients', { name: ' rad & tat ' });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().error.code).toBe('DUPLICATE_VALUES');
    expect((await admin.put(`/api/clients/${first.id}`, { name: 'Rad & Tat KG', version: 1 })).statusCode).toBe(200);
    const stale = await admin.put(`/api/clients/${first.id}`, { name: 'Rad und Tat', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT_ERROR');
    expect((await admin.get(`/api/clients/${first.id}`)).json().name).toBe('Rad & Tat KG');
  });

  it('lets operators read but not write, and refuses callers without a token', async () => {
    const operator = clientOf(t, shop.operator.token);
    expect((await operator.get('/api/clients')).statusCode).toBe(200);
    expect((await operator.post('/api/clients', { name: 'Nope' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
  });

  it("never shows or changes another company's client", async () => {
    const foreign = await add(clientOf(t, other.admin.token), { name: 'Fremdkunde' });
    expect(((await admin.get('/api/clients')).json() as ClientList).data.map((one) => one.name)).not.toContain('Fremdkunde');
    expect((await admin.get(`/api/clients/${foreign.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/clients/${foreign.id}`, { name: 'Gekapert', version: 1 })).statusCode).toBe(404);
    expect((await admin.delete(`/api/clients/${foreign.id}`)).statusCode).toBe(404);
    expect((await clientOf(t, other.admin.token).get(`/api/clients/${foreign.id}`)).json().name).toBe('Fremdkunde');
  });
});
