import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { companyWithStationLine } from '../support/station-line.js';
import { type Client } from '../support/identity.js';
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
  const line = await companyWithStationLine(app.testApp, {
    companyName: 'Etiketten',
    operators: [{ firstName: 'Ben', lastName: 'Kurz' }],
    stations: ['SAW'],
    remoteAddress: '10.7.0.1',
  });
  ({ companyId } = line);
  owner = line.owner.client;
  [operator] = line.operators;
  [saw] = line.stations;
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
