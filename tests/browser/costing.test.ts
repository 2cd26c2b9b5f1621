import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCostingView } from '../../src/domain/costing/costing.views.js';
import { runningClock } from '../../src/server/platform/clock.js';
import { expectNoAxeViolations, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { act, createOrder, orderBody, orderLine, clientOf, type OrderLine } from '../integration/orders/support.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Job costing (issue 28, docs/labour-and-costs.md, "Costs"), in German: the supervisor sets the rates on
// the costs screen; two operators clock in at the station tablet, work together on one order with a
// pause, complete it; the supervisor sees both times, the order's actual cost and margin; a rate changed
// afterwards leaves that order's cost as it was.
let app: BrowserApp;
let line: OrderLine;
/** The server's clock: the two operators work ten minutes on the order without the test waiting for them. */
const clock = runningClock();

beforeAll(async () => {
  app = await startBrowserApp({ WORKING_TIME: '0-6 00:00-24:00' }, { clock });
  line = await orderLine(app.testApp);
  // The owner grants the admin the costs right (the rights screen offers it; the admin's screens are the subject here).
  const rights = (await line.superUser.get('/api/team/user-rights')).json() as {
    version: number;
    users: { userId: string; stationIds: string[]; changeRights: string[] }[];
  };
  const users = rights.users.map(({ userId, stationIds, changeRights }) => ({
    userId,
    stationIds,
    changeRights: userId === line.userIds.admin ? [...changeRights, 'costs'] : changeRights,
  }));
  const saved = await line.superUser.put('/api/team/user-rights', { version: rights.version, users });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await app?.close();
});

const saw = () => ({ id: line.stations.saw.id, name: 'SAW' });
const euro = (value: number) => value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function tabletOf(operator: number): Promise<Page> {
  const tablet = await newHeldPage(app, { locale: 'de-DE', hasTouch: true });
  await openStation(tablet, app, { station: saw(), operator: { login: line.operators[operator].login }, companyId: line.companyId });
  await tablet.getByRole('heading', { level: 2, name: 'Meine Arbeitszeit' }).waitFor();
  return tablet;
}

/** Sets a rate through the costs screen's form, as the supervisor would. */
async function setRate(page: Page, kind: string, amount: string, options: { labourFor?: string; target?: { label: string; option: string } } = {}) {
  const form = page.getByRole('form', { name: 'Satz oder Preis festlegen' });
  await form.getByLabel('Art').selectOption({ label: kind });
  if (options.labourFor) await form.getByLabel('Lohnsatz für').selectOption({ label: options.labourFor });
  if (options.target) await form.getByLabel(options.target.label).selectOption({ label: options.target.option });
  await form.getByLabel(/Stundensatz|Preis je Stück/).fill(amount);
  await form.getByRole('button', { name: 'Satz speichern' }).click();
  await page.getByRole('table', { name: 'Festgelegte Sätze und Preise' }).getByRole('cell', { name: amount, exact: true }).first().waitFor();
}

describe('job costing in the console', () => {
  it('rates set on the costs screen cost two operators’ work on one order; the margin shows; a later rate changes nothing', { timeout: 240_000 }, async () => {
    const office = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, '/costs', { locale: 'de-DE' });
    await office.getByRole('heading', { level: 1, name: 'Kosten' }).waitFor();
    await office.getByRole('heading', { level: 3, name: 'Noch keine Sätze' }).waitFor();
    await expectNoAxeViolations(office, '/costs empty (de)');
    await setRate(office, 'Maschinensatz', '60,00', { target: { label: 'Station', option: 'SAW' } });
    await setRate(office, 'Lohnsatz', '40,00', { labourFor: 'Standardsatz' });
    await setRate(office, 'Lohnsatz', '45,00', { labourFor: 'Mitarbeiter', target: { label: 'Mitarbeiter', option: 'Olga Berg' } });
    await setRate(office, 'Einkaufspreis', '80,00', { target: { label: 'Material', option: 'City bike (P-1)' } });
    await expectNoAxeViolations(office, '/costs with rates (de)');

    const olga = await tabletOf(0);
    const jonas = await tabletOf(1);
    for (const tablet of [olga, jonas]) {
      await tablet.getByRole('button', { name: 'Einstempeln' }).click();
      await tablet.getByText(/^Eingestempelt seit/).waitFor();
    }
    let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }], { kind: 'production' }));
    order = await act(line.admin, order, 'start-production');
    const olgaAtSaw = clientOf(
      app.testApp,
      (await olga.evaluate(() => JSON.parse(localStorage.getItem('shopfloor.session') ?? '{}') as { access_token: string })).access_token,
    );
    order = await act(olgaAtSaw, order, 'start-work', { stationId: saw().id });
    const onOrder = (tablet: Page) => tablet.getByRole('list', { name: `Auf Auftrag ${order.orderNumber} eingestempelt` });
    await onOrder(jonas).getByText('Olga Berg: arbeitet').waitFor();
    await jonas.getByRole('button', { name: `An Auftrag ${order.orderNumber} mitarbeiten` }).tap();
    await onOrder(jonas).getByText('Jonas Weber: arbeitet').waitFor();
    await olga.getByRole('button', { name: `Auftrag ${order.orderNumber} pausieren` }).tap();
    const dialog = olga.getByRole('dialog', { name: `Arbeit an Auftrag ${order.orderNumber} pausieren` });
    await dialog.getByRole('button', { name: /Grund/ }).click();
    await olga.getByRole('option', { name: 'Warten auf Material' }).click();
    await dialog.getByRole('button', { name: 'Pausieren', exact: true }).click();
    await onOrder(olga).getByText('Olga Berg: pausiert (Warten auf Material)').waitFor();
    await olga.getByRole('button', { name: `Auftrag ${order.orderNumber} fortsetzen` }).tap();
    await onOrder(olga).getByText('Olga Berg: arbeitet').waitFor();
    clock.advance(10 * 60_000);
    order = await act(olgaAtSaw, order, 'complete-work', { stationId: saw().id });

    // The supervisor: both times on the work-times screen, then the order's costing.
    await office.goto(`${app.baseUrl}/work-times`);
    for (const name of ['Olga Berg', 'Jonas Weber']) {
      await office.getByLabel('Mitarbeiter').selectOption({ label: name });
      await office.getByRole('table', { name: 'Zeit je Auftrag' }).getByRole('rowheader', { name: order.orderNumber }).waitFor();
    }
    const costing = (await line.admin.get(`/api/costs/orders/${order.id}`)).json() as OrderCostingView;
    expect(costing.stations[0].labourSeconds).toBeGreaterThan(0);
    expect(costing.actual.labour).toBeGreaterThan(0);
    expect(costing.complete).toBe(true);
    await office.goto(`${app.baseUrl}/order/details/${order.id}`);
    const panel = office.getByRole('region', { name: 'Kalkulation' });
    await panel
      .getByTestId('costing-actual-total')
      .filter({ hasText: new RegExp(`^${euro(costing.actual.total)}$`) })
      .waitFor();
    await panel
      .getByTestId('costing-margin')
      .filter({ hasText: new RegExp(`^${euro(costing.margin)} `) })
      .waitFor();
    await panel.getByRole('table', { name: 'Je Station' }).getByRole('rowheader', { name: 'SAW' }).waitFor();
    await expectNoAxeViolations(office, '/order/details costing (de)');

    // Olga's rate goes up today: the completed order keeps its cost.
    await office.goto(`${app.baseUrl}/costs`);
    await setRate(office, 'Lohnsatz', '90,00', { labourFor: 'Mitarbeiter', target: { label: 'Mitarbeiter', option: 'Olga Berg' } });
    expect(((await line.admin.get(`/api/costs/orders/${order.id}`)).json() as OrderCostingView).actual).toEqual(costing.actual);
    await office.goto(`${app.baseUrl}/order/details/${order.id}`);
    await office
      .getByRole('region', { name: 'Kalkulation' })
      .getByTestId('costing-actual-total')
      .filter({ hasText: new RegExp(`^${euro(costing.actual.total)}$`) })
      .waitFor();

    // The margins report of today, keyboard only, and its CSV.
    await office.goto(`${app.baseUrl}/costs`);
    const perMaterial = office.getByRole('table', { name: 'Je Material' });
    await perMaterial.getByRole('rowheader', { name: /City bike/ }).waitFor();
    await expectNoAxeViolations(office, '/costs margins (de)');
    const download = office.waitForEvent('download');
    await office.getByRole('button', { name: 'CSV exportieren' }).focus();
    await office.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/^margen-.*\.csv$/);
  });
});
