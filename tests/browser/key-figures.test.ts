import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { act, createOrder, orderBody, orderLine, type Client, type OrderLine } from '../integration/orders/support.js';
import { signIn, testPassword } from '../support/identity.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Key figures in the browser: the owner sets targets and the home board's figures in the company
// screen's Key figures tab; the key-figures page follows work at the stations live; the home board
// shows the chosen figures with their target and trend; the page speaks German too.
let app: BrowserApp;
let line: OrderLine;
let atSaw: Client;
let atDrill: Client;
let owner: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  app = await startBrowserApp();
  line = await orderLine(app.testApp);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  atDrill = await line.signInAt(1, line.stations.drill.id);
  const ownerEmail = (await line.superUser.get(`/api/users/account/${line.userIds.superUser}`)).json().email as string;
  owner = { id: line.userIds.superUser, token: (await signIn(app.testApp, ownerEmail, testPassword)).access_token };
  admin = { id: line.userIds.admin, token: line.adminToken };
});
afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** Waits until the figure's card shows exactly `value`. */
const valueOf = (page: Page, name: string, value: string) =>
  card(page, name)
    .locator('.key-figure-value', { hasText: new RegExp(`^${value}$`) })
    .waitFor();

/** A production order through SAW and DRILL through the API, as the operators do at their stations. */
async function produce(quantity: number): Promise<void> {
  const { saw, drill } = line.stations;
  let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity }], { kind: 'production', deliveryDate: '2099-12-31' }));
  order = await act(line.admin, order, 'start-production');
  order = await act(atSaw, order, 'start-work', { stationId: saw.id });
  order = await act(atSaw, order, 'complete-work', { stationId: saw.id });
  order = await act(atDrill, order, 'start-work', { stationId: drill.id });
  await act(atDrill, order, 'complete-work', { stationId: drill.id });
}

describe('key figures', () => {
  it('the owner sets targets and the home figures in the company screen; a bad target is refused on its field', async () => {
    const page = await openHeldPageAs(app, owner, 'SUPER_USER', line.companyId, '/company');
    await heading(page, 'Company').waitFor();
    await page.getByRole('tab', { name: 'Key figures' }).click();
    await page.getByRole('heading', { name: 'Key figures', level: 2 }).waitFor();
    // The company form's own Save is not offered on a tab that saves on its own.
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Target: Orders completed' }).fill('2');
    await page.getByRole('textbox', { name: 'Target: Punctuality' }).fill('150');
    await page.getByRole('textbox', { name: 'Target: Pieces completed' }).fill('many');
    await page.getByRole('checkbox', { name: 'Show on the home board: Pieces completed' }).check({ force: true });
    await page.getByRole('button', { name: 'Save key figures' }).click();
    await page.getByText('Some entries need attention.').waitFor();
    await page.getByText('At most 100.').waitFor();
    await page.getByText('Enter a number.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Target: Punctuality' }).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/company key figures tab, refused');

    await page.getByRole('textbox', { name: 'Target: Punctuality' }).fill('90');
    await page.getByRole('textbox', { name: 'Target: Pieces completed' }).fill('');
    await page.getByRole('button', { name: 'Save key figures' }).click();
    await notification(page, 'Key figures saved.').waitFor();
    const saved = (await line.admin.get('/api/key-figures/settings')).json();
    expect(saved).toMatchObject({ version: 1, targets: { ordersCompleted: 2, punctuality: 90 } });
    expect(saved.homeFigures).toContain('piecesCompleted');

    await page.reload();
    await page.getByRole('tab', { name: 'Key figures' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Target: Orders completed' }).inputValue(), { timeout: 30_000 }).toBe('2');
    expect(await page.getByRole('checkbox', { name: 'Show on the home board: Pieces completed' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/company key figures tab');
  });

  it('the key-figures page follows work at the stations live, with the team score and per station', async () => {
    const page = await openHeldPageAs(app, admin, 'ADMIN', line.companyId, '/key-figures');
    await heading(page, 'Key figures').waitFor();
    await page.getByText('Live: figures update as work is done').waitFor();
    await valueOf(page, 'Orders completed', '0');
    await card(page, 'Without interruption').getByText('No data').waitFor();
    await page.getByText('No work completed or interruption at a station in this period yet.').waitFor();
    await expectNoAxeViolations(page, '/key-figures, empty');

    await produce(3);
    await valueOf(page, 'Orders completed', '1');
    await valueOf(page, 'Pieces completed', '3');
    await valueOf(page, 'Without interruption', '100\\s?%');
    await card(page, 'Orders completed').getByText('Target: 2 a day').waitFor();
    // The stations' table of the figures (the OEE section has one of its own).
    const perStation = page.getByRole('table', { name: 'Stations in the period', exact: true });
    await perStation.getByRole('rowheader', { name: 'SAW' }).waitFor();
    await perStation.getByRole('rowheader', { name: 'DRILL' }).waitFor();
    await page.getByRole('table', { name: 'OEE of the stations in the period', exact: true }).getByRole('rowheader', { name: 'SAW' }).waitFor();
    // Orders 1 of 14 this week, punctuality 100 % of 90 %: the formula's terms are listed.
    await page.getByText(/^Orders completed: 1 of 14, attainment 7\s?%$/).waitFor();
    await page.getByText(/^Punctuality: 100\s?% of 90\s?%, attainment 100\s?%$/).waitFor();
    await expectNoAxeViolations(page, '/key-figures');

    await page.getByRole('button', { name: /Period/ }).click();
    await page.getByRole('option', { name: 'Today' }).click();
    await page.getByRole('button', { name: /Figure/ }).click();
    await page.getByRole('option', { name: 'Pieces completed' }).click();
    await page.getByRole('table', { name: 'Pieces completed per period' }).waitFor();
    await card(page, 'Team score').locator('.key-figure-value', { hasText: /^\d+$/ }).waitFor();
  });

  it('the home board shows the chosen figures with target and trend, and leads to the page', async () => {
    const page = await openHeldPageAs(app, admin, 'ADMIN', line.companyId, '/home');
    await page.getByRole('heading', { name: 'Key figures today' }).waitFor();
    await valueOf(page, 'Pieces completed', '3');
    await card(page, 'Orders completed').getByText('Target: 2 a day').waitFor();
    await card(page, 'Orders completed')
      .getByText(/Better than the period before/)
      .waitFor();
    await expectNoAxeViolations(page, '/home with key figures');
    await page.getByRole('link', { name: 'All key figures' }).click();
    await heading(page, 'Key figures').waitFor();
  });

  it('speaks German', async () => {
    const page = await newHeldPage({ newPage: () => app.newPage({ locale: 'de-DE' }) });
    await writeSession(page, app, { access_token: admin.token, userId: admin.id, role: 'ADMIN', company: line.companyId, expiresAt: Date.now() + 3_600_000 });
    await page.goto(`${app.baseUrl}/key-figures`);
    await heading(page, 'Kennzahlen').waitFor();
    await card(page, 'Abgeschlossene Aufträge').waitFor();
    // The week's work ran without an interruption.
    await valueOf(page, 'Ohne Unterbrechung', '100\\s?%');
    await page.getByRole('heading', { name: 'So wird der Team-Score berechnet' }).waitFor();
    await expectNoAxeViolations(page, '/key-figures in German');
  });
  it("fits a 1,366 px screen in German: no sideways scrolling, the charts' legends in German", async () => {
    await produce(2);
    const page = await newHeldPage({ newPage: () => app.newPage({ locale: 'de-DE' }) });
    await page.setViewportSize({ width: 1366, height: 768 });
    await writeSession(page, app, { access_token: admin.token, userId: admin.id, role: 'ADMIN', company: line.companyId, expiresAt: Date.now() + 3_600_000 });
    await page.goto(`${app.baseUrl}/key-figures`);
    await heading(page, 'Kennzahlen').waitFor();
    await page.locator('[data-chart="series"] .u-legend').first().waitFor();
    await page.locator('[data-chart="stations"] .u-legend').first().waitFor();
    const legends = (await page.locator('.u-legend .u-label').allTextContents()).map((text) => text.trim());
    expect(legends.length).toBeGreaterThan(0);
    for (const english of ['Time', 'Value']) expect(legends).not.toContain(english);
    expect(legends).toContain('Zeitraum ab');
    expect(legends).toContain('Station');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '/key-figures at 1366 px in German');
  });
});
