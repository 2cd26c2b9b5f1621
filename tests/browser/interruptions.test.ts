import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type TestCompany } from '../support/identity.js';
import { orderBody } from '../integration/orders/support.js';
import { holdNotifications, newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Interruptions (Andon): an operator reports at the station screen; the station turns red at once
// on a supervisor's shop-floor display (another browser page), the supervisor is notified, and
// resolving it clears the marker everywhere.
let app: BrowserApp;
let company: TestCompany;
let station: { id: string; name: string };

beforeAll(async () => {
  // Working time around the clock: the station's availability has a value whatever the hour or day the suite runs.
  app = await startBrowserApp({ WORKING_TIME: '0-6 00:00-24:00' });
  company = await companyWithTeam(app.testApp, { companyName: 'Keller Umformtechnik' });
  const office = clientOf(app.testApp, company.superUser.token);
  const created = await office.post('/api/stations', { name: 'PRESSE' });
  expect(created.statusCode, created.body).toBe(201);
  station = created.json();
  const authorised = await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [station.id] });
  expect(authorised.statusCode, authorised.body).toBe(200);
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const marker = (page: Page) => page.getByRole('listitem', { name: 'Station PRESSE stopped' });

async function signInAtStation(): Promise<Page> {
  const tablet = await newHeldPage(app);
  await tablet.goto(`${app.baseUrl}/station/${station.id}/login`);
  await tablet.getByRole('textbox', { name: 'Username' }).fill(company.operator.login);
  await tablet.getByRole('textbox', { name: 'Password' }).fill(company.operator.password);
  await tablet.getByRole('button', { name: 'Sign in at the station' }).click();
  await tablet.waitForURL(`**/station/${station.id}/work`);
  await tablet.getByRole('heading', { level: 1, name: 'PRESSE' }).waitFor();
  return tablet;
}

/** A German browser signed in as the super user; `clock` installs the page clock first (then `page.clock.fastForward`). */
async function openGermanAsOwner(path: string, options: { clock?: boolean } = {}): Promise<Page> {
  const page = await app.newPage({ locale: 'de-DE' });
  await holdNotifications(page);
  if (options.clock) await page.clock.install();
  const owner = company.superUser;
  await writeSession(page, app, {
    access_token: owner.token,
    userId: owner.id,
    role: 'SUPER_USER',
    company: company.companyId,
    expiresAt: Date.now() + 86_400_000,
  });
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

/** Reports an interruption of the whole station through the API (as the admin), with a reason of its own. */
async function reportAtStation(reasonName: string): Promise<void> {
  const office = clientOf(app.testApp, company.superUser.token);
  const added = await office.post('/api/team/master-data/interruptionReasons', { name: reasonName });
  expect(added.statusCode, added.body).toBe(201);
  const reported = await clientOf(app.testApp, company.admin.token).post('/api/interruptions', { stationId: station.id, reasonId: added.json().entryId });
  expect(reported.statusCode, reported.body).toBe(201);
}

describe('interruptions (Andon)', () => {
  it('an operator reports at the station; the display shows the station red at once; resolving clears it', async () => {
    const tablet = await signInAtStation();
    // No reasons yet: the dialog says so and where an administrator adds them.
    await tablet.getByRole('button', { name: 'Report interruption' }).click();
    const dialog = tablet.getByRole('dialog', { name: 'Report an interruption' });
    await dialog.getByText(/has no interruption reasons yet/).waitFor();
    await expectNoAxeViolations(tablet, 'report dialog without reasons');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The supervisor watches the shop-floor display: it says where the missing reasons are added.
    const display = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, '/order/advertisement');
    await display.getByRole('link', { name: 'Add them in Team, Master data, Interruption reasons' }).waitFor();

    const office = clientOf(app.testApp, company.superUser.token);
    const added = await office.post('/api/team/master-data/interruptionReasons', { name: 'Tool broken' });
    expect(added.statusCode, added.body).toBe(201);

    // Nothing stopped yet.
    await display.reload();
    await display.getByText('Interruptions are live').waitFor();
    expect(await display.getByText('Operators can report an interruption only once').count()).toBe(0);
    await display.getByText('No station is stopped.').waitFor();

    await tablet.getByRole('button', { name: 'Report interruption' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await dialog.getByRole('button', { name: /Reason$/ }).click();
    await tablet.getByRole('option', { name: 'Tool broken' }).click();
    await dialog.getByRole('textbox', { name: /^Note/ }).fill('Punch cracked');
    await expectNoAxeViolations(tablet, 'report dialog');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await notice(tablet, 'The interruption is reported. The supervisors are notified.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await tablet.getByRole('heading', { name: 'This station is stopped' }).waitFor();
    await tablet.getByText('Tool broken').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work, stopped');

    // At once on the display: the station red with its reason, and the supervisor's notification.
    await marker(display).waitFor();
    await marker(display).getByText('Tool broken').waitFor();
    await marker(display).getByText('Punch cracked').waitFor();
    // A warning: the notification bar's assertive region.
    await display.getByRole('alert').filter({ hasText: 'Station PRESSE stopped: Tool broken (reported by Olga Berg)' }).waitFor();
    await display.getByRole('heading', { name: '1 station stopped' }).waitFor();
    await expectNoAxeViolations(display, '/order/advertisement with a stopped station');

    // Resolved at the station: the display clears.
    await tablet.getByRole('button', { name: 'Resolve' }).click();
    const resolve = tablet.getByRole('dialog', { name: 'Resolve the interruption' });
    await resolve.getByRole('textbox', { name: /^How it was resolved/ }).fill('New punch fitted');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await notice(tablet, 'The interruption is resolved.').waitFor();
    await tablet.getByRole('button', { name: 'Report interruption' }).waitFor();
    await display.getByText('No station is stopped.').waitFor();
    expect(await marker(display).count()).toBe(0);
  });

  it('the home board shows a stopped station red; a supervisor resolves it there; the order history lists it', async () => {
    const office = clientOf(app.testApp, company.superUser.token);
    const reasons = (await office.get('/api/team/master-data/interruptionReasons')).json().data as { id: string }[];
    const material = await office.post('/api/materials', {
      type: 'product',
      name: 'Bracket',
      materialNumber: 'B-1',
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
    });
    expect(material.statusCode, material.body).toBe(201);
    const order = await office.post('/api/orders', orderBody([{ materialId: material.json().id, quantity: 4 }]));
    expect(order.statusCode, order.body).toBe(201);
    // Placed, so its history has two events (a one-event history's disabled slider label fails contrast: orders feature).
    const placed = await office.post(`/api/orders/${order.json().id}/place`, { version: order.json().version });
    expect(placed.statusCode, placed.body).toBe(200);
    const home = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/home');
    await home.getByText('No station is stopped.').waitFor();
    const reported = await clientOf(app.testApp, company.admin.token).post('/api/interruptions', {
      stationId: station.id,
      orderId: order.json().id,
      reasonId: reasons[0].id,
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await marker(home).waitFor();
    await expectNoAxeViolations(home, '/home with a stopped station');
    await marker(home).getByRole('button', { name: 'Resolve at PRESSE' }).click();
    const resolve = home.getByRole('dialog', { name: 'Resolve the interruption' });
    await resolve.getByRole('textbox', { name: /^How it was resolved/ }).fill('Checked, runs again');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await home.getByText('No station is stopped.').waitFor();

    await home.goto(`${app.baseUrl}/order/history/${order.json().id}`);
    const panel = home.getByRole('region', { name: 'Interruptions' });
    await panel.getByText(/^PRESSE stopped: Tool broken, reported by Ali Demir/).waitFor();
    await panel.getByText(/^Resolved by Sabine Schmidt .*: Checked, runs again$/).waitFor();
    await panel.getByText(/^PRESSE: 1 interruption, /).waitFor();
    await home.getByText('Event 2 of 2', { exact: false }).waitFor();
    await expectNoAxeViolations(home, '/order/history with an interruption');

    // The key-figures page lists the station with its interruptions and availability.
    await home.goto(`${app.baseUrl}/key-figures`);
    const row = home.getByRole('row').filter({ has: home.getByRole('rowheader', { name: 'PRESSE' }) });
    await row.getByRole('cell', { name: /^2 \(\d+ min\)$/ }).waitFor();
    await row
      .getByRole('cell', { name: /^\d+(\.\d)?\s?%$/ })
      .first()
      .waitFor();
  });

  it('says in German that the resolution note is required, as it is', async () => {
    const home = await openGermanAsOwner('/home');
    await reportAtStation('Riemen gerissen');
    const stopped = home.getByRole('listitem', { name: 'Station PRESSE steht' });
    await stopped.getByRole('button', { name: 'An PRESSE beheben' }).click();
    const resolve = home.getByRole('dialog', { name: 'Unterbrechung beheben' });
    const note = resolve.getByRole('textbox', { name: /^Wie es behoben wurde/ });
    await note.waitFor();
    const hint = await resolve.getByText(/höchstens 500 Zeichen/).textContent();
    // The hint, then the field's running count (0/500 Zeichen).
    expect(hint).toMatch(/^Pflichtfeld: beschreiben Sie, was getan wurde, höchstens 500 Zeichen\./);
    await resolve.getByRole('button', { name: 'Beheben' }).click();
    await resolve.getByText('Dieses Feld ist erforderlich.').waitFor();
    await expectNoAxeViolations(home, 'resolve dialog (de)');
    await note.fill('Riemen getauscht');
    await resolve.getByRole('button', { name: 'Beheben' }).click();
    await home.getByText('Keine Station steht.').waitFor();
  });
  it('the duration of an open interruption runs on, on the home board and the shop-floor display', async () => {
    const home = await openGermanAsOwner('/home', { clock: true });
    const display = await openGermanAsOwner('/order/advertisement', { clock: true });
    await home.getByText('Keine Station steht.').waitFor();
    await display.getByText('Keine Station steht.').waitFor();
    await reportAtStation('Öl fehlt');
    for (const page of [home, display]) {
      const stopped = page.getByRole('listitem', { name: 'Station PRESSE steht' });
      await stopped.getByText(/^Seit \d{2}:\d{2} \(\d+ Sekunden?\), gemeldet von /).waitFor();
      await page.clock.fastForward('02:05');
      await stopped.getByText(/^Seit \d{2}:\d{2} \(2 Minuten\), gemeldet von /).waitFor();
      await page.clock.fastForward('01:00:00');
      await stopped.getByText(/^Seit \d{2}:\d{2} \(1 Std\. 2 Min\.\), gemeldet von /).waitFor();
    }
    await expectNoAxeViolations(display, '/order/advertisement with a running duration (de)');
    await home.getByRole('listitem', { name: 'Station PRESSE steht' }).getByRole('button', { name: 'An PRESSE beheben' }).click();
    const resolve = home.getByRole('dialog', { name: 'Unterbrechung beheben' });
    await resolve.getByRole('textbox', { name: /^Wie es behoben wurde/ }).fill('Öl nachgefüllt');
    await resolve.getByRole('button', { name: 'Beheben' }).click();
    await display.getByText('Keine Station steht.').waitFor();
  });
});
