import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MachineSettings } from '../../src/domain/machines/machines.views.js';
import { expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam } from '../support/identity.js';
import { stationBody } from '../integration/stations/stations-support.js';
import { openHeldPageAs } from './hold-notifications.js';

// The machines tab of the company screen (issue 31, docs/integration.md "Machine counts over MQTT"),
// in German: set the broker, link a station to its machine's topic with a stop code, see it listed.
const brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('the machines tab', () => {
  it('sets the broker and links a station with a stop code (de)', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Maschinen Werk GmbH' });
    const owner = clientOf(app.testApp, company.superUser.token);
    expectOk(await owner.post('/api/stations', stationBody('SÄGE')), 201);
    expectOk(await owner.post('/api/team/master-data/interruptionReasons', { name: 'Material fehlt' }), 201);

    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/company', { locale: 'de-DE' });
    await page.getByRole('tab', { name: 'Maschinen' }).click();
    await page.getByRole('heading', { name: 'Noch keine Station verknüpft' }).waitFor();
    await expectNoAxeViolations(page, 'machines tab, nothing set (de)');

    // The tab is a panel beside the settings form, not inside it: Enter in its fields saves no settings, and
    // the settings' Save takes nothing typed here.
    expect(await page.locator('form form').count()).toBe(0);
    const settingsVersion = async (): Promise<number> => (await owner.get('/api/company-account/basic-settings')).json().version;
    const versionBefore = await settingsVersion();
    const url = page.getByRole('textbox', { name: /^Broker-URL/ });
    await url.fill(brokerUrl);
    await url.press('Enter');
    await page.getByRole('tab', { name: 'Stammdaten' }).click();
    await page.getByRole('textbox', { name: /^Telefon/ }).fill('+49 821 111');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await notice(page, 'Die Firmeneinstellungen wurden gespeichert.').waitFor();
    expect(await settingsVersion()).toBe(versionBefore + 1);
    expect(expectOk<MachineSettings>(await owner.get('/api/machines')).broker).toBeNull();
    await page.getByRole('tab', { name: 'Maschinen' }).click();

    // A URL that is no MQTT URL is refused on its field.
    await url.fill('http://broker.example.com');
    await page.getByRole('button', { name: 'Broker speichern' }).click();
    await page.getByText('Geben Sie eine URL mit mqtt:// oder mqtts:// und einem Host ein.').waitFor();
    await expectNoAxeViolations(page, 'broker form with a wrong URL (de)');
    await url.fill(brokerUrl);
    await page.getByRole('textbox', { name: /^Benutzername/ }).fill('linie');
    await page.getByLabel(/^Passwort/).fill('Geheim-123');
    await page.getByRole('button', { name: 'Broker speichern' }).click();
    await notice(page, 'Broker gespeichert.').waitFor();
    await page.getByText('Ein Passwort ist gespeichert.', { exact: false }).waitFor();
    expect(await page.getByLabel(/^Passwort/).inputValue()).toBe('');

    await page.getByRole('button', { name: 'Station verknüpfen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Station mit ihrer Maschine verknüpfen' });
    await dialog.getByRole('button', { name: /Station/ }).click();
    await page.getByRole('option', { name: 'SÄGE' }).click();
    await dialog.getByRole('textbox', { name: /^Topic/ }).fill('werk/saege-1');
    await dialog.getByRole('button', { name: 'Code hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: /^Code/ }).fill('E12');
    await dialog.getByRole('button', { name: /Unterbrechungsgrund/ }).click();
    await page.getByRole('option', { name: 'Material fehlt' }).click();
    await expectNoAxeViolations(page, 'link dialog with a stop code (de)');
    await dialog.getByRole('button', { name: 'Verknüpfung speichern' }).click();
    await notice(page, 'Verknüpfung gespeichert.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: /SÄGE/ });
    await row.getByText('werk/saege-1').waitFor();
    await row.getByText('E12').waitFor();
    await expectNoAxeViolations(page, 'machines tab with a linked station (de)');

    const settings = expectOk<MachineSettings>(await owner.get('/api/machines'));
    expect(settings.broker).toMatchObject({ url: brokerUrl, username: 'linie', hasPassword: true });
    expect(settings.links).toEqual([
      expect.objectContaining({ stationName: 'SÄGE', topic: 'werk/saege-1', format: 'json', stopReasons: [expect.objectContaining({ code: 'E12' })] }),
    ]);

    // Unlinking asks first.
    await row.getByRole('button', { name: 'Maschine von SÄGE trennen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Maschine trennen?' });
    await expectNoAxeViolations(page, 'unlink dialog (de)');
    await confirm.getByRole('button', { name: 'Trennen' }).click();
    await notice(page, 'Die Maschine von SÄGE ist getrennt.').waitFor();
    await page.getByRole('heading', { name: 'Noch keine Station verknüpft' }).waitFor();
  }, 240_000);
});
