import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { provisionCompany } from '../../src/server/modules/identity/index.js';
import { expectNoAxeViolations, signIn, startBrowserApp, writeSession, type BrowserApp, type BrowserSession } from '../support/browser.js';
import { adminChangeRightsInTests, clientOf, companyWithTeam, identityOf, signIn as signInThroughApi, testPassword } from '../support/identity.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// The company screen: basic data and advanced settings, and what they change elsewhere.
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const field = (page: Page, name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function api(session: BrowserSession, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.testApp.app.inject({ method, url, payload, headers: { authorization: `Bearer ${session.access_token}` } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** The company screen of a new company's owner; `locale` is the browser's language (German: its heading is "Firma"). */
async function openAsOwner(options: { locale?: string } = {}): Promise<{ page: Page; session: BrowserSession }> {
  const page = await newHeldPage(app, options);
  const session = await signIn(page, app, { role: 'SUPER_USER' });
  await page.goto(`${app.baseUrl}/company`);
  await heading(page, options.locale?.startsWith('de') ? 'Firma' : 'Company').waitFor();
  return { page, session };
}

describe('the company screen', () => {
  it('saves the basic data, refuses a wrong IBAN on its field, and shows the saved data after a reload', async () => {
    const { page } = await openAsOwner();
    await field(page, 'Company name').waitFor();
    await expectNoAxeViolations(page, '/company basic data');

    await field(page, 'Company name').fill('Keller Feinmechanik GmbH');
    // What was typed on one tab survives a visit to the other: one form over both.
    await page.getByRole('tab', { name: 'Advanced settings' }).click();
    await field(page, 'Order number letters').waitFor();
    await page.getByRole('tab', { name: 'Basic data' }).click();
    expect(await field(page, 'Company name').inputValue()).toBe('Keller Feinmechanik GmbH');
    await field(page, 'Place').first().fill('Augsburg');
    await page.getByRole('button', { name: 'Billing address same as delivery address' }).click();
    await field(page, 'IBAN').fill('DE88 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a valid IBAN.').waitFor();
    await expectNoAxeViolations(page, '/company basic data with a problem');

    await field(page, 'IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();

    await page.reload();
    await heading(page, 'Company').waitFor();
    await expect.poll(() => field(page, 'Company name').inputValue()).toBe('Keller Feinmechanik GmbH');
    expect(await field(page, 'IBAN').inputValue()).toBe('DE89 3704 0044 0532 0130 00');
    // The billing address took the delivery address.
    expect(await field(page, 'Place').nth(1).inputValue()).toBe('Augsburg');
  });

  it('numbers the next order with the letters and start set (AB000500) and writes dates in the chosen format', async () => {
    const { page, session } = await openAsOwner();
    await page.getByRole('tab', { name: 'Advanced settings' }).click();
    await field(page, 'Order number letters').waitFor();
    await expectNoAxeViolations(page, '/company advanced settings');

    await field(page, 'Order number letters').fill('AB');
    await field(page, 'Next order number').fill('500');
    await page.getByText('Next order: AB000500').waitFor();
    await page.getByRole('button', { name: 'Date format' }).click();
    await page.getByRole('option', { name: /^YYYY-MM-DD/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();

    // A counter moves only forward.
    await field(page, 'Next order number').fill('499');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A counter only moves forward: enter the next free number or a higher one.').waitFor();
    await expectNoAxeViolations(page, '/company advanced settings with a problem');

    const material = await api(session, 'POST', '/api/materials', {
      type: 'product',
      name: 'Gehäuse',
      materialNumber: 'P-1',
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
    });
    const order = await api(session, 'POST', '/api/orders', {
      kind: 'customer',
      name: 'Fahrradhaus Berg',
      street: 'Hauptstraße',
      houseNumber: '12a',
      zip: '80331',
      place: 'München',
      workInProgress: 'Regal 3',
      deliveryDate: '2099-12-01',
      positions: [{ materialId: material.id, quantity: 1, netPrice: 100 }],
    });
    expect(order.orderNumber).toBe('AB000500');

    await page.goto(`${app.baseUrl}/order`);
    await heading(page, 'Orders').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'AB000500' }) });
    await row.getByRole('gridcell', { name: '2099-12-01' }).waitFor();
  });

  it('says so when the settings were changed meanwhile, and loads the saved ones on request', async () => {
    const { page, session } = await openAsOwner();
    await field(page, 'Company name').waitFor();
    const stored = await api(session, 'GET', '/api/company-account/basic-settings');
    const res = await app.testApp.app.inject({
      method: 'PUT',
      url: '/api/company-account/updateBasicSettings',
      payload: { ...stored, companyName: 'Changed in another tab' },
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(res.statusCode, res.body).toBe(200);

    await field(page, 'Phone').fill('+49 821 123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The company settings were changed meanwhile.').waitFor();
    await expectNoAxeViolations(page, '/company conflict');
    await page.getByRole('button', { name: 'Load the saved settings' }).click();
    await expect.poll(() => field(page, 'Company name').inputValue()).toBe('Changed in another tab');
    expect(await field(page, 'Phone').inputValue()).toBe('');
  });

  it("saves the form after a logo upload without calling one's own upload a conflict (de)", async () => {
    const { page, session } = await openAsOwner({ locale: 'de-DE' });
    await field(page, 'Telefon').fill('+49 821 456');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Logo hochladen (PNG oder JPEG)' }).click()]);
    await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await notice(page, 'Das Logo wurde gespeichert.').waitFor();
    await page.getByRole('img', { name: 'Firmenlogo' }).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await notice(page, 'Die Firmeneinstellungen wurden gespeichert.').waitFor();
    expect(await page.getByText('Die Firmeneinstellungen wurden inzwischen geändert.').count()).toBe(0);
    await expectNoAxeViolations(page, '/company after a logo upload and a save (de)');
    expect((await api(session, 'GET', '/api/company-account/basic-settings')).phone).toBe('+49 821 456');
  });

  it('keeps the language the company chooses for its documents (de)', async () => {
    const { page, session } = await openAsOwner({ locale: 'de-DE' });
    await page.getByRole('tab', { name: 'Erweiterte Einstellungen' }).click();
    await page.getByRole('button', { name: 'Dokumentsprache' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expectNoAxeViolations(page, '/company advanced settings with the document language (de)');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await notice(page, 'Die Firmeneinstellungen wurden gespeichert.').waitFor();
    expect((await api(session, 'GET', '/api/company-account/basic-settings')).documentLanguage).toBe('de');
    await page.reload();
    await page.getByRole('tab', { name: 'Erweiterte Einstellungen' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Dokumentsprache' }).textContent()).toContain('Deutsch');
  });

  it('picks favourite attributes and values from the names in use, and the materials list shows them as columns', async () => {
    const { page, session } = await openAsOwner();
    await api(session, 'POST', '/api/materials', {
      type: 'product',
      name: 'Lenker',
      materialNumber: 'P-7',
      vat: 19,
      stock: { quantity: 3, unit: 'pcs' },
      attributes: [{ name: 'Colour', options: ['red', 'blue'] }],
      values: [{ name: 'Width', number: 0.62, unit: 'm', minTolerance: 0.6, maxTolerance: 0.65 }],
    });
    await page.getByRole('tab', { name: 'App settings' }).click();
    const attribute1 = page.getByRole('combobox', { name: 'Favourite attribute 1' });
    await expect.poll(() => attribute1.isEnabled()).toBe(true);
    await expectNoAxeViolations(page, '/company app settings');

    await attribute1.fill('Col');
    await page.getByRole('option', { name: 'Colour' }).click();
    const value1 = page.getByRole('combobox', { name: 'Favourite value 1' });
    await value1.fill('Wid');
    await page.getByRole('option', { name: 'Width' }).click();
    // The same name twice is refused on its field.
    const value2 = page.getByRole('combobox', { name: 'Favourite value 2' });
    await value2.fill('Wid');
    await page.getByRole('option', { name: 'Width' }).click();
    // Saved from another tab, the refusal opens the tab with the problem.
    await page.getByRole('tab', { name: 'Basic data' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This name is already the other favourite.').waitFor();
    expect(await page.getByRole('tab', { name: 'App settings' }).getAttribute('aria-selected')).toBe('true');
    await expectNoAxeViolations(page, '/company app settings with a problem');
    await value2.fill('');
    await value2.fill('Non');
    await page.getByRole('option', { name: 'None' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'App settings' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Favourite attribute 1' }).inputValue()).toBe('Colour');
    expect(await page.getByRole('combobox', { name: 'Favourite value 1' }).inputValue()).toBe('Width');

    await page.goto(`${app.baseUrl}/material`);
    await heading(page, 'Materials').waitFor();
    await page.getByRole('columnheader', { name: 'Colour' }).waitFor();
    await page.getByRole('columnheader', { name: 'Width' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Lenker' }) });
    await row.getByRole('gridcell', { name: 'red, blue' }).waitFor();
    await row.getByRole('gridcell', { name: '0.62 m' }).waitFor();
    await expectNoAxeViolations(page, '/material with favourite columns');
  });

  it('switches optional functions off: their links and tabs disappear and their pages are not found, until switched on again', async () => {
    const { page, session } = await openAsOwner();
    await page.getByRole('tab', { name: 'App function' }).click();
    const vacations = page.getByRole('checkbox', { name: /^Vacations/ });
    const display = page.getByRole('checkbox', { name: /^Shop-floor display/ });
    await vacations.waitFor();
    expect(await vacations.isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/company app function');
    await vacations.uncheck({ force: true });
    await display.uncheck({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();

    await page.goto(`${app.baseUrl}/order`);
    await heading(page, 'Orders').waitFor();
    await page.getByRole('link', { name: 'Add order' }).waitFor();
    expect(await page.getByRole('link', { name: 'Shop-floor display' }).count()).toBe(0);
    await page.goto(`${app.baseUrl}/order/advertisement`);
    await heading(page, 'Page not found').waitFor();
    await expectNoAxeViolations(page, 'a switched-off display');

    await page.goto(`${app.baseUrl}/team/employee-profile/${session.userId}`);
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Vacations' }).count()).toBe(0);

    await page.goto(`${app.baseUrl}/company`);
    await page.getByRole('tab', { name: 'App function' }).click();
    await page.getByRole('checkbox', { name: /^Shop-floor display/ }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();
    await page.goto(`${app.baseUrl}/order`);
    await page.getByRole('link', { name: 'Shop-floor display' }).click();
    await heading(page, 'Production board').waitFor();
    await page.getByText('No announcement.').waitFor();
  });

  it("shows the favourites of an order's material on the station screen, and no order-number field while scanning is off", async () => {
    const tag = randomUUID().slice(0, 8);
    const { companyId, userIds } = await provisionCompany(identityOf(app.testApp), {
      companyName: `Fahrradwerk ${tag}`,
      plan: 'standard',
      trialEndsAt: null,
      users: [
        { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Schmidt', email: `owner-${tag}@example.com`, password: testPassword },
        { role: 'OPERATOR', firstName: 'Olga', lastName: 'Berg', username: `olga${tag}`, password: testPassword },
      ],
    });
    const ownerSession = await signInThroughApi(app.testApp, `owner-${tag}@example.com`, testPassword, '10.9.0.1');
    const owner = clientOf(app.testApp, ownerSession.access_token);
    const ok = async <T>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as T;
    };
    const saw = await ok<{ id: string }>(await owner.post('/api/stations', { name: 'SAW', parameters: [] }));
    const sequence = await ok<{ version: number }>(await owner.get('/api/stations/sequence'));
    await ok<unknown>(await owner.put('/api/stations/sequence', { stationIds: [saw.id], startStationId: saw.id, version: sequence.version }));
    await ok<unknown>(await owner.put(`/api/users/${userIds[1]}/station-authorizations`, { stationIds: [saw.id] }));
    const material = await ok<{ id: string }>(
      await owner.post('/api/materials', {
        type: 'product',
        name: 'Rahmen',
        vat: 19,
        stock: { quantity: 0, unit: 'pcs' },
        attributes: [{ name: 'Colour', options: ['red', 'blue'] }],
        values: [{ name: 'Width', number: 0.62, unit: 'm', minTolerance: 0.6, maxTolerance: 0.65 }],
      }),
    );
    const placed = await ok<{ id: string; version: number }>(
      await owner.post('/api/orders', {
        kind: 'customer',
        name: 'Velo Nord',
        street: 'Hafenstraße',
        houseNumber: '3',
        zip: '20457',
        place: 'Hamburg',
        workInProgress: 'Rack 1',
        deliveryDate: '2099-06-01',
        positions: [{ materialId: material.id, quantity: 1, netPrice: 120 }],
      }),
    );
    const started = await ok<{ productionOrders: { orderNumber: string }[] }>(
      await owner.post(`/api/orders/${placed.id}/start-production`, { version: placed.version }),
    );
    const order = started.productionOrders[0];
    const settings = await ok<Record<string, unknown> & { functions: object }>(await owner.get('/api/company-account/basic-settings'));
    await ok(
      await owner.put('/api/company-account/updateBasicSettings', {
        ...settings,
        favourites: { attribute1: 'Colour', attribute2: null, value1: 'Width', value2: null },
        functions: { ...settings.functions, stationScanning: false },
      }),
    );

    const login = await app.testApp.app.inject({
      method: 'POST',
      url: `/api/stations/${saw.id}/login`,
      payload: { username: `olga${tag}`, password: testPassword },
      remoteAddress: '10.9.0.2',
    });
    const station = await ok<{ access_token: string; userId: string }>(login);
    const tablet = await newHeldPage(app);
    await writeSession(tablet, app, {
      access_token: station.access_token,
      userId: station.userId,
      role: 'OPERATOR',
      company: companyId,
      station: { id: saw.id, name: 'SAW' },
      expiresAt: Date.now() + 3_600_000,
    });
    await tablet.goto(`${app.baseUrl}/station/${saw.id}/work`);
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
    const favourites = tablet.locator('.station-favourites');
    await favourites.getByText('red, blue').waitFor();
    await favourites.getByText('0.62 m').waitFor();
    expect(await favourites.locator('dt').allTextContents()).toEqual(['Colour', 'Width']);
    expect(await tablet.getByRole('textbox', { name: 'Order number' }).count()).toBe(0);
    await expectNoAxeViolations(tablet, '/station/:id/work with favourites, scanning off');
  });

  it('shows an operator neither Company nor Team; an admin given the company settings right opens and reads the settings (de)', async () => {
    const company = await companyWithTeam(app.testApp, {
      companyName: 'Rechte Werk GmbH',
      adminChangeRights: [...adminChangeRightsInTests, 'companySettings'],
    });
    const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

    const operator = await openHeldPageAs(app, company.operator, 'OPERATOR', company.companyId, '/home');
    await nav(operator).getByRole('link', { name: 'Orders' }).waitFor();
    expect(await nav(operator).getByRole('link').allTextContents()).toEqual(['Home', 'Orders', 'Materials', 'Stations']);

    const page = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, '/home', { locale: 'de-DE' });
    await nav(page).getByRole('link', { name: 'Company' }).click();
    await heading(page, 'Firma').waitFor();
    await expect.poll(() => field(page, 'Firmenname').inputValue()).toBe('Rechte Werk GmbH');
    // The account (plan, export, deletion) stays the owner's.
    expect(await page.getByRole('tab', { name: 'Konto' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/company as an admin with the settings right (de)');
    await field(page, 'Telefon').fill('+49 821 999');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await notice(page, 'Die Firmeneinstellungen wurden gespeichert.').waitFor();
  });

  it('is not offered to an admin', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'ADMIN' });
    await page.goto(`${app.baseUrl}/order`);
    await heading(page, 'Orders').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Company' }).count()).toBe(0);
  });
});
