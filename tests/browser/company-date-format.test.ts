import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { companyWithStationLine } from '../support/station-line.js';
import { testPassword, type Client } from '../support/identity.js';
import { holdNotifications } from './hold-notifications.js';

// The company's date format (company screen, advanced settings) outside the console's frame too:
// the station's tablet and the shop-floor display write the delivery date in it, in a German browser.
let app: BrowserApp;
let companyId: string;
let owner: { id: string; token: string; client: Client };
let operator: { id: string; login: string };
let saw: { id: string; name: string };

beforeAll(async () => {
  app = await startBrowserApp();
  const line = await companyWithStationLine(app.testApp, {
    companyName: 'Datumswerk',
    operators: [{ firstName: 'Ida', lastName: 'Lange' }],
    stations: ['SAW'],
    remoteAddress: '10.7.0.1',
  });
  ({ companyId, owner } = line);
  [operator] = line.operators;
  [saw] = line.stations;
  const material = expectOk<{ id: string }>(
    await owner.client.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Welle',
      materialNumber: 'W-1',
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
    }),
    201,
  ).id;
  const order = expectOk<{ id: string; version: number }>(
    await owner.client.post('/api/orders', {
      kind: 'production',
      name: 'Datumswerk',
      street: 'Werkstraße',
      houseNumber: '1',
      zip: '10115',
      place: 'Berlin',
      workInProgress: 'Regal 2',
      deliveryDate: '2099-12-01',
      positions: [{ materialId: material, quantity: 2, netPrice: 10 }],
    }),
    201,
  );
  expectOk(await owner.client.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  const settings = expectOk<Record<string, unknown>>(await owner.client.get('/api/company-account/basic-settings'));
  expectOk(await owner.client.put('/api/company-account/updateBasicSettings', { ...settings, dateFormat: 'YYYY-MM-DD' }));
});

afterAll(async () => {
  await app?.close();
});

async function germanPage(session: Record<string, unknown>, path: string): Promise<Page> {
  const page = await app.newPage({ locale: 'de-DE' });
  await holdNotifications(page);
  await writeSession(page, app, { ...session, company: companyId, expiresAt: Date.now() + 3_600_000 });
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

describe("the company's date format outside the console's frame", () => {
  it('the station screen writes the delivery date in it', async () => {
    const res = await app.testApp.app.inject({
      method: 'POST',
      url: `/api/stations/${saw.id}/login`,
      payload: { username: operator.login, password: testPassword },
      remoteAddress: '10.7.1.1',
    });
    const answer = expectOk<{ access_token: string; userId: string }>(res);
    const tablet = await germanPage({ access_token: answer.access_token, userId: answer.userId, role: 'OPERATOR', station: saw }, `/station/${saw.id}/work`);
    await tablet.getByRole('heading', { level: 1, name: saw.name }).waitFor();
    await tablet
      .getByText(/2099-12-01/)
      .first()
      .waitFor();
    expect(await tablet.getByText(/1\. Dez\. 2099|01\.12\.2099/).count()).toBe(0);
    await expectNoAxeViolations(tablet, '/station/:id/work in the company date format');
  });

  it('the shop-floor display writes the delivery date in it', async () => {
    const display = await germanPage({ access_token: owner.token, userId: owner.id, role: 'SUPER_USER' }, '/order/advertisement');
    await display.getByRole('gridcell', { name: '2099-12-01' }).waitFor();
    expect(await display.getByText(/1\. Dez\. 2099|01\.12\.2099/).count()).toBe(0);
    await expectNoAxeViolations(display, '/order/advertisement in the company date format');
  });
});
