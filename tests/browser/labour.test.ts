import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { act, createOrder, orderBody, orderLine, type OrderLine } from '../integration/orders/support.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Labour time (issue 28, docs/labour-and-costs.md), in German, on touch tablets: two operators clock in at
// the station tablet, one starts the order from the worklist, the other works on it too, a pause with a
// reason, complete at the station screen; the supervisor sees both times and corrects one with a reason.
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

const notification = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** A `datetime-local` value `minutes` earlier (the page and this process share the machine's zone). */
function earlier(value: string, minutes: number): string {
  const at = new Date(new Date(value).getTime() - minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

describe('labour time at the station and in the console', () => {
  it(
    'two operators clock in, work together on one order with a pause, complete it at the station screen; the supervisor sees and corrects their times',
    { timeout: 240_000 },
    async () => {
      const olga = await tabletOf(0);
      const jonas = await tabletOf(1);
      for (const tablet of [olga, jonas]) {
        await tablet.getByText('Nicht eingestempelt.').waitFor();
        await tablet.getByRole('button', { name: 'Einstempeln' }).tap();
        await tablet.getByText(/^Eingestempelt seit/).waitFor();
      }
      await expectNoAxeViolations(olga, '/station/:id/work clocked in (de)');

      // The office releases an order to production; Olga starts it at SAW from the worklist: she is clocked onto it.
      let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }], { kind: 'production' }));
      order = await act(line.admin, order, 'start-production');
      await olga.getByRole('button', { name: new RegExp(`^Auftrag ${order.orderNumber}`) }).waitFor();
      await olga.getByRole('button', { name: 'Starten', exact: true }).tap();
      await notification(olga, `Die Arbeit an Auftrag ${order.orderNumber} wurde begonnen.`).waitFor();

      // Jonas works on it too: two operators on one order, each clocked onto it.
      const onOrder = (tablet: Page) => tablet.getByRole('list', { name: `Auf Auftrag ${order.orderNumber} eingestempelt` });
      await onOrder(jonas).getByText('Olga Berg: arbeitet').waitFor();
      await jonas.getByRole('button', { name: `An Auftrag ${order.orderNumber} mitarbeiten` }).tap();
      await onOrder(jonas).getByText('Jonas Weber: arbeitet').waitFor();
      // Olga's panel shows her colleague without a reload (the live feed sends who is on which order at the station).
      await onOrder(olga).getByText('Jonas Weber: arbeitet').waitFor();

      // Olga pauses with a reason (the pause button), then resumes; Jonas stays on it meanwhile.
      await olga.getByRole('button', { name: `Auftrag ${order.orderNumber} pausieren` }).tap();
      const dialog = olga.getByRole('dialog', { name: `Arbeit an Auftrag ${order.orderNumber} pausieren` });
      await dialog.getByRole('button', { name: /Grund/ }).tap();
      await olga.getByRole('option', { name: 'Warten auf Material' }).tap();
      await expectNoAxeViolations(olga, 'pause dialog (de)');
      await dialog.getByRole('button', { name: 'Pausieren', exact: true }).tap();
      await dialog.waitFor({ state: 'hidden' });
      await onOrder(olga).getByText('Olga Berg: pausiert (Warten auf Material)').waitFor();
      await onOrder(jonas).getByText('Olga Berg: pausiert (Warten auf Material)').waitFor();
      await olga.getByRole('button', { name: `Auftrag ${order.orderNumber} fortsetzen` }).tap();
      await onOrder(olga).getByText('Olga Berg: arbeitet').waitFor();

      // The supervisor (on a tablet too) sees both of them in, on the order.
      const office = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, '/work-times', {
        locale: 'de-DE',
        hasTouch: true,
      });
      await office.getByRole('heading', { level: 1, name: 'Arbeitszeiten' }).waitFor();
      const present = office.getByRole('region', { name: 'Wer ist da' });
      await present.getByText('Olga Berg').waitFor();
      await present.getByText('Jonas Weber').waitFor();

      // Olga completes the work at the station screen: both are off the order; she clocks out.
      await olga.getByRole('button', { name: 'Abschließen', exact: true }).tap();
      await notification(olga, `Auftrag ${order.orderNumber} ist hier abgeschlossen und weiter an DRILL.`).waitFor();
      await olga.getByText('An dieser Station ist kein Auftrag in Arbeit. Starten Sie einen in der Arbeitsliste.').waitFor();
      await jonas.getByText('An dieser Station ist kein Auftrag in Arbeit. Starten Sie einen in der Arbeitsliste.').waitFor();
      await olga.getByRole('button', { name: 'Ausstempeln' }).tap();
      await olga.getByText('Nicht eingestempelt.').waitFor();

      for (const name of ['Jonas Weber', 'Olga Berg']) {
        await office.getByLabel('Mitarbeiter').selectOption({ label: name });
        const perOrder = office.getByRole('table', { name: 'Zeit je Auftrag' });
        await perOrder.getByRole('rowheader', { name: order.orderNumber }).waitFor();
        expect(await perOrder.getByRole('row').filter({ hasText: order.orderNumber }).getByRole('cell').first().textContent()).toBe('SAW');
        await office.getByRole('table', { name: 'Anwesenheit' }).waitFor();
      }
      await expectNoAxeViolations(office, '/work-times (de)');

      // The supervisor corrects Olga's attendance (she came 5 minutes earlier): a reason is required, the original stays.
      await office.getByRole('button', { name: /^Anwesenheit vom .* korrigieren$/ }).tap();
      const correction = office.getByRole('dialog', { name: 'Anwesenheit korrigieren' });
      const clockedIn = correction.getByLabel('Kommen');
      await clockedIn.fill(earlier(await clockedIn.inputValue(), 5));
      await correction.getByRole('button', { name: 'Korrektur speichern' }).tap();
      const reason = correction.getByRole('textbox', { name: 'Grund' });
      await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(office, 'attendance correction with a problem (de)');
      await reason.fill('Am Tor vergessen zu stempeln');
      await correction.getByRole('button', { name: 'Korrektur speichern' }).tap();
      await correction.waitFor({ state: 'hidden' });
      await notification(office, 'Korrektur gespeichert. Das Original bleibt sichtbar.').waitFor();
      await office
        .getByRole('table', { name: 'Anwesenheit' })
        .getByText(/Korrigiert; erfasst:/)
        .waitFor();
      await office.getByText(/Von Ali Demir am .*: Am Tor vergessen zu stempeln/).waitFor();
      await expectNoAxeViolations(office, '/work-times after a correction (de)');

      // Keyboard: the week moves with the buttons.
      await office.getByRole('button', { name: 'Vorige Woche' }).focus();
      await office.keyboard.press('Enter');
      await office.getByText('In dieser Woche ist keine Anwesenheit erfasst.').waitFor();
    },
  );

  it('an operator on two orders at once states how her time splits, by touch; the supervisor sees it and restates it', { timeout: 240_000 }, async () => {
    const olga = await tabletOf(0);
    await olga.getByRole('button', { name: 'Einstempeln' }).tap();
    await olga.getByText(/^Eingestempelt seit/).waitFor();
    const orders = [];
    for (let index = 0; index < 2; index++) {
      let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production' }));
      order = await act(line.admin, order, 'start-production');
      orders.push(order);
    }
    // She starts both from the worklist: she is on two orders at once, split evenly until she says otherwise.
    for (const order of orders) {
      await olga.getByRole('button', { name: new RegExp(`^Auftrag ${order.orderNumber}`) }).tap();
      await olga.getByRole('button', { name: 'Starten', exact: true }).tap();
      await notification(olga, `Die Arbeit an Auftrag ${order.orderNumber} wurde begonnen.`).waitFor();
    }
    await olga.getByText('Sie arbeiten gleichzeitig an 2 Aufträgen: Ihre Zeit wird gleichmäßig aufgeteilt.').waitFor();
    await olga.getByRole('button', { name: 'Meine Zeit aufteilen' }).tap();
    const dialog = olga.getByRole('dialog', { name: 'Aufteilung der Zeit angeben' });
    const [first, second] = orders.map((order) => dialog.getByRole('textbox', { name: `${order.orderNumber} an SAW` }));
    // A number field takes its value when it loses focus, as a tap elsewhere does.
    await first.fill('70');
    await first.blur();
    await second.fill('20');
    await second.blur();
    await dialog.getByRole('button', { name: 'Aufteilung speichern' }).tap();
    await dialog.getByText('Die Prozente müssen zusammen 100 ergeben.').waitFor();
    await expectNoAxeViolations(olga, 'split dialog with a wrong sum (de)');
    await second.fill('30');
    await second.blur();
    await dialog.getByRole('button', { name: 'Aufteilung speichern' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await notification(olga, 'Die Aufteilung ist gespeichert.').waitFor();
    await olga.getByText('Sie arbeiten gleichzeitig an mehreren Aufträgen: Ihre Zeit wird wie angegeben aufgeteilt.').waitFor();

    // The supervisor sees the period as Olga stated it; once it is over, restates it.
    const office = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, '/work-times', {
      locale: 'de-DE',
      hasTouch: true,
    });
    await office.getByLabel('Mitarbeiter').selectOption({ label: 'Olga Berg' });
    await office.getByText(/aufgeteilt wie angegeben von Olga Berg/).waitFor();
    await office.getByText(new RegExp(`^${orders[0].orderNumber} an SAW: .* \\(70 %\\)$`)).waitFor();
    await olga.getByRole('button', { name: 'Ausstempeln' }).tap();
    await olga.getByText('Nicht eingestempelt.').waitFor();
    const restate = office.getByRole('button', { name: /^Aufteilung von .* angeben$/ }).last();
    await restate.tap();
    const correction = office.getByRole('dialog', { name: 'Aufteilung der Zeit angeben' });
    await correction.getByRole('button', { name: /Aufteilen in/ }).tap();
    await office.getByRole('option', { name: 'Prozent' }).tap();
    for (const order of orders) {
      const share = correction.getByRole('textbox', { name: `${order.orderNumber} an SAW` });
      await share.fill('50');
      await share.blur();
    }
    await correction.getByRole('textbox', { name: 'Grund (optional)' }).fill('Beide gleich lang');
    await expectNoAxeViolations(office, 'supervisor split dialog (de)');
    await correction.getByRole('button', { name: 'Aufteilung speichern' }).tap();
    await correction.waitFor({ state: 'hidden' });
    await office
      .getByText(/aufgeteilt wie angegeben von Ali Demir/)
      .last()
      .waitFor();
    await office
      .getByText(new RegExp(`^${orders[0].orderNumber} an SAW: .* \\(50 %\\)$`))
      .last()
      .waitFor();
    await expectNoAxeViolations(office, '/work-times with a stated split (de)');
  });
});
