import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, sessionStorageKey, startBrowserApp, writeSession, type BrowserApp, type BrowserSession } from '../support/browser.js';
import { clientOf, companyWithTeam, signIn as signInThroughApi, type TestCompany } from '../support/identity.js';
import { newHeldPage } from './hold-notifications.js';

// Station login at a tablet and the station screen it opens, against the real server.
let app: BrowserApp;
let company: TestCompany;
let presse: { id: string; name: string };
let lager: { id: string; name: string };

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Berg Presswerk' });
  const office = clientOf(app.testApp, company.superUser.token);
  const create = async (name: string) => {
    const res = await office.post('/api/stations', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string };
  };
  presse = await create('PRESSE');
  lager = await create('LAGER');
  // The operator may sign in at PRESSE only.
  const authorised = await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [presse.id] });
  expect(authorised.statusCode, authorised.body).toBe(200);
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const storedSession = async (page: Page) =>
  JSON.parse((await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey)) ?? 'null') as BrowserSession | null;
const loginUrl = (stationId: string) => `${app.baseUrl}/station/${stationId}/login`;

async function signInAtStation(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in at the station' }).click();
}

describe('station login', () => {
  it('signs an authorised operator in on a tablet nobody is signed in on and opens the station screen', async () => {
    const page = await newHeldPage(app);
    await page.goto(loginUrl(presse.id));
    await heading(page, 'Station login').waitFor();
    await page.getByText('Sign in at this station').waitFor();
    await expectNoAxeViolations(page, '/station/:id/login');

    await page.getByRole('button', { name: 'Sign in at the station' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await signInAtStation(page, company.operator.login, 'Wrong#2026');
    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).waitFor();
    expect(await storedSession(page)).toBeNull();

    await signInAtStation(page, company.operator.login, company.operator.password);
    await page.waitForURL(`**/station/${presse.id}/work`);
    await heading(page, 'PRESSE').waitFor();
    await page.getByText('Signed in: Olga Berg').waitFor();
    await page.getByRole('heading', { level: 3, name: 'No orders at this station yet' }).waitFor();
    expect(await page.title()).toBe('Station screen · Shopfloor Console');
    expect(await storedSession(page)).toMatchObject({
      userId: company.operator.id,
      role: 'OPERATOR',
      company: company.companyId,
      station: { id: presse.id, name: 'PRESSE' },
    });
    await expectNoAxeViolations(page, '/station/:id/work');

    // A tablet: every control of the bar is a touch target of at least 44 px.
    for (const control of [page.getByRole('button', { name: 'Sign out' }), page.getByRole('button', { name: /Language$/ })]) {
      const box = await control.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }

    // The station session survives a reload; the server recorded the sign-in on the station.
    await page.reload();
    await heading(page, 'PRESSE').waitFor();
    const history = await clientOf(app.testApp, company.superUser.token).get(`/api/stations/${presse.id}/history`);
    expect((history.json() as { data: { type: string }[] }).data.map((entry) => entry.type)).toContain('OperatorSignedIn');

    // Signing out ends the session and leaves the tablet at this station's login.
    const token = (await storedSession(page))?.access_token ?? '';
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`**/station/${presse.id}/login`);
    await page.getByText('Station PRESSE').waitFor();
    expect(await storedSession(page)).toBeNull();
    expect((await clientOf(app.testApp, token).get('/api/stations')).statusCode).toBe(401);
  });

  it("refuses an administration user: 'You are not operator!', in German as well", async () => {
    const page = await newHeldPage(app);
    await page.goto(loginUrl(presse.id));
    await heading(page, 'Station login').waitFor();
    await signInAtStation(page, company.admin.login, company.admin.password);
    await page.getByRole('alert').filter({ hasText: 'You are not operator!' }).waitFor();
    expect(await storedSession(page)).toBeNull();
    await expectNoAxeViolations(page, 'station login refused (not operator)');

    await page.getByRole('button', { name: /Language$/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await heading(page, 'Stationsanmeldung').waitFor();
    await page.getByRole('textbox', { name: 'Benutzername' }).fill(company.superUser.login);
    await page.getByRole('textbox', { name: 'Passwort' }).fill(company.superUser.password);
    await page.getByRole('button', { name: 'An der Station anmelden' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sie sind kein Bediener!' }).waitFor();
  });

  it('refuses an operator at a station they are not authorised for', async () => {
    const page = await newHeldPage(app);
    await page.goto(loginUrl(lager.id));
    await signInAtStation(page, company.operator.login, company.operator.password);
    await page.getByRole('alert').filter({ hasText: 'You are not authorised for this station.' }).waitFor();
    expect(await storedSession(page)).toBeNull();
    await expectNoAxeViolations(page, 'station login refused (not authorised)');
  });

  it('refuses a deactivated operator in words', async () => {
    const office = clientOf(app.testApp, company.superUser.token);
    const username = `lena${Date.now().toString(36)}`;
    const created = await office.post('/api/users/create-operations-user', {
      firstName: 'Lena',
      lastName: 'Roth',
      username,
      password: 'Station#2026',
      confirm: 'Station#2026',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    expect((await office.put(`/api/users/${id}/station-authorizations`, { stationIds: [presse.id] })).statusCode).toBe(200);
    expect((await office.post(`/api/users/${id}/deactivate`)).statusCode).toBe(200);

    const page = await newHeldPage(app);
    await page.goto(loginUrl(presse.id));
    await signInAtStation(page, username, 'Station#2026');
    await page.getByRole('alert').filter({ hasText: 'This account has been deactivated. Please ask your administrator.' }).waitFor();
    expect(await storedSession(page)).toBeNull();
    await expectNoAxeViolations(page, 'station login refused (deactivated)');
  });

  it('is reached from the overview; the console session of the device is replaced by the operator', async () => {
    const page = await newHeldPage(app);
    const admin = await signInThroughApi(app.testApp, company.admin.login, company.admin.password);
    await writeSession(page, app, { ...admin, role: 'ADMIN', expiresAt: Date.now() + 3_600_000 });
    await page.goto(`${app.baseUrl}/station`);
    await heading(page, 'Stations').waitFor();
    await page.getByRole('link', { name: 'Station login at PRESSE' }).click();
    await page.waitForURL(`**/station/${presse.id}/login`);
    await page.getByText('Station PRESSE').waitFor();

    await signInAtStation(page, company.operator.login, company.operator.password);
    await page.waitForURL(`**/station/${presse.id}/work`);
    await heading(page, 'PRESSE').waitFor();
    expect((await clientOf(app.testApp, admin.access_token).get('/api/stations')).statusCode).toBe(401);
  });

  it('sends a console session that did not sign in at the station to its login', async () => {
    const page = await newHeldPage(app);
    const operator = await signInThroughApi(app.testApp, company.operator.login, company.operator.password);
    await writeSession(page, app, { ...operator, role: 'OPERATOR', expiresAt: Date.now() + 3_600_000 });
    await page.goto(`${app.baseUrl}/station/${presse.id}/work`);
    await page.waitForURL(`**/station/${presse.id}/login`);
    await heading(page, 'Station login').waitFor();
    // Signed in, the login names its station; the overview offers no changes to an operator.
    await page.getByText('Station PRESSE').waitFor();
    await page.goto(`${app.baseUrl}/station`);
    await page.getByRole('grid', { name: 'Production stations' }).getByRole('rowheader', { name: 'PRESSE' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add station' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete PRESSE' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/station (operator)');
  });

  it('after a sign-out at the station offers the stations the operator may sign in at: the next station takes one sign-in (de, touch)', async () => {
    const office = clientOf(app.testApp, company.superUser.token);
    const authorised = await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [presse.id, lager.id] });
    expect(authorised.statusCode, authorised.body).toBe(200);
    const context = await app.browser.newContext({ baseURL: app.baseUrl, locale: 'de-DE', hasTouch: true, viewport: { width: 1024, height: 768 } });
    const tablet = await context.newPage();
    try {
      await tablet.goto(loginUrl(presse.id));
      await tablet.getByRole('textbox', { name: 'Benutzername' }).fill(company.operator.login);
      await tablet.getByRole('textbox', { name: 'Passwort' }).fill(company.operator.password);
      await tablet.getByRole('button', { name: 'An der Station anmelden' }).tap();
      await heading(tablet, 'PRESSE').waitFor();
      await tablet.getByRole('button', { name: 'Abmelden' }).tap();
      await tablet.waitForURL(`**/station/${presse.id}/login`);
      const others = tablet.getByRole('navigation', { name: 'An einer anderen Station anmelden' });
      await others.getByRole('link', { name: 'LAGER' }).waitFor();
      // Only the stations the operator may sign in at, not the one just left.
      expect(await others.getByRole('link').allTextContents()).toEqual(['LAGER']);
      await expectNoAxeViolations(tablet, '/station/:id/login after a sign-out (de)');

      await others.getByRole('link', { name: 'LAGER' }).tap();
      await tablet.waitForURL(`**/station/${lager.id}/login`);
      await tablet.getByText('Station LAGER').waitFor();
      await tablet.getByRole('textbox', { name: 'Benutzername' }).fill(company.operator.login);
      await tablet.getByRole('textbox', { name: 'Passwort' }).fill(company.operator.password);
      await tablet.getByRole('button', { name: 'An der Station anmelden' }).tap();
      await heading(tablet, 'LAGER').waitFor();
      const now = (await office.get('/api/team/station-sessions')).json().data as { userId: string; stationName: string }[];
      expect(now.filter((session) => session.userId === company.operator.id).map((session) => session.stationName)).toEqual(['LAGER']);
    } finally {
      await context.close();
      await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [presse.id] });
    }
  });
});
