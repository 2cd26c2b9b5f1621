import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { companyWithTeam } from '../support/identity.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { openHeldPageAs } from './hold-notifications.js';

// The Webhooks tab of the company screen (issue 31, docs/integration.md), in German: register an
// endpoint through the form (its secret shown once), send a test event, read the delivery log, pause
// and resume, ask for a replay; axe on each state.
let app: BrowserApp;
let receiver: Receiver;

beforeAll(async () => {
  app = await startBrowserApp({ WEBHOOK_RETRY_BASE_MS: '200' });
  receiver = await startReceiver();
});

afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('the Webhooks tab', () => {
  it('registers an endpoint, shows its secret once, delivers a test event into the log, pauses, resumes and replays (de)', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Haken Werk GmbH' });
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/company', { locale: 'de-DE' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Noch keine Webhooks' }).waitFor();
    await expectNoAxeViolations(page, 'webhooks tab, none yet (de)');

    await page.getByRole('button', { name: 'Webhook eintragen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook eintragen' });
    await dialog.getByRole('textbox', { name: /^Adresse/ }).fill(receiver.url);
    await dialog.getByRole('button', { name: 'Eintragen' }).click();
    await dialog.getByText('Wählen Sie mindestens einen Ereignistyp, jeden nur einmal.').waitFor();
    await expectNoAxeViolations(page, 'register dialog without an event type (de)');
    await dialog.getByRole('checkbox', { name: /Auftragsstatus geändert/ }).check({ force: true });
    await dialog.getByRole('checkbox', { name: /Sendung versendet/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Eintragen' }).click();

    const shown = page.getByRole('dialog', { name: 'Webhook eingetragen' });
    await shown.getByText('Kopieren Sie das Signaturgeheimnis jetzt', { exact: false }).waitFor();
    const secret = ((await shown.locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    receiver.setSecret(secret);
    await expectNoAxeViolations(page, 'the new secret shown once (de)');
    await shown.getByRole('button', { name: 'Fertig' }).click();
    await shown.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: new RegExp(receiver.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await row.getByText('Auftragsstatus geändert, Sendung versendet').waitFor();
    expect(await page.content()).not.toContain(secret);
    await row.getByRole('button', { name: `Zustellprotokoll von ${receiver.url}` }).click();
    await page.getByRole('heading', { name: `Endpunkt ${receiver.url}` }).waitFor();
    await page.getByText('Noch nichts zugestellt.').waitFor();

    await page.getByRole('button', { name: 'Testereignis senden' }).click();
    await notice(page, 'Das Testereignis ist unterwegs.').waitFor();
    const log = page.getByRole('grid', { name: 'Zustellprotokoll' }).or(page.getByRole('table', { name: 'Zustellprotokoll' }));
    await log
      .getByRole('row', { name: /webhook\.test/ })
      .getByText('Zugestellt')
      .waitFor({ timeout: 20_000 });
    await log
      .getByRole('row', { name: /webhook\.test/ })
      .getByText('204')
      .waitFor();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].signatureValid).toBe(true);
    await expectNoAxeViolations(page, 'delivery log with a delivered test event (de)');

    const panel = page.getByRole('region', { name: `Endpunkt ${receiver.url}` });
    await panel.getByRole('checkbox', { name: /Sendung versendet/ }).uncheck({ force: true });
    await panel.getByRole('checkbox', { name: /Dokument fertig/ }).check({ force: true });
    await panel.getByRole('button', { name: 'Ereignistypen speichern' }).click();
    await notice(page, 'Die Ereignistypen sind gespeichert.').waitFor();
    await row.getByText('Auftragsstatus geändert, Dokument fertig').waitFor();

    await page.getByRole('button', { name: 'Pausieren' }).click();
    await notice(page, 'Der Webhook ist pausiert.').waitFor();
    await row.getByText('Pausiert').waitFor();
    await page.getByRole('button', { name: 'Fortsetzen' }).click();
    await notice(page, 'Der Webhook wird fortgesetzt.').waitFor();

    await page.getByRole('textbox', { name: 'Ab Position' }).fill(String(receiver.received[0].body.position));
    await page.getByRole('button', { name: 'Erneut senden' }).click();
    await notice(page, 'Die Ereignisse werden erneut gesendet.').waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1].id).toBe(receiver.received[0].id);
    await log
      .getByRole('row', { name: /webhook\.test/ })
      .getByText('Zugestellt')
      .waitFor();
    await expectNoAxeViolations(page, 'webhook panel after a replay (de)');
  }, 240_000);
});
