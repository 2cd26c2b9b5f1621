import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, type BrowserApp } from '../support/browser.js';
import {
  addOperator,
  choose,
  documentsPanel,
  downloadOf,
  expectNoProblems,
  field,
  germanPage,
  heading,
  notification,
  sidebar,
  signInAtStation,
  signUpInGerman,
  startWalk,
  textOfPdf,
  type Walk,
} from '../support/german-walk.js';
import { startMailbox, type Mailbox } from '../support/identity.js';

// A German company's first week, walked in a German browser as a new customer walks it (issue 25,
// "Done when"): sign-up, company settings, stations with a checking station that prints the test
// protocol, an operator with station rights, a product with a value, tolerances and a manufacturing
// step, a customer order and its production order, the operator on a touch tablet measuring and
// completing at both stations, the German test protocol the station printed, and a shipment with a
// tracking ID sent and delivered while the end customer's tracking page is open. Everything through
// the screens: no API call by hand, no seeded data. Every page is watched throughout: no console
// error, no page error, no answer 4xx or 5xx, and no conflict banner.
let app: BrowserApp;
let mailbox: Mailbox;
/** The walk's watched pages and what went wrong on them (console errors, page errors, 4xx/5xx answers, conflict banners). */
let walk: Walk;

const companyName = 'Krause Präzisionsteile GmbH';
const owner = { firstName: 'Greta', lastName: 'Krause', email: `greta.${Math.random().toString(36).slice(2, 10)}@example.com`, password: 'Werkbank#2026' };
const operator = { firstName: 'Paul', lastName: 'Presser', username: `paul${Math.random().toString(36).slice(2, 8)}`, password: 'Station#2026' };
const customer = { name: 'Maschinenbau Lenz', street: 'Hafenstraße', houseNumber: '3', zip: '24103', place: 'Kiel' };
const trackingId = 'HU-2026-4711';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const germanDay = (iso: string) => iso.split('-').reverse().join('.');
const deliveryDate = isoDay(new Date(Date.now() + 14 * 24 * 3_600_000));

/** What the walk found and the later steps use. */
const walked = { orderNumber: '', productionNumber: '', productionOrderUrl: '', trackingUrl: '', shipmentNumber: '' };
/** The owner's browser, signed in from the sign-up on. */
let office: Page;
/** The operator's touch tablet at the stations. */
let tablet: Page;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startBrowserApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
  walk = startWalk(app);
});

afterAll(async () => {
  await app?.close();
  await mailbox?.close();
});

// The walk goes on from where the step before left it: once a step failed, the later ones are not run.
let walkBroken = false;
beforeEach((context) => {
  if (walkBroken) context.skip();
});
afterEach((context) => {
  if (context.task.result?.state === 'fail') walkBroken = true;
  expectNoProblems(walk);
});

describe("a new German company's first week, in the browser", () => {
  it('signs up in a German browser: registration, the emailed code, the survey', async () => {
    office = await germanPage(walk, 'office');
    await signUpInGerman(office, app, mailbox, companyName, owner);
  });

  it('sets the time zone and the date format on the company screen', async () => {
    await sidebar(office, 'Company').click();
    await heading(office, 'Firma').waitFor();
    await office.getByRole('tab', { name: 'Erweiterte Einstellungen' }).click();
    const zone = office.getByRole('combobox', { name: /^Zeitzone/ });
    await zone.waitFor();
    await expectNoAxeViolations(office, '/company advanced settings (de)');
    // Typed as a person types it, letter by letter, then picked from the list.
    await zone.fill('');
    await zone.pressSequentially('Europe/Berl');
    await office.getByRole('option', { name: 'Europe/Berlin' }).waitFor();
    await zone.press('ArrowDown');
    await zone.press('Enter');
    await expect.poll(() => zone.inputValue()).toBe('Europe/Berlin');
    await choose(office, office.getByRole('button', { name: /Datumsformat$/ }), /^DD\.MM\.YYYY/);
    await office.getByRole('button', { name: 'Speichern' }).click();
    await notification(office, 'Die Firmeneinstellungen wurden gespeichert.').waitFor();

    await office.reload();
    await office.getByRole('tab', { name: 'Erweiterte Einstellungen' }).click();
    await expect.poll(() => office.getByRole('combobox', { name: /^Zeitzone/ }).inputValue()).toBe('Europe/Berlin');
    expect(await office.getByRole('button', { name: /Datumsformat$/ }).textContent()).toContain('DD.MM.YYYY');
  });

  it('adds a station and a checking station that prints the test protocol after completion, and puts both in the sequence', async () => {
    await sidebar(office, 'Stations').click();
    await heading(office, 'Stationen').waitFor();
    await expectNoAxeViolations(office, '/station, no stations yet (de)');

    await office.getByRole('link', { name: 'Station anlegen' }).click();
    await heading(office, 'Produktionsstation anlegen').waitFor();
    await field(office, 'Name').fill('DREHEN');
    await office.getByRole('button', { name: 'Station anlegen' }).click();
    await notification(office, 'Station DREHEN wurde angelegt.').waitFor();
    await office.waitForURL('**/station');

    await office.getByRole('link', { name: 'Station anlegen' }).click();
    await heading(office, 'Produktionsstation anlegen').waitFor();
    await field(office, 'Name').fill('PRÜFEN');
    await choose(office, office.getByRole('button', { name: /Prüft Werte$/ }), 'Nur die genannten Werte');
    await field(office, 'Wertnamen').fill('Länge');
    await office.getByRole('button', { name: 'Aktion hinzufügen' }).click();
    const action = office.getByRole('group', { name: 'Aktion 1' });
    await choose(office, action.getByRole('button', { name: /Aktion$/ }), 'Dokument erzeugen');
    await choose(office, action.getByRole('button', { name: /Aktionselement$/ }), 'Prüfprotokoll');
    await expectNoAxeViolations(office, '/station/add-production-station, the checking station (de)');
    await office.getByRole('button', { name: 'Station anlegen' }).click();
    await notification(office, 'Station PRÜFEN wurde angelegt.').waitFor();
    await office.waitForURL('**/station');

    for (const station of ['DREHEN', 'PRÜFEN']) {
      await choose(office, office.getByRole('button', { name: /Hinzuzufügende Station$/ }), station);
      await office.getByRole('button', { name: 'Zur Reihenfolge hinzufügen' }).click();
    }
    await office.getByRole('button', { name: 'Reihenfolge speichern' }).click();
    await notification(office, 'Die Reihenfolge wurde gespeichert.').waitFor();
    await expect
      .poll(async () => (await office.getByRole('grid', { name: 'Produktionsstationen' }).getByRole('rowheader').allTextContents()).slice(0, 2))
      .toEqual(['DREHEN', 'PRÜFEN']);
    await expectNoAxeViolations(office, '/station with the sequence (de)');
  });

  it('adds the operator to the team and lets him sign in at both stations', async () => {
    await addOperator(office, operator, ['DREHEN', 'PRÜFEN']);
  });

  it('adds a product with a value and its tolerances and a manufacturing step', async () => {
    await sidebar(office, 'Materials').click();
    await heading(office, 'Materialien').waitFor();
    await office.getByRole('link', { name: 'Neues Produkt hinzufügen' }).click();
    await heading(office, 'Neues Produkt hinzufügen').waitFor();
    const general = office.getByRole('group', { name: 'Allgemein', exact: true });
    await field(general, 'Name').fill('Welle');
    await field(general, 'Materialnummer').fill('W-100');
    const prices = office.getByRole('group', { name: 'Preis, Gewicht und Bestand', exact: true });
    await field(prices, 'Nettopreis').fill('48,50');
    await field(prices, 'MwSt. (%)').fill('19');
    await field(prices, 'Bestand').fill('0');
    await field(prices, 'Einheit').fill('Stk');

    await office.getByRole('button', { name: 'Wert hinzufügen' }).click();
    const length = office.getByRole('group', { name: 'Wert 1', exact: true });
    await field(length, 'Name').fill('Länge');
    await field(length, 'Wert').fill('250');
    await field(length, 'Einheit').fill('mm');
    await field(length, 'Min. Toleranz').fill('249,8');
    await field(length, 'Max. Toleranz').fill('250,2');

    await office.getByRole('button', { name: 'Schritt hinzufügen' }).click();
    const step = office.getByRole('group', { name: 'Schritt 1', exact: true });
    await field(step, 'Prozess').fill('Außendurchmesser drehen');
    await field(step, 'Material').fill('C45');
    await field(step, 'Werkzeug').fill('Drehmeißel');
    await field(step, 'Sollzeit pro Stück (Minuten)').fill('12');
    await field(step, 'Soll-Rüstzeit (Minuten)').fill('20');
    await choose(office, step.getByRole('button', { name: /Station$/ }), 'DREHEN');
    await office.keyboard.press('Tab');
    await expectNoAxeViolations(office, '/material/add-material, the product filled in (de)');
    await office.getByRole('button', { name: 'Speichern' }).click();
    await notification(office, 'Material Welle wurde angelegt.').waitFor();
    await office.getByRole('grid', { name: 'Produkte' }).getByRole('rowheader', { name: 'Welle' }).waitFor();
    await expectNoAxeViolations(office, '/material with the product (de)');
  });

  it('takes a customer order and starts its production order', async () => {
    await sidebar(office, 'Orders').click();
    await heading(office, 'Aufträge').waitFor();
    await office.getByRole('link', { name: 'Auftrag anlegen' }).click();
    await heading(office, 'Auftrag anlegen').waitFor();
    await field(office, 'Kundenname').fill(customer.name);
    await field(office, 'Straße').fill(customer.street);
    await field(office, 'Hausnummer').fill(customer.houseNumber);
    await field(office, 'PLZ').fill(customer.zip);
    await field(office, 'Ort').fill(customer.place);
    await office.getByLabel('Liefertermin', { exact: true }).fill(deliveryDate);
    await field(office, 'Zwischenlager (WIP)').fill('Regal 4');
    const position = office.getByRole('group', { name: 'Position 1' });
    const material = position.getByRole('combobox', { name: 'Material' });
    await material.click();
    await material.pressSequentially('Wel');
    await expect.poll(() => office.getByRole('option').allTextContents()).toEqual(['Welle (W-100) · Produkt']);
    await material.press('ArrowDown');
    await material.press('Enter');
    await expect.poll(() => material.inputValue()).toBe('Welle (W-100) · Produkt');
    await field(position, 'Menge').fill('2');
    await expectNoAxeViolations(office, '/order/add-order, filled in (de)');
    await office.getByRole('button', { name: 'Auftrag anlegen' }).click();

    await office.waitForURL(/\/order\/details\//);
    const title = heading(office, /^Auftrag \S+$/);
    await title.waitFor();
    walked.orderNumber = ((await title.textContent()) ?? '').replace('Auftrag ', '');
    await office.getByRole('group', { name: 'Aktionen' }).getByRole('button', { name: 'Produktion starten' }).click();
    await notification(office, `Die Produktion von Auftrag ${walked.orderNumber} wurde gestartet.`).waitFor();
    const productionOrder = office.getByRole('region', { name: 'Produktionsaufträge' }).getByRole('link').first();
    await productionOrder.waitFor();
    walked.productionNumber = ((await productionOrder.textContent()) ?? '').replace(/^\s*Auftrag\s+/, '').split(/\s/)[0];
    walked.productionOrderUrl = new URL((await productionOrder.getAttribute('href')) ?? '', app.baseUrl).href;
    expect(walked.productionNumber).not.toBe('');
    await expectNoAxeViolations(office, '/order/details of the customer order in production (de)');
  });

  it('the operator works on a touch tablet: signs in at the station, completes, moves on, measures and completes at the checking station', async () => {
    await sidebar(office, 'Stations').click();
    const loginHref = await office.getByRole('link', { name: 'Stationsanmeldung an DREHEN' }).getAttribute('href');
    tablet = await germanPage(walk, 'tablet', { hasTouch: true });
    await tablet.goto(`${app.baseUrl}${loginHref}`);
    await field(tablet, 'Benutzername').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/login (de, touch)');
    await signInAtStation(tablet, operator, 'DREHEN');

    const order = tablet.getByRole('button', { name: new RegExp(`^Auftrag ${walked.productionNumber}`) });
    await order.waitFor();
    // The company's date format (DD.MM.YYYY) on the station screen.
    await order.getByText(`Lieferung ${germanDay(deliveryDate)}`).waitFor();
    await tablet.getByText('Außendurchmesser drehen').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work at DREHEN (de, touch)');
    await tablet.getByRole('button', { name: 'Starten', exact: true }).tap();
    await notification(tablet, `Die Arbeit an Auftrag ${walked.productionNumber} wurde begonnen.`).waitFor();
    await tablet.getByRole('button', { name: 'Abschließen', exact: true }).tap();
    await notification(tablet, `Auftrag ${walked.productionNumber} ist hier abgeschlossen und weiter an PRÜFEN.`).waitFor();

    // On to the checking station: after the sign-out the login offers the other stations he may sign in at.
    await tablet.getByRole('button', { name: 'Abmelden' }).tap();
    const others = tablet.getByRole('navigation', { name: 'An einer anderen Station anmelden' });
    await others.getByRole('link', { name: 'PRÜFEN' }).tap();
    await tablet.getByText('Station PRÜFEN').waitFor();
    await signInAtStation(tablet, operator, 'PRÜFEN');
    await tablet.getByRole('button', { name: new RegExp(`^Auftrag ${walked.productionNumber}`) }).waitFor();
    await tablet.getByRole('button', { name: 'Starten', exact: true }).tap();
    await notification(tablet, `Die Arbeit an Auftrag ${walked.productionNumber} wurde begonnen.`).waitFor();

    // The measured value, saved by the first tap while it is still in the field.
    const measure = tablet.getByRole('form', { name: 'Länge messen' });
    await measure.getByRole('textbox', { name: 'Länge (mm)' }).fill('250,1');
    await measure.getByRole('button', { name: 'Wert speichern' }).tap();
    const latest = tablet.getByText(/^Gemessen: 250,1 mm um/);
    await latest.waitFor();
    await latest.getByText('Innerhalb der Toleranz').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work at PRÜFEN with the value measured (de, touch)');

    await tablet.getByRole('button', { name: 'Abschließen', exact: true }).tap();
    await notification(tablet, `Auftrag ${walked.productionNumber} ist an der letzten Station abgeschlossen: Die Produktion ist fertig.`).waitFor();
    await expect.poll(() => tablet.getByRole('button', { name: new RegExp(`^Auftrag ${walked.productionNumber}`) }).count()).toBe(0);
  }, 240_000);

  it('finds the German test protocol the checking station printed on the production order, and downloads it', async () => {
    await office.goto(walked.productionOrderUrl);
    await heading(office, new RegExp(`${walked.productionNumber}$`)).waitFor();
    const protocol = documentsPanel(office)
      .getByRole('listitem')
      .filter({ hasText: /Prüfprotokoll DOC-\d{6}/ });
    await protocol.waitFor();
    await protocol.getByText('Fertig').waitFor({ timeout: 60_000 });
    await protocol.getByText(`Angefordert von Station PRÜFEN (${operator.firstName} ${operator.lastName}) am`, { exact: false }).waitFor();
    await expectNoAxeViolations(office, '/order/details of the production order with its test protocol (de)');

    const pdf = await downloadOf(office, protocol.getByRole('button', { name: /^Prüfprotokoll DOC-\d{6} herunterladen$/ }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOfPdf(pdf);
    for (const german of ['Prüfprotokoll', 'Belegnummer', 'Auftrag', 'Sollwert', 'Istwert', 'Gemessen von', 'Gesamtergebnis: Bestanden', 'Länge']) {
      expect(text).toContain(german);
    }
    expect(text).not.toMatch(/Test protocol|Document number|Nominal|Measured by|Overall result/);
  }, 120_000);

  it('ships the order with a tracking ID, marks it sent and then delivered, while the tracking page is open', async () => {
    await sidebar(office, 'Orders').click();
    await heading(office, 'Aufträge').waitFor();
    await office.getByRole('tab', { name: 'Versandaufträge' }).click();
    await office.waitForURL('**/order?kind=shipping');
    await office.getByRole('link', { name: 'Versandauftrag anlegen' }).click();
    await heading(office, 'Versandauftrag anlegen').waitFor();
    await field(office, 'Name des Zustellers').fill('Spedition Huber');
    await field(office, 'Sendungsnummer').fill(trackingId);
    await field(office, 'Versanddatum').fill(isoDay(new Date()));
    await office.getByRole('checkbox', { name: new RegExp(walked.orderNumber) }).check({ force: true });
    await expectNoAxeViolations(office, '/order/add-shipment-order, filled in (de)');
    await office.getByRole('button', { name: 'Versandauftrag anlegen' }).click();
    await notification(office, /Versandauftrag S\d{6} wurde angelegt\./).waitFor();
    const title = heading(office, /^Sendung S\d{6}$/);
    await title.waitFor();
    walked.shipmentNumber = ((await title.textContent()) ?? '').replace('Sendung ', '');

    await office.getByRole('button', { name: 'Bereit zur Auslieferung' }).click();
    await notification(office, `Sendung ${walked.shipmentNumber} ist bereit zur Auslieferung.`).waitFor();
    await office.getByRole('button', { name: 'Versenden' }).click();
    await notification(office, `Sendung ${walked.shipmentNumber} wurde versendet.`).waitFor();
    await office.getByRole('button', { name: 'Tracking-Link erstellen' }).click();
    await notification(office, 'Der Tracking-Link wurde erstellt.').waitFor();
    walked.trackingUrl = (await office.locator('a.shipment-token').getAttribute('href')) ?? '';
    expect(walked.trackingUrl).toMatch(/\/tracking\/[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(office, '/order/shipment/:id sent (de)');

    // The end customer opens the link: the sender is named, the carrier line says what is true while it is sent.
    const tracking = await germanPage(walk, 'tracking page');
    await tracking.goto(walked.trackingUrl);
    await heading(tracking, `Sendung ${walked.shipmentNumber}`).waitFor();
    const status = tracking.getByRole('region', { name: 'Zustellstatus' });
    await status.getByText('Versendet').first().waitFor();
    await tracking.getByText(companyName).first().waitFor();
    await tracking.getByText(trackingId).waitFor();
    await tracking.getByText('Spedition Huber').first().waitFor();
    expect(await tracking.getByText(/Zugestellt von/).count()).toBe(0);
    await tracking.getByText('2 × Welle').first().waitFor();
    await expectNoAxeViolations(tracking, '/tracking/:token sent (de)');

    await office.getByRole('button', { name: 'Zugestellt', exact: true }).click();
    await notification(office, `Sendung ${walked.shipmentNumber} ist zugestellt.`).waitFor();
    // The open tracking page follows by itself.
    await status.getByText('Zugestellt').first().waitFor({ timeout: 90_000 });
    await expectNoAxeViolations(tracking, '/tracking/:token delivered (de)');

    await office.goto(`${app.baseUrl}/order?kind=customer`);
    const row = office.getByRole('row').filter({ has: office.getByRole('rowheader', { name: walked.orderNumber }) });
    await row.getByText('Zugestellt').waitFor();
    await expectNoAxeViolations(office, '/order with the delivered order (de)');
  }, 180_000);
});
