import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { act, createOrder, orderBody, orderLine, clientOf, type OrderLine } from '../integration/orders/support.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Labour time (issue 28, docs/labour-and-costs.md), in German: two operators clock in at the station
// tablet, work together on one order with a pause, complete it; the supervisor sees both times.
let app: BrowserApp;
let line: OrderLine;

beforeAll(async () => {
  // Working time around the clock: no working day ends while the test runs, whatever the hour.
  app = await startBrowserApp({ WORKING_TIME: '0-6 00:00-24:00' });
  line = await orderLine(app.testApp);
});

afterAll(async () => {
  await app?.close();
});

const saw = () => ({ id: line.stations.saw.id, name: 'SAW' });

async function tabletOf(operator: number): Promise<Page> {
  const tablet = await newHeldPage(app, { locale: 'de-DE', hasTouch: true });
  await openStation(tablet, app, { station: saw(), operator: { login: line.operators[operator].login }, companyId: line.companyId });
  await tablet.getByRole('heading', { level: 2, name: 'Meine Arbeitszeit' }).waitFor();
  return tablet;
}

describe('labour time at the station and in the console', () => {
  it('two operators clock in, work together on one order with a pause, complete; the supervisor sees both times', { timeout: 240_000 }, async () => {
    const olga = await tabletOf(0);
    const jonas = await tabletOf(1);
    for (const tablet of [olga, jonas]) {
      await tablet.getByText('Nicht eingestempelt.').waitFor();
      await tablet.getByRole('button', { name: 'Einstempeln' }).click();
      await tablet.getByText(/^Eingestempelt seit/).waitFor();
    }
    await expectNoAxeViolations(olga, '/station/:id/work clocked in (de)');

    // Olga starts the work at SAW (her station session, as the worklist's Start does): she is clocked onto it.
    let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }], { kind: 'production' }));
    order = await act(line.admin, order, 'start-production');
    const olgaAtSaw = clientOf(
      app.testApp,
      (await olga.evaluate(() => JSON.parse(localStorage.getItem('shopfloor.session') ?? '{}') as { access_token: string })).access_token,
    );
    order = await act(olgaAtSaw, order, 'start-work', { stationId: saw().id });

    const onOrder = (tablet: Page) => tablet.getByRole('list', { name: `Auf Auftrag ${order.orderNumber} eingestempelt` });
    await onOrder(jonas).getByText('Olga Berg: arbeitet').waitFor();
    await jonas.getByRole('button', { name: `An Auftrag ${order.orderNumber} mitarbeiten` }).click();
    await onOrder(jonas).getByText('Jonas Weber: arbeitet').waitFor();

    // Olga pauses with a reason, then resumes.
    await olga.getByRole('button', { name: `Auftrag ${order.orderNumber} pausieren` }).click();
    const dialog = olga.getByRole('dialog', { name: `Arbeit an Auftrag ${order.orderNumber} pausieren` });
    await dialog.getByRole('button', { name: /Grund/ }).click();
    await olga.getByRole('option', { name: 'Warten auf Material' }).click();
    await expectNoAxeViolations(olga, 'pause dialog (de)');
    await dialog.getByRole('button', { name: 'Pausieren', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await onOrder(olga).getByText('Olga Berg: pausiert (Warten auf Material)').waitFor();
    await olga.getByRole('button', { name: `Auftrag ${order.orderNumber} fortsetzen` }).click();
    await onOrder(olga).getByText('Olga Berg: arbeitet').waitFor();

    // The supervisor sees both of them in, on the order.
    const office = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, '/work-times', { locale: 'de-DE' });
    await office.getByRole('heading', { level: 1, name: 'Arbeitszeiten' }).waitFor();
    const present = office.getByRole('region', { name: 'Wer ist da' });
    await present.getByText('Olga Berg').waitFor();
    await present.getByText('Jonas Weber').waitFor();

    // Completed: both are off the order; the supervisor reads each one's time on it.
    order = await act(olgaAtSaw, order, 'complete-work', { stationId: saw().id });
    await olga.getByText('An dieser Station ist kein Auftrag in Arbeit. Starten Sie einen in der Arbeitsliste.').waitFor();
    for (const name of ['Olga Berg', 'Jonas Weber']) {
      await office.getByLabel('Mitarbeiter').selectOption({ label: name });
      const perOrder = office.getByRole('table', { name: 'Zeit je Auftrag' });
      await perOrder.getByRole('rowheader', { name: order.orderNumber }).waitFor();
      expect(await perOrder.getByRole('row').filter({ hasText: order.orderNumber }).getByRole('cell').first().textContent()).toBe('SAW');
      await office.getByRole('table', { name: 'Anwesenheit' }).waitFor();
    }
    await expectNoAxeViolations(office, '/work-times (de)');

    // Keyboard: the week moves with the buttons.
    await office.getByRole('button', { name: 'Vorige Woche' }).focus();
    await office.keyboard.press('Enter');
    await office.getByText('In dieser Woche ist keine Anwesenheit erfasst.').waitFor();
  });
});
