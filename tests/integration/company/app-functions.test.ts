import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../../support/identity.js';
import { orderBody, orderLine } from '../orders/support.js';

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t, { companyName: 'Funktionen GmbH' });
  other = await companyWithTeam(t, { companyName: 'Andere GmbH' });
  owner = clientOf(t, company.superUser.token);
});
afterAll(async () => {
  await t?.close();
});

async function switchFunctions(client: Client, functions: Record<string, boolean>) {
  const current = (await client.get('/api/company-account/basic-settings')).json();
  const saved = await client.put('/api/company-account/updateBasicSettings', { ...current, functions: { ...current.functions, ...functions } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

const absences = '/api/team/absences?from=2026-01-01&to=2026-01-31';

describe('app functions', () => {
  it('are all on for a new company, and every user reads them with the display settings', async () => {
    const everyOn = { shopFloorDisplay: true, stationScanning: true, vacations: true, keyFigures: true };
    expect((await owner.get('/api/company-account/basic-settings')).json().functions).toEqual(everyOn);
    const display = await clientOf(t, company.operator.token).get('/api/company-account/display');
    expect(display.statusCode).toBe(200);
    expect(display.json().functions).toEqual(everyOn);
  });

  it('switched off, the routes of the function answer 404 for that company only; switched on, they answer again', async () => {
    const admin = clientOf(t, company.admin.token);
    expect((await admin.get(absences)).statusCode).toBe(200);
    expect((await admin.get('/api/orders/advertisement')).statusCode).toBe(200);

    const saved = await switchFunctions(owner, { vacations: false, shopFloorDisplay: false });
    expect(saved.functions).toMatchObject({ vacations: false, shopFloorDisplay: false, stationScanning: true, keyFigures: true });
    expect((await clientOf(t, company.operator.token).get('/api/company-account/display')).json().functions.vacations).toBe(false);

    const off = await admin.get(absences);
    expect(off.statusCode).toBe(404);
    expect(off.json().error.code).toBe('NOT_FOUND');
    expect((await admin.get('/api/orders/advertisement')).statusCode).toBe(404);
    expect((await admin.put('/api/orders/advertisement', { comment: 'Hello' })).statusCode).toBe(404);
    const booking = { from: '2026-02-02', to: '2026-02-03', reasonId: '00000000-0000-4000-8000-000000000001' };
    expect((await admin.post(`/api/team/employees/${company.operator.id}/absences`, booking)).json().error.code).toBe('NOT_FOUND');
    // The switch is asked before the body is read: a malformed booking learns nothing of the schema.
    expect((await admin.post(`/api/team/employees/${company.operator.id}/absences`, { from: 'soon' })).statusCode).toBe(404);
    // Another company keeps its functions.
    expect((await clientOf(t, other.admin.token).get(absences)).statusCode).toBe(200);

    await switchFunctions(owner, { vacations: true, shopFloorDisplay: true });
    expect((await admin.get(absences)).statusCode).toBe(200);
    expect((await admin.get('/api/orders/advertisement')).statusCode).toBe(200);
  });

  it('keeps the role checks of the route: a wrong role is refused before the function is asked', async () => {
    expect((await clientOf(t, company.operator.token).get(absences)).statusCode).toBe(403);
    expect((await clientOf(t).get(absences)).statusCode).toBe(401);
  });

  it('survive a save that leaves them out (the customer edit of the operator, an older client)', async () => {
    await switchFunctions(owner, { keyFigures: false });
    const current = (await owner.get('/api/company-account/basic-settings')).json();
    const { functions: _left, ...withoutFunctions } = current;
    const saved = await owner.put('/api/company-account/updateBasicSettings', withoutFunctions);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().functions.keyFigures).toBe(false);
    await switchFunctions(owner, { keyFigures: true });
  });

  it('refuses a switch that is not a yes or no, and saves nothing', async () => {
    const current = (await owner.get('/api/company-account/basic-settings')).json();
    const bad = await owner.put('/api/company-account/updateBasicSettings', { ...current, functions: { ...current.functions, vacations: 'off' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: 'functions.vacations' })]);
    expect((await owner.get('/api/company-account/basic-settings')).json().version).toBe(current.version);
  });

  it('may be switched only by the holder of the company settings right', async () => {
    const current = (await owner.get('/api/company-account/basic-settings')).json();
    const byAdmin = await clientOf(t, company.admin.token).put('/api/company-account/updateBasicSettings', {
      ...current,
      functions: { ...current.functions, vacations: false },
    });
    expect(byAdmin.statusCode).toBe(403);
    const byOperator = await clientOf(t, company.operator.token).put('/api/company-account/updateBasicSettings', {
      ...current,
      functions: { ...current.functions, vacations: false },
    });
    expect(byOperator.statusCode).toBe(403);
    expect((await owner.get('/api/company-account/basic-settings')).json().functions.vacations).toBe(true);
  });
});

describe('station scanning', () => {
  it('switched off, an order is no longer opened by its (scanned) number; switched on, it is again', async () => {
    const line = await orderLine(t);
    const created = await line.admin.post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    expect(created.statusCode, created.body).toBe(201);
    const byNumber = `/api/orders/by-number/${created.json().orderNumber}`;
    expect((await line.admin.get(byNumber)).statusCode).toBe(200);

    await switchFunctions(line.superUser, { stationScanning: false });
    const off = await line.admin.get(byNumber);
    expect(off.statusCode).toBe(404);
    expect(off.json().error.code).toBe('NOT_FOUND');
    // The order itself stays readable by its id.
    expect((await line.admin.get(`/api/orders/${created.json().id}`)).statusCode).toBe(200);

    await switchFunctions(line.superUser, { stationScanning: true });
    expect((await line.admin.get(byNumber)).statusCode).toBe(200);
  });
});
