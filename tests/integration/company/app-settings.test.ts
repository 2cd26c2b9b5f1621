import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../../support/identity.js';

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: Client;

const bike = {
  type: 'product',
  name: 'City bike',
  materialNumber: 'P-1',
  vat: 19,
  stock: { quantity: 2, unit: 'pcs' },
  attributes: [
    { name: 'Colour', options: ['red', 'blue'] },
    { name: 'Frame', options: ['steel'] },
  ],
  values: [{ name: 'Length', number: 1.75, unit: 'm', minTolerance: 1.7, maxTolerance: 1.8 }],
};
const wheel = {
  type: 'manufacturing_part',
  name: 'Wheel',
  vat: 19,
  stock: { quantity: 8, unit: 'pcs' },
  attributes: [{ name: 'colour', options: ['black'] }],
  values: [
    { name: 'Diameter', number: 28, unit: 'in', minTolerance: 27.5, maxTolerance: 28.5 },
    { name: 'Weight', number: 1.2, unit: 'kg', minTolerance: 1, maxTolerance: 1.4 },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t, { companyName: 'Favoriten GmbH' });
  other = await companyWithTeam(t, { companyName: 'Fremde GmbH' });
  owner = clientOf(t, company.superUser.token);
  for (const material of [bike, wheel]) {
    const res = await clientOf(t, company.admin.token).post('/api/materials', material);
    expect(res.statusCode, res.body).toBe(201);
  }
  const foreign = await clientOf(t, other.admin.token).post('/api/materials', { ...bike, attributes: [{ name: 'Secret', options: ['x'] }] });
  expect(foreign.statusCode, foreign.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const loaded = async (client: Client) => {
  const res = await client.get('/api/company-account/basic-settings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const save = (client: Client, body: object) => client.put('/api/company-account/updateBasicSettings', body);

describe('favourite attributes and values', () => {
  it("offers the attribute and value names in use in the company's own materials, each once, to every user", async () => {
    const res = await clientOf(t, company.operator.token).get('/api/materials/feature-names');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ attributes: ['Colour', 'Frame'], values: ['Diameter', 'Length', 'Weight'] });
    expect((await clientOf(t).get('/api/materials/feature-names')).statusCode).toBe(401);
  });

  it('are none for a new company, and are saved with the settings and read by every user', async () => {
    const before = await loaded(owner);
    expect(before.favourites).toEqual({ attribute1: null, attribute2: null, value1: null, value2: null });
    const favourites = { attribute1: 'Colour', attribute2: null, value1: 'Length', value2: 'Weight' };
    const saved = await save(owner, { ...before, favourites });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ favourites, version: before.version + 1 });
    const display = await clientOf(t, company.operator.token).get('/api/company-account/display');
    expect(display.json().favourites).toEqual(favourites);
    // Another company's settings are its own.
    expect((await clientOf(t, other.operator.token).get('/api/company-account/display')).json().favourites.attribute1).toBeNull();
  });

  it("shows each material's options and values in the list rows, where the favourite columns come from", async () => {
    const res = await clientOf(t, company.operator.token).get('/api/materials?type=product');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      name: 'City bike',
      attributes: bike.attributes,
      values: [{ name: 'Length', number: 1.75, unit: 'm' }],
    });
  });

  it('refuses the same name twice and an overlong name on their fields, and saves nothing', async () => {
    const current = await loaded(owner);
    const twice = await save(owner, { ...current, favourites: { ...current.favourites, value2: 'LENGTH' } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toEqual([expect.objectContaining({ path: 'favourites.value2', message: 'company.validation.sameFavourite' })]);
    const long = await save(owner, { ...current, favourites: { ...current.favourites, attribute2: 'x'.repeat(11) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toEqual([expect.objectContaining({ path: 'favourites.attribute2' })]);
    const wrongType = await save(owner, { ...current, favourites: { ...current.favourites, attribute2: 7 } });
    expect(wrongType.statusCode).toBe(400);
    expect((await loaded(owner)).version).toBe(current.version);
  });

  it('answers 409 to a save made on a stale version, keeping the newer favourites', async () => {
    const current = await loaded(owner);
    expect((await save(owner, { ...current, favourites: { ...current.favourites, attribute2: 'Frame' } })).statusCode).toBe(200);
    const stale = await save(owner, { ...current, favourites: { ...current.favourites, attribute2: null } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT_ERROR');
    expect((await loaded(owner)).favourites.attribute2).toBe('Frame');
  });

  it('may be changed only by the holder of the company settings right', async () => {
    const current = await loaded(owner);
    const body = { ...current, favourites: { ...current.favourites, attribute1: null } };
    expect((await save(clientOf(t, company.admin.token), body)).statusCode).toBe(403);
    expect((await save(clientOf(t, company.operator.token), body)).statusCode).toBe(403);
    expect((await clientOf(t, company.admin.token).get('/api/company-account/basic-settings')).statusCode).toBe(403);
    expect((await loaded(owner)).favourites.attribute1).toBe('Colour');
  });

  it("never reaches another company: its owner's save changes only its own settings", async () => {
    const theirs = await loaded(clientOf(t, other.superUser.token));
    expect(theirs.id).toBe(other.companyId);
    const saved = await save(clientOf(t, other.superUser.token), { ...theirs, favourites: { ...theirs.favourites, attribute1: 'Secret' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await loaded(owner)).favourites.attribute1).toBe('Colour');
  });
});
