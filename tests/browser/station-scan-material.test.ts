import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionCompany } from '../../src/server/modules/identity/index.js';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, identityOf, signIn as signInThroughApi, testPassword, type Client } from '../support/identity.js';
import { newHeldPage } from './hold-notifications.js';

// A material label scanned into the station's order-number field: the material's information opens
// in a dialog at the station (number, type, values, the orders of it on this worklist, each of
// which opens that order), keyboard-accessible; an unknown number says so.
let app: BrowserApp;
let companyId: string;
let owner: Client;
let operator: { id: string; login: string };
let saw: { id: string; name: string };
let order: { id: string; orderNumber: string };

beforeAll(async () => {
  app = await startBrowserApp();
  const tag = randomUUID().slice(0, 8);
  const logins = { owner: `owner-${tag}@example.com`, operator: `ben${tag}` };
  const provisioned = await provisionCompany(identityOf(app.testApp), {
    companyName: `Etiketten ${tag}`,
    plan: 'standard',
    trialEndsAt: null,
    users: [
      { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Schmidt', email: logins.owner, password: testPassword },
      { role: 'OPERATOR', firstName: 'Ben', lastName: 'Kurz', username: logins.operator, password: testPassword },
    ],
  });
  companyId = provisioned.companyId;
  const session = await signInThroughApi(app.testApp, logins.owner, testPassword, '10.7.0.1');
  owner = clientOf(app.testApp, session.access_token);
  operator = { id: provisioned.userIds[1], login: logins.operator };
  saw = expectOk(await owner.post('/api/stations', { name: 'SAW' }), 201);
  const sequence = expectOk<{ version: number }>(await owner.get('/api/stations/sequence'));
  expectOk(await owner.put('/api/stations/sequence', { stationIds: [saw.id], startStationId: saw.id, version: sequence.version }));
  expectOk(await owner.put(`/api/users/${operator.id}/station-authorizations`, { stationIds: [saw.id] }));
  const gauge = expectOk<{ id: string }>(
    await owner.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Gauge block',
      materialNumber: 'G-7',
      vat: 19,
      stock: { quantity: 3, unit: 'pcs' },
      values: [{ name: 'Length', number: 100, unit: 'mm', minTolerance: 99.5, maxTolerance: 100.5 }],
    }),
    201,
  ).id;
  // A material whose number contains the other's: only the exact number opens.
  expectOk(
    await owner.post('/api/materials', { type: 'purchasing_part', name: 'Gauge set', materialNumber: 'G-77', vat: 19, stock: { quantity: 0, unit: 'pcs' } }),
    201,
  );
  const created = expectOk<{ id: string; orderNumber: string; version: number }>(
    await owner.post('/api/orders', {
      kind: 'production',
      name: 'Etiketten',
      street: 'Werkstraße',
      houseNumber: '1',
      zip: '10115',
      place: 'Berlin',
      workInProgress: 'Rack 2',
      positions: [{ materialId: gauge, quantity: 2, netPrice: 10 }],
    }),
    201,
  );
  expectOk(await owner.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
  order = created;
});

afterAll(async () => {
  await app?.close();
});

describe('a material label scanned at the station', () => {
  it("opens the material's information without leaving the station, and from it the material's order; an unknown number says so", async () => {
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator, companyId, remoteAddress: '10.7.1.1' });
    const scan = tablet.getByRole('textbox', { name: 'Order number' });

    // A scanner types the number and Enter.
    await scan.fill('G-7');
    await scan.press('Enter');
    const dialog = tablet.getByRole('dialog', { name: 'Material G-7: Gauge block' });
    await dialog.waitFor();
    await dialog.getByText('Manufacturing part').waitFor();
    await dialog.getByText('3 pcs').waitFor();
    await dialog.getByText('Length: 100 mm (allowed 99.5 to 100.5)').waitFor();
    await dialog.getByRole('heading', { name: 'Orders of this material at this station' }).waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work with a scanned material');
    expect(new URL(tablet.url()).pathname).toBe(`/station/${saw.id}/work`);

    // Keyboard: Escape closes it, the field keeps working.
    await tablet.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await scan.fill('G-7');
    await scan.press('Enter');
    await dialog.getByRole('button', { name: `Open order ${order.orderNumber}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();

    // Neither an order nor a material: said at the field.
    await scan.fill('G-0');
    await scan.press('Enter');
    await tablet.getByText('There is no order or material with the number G-0.').waitFor();
    expect(await tablet.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(tablet, '/station/:id/work with an unknown number');
  });
});
