import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { companyWithStationLine } from '../support/station-line.js';
import { clientOf, type Client } from '../support/identity.js';
import { holdNotifications, newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Measured values at the station in the browser: the owner sets in the station form which values a
// station checks; the operator opens the order by scanning its number, measures, sees a value
// outside tolerance at once, completes with a reason (asked for a value not measured too); the
// quality flag shows on the order list.
let app: BrowserApp;
let companyId: string;
let owner: { id: string; token: string; client: Client };
let operator: { id: string; login: string };
let saw: { id: string; name: string };
let gauge: string;

beforeAll(async () => {
  app = await startBrowserApp();
  const line = await companyWithStationLine(app.testApp, {
    companyName: 'Messtechnik',
    operators: [{ firstName: 'Mia', lastName: 'Lange' }],
    stations: ['SAW'],
    remoteAddress: '10.6.0.1',
  });
  ({ companyId, owner } = line);
  [operator] = line.operators;
  [saw] = line.stations;
  gauge = expectOk<{ id: string }>(
    await owner.client.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Gauge block',
      materialNumber: 'G-7',
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
      values: [
        { name: 'Length', number: 100, unit: 'mm', minTolerance: 99.5, maxTolerance: 100.5 },
        { name: 'Weight', number: 2, unit: 'kg', minTolerance: 1.9, maxTolerance: 2.1 },
      ],
    }),
    201,
  ).id;
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });

/** A production order of the gauge block, started: it waits at SAW. */
async function gaugeOrderAtSaw(workInProgress: string, quantity: number): Promise<{ id: string; orderNumber: string; version: number }> {
  const order = expectOk<{ id: string; orderNumber: string; version: number }>(
    await owner.client.post('/api/orders', {
      kind: 'production',
      name: 'Messtechnik',
      street: 'Werkstraße',
      houseNumber: '1',
      zip: '10115',
      place: 'Berlin',
      workInProgress,
      positions: [{ materialId: gauge, quantity, netPrice: 10 }],
    }),
    201,
  );
  return expectOk(await owner.client.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
}

describe('measured values at the station', () => {
  it('the owner sets the values a station checks; the operator measures, sees outside tolerance, completes with a reason; the list shows the flag', async () => {
    // The station form: SAW checks the value Length of the order's material.
    const form = await openHeldPageAs(app, owner, 'SUPER_USER', companyId, '/station');
    await form.getByRole('link', { name: 'Edit SAW' }).click();
    await heading(form, 'Edit production station').waitFor();
    await form.getByRole('button', { name: /Checks values$/ }).click();
    await form.getByRole('option', { name: 'Only the values named' }).click();
    const names = form.getByRole('textbox', { name: 'Value names' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Name at least one value.').waitFor();
    await expectNoAxeViolations(form, '/station/edit-production-station with value checks');
    await names.fill('Length, length');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Each value name only once.').waitFor();
    await names.fill('Length');
    await form.getByRole('button', { name: 'Save' }).click();
    await notification(form, 'Station SAW was saved.').waitFor();
    const saved = expectOk<{ valueChecks: object }>(await owner.client.get(`/api/stations/${saw.id}`));
    expect(saved.valueChecks).toEqual({ mode: 'named', names: ['Length'] });

    // A production order of the gauge block, started: it waits at SAW.
    const order = await gaugeOrderAtSaw('Rack 2', 2);

    // The operator scans the order number (a scanner types it and Enter), which opens the order.
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator, companyId });
    const scan = tablet.getByRole('textbox', { name: 'Order number' });
    await scan.fill(order.orderNumber);
    await scan.press('Enter');
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
    await tablet.getByRole('heading', { level: 4, name: 'Measured values' }).waitFor();
    await tablet.getByText('Start the work to enter measured values.').waitFor();
    // Only the value SAW checks is asked.
    expect(await tablet.getByRole('textbox', { name: 'Weight (kg)' }).count()).toBe(0);
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await tablet.getByText(/^In work here since/).waitFor();

    // Completing before the checked value is measured asks for a reason too, naming the value.
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    const missing = tablet.getByRole('dialog', { name: `Complete order ${order.orderNumber} without all values` });
    await missing.getByText('These checked values were not measured: Length.').waitFor();
    await missing.getByRole('button', { name: 'Complete with this reason' }).click();
    await missing.getByText('Values not measured (Length): say why the work is completed anyway.').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work with a value not measured');
    await missing.getByRole('button', { name: 'Cancel' }).click();
    await missing.waitFor({ state: 'detached' });

    const length = tablet.getByRole('textbox', { name: 'Length (mm)' });
    await length.fill('100.7');
    await length.press('Tab');
    // Outside tolerance shows once the value is entered, before anything is saved.
    const measureForm = tablet.getByRole('form', { name: 'Measure Length' });
    await measureForm.getByText('Outside tolerance').waitFor();
    await measureForm.getByRole('button', { name: 'Save value' }).click();
    await tablet.getByText(/^Measured: 100\.7 mm at/).waitFor();
    await tablet.locator('.station-current .order-title').getByText('Outside tolerance').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work with a value outside tolerance');

    // Completing asks for a reason; without one it is not sent.
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    const dialog = tablet.getByRole('dialog');
    await dialog.getByText('These values lie outside tolerance: Length.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Complete with this reason' }).click();
    await dialog.getByText('Values outside tolerance (Length): say why the work is completed anyway.').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work asking for a reason');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer accepts 100.7 mm');
    await dialog.getByRole('button', { name: 'Complete with this reason' }).click();
    await notification(tablet, `Order ${order.orderNumber} completed at the last station: production is finished.`).waitFor();

    const history = (await owner.client.get(`/api/orders/${order.id}/history`)).json().data as { type: string }[];
    expect(history.map((entry) => entry.type)).toEqual(expect.arrayContaining(['ValueMeasured', 'QualityFailureAccepted', 'WorkCompleted']));

    // The order list shows the flag.
    const list = await openHeldPageAs(app, owner, 'SUPER_USER', companyId, '/order?kind=production');
    const row = list.getByRole('row').filter({ has: list.getByRole('rowheader', { name: order.orderNumber }) });
    await row.getByText('Outside tolerance').waitFor();
    await expectNoAxeViolations(list, '/order?kind=production with the quality flag');

    // The history replays the measurement and the reason.
    await list.goto(`${app.baseUrl}/order/history/${order.id}`);
    await list.getByText('Length: 100.7 mm at SAW, outside 99.5 to 100.5').waitFor();
    await list.getByText('Completed outside tolerance (Length): Customer accepts 100.7 mm').waitFor();

    // The order's details show the flag and what was measured.
    await list.goto(`${app.baseUrl}/order/details/${order.id}`);
    await list.getByRole('heading', { level: 2, name: 'Measured values' }).waitFor();
    const measured = list
      .getByRole('grid', { name: 'Measured values' })
      .getByRole('row')
      .filter({ has: list.getByRole('rowheader', { name: 'Length' }) });
    await measured.getByText('100.7 mm').waitFor();
    await measured.getByText('Outside tolerance').waitFor();
    await list.locator('.order-title').getByText('Outside tolerance').waitFor();
    await expectNoAxeViolations(list, '/order/details with measured values');
  });

  it('on a touch tablet the first tap on "Wert speichern" saves the value still in the field (de)', async () => {
    const station = expectOk<Record<string, unknown>>(await owner.client.get(`/api/stations/${saw.id}`));
    expectOk(await owner.client.put(`/api/stations/${saw.id}`, { ...station, valueChecks: { mode: 'named', names: ['Length'] } }));
    const order = await gaugeOrderAtSaw('Rack 3', 1);

    const context = await app.browser.newContext({
      baseURL: app.baseUrl,
      locale: 'de-DE',
      hasTouch: true,
      isMobile: true,
      viewport: { width: 1024, height: 768 },
    });
    const tablet = await context.newPage();
    await holdNotifications(tablet);
    const session = await openStation(tablet, app, { station: saw, operator, companyId });
    expectOk(await clientOf(app.testApp, session.access_token).post(`/api/orders/${order.id}/start-work`, { version: order.version, stationId: saw.id }));
    const scan = tablet.getByRole('textbox', { name: 'Auftragsnummer' });
    await scan.fill(order.orderNumber);
    await scan.press('Enter');
    await tablet.getByText(/^Hier in Arbeit seit/).waitFor();

    const measureForm = tablet.getByRole('form', { name: 'Length messen' });
    const length = measureForm.getByRole('textbox', { name: 'Length (mm)' });
    await length.tap();
    await tablet.keyboard.type('100,2');
    // The value is still in the focused field: the first tap saves it.
    await measureForm.getByRole('button', { name: 'Wert speichern' }).tap();
    await tablet.getByText(/^Gemessen: 100,2 mm um/).waitFor();
    const measured = expectOk<{ measurements: { valueName: string; measured: number }[] }>(await owner.client.get(`/api/orders/${order.id}`)).measurements;
    expect(measured).toEqual([expect.objectContaining({ valueName: 'Length', measured: 100.2 })]);
    await expectNoAxeViolations(tablet, '/station/:id/work after a tapped save (de, touch)');
    await context.close();
  });
});
