import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '../../src/domain/documents/documents.views.js';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { download, finished, textOf } from '../integration/documents/support.js';
import { holdNotifications, openHeldPageAs } from './hold-notifications.js';

// The quality loop (issue 30, docs/quality-and-lots.md) in German: the owner sets PRÜFEN to hold on a
// value outside tolerance in the station form; the operator measures outside tolerance on the tablet
// and the order is held (no Complete, no Move); the owner decides the NCR "rework at FRÄSEN" in the
// console; the operator measures again at FRÄSEN within tolerance and completes; the test protocol
// shows the first measurement, the NCR and the re-measurement.
let app: BrowserApp;
let company: TestCompany;
let office: Client;
let check: { id: string; name: string };
let mill: { id: string; name: string };
let order: { id: string; orderNumber: string; version: number };

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Kessler Präzision' });
  office = clientOf(app.testApp, company.superUser.token);
  const flange = expectOk<{ id: string }>(
    await office.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Flansch',
      materialNumber: 'F-100',
      vat: 19,
      stock: { quantity: 0, unit: 'Stk' },
      values: [{ name: 'Bohrung', number: 10, unit: 'mm', minTolerance: 9.9, maxTolerance: 10.1 }],
    }),
    201,
  );
  check = expectOk(await office.post('/api/stations', { name: 'PRÜFEN' }), 201);
  mill = expectOk(await office.post('/api/stations', { name: 'FRÄSEN', valueChecks: { mode: 'all', names: [] } }), 201);
  expectOk(await office.put('/api/stations/sequence', { stationIds: [check.id, mill.id], startStationId: check.id, version: 0 }));
  expectOk(await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [check.id, mill.id] }));
  const created = expectOk<{ id: string; version: number }>(
    await office.post('/api/orders', {
      kind: 'production',
      name: 'Nordwerk',
      street: 'Am Hafen',
      houseNumber: '3',
      zip: '28195',
      place: 'Bremen',
      workInProgress: 'Halle 1',
      deliveryDate: '2099-12-01',
      positions: [{ materialId: flange.id, quantity: 4, netPrice: 10 }],
    }),
    201,
  );
  order = expectOk(await office.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });

async function choose(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** A German touch tablet signed in at `station`, with the order opened from the worklist and its work started. */
async function tabletWithOrderStarted(station: { id: string; name: string }): Promise<Page> {
  const tablet = await app.newPage({ locale: 'de-DE', hasTouch: true });
  await holdNotifications(tablet);
  await openStation(tablet, app, { station, operator: company.operator, companyId: company.companyId });
  await tablet.getByRole('button', { name: new RegExp(order.orderNumber) }).tap();
  await tablet.getByRole('button', { name: 'Starten', exact: true }).tap();
  await tablet.getByText(/^Hier in Arbeit seit/).waitFor();
  return tablet;
}

async function measure(tablet: Page, measured: string) {
  const form = tablet.getByRole('form', { name: 'Bohrung messen' });
  await form.getByRole('textbox', { name: 'Bohrung (mm)' }).fill(measured);
  await form.getByRole('button', { name: 'Wert speichern' }).tap();
}

describe('the quality loop (German)', () => {
  it('a value outside tolerance holds the order; the NCR is decided "rework at FRÄSEN"; measured again within tolerance; the test protocol shows all three', async () => {
    // The owner sets PRÜFEN to check every value and to hold, in the station form.
    const form = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, `/station/edit-production-station/${check.id}`, {
      locale: 'de-DE',
    });
    await choose(form, form.getByRole('button', { name: /Prüft Werte$/ }), 'Alle Werte des Auftragsmaterials');
    await form.getByRole('checkbox', { name: 'Auftrag sperren, wenn ein Wert außerhalb der Toleranz liegt' }).check({ force: true });
    await form.getByText(/eröffnet einen Fehlerbericht \(NCR\)/).waitFor();
    await expectNoAxeViolations(form, '/station/edit-production-station with the hold (de)');
    await form.getByRole('button', { name: 'Speichern', exact: true }).click();
    await notice(form, 'Station PRÜFEN wurde gespeichert.').waitFor();
    expect(expectOk<{ valueChecks: object }>(await office.get(`/api/stations/${check.id}`)).valueChecks).toEqual({
      mode: 'all',
      names: [],
      holdOutOfTolerance: true,
    });

    // The operator measures 10.3 mm at PRÜFEN: the order is held there.
    const atCheck = await tabletWithOrderStarted(check);
    await measure(atCheck, '10,3');
    const hold = atCheck.locator('.station-hold');
    await hold.getByText(/^Gesperrt: NCR-\d{6} wartet auf eine Entscheidung/).waitFor();
    const ncrNumber = /NCR-\d{6}/.exec((await hold.textContent()) ?? '')?.[0] ?? '';
    expect(await atCheck.getByRole('button', { name: 'Abschließen', exact: true }).isDisabled()).toBe(true);
    expect(await atCheck.getByRole('button', { name: 'Verschieben nach …' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(atCheck, '/station/:id/work with the order on hold (de)');
    // The server refuses the completion too (a queued tap, another client): 409, nothing moves.
    const held = expectOk<{ version: number }>(await office.get(`/api/orders/${order.id}`));
    const refused = await office.post(`/api/orders/${order.id}/move-to-station`, { version: held.version, toStationId: mill.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ORDER_ON_HOLD');

    // The owner finds the open NCR in the quality list and decides rework at FRÄSEN.
    const desk = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/quality', { locale: 'de-DE' });
    await desk.getByRole('heading', { level: 1, name: 'Qualität: Fehlerberichte (NCR)' }).waitFor();
    await desk.getByText('Eröffnete NCR').waitFor();
    await desk.getByRole('link', { name: ncrNumber }).click();
    await desk.getByRole('heading', { level: 1, name: new RegExp(`Fehlerbericht ${ncrNumber}`) }).waitFor();
    const measurements = desk.locator('.ncr-table');
    await measurements.getByText('Erstmessung').waitFor();
    await measurements.getByText('Außerhalb der Toleranz').first().waitFor();
    await expectNoAxeViolations(desk, '/quality/ncr/:id held (de)');
    await choose(desk, desk.getByRole('button', { name: /Entscheidung$/ }), 'Nacharbeit');
    await desk.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await desk.getByText('Wählen Sie die Station für die Nacharbeit.').waitFor();
    await choose(desk, desk.getByRole('button', { name: /Nacharbeit an Station$/ }), 'FRÄSEN');
    await desk.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await notice(desk, `Die Entscheidung zu ${ncrNumber} ist gespeichert.`).waitFor();
    await desk.locator('.ncr-decisions').getByText('Nacharbeit').first().waitFor();
    await desk.getByText('In Nacharbeit', { exact: true }).first().waitFor();
    await expectNoAxeViolations(desk, '/quality/ncr/:id in rework (de)');

    // At FRÄSEN the operator measures again, within tolerance, and completes.
    const atMill = await tabletWithOrderStarted(mill);
    await atMill
      .locator('.station-hold')
      .getByText(/^Nacharbeit \(NCR-\d{6}\): Messen Sie die Werte erneut/)
      .waitFor();
    await measure(atMill, '10,02');
    await atMill.locator('.station-hold').waitFor({ state: 'detached' });
    await atMill.getByRole('button', { name: 'Abschließen', exact: true }).tap();
    await expect.poll(async () => expectOk<{ status: string }>(await office.get(`/api/orders/${order.id}`)).status).toBe('finished');

    // The NCR is closed, live on the console.
    await desk.getByText('Abgeschlossen', { exact: true }).first().waitFor();
    await desk.locator('.ncr-table').getByText('Nachmessung').first().waitFor();

    // The test protocol, asked for on the order's details, shows the first measurement, the NCR and the re-measurement.
    await desk.goto(`${app.baseUrl}/order/details/${order.id}`);
    await desk.getByRole('button', { name: 'Prüfprotokoll' }).click();
    // The request is sent from the panel: its document appears in the order's list.
    let documents: DocumentView[] = [];
    await expect
      .poll(
        async () => (documents = expectOk<{ items: DocumentView[] }>(await office.get(`/api/documents?subjectType=order&subjectId=${order.id}`)).items).length,
      )
      .toBe(1);
    const protocol = await finished(app.testApp, office, documents[0].id);
    expect(protocol.status).toBe('generated');
    const text = textOf(await download(office, protocol));
    expect(text).toMatch(/10[.,]3 mm/);
    expect(text).toMatch(/10[.,]02 mm/);
    expect(text).toContain(ncrNumber);
    expect(text).toMatch(/FRÄSEN/);
  });
});
