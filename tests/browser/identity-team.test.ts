import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signIn, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Mailbox } from '../support/identity.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// The team for now: a super user invites an administration user and creates an operation user.
let app: BrowserApp;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startBrowserApp({ SMTP_URL: mailbox.url });
});

afterAll(async () => {
  await app?.close();
  await mailbox?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const table = (page: Page, name: string) => page.getByRole('grid', { name });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('team users', () => {
  it('creates an operation user, who then signs in by username, and refuses empty names, a weak password and a taken username', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'SUPER_USER' });
    await page.goto(`${app.baseUrl}/team/operation-user`);
    await heading(page, 'Operation users').waitFor();
    await table(page, 'Operation users').getByText('No results found.').waitFor();
    await expectNoAxeViolations(page, '/team/operation-user (empty)');

    await page.getByRole('button', { name: 'Add operation user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add operation user' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add operation user' }).click();
    await dialog.getByText('First name must not be empty.').waitFor();
    expect(await dialog.getByText('Last name must not be empty.').isVisible()).toBe(true);
    expect(await dialog.getByText('Username must not be empty.').isVisible()).toBe(true);
    expect(await page.locator('input[name="password"][aria-invalid="true"]').count()).toBe(1);
    await expectNoAxeViolations(page, '/team/operation-user dialog with problems');

    await field(page, 'First name').fill('Olga');
    await field(page, 'Last name').fill('Berg');
    await field(page, 'Username').fill('olga.berg');
    await field(page, 'Password').fill('Station#2026');
    await field(page, 'Confirm password').fill('Station#2026');
    await dialog.getByRole('button', { name: 'Add operation user' }).click();
    await page.getByRole('status').filter({ hasText: 'Operation user olga.berg was created.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = table(page, 'Operation users').getByRole('row', { name: /Olga Berg/ });
    await row.waitFor();
    expect(await row.getByRole('gridcell').allTextContents()).toEqual([
      'olga.berg',
      'Active',
      expect.stringContaining('English'),
      expect.any(String),
      'EditReset passwordDeactivateRemove',
    ]);
    await page.getByText('1 - 1 of 1 results').waitFor();

    const signedIn = await app.testApp.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { usernameOrEmail: 'olga.berg', password: 'Station#2026' },
      remoteAddress: '10.9.2.1',
    });
    expect(signedIn.json()).toMatchObject({ role: 'OPERATOR' });

    await page.getByRole('button', { name: 'Add operation user' }).click();
    await field(page, 'First name').fill('Otto');
    await field(page, 'Last name').fill('Berg');
    await field(page, 'Username').fill('olga.berg');
    await field(page, 'Password').fill('Station#2026');
    await field(page, 'Confirm password').fill('Station#2026');
    await dialog.getByRole('button', { name: 'Add operation user' }).click();
    await dialog.getByText('A user with this username already exists.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1 - 1 of 1 results').waitFor();
  });

  it('invites an administration user by email and lists them as invited', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'SUPER_USER' });
    await page.goto(`${app.baseUrl}/team/administration-user`);
    await heading(page, 'Administration users').waitFor();
    await page.getByRole('button', { name: 'Invite administration user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite administration user' });
    await field(page, 'First name').fill('Clara');
    await field(page, 'Last name').fill('Vogt');
    await field(page, 'Email').fill('not an address');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Enter a valid email address.').waitFor();

    const email = `clara.${Date.now().toString(36)}@example.com`;
    await field(page, 'Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `An invitation was sent to ${email}.` })
      .waitFor();
    const row = table(page, 'Administration users').getByRole('row', { name: /Clara Vogt/ });
    await row.waitFor();
    expect(await row.getByRole('gridcell').allTextContents()).toEqual([
      email,
      'Invited',
      expect.stringContaining('English'),
      expect.any(String),
      'EditResend invitationDeactivateRemove',
    ]);
    await expectNoAxeViolations(page, '/team/administration-user');

    const mail = await mailbox.waitFor(mailTo(email));
    expect(mail.text).toMatch(/\/set-admin-password\?token=/);

    // A new invitation: a second mail with another link.
    await row.getByRole('button', { name: 'Resend invitation to Clara Vogt' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `A new invitation was sent to ${email}.` })
      .waitFor();
    await expect.poll(() => mailbox.messages.filter(mailTo(email)).length).toBe(2);

    // Removing asks first; Cancel keeps the user, Remove takes them off the list.
    await row.getByRole('button', { name: 'Remove Clara Vogt' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Clara Vogt' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, '/team/administration-user remove dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Remove Clara Vogt' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('status').filter({ hasText: 'Clara Vogt was removed.' }).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it("resets an operator's password: a weak one is refused in words, the new one works and the old one not", async () => {
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'SUPER_USER' });
    const username = `piet${Date.now().toString(36)}`;
    const created = await app.testApp.app.inject({
      method: 'POST',
      url: '/api/users/create-operations-user',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { firstName: 'Piet', lastName: 'Kraus', username, password: 'Station#2026', confirm: 'Station#2026' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await page.goto(`${app.baseUrl}/team/operation-user`);
    const row = table(page, 'Operation users').getByRole('row', { name: /Piet Kraus/ });
    await row.getByRole('button', { name: 'Reset password of Piet Kraus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password of Piet Kraus' });
    await field(page, 'New password').fill('weak');
    await field(page, 'Confirm password').fill('weak');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
    await expectNoAxeViolations(page, '/team/operation-user reset-password dialog with problems');
    await field(page, 'New password').fill('Neues#2027');
    await field(page, 'Confirm password').fill('Neues#2027');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('status').filter({ hasText: 'The password of Piet Kraus was reset.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const signInWith = (password: string) =>
      app.testApp.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail: username, password }, remoteAddress: '10.9.2.7' });
    expect((await signInWith('Station#2026')).statusCode).toBe(401);
    expect((await signInWith('Neues#2027')).statusCode).toBe(200);
  });

  it('deactivates an operator (asked first), who is then refused at sign-in in words, lists them as deactivated, and reactivates them', async () => {
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'SUPER_USER' });
    const username = `mara${Date.now().toString(36)}`;
    const created = await app.testApp.app.inject({
      method: 'POST',
      url: '/api/users/create-operations-user',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { firstName: 'Mara', lastName: 'Lenz', username, password: 'Station#2026', confirm: 'Station#2026' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await page.goto(`${app.baseUrl}/team/operation-user`);
    const row = table(page, 'Operation users').getByRole('row', { name: /Mara Lenz/ });
    await row.getByRole('button', { name: 'Deactivate Mara Lenz' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate Mara Lenz' });
    await confirm.getByText('They can no longer sign in').waitFor();
    await expectNoAxeViolations(page, '/team/operation-user deactivate dialog');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('status').filter({ hasText: 'Mara Lenz is deactivated and signed out.' }).waitFor();
    await row.getByRole('gridcell', { name: 'Deactivated' }).waitFor();
    await row.getByRole('button', { name: 'Reactivate Mara Lenz' }).waitFor();

    // The operator tries to sign in: the sign-in screen says why, in words.
    const operatorPage = await newHeldPage(app);
    await operatorPage.goto(`${app.baseUrl}/login`);
    await operatorPage.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await field(operatorPage, 'Username or email').fill(username);
    await field(operatorPage, 'Password').fill('Station#2026');
    await operatorPage.getByRole('button', { name: 'Sign in' }).click();
    await operatorPage.getByText('This account has been deactivated. Please ask your administrator.').waitFor();
    await expectNoAxeViolations(operatorPage, '/login deactivated');

    // The user-rights matrix keeps them with their rights, marked deactivated.
    const station = await app.testApp.app.inject({
      method: 'POST',
      url: '/api/stations',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { name: `RIGHTS${Date.now().toString(36).toUpperCase()}`, parameters: [], actions: [], incomingGoodsCheckIn: false },
    });
    expect(station.statusCode, station.body).toBe(201);
    await page.goto(`${app.baseUrl}/team/user-rights`);
    await page.getByRole('rowheader', { name: 'Mara Lenz (Deactivated)' }).first().waitFor();
    await page.goto(`${app.baseUrl}/team/operation-user`);

    await row.getByRole('button', { name: 'Reactivate Mara Lenz' }).click();
    await page.getByRole('status').filter({ hasText: 'Mara Lenz can sign in again.' }).waitFor();
    await row.getByRole('gridcell', { name: 'Active' }).waitFor();
    await operatorPage.getByRole('button', { name: 'Sign in' }).click();
    await operatorPage.waitForURL((url) => !url.pathname.endsWith('/login'));
  });

  it("sets an operator's language in German, and a signed-in user's own language follows the language switch", async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Sprache Metall GmbH' });
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/team/operation-user', { locale: 'de-DE' });
    await heading(page, 'Bedienbenutzer').waitFor();
    await page.getByRole('button', { name: /Sprache von Olga Berg/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByRole('status').filter({ hasText: 'Die Sprache von Olga Berg ist jetzt Deutsch.' }).waitFor();
    await expectNoAxeViolations(page, '/team/operation-user with languages (de)');
    const owner = clientOf(app.testApp, company.superUser.token);
    const operators = (await owner.get('/api/users?role=OPERATOR')).json().data as { id: string; locale: string }[];
    expect(operators.find((user) => user.id === company.operator.id)?.locale).toBe('de');

    // The owner's own language: the header's switch stores it.
    await page.getByRole('button', { name: /^Deutsch Sprache$/ }).click();
    const english = page.getByRole('option', { name: 'English' });
    await english.click();
    await expect.poll(async () => ((await owner.get('/api/users?role=SUPER_USER')).json().data as { locale: string }[])[0]?.locale).toBe('en');
  });

  it('does not offer operators to add users', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'OPERATOR' });
    await page.goto(`${app.baseUrl}/team/operation-user`);
    await heading(page, 'Operation users').waitFor();
    await page.getByText('Error loading data.').waitFor();
    expect(await page.getByRole('button', { name: 'Add operation user' }).count()).toBe(0);
  });
});
