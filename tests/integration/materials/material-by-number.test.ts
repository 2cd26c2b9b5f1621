import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, create, masterWithoutCompany, materialsTestApp, product, type Client, type TestCompany } from './support.js';

// The station's material lookup: a scanned label's number opens that material (GET /api/materials/by-number/{number}).
let t: TestApp;
let company: TestCompany;
let admin: Client;
let operator: Client;
let materialId = '';

beforeAll(async () => {
  t = await materialsTestApp();
  company = await companyWithTeam(t, { companyName: 'Scanner GmbH' });
  admin = clientOf(t, company.admin.token);
  operator = clientOf(t, company.operator.token);
  materialId = (await create(admin, product({ name: 'Frame', materialNumber: 'F-100' }))).id;
  // Numbers that merely contain the scanned one are not it.
  await create(admin, product({ name: 'Frame long', materialNumber: 'F-1000' }));
  await create(admin, product({ name: 'Another F-100', materialNumber: 'X-F-100' }));
});
afterAll(async () => {
  await t?.close();
});

async function switchScanning(on: boolean) {
  const owner = clientOf(t, company.superUser.token);
  const current = (await owner.get('/api/company-account/basic-settings')).json();
  const saved = await owner.put('/api/company-account/updateBasicSettings', { ...current, functions: { ...current.functions, stationScanning: on } });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('GET /api/materials/by-number/{number}', () => {
  it('answers the material of exactly that number to an operator (any case, blanks trimmed)', async () => {
    const res = await operator.get('/api/materials/by-number/F-100');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: materialId, name: 'Frame', materialNumber: 'F-100', manufacturingSteps: [] });
    expect((await operator.get('/api/materials/by-number/f-100%20')).json().id).toBe(materialId);
  });

  it('answers 404 MATERIAL_NOT_FOUND for an unknown number and for another company’s', async () => {
    const unknown = await operator.get('/api/materials/by-number/F-10');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('MATERIAL_NOT_FOUND');
    const rival = await companyWithTeam(t, { companyName: 'Fremd Scanner' });
    const foreign = await clientOf(t, rival.operator.token).get('/api/materials/by-number/F-100');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('MATERIAL_NOT_FOUND');
  });

  it('refuses a number longer than a material number may be (400) and hostile bytes (4xx), and a master without a company (403)', async () => {
    expect((await operator.get(`/api/materials/by-number/${'9'.repeat(51)}`)).statusCode).toBe(400);
    // Hostile bytes answer 4xx, never 5xx.
    for (const hostile of ['%00', '%C0%AF', '%25', '..%2F..%2Fetc', "'%20or%201%3D1--"]) {
      const res = await operator.get(`/api/materials/by-number/${hostile}`);
      expect(res.statusCode, hostile).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, hostile).toBeLessThan(500);
    }
    const master = clientOf(t, await masterWithoutCompany(t));
    expect((await master.get('/api/materials/by-number/F-100')).statusCode).toBe(403);
    expect((await clientOf(t).get('/api/materials/by-number/F-100')).statusCode).toBe(401);
  });

  it('answers 404 NOT_FOUND while the company has station scanning switched off', async () => {
    await switchScanning(false);
    try {
      const off = await operator.get('/api/materials/by-number/F-100');
      expect(off.statusCode).toBe(404);
      expect(off.json().error.code).toBe('NOT_FOUND');
      // The material itself stays readable by its id.
      expect((await operator.get(`/api/materials/${materialId}`)).statusCode).toBe(200);
    } finally {
      await switchScanning(true);
    }
    expect((await operator.get('/api/materials/by-number/F-100')).statusCode).toBe(200);
  });
});
