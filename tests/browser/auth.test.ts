import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, sessionStorageKey, signIn, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { codeIn, companyWithTeam, linkTokenIn, mailTo, startMailbox, testPassword, type Mailbox, type TestCompany } from '../support/identity.js';
import { newHeldPage } from './hold-notifications.js';

// Sign-up, sign-in, sign-out and the password pages, against the real server with a real SMTP
// server on loopback: codes and links are read out of the received mail.
let app: BrowserApp;
let mailbox: Mailbox;
let company: TestCompany;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startBrowserApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
  company = await companyWithTeam(app.testApp, { companyName: 'Keller Feinmechanik' });
});

afterAll(async () => {
  await app?.close();
  await mailbox?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const digitBox = (page: Page, position: number) => page.getByRole('textbox', { name: `Digit ${position} of 6` });
const digits = (page: Page) => Promise.all([1, 2, 3, 4, 5, 6].map((position) => digitBox(page, position).inputValue()));
const storedSession = (page: Page) => page.evaluate((key) => localStorage.getItem(key), sessionStorageKey);
const allBrowserStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
const uniqueEmail = (name: string) => `${name}.${Math.random().toString(36).slice(2, 10)}@example.com`;
const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.testApp.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {}, remoteAddress: '10.9.0.1' });

async function signInThroughForm(page: Page, usernameOrEmail: string, password: string) {
  await page.goto(`${app.baseUrl}/login`);
  await heading(page, 'Sign in').waitFor();
  await field(page, 'Username or email').fill(usernameOrEmail);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function pasteInto(page: Page, position: number, text: string) {
  await digitBox(page, position).evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('sign-up with a 30-day trial', () => {
  it('registers, confirms the emailed code, answers the survey and arrives home signed in', async () => {
    const page = await newHeldPage(app);
    const email = uniqueEmail('anna');
    const password = 'Welder#2026';
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Start your free trial' }).click();
    await page.waitForURL('**/registration');
    await heading(page, 'Start your free trial').waitFor();
    expect(await page.getByText('Try the console free for 30 days.').isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/registration');

    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await field(page, 'Company name').fill('Becker Metallbau');
    await field(page, 'First name').fill('Anna');
    await field(page, 'Last name').fill('Becker');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('welder2026');
    await field(page, 'Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
    // Once as the rule under the field, once as its problem.
    expect(await page.getByText('At least 8 characters, one uppercase letter and one special character.').count()).toBe(2);
    expect(await page.getByText('The passwords do not match.').isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/registration with problems');

    await field(page, 'Password').fill(password);
    await field(page, 'Confirm password').fill(password);
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL('**/email-verification-code?email=*');
    await heading(page, 'Confirm your email').waitFor();
    expect(await page.getByText(`We sent a 6-digit code to ${email}.`).isVisible()).toBe(true);
    expect(await allBrowserStorage(page)).not.toContain(password);
    await expectNoAxeViolations(page, '/email-verification-code');

    const code = codeIn(await mailbox.waitFor(mailTo(email)));

    // Typing moves on box by box, Backspace in an empty box goes back and clears it.
    await digitBox(page, 1).click();
    await page.keyboard.type('123');
    expect(await digits(page)).toEqual(['1', '2', '3', '', '', '']);
    expect(await digitBox(page, 4).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Backspace');
    expect(await digits(page)).toEqual(['1', '2', '', '', '', '']);
    expect(await digitBox(page, 3).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('Enter full code').waitFor();

    const wrong = code === '000000' ? '111111' : '000000';
    await pasteInto(page, 1, wrong);
    expect((await digits(page)).join('')).toBe(wrong);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('The code is invalid or has expired.').waitFor();
    await expectNoAxeViolations(page, '/email-verification-code with a wrong code');

    // A pasted code fills every box, wherever it lands.
    await pasteInto(page, 4, code);
    expect((await digits(page)).join('')).toBe(code);
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await page.waitForURL('**/survey-form');
    await heading(page, 'How did you hear about us?').waitFor();
    const session = JSON.parse((await storedSession(page)) ?? 'null') as { access_token: string; role: string; company: string };
    expect(session).toMatchObject({ role: 'SUPER_USER', company: expect.any(String) });
    expect(await allBrowserStorage(page)).not.toContain(password);
    await expectNoAxeViolations(page, '/survey-form');

    await page.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByRole('button', { name: /How did you hear about us/ }).click();
    await page.getByRole('option', { name: 'Trade fair' }).click();
    await page.getByRole('button', { name: 'Send answer' }).click();
    await page.waitForURL('**/home');
    await heading(page, 'Home').waitFor();
    await page.getByRole('status').filter({ hasText: 'Thank you! Welcome to your console.' }).waitFor();

    const settings = await api('GET', '/api/company-account/basic-settings', session.access_token);
    expect(settings.json()).toMatchObject({ companyName: 'Becker Metallbau', referralSource: 'TRADE_FAIR', account: { plan: 'trial', readOnly: false } });
  });

  it("answers the survey with 'ID is missing' when the session has no company", async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/survey-form`);
    await heading(page, 'How did you hear about us?').waitFor();
    await page.getByRole('button', { name: /How did you hear about us/ }).click();
    await page.getByRole('option', { name: 'Recommendation' }).click();
    await page.getByRole('button', { name: 'Send answer' }).click();
    await page.getByRole('alert').filter({ hasText: 'ID is missing' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/survey-form');
  });

  it('does not tell a visitor that an email is registered: the sign-up goes on to the code page and the owner gets a note', async () => {
    const page = await newHeldPage(app);
    await page.goto(`${app.baseUrl}/registration`);
    await field(page, 'Company name').fill('Zweite Firma');
    await field(page, 'First name').fill('Sabine');
    await field(page, 'Last name').fill('Schmidt');
    await field(page, 'Email').fill(company.superUser.login);
    await field(page, 'Password').fill('Welder#2026');
    await field(page, 'Confirm password').fill('Welder#2026');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL('**/email-verification-code?*');
    await page.getByText(`We sent a 6-digit code to ${company.superUser.login}.`).waitFor();
    const note = await mailbox.waitFor((mail) => mailTo(company.superUser.login)(mail) && mail.subject === 'Someone tried to register with your address');
    expect(note.text).toContain('https://console.example.com/forgot-password');

    // A confirmed address answers like a wrong code; the way to sign in is always on the page.
    await pasteInto(page, 1, '123456');
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('The code is invalid or has expired.').waitFor();
    await expectNoAxeViolations(page, '/email-verification-code for a registered address');
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL('**/login');
  });

  it('sends a new code on request; the old one stops working', async () => {
    const email = uniqueEmail('bernd');
    const registered = await api('POST', '/api/auth/register', undefined, {
      companyName: 'Bernd Drehteile',
      firstName: 'Bernd',
      lastName: 'Lang',
      email,
      password: 'Welder#2026',
      confirm: 'Welder#2026',
    });
    expect(registered.statusCode).toBe(201);
    const firstCode = codeIn(await mailbox.waitFor(mailTo(email)));

    const page = await newHeldPage(app);
    await page.goto(`${app.baseUrl}/email-verification-code?email=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('status').filter({ hasText: 'A new code is on its way.' }).waitFor();
    const secondMail = await mailbox.waitFor((mail) => mailbox.messages.filter(mailTo(email)).indexOf(mail) === 1);

    await pasteInto(page, 1, firstCode);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('The code is invalid or has expired.').waitFor();
    // Without the sign-up ticket of this browser the confirmed user signs in by hand.
    await pasteInto(page, 1, codeIn(secondMail));
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'Your email is confirmed. Please sign in.' }).waitFor();
  });
});

describe('sign-in and sign-out', () => {
  it('signs a super user in by email, keeps no password, and signs out with the token revoked', async () => {
    const page = await newHeldPage(app);
    await signInThroughForm(page, company.superUser.login, testPassword);
    await page.waitForURL('**/home');
    await heading(page, 'Home').waitFor();
    const session = JSON.parse((await storedSession(page)) ?? 'null') as { access_token: string; userId: string; role: string; company: string };
    expect(session).toMatchObject({ userId: company.superUser.id, role: 'SUPER_USER', company: company.companyId });
    expect(await allBrowserStorage(page)).not.toContain(testPassword);
    expect((await api('GET', '/api/auth/me', session.access_token)).statusCode).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'You have been signed out.' }).waitFor();
    expect(await storedSession(page)).toBeNull();
    expect((await api('GET', '/api/auth/me', session.access_token)).statusCode).toBe(401);
  });

  it('signs an operator in by username', async () => {
    const page = await newHeldPage(app);
    await signInThroughForm(page, company.operator.login, testPassword);
    await page.waitForURL('**/home');
    expect(JSON.parse((await storedSession(page)) ?? 'null')).toMatchObject({ role: 'OPERATOR', userId: company.operator.id });
  });

  it("switches the console to the user's stored language at sign-in (an operator an admin set to German)", async () => {
    const german = await companyWithTeam(app.testApp, { companyName: 'Hofmann Zerspanung' });
    const set = await app.testApp.app.inject({
      method: 'PUT',
      url: `/api/users/${german.operator.id}/language`,
      payload: { locale: 'de' },
      headers: { authorization: `Bearer ${german.admin.token}` },
    });
    expect(set.statusCode).toBe(200);
    const page = await newHeldPage(app);
    await signInThroughForm(page, german.operator.login, testPassword);
    await page.waitForURL('**/home');
    await heading(page, 'Startseite').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.evaluate(() => localStorage.getItem('shopfloor.language'))).toBe('de');
  });

  it('checks both fields and the password rule before asking the server', async () => {
    const page = await newHeldPage(app);
    await page.goto(`${app.baseUrl}/login`);
    await heading(page, 'Sign in').waitFor();
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/authenticate')) asked += 1;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByText('This field is required.').count()).toBe(2);
    await field(page, 'Username or email').fill(company.admin.login);
    await field(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('At least 8 characters, one uppercase letter and one special character.').waitFor();
    await expectNoAxeViolations(page, '/login with problems');
    expect(asked).toBe(0);
  });

  it('says incorrect email or password, or incorrect username or password, and stays signed out', async () => {
    const page = await newHeldPage(app);
    await signInThroughForm(page, company.admin.login, 'Wrong#Password1');
    await page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor();
    await expectNoAxeViolations(page, '/login with wrong password');
    expect(await storedSession(page)).toBeNull();

    await field(page, 'Username or email').fill(company.operator.login);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('leads a user whose email is not confirmed yet from sign-in to the code page', async () => {
    const email = uniqueEmail('dora');
    const registered = await api('POST', '/api/auth/register', undefined, {
      companyName: 'Dora Drechslerei',
      firstName: 'Dora',
      lastName: 'Kunz',
      email,
      password: 'Welder#2026',
      confirm: 'Welder#2026',
    });
    expect(registered.statusCode).toBe(201);
    const page = await newHeldPage(app);
    await signInThroughForm(page, email, 'Welder#2026');
    await page.getByRole('alert').filter({ hasText: 'Please confirm your email address with the code we sent you.' }).waitFor();
    expect(await storedSession(page)).toBeNull();
    await page.getByRole('link', { name: 'Confirm your email now' }).click();
    await page.waitForURL('**/email-verification-code?email=*');
    await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
  });

  it('shows how long to wait once an account has had too many failed sign-ins from this address', async () => {
    const blocked = await companyWithTeam(app.testApp);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // The browser's own address: failures elsewhere would not block this sign-in (login-throttle.ts).
      const failed = await app.testApp.app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { usernameOrEmail: blocked.admin.login, password: 'Wrong#Password1' },
        remoteAddress: '127.0.0.1',
      });
      expect(failed.statusCode).toBe(401);
    }
    const page = await newHeldPage(app);
    await signInThroughForm(page, blocked.admin.login, testPassword);
    await page
      .getByRole('alert')
      .filter({ hasText: /Too many failed attempts\. Please wait \d+ minutes and try again\./ })
      .waitFor();
    expect(await storedSession(page)).toBeNull();
  });

  it('shows the sign-in page in German after switching the language', async () => {
    const page = await newHeldPage(app);
    await page.goto(`${app.baseUrl}/login`);
    await heading(page, 'Sign in').waitFor();
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await heading(page, 'Anmelden').waitFor();
    expect(await page.title()).toBe('Anmelden · Shopfloor Console');
    await field(page, 'Benutzername oder E-Mail').fill(company.superUser.login);
    await field(page, 'Passwort').fill('Falsch#Passwort1');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('alert').filter({ hasText: 'E-Mail oder Passwort ist falsch.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Passwort vergessen?' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/login (German)');
  });
});

describe('language on a first visit', () => {
  it('follows a German browser on the sign-in and sign-up pages, then the choice the user makes', async () => {
    const page = await app.newPage({ locale: 'de-AT' });
    await page.goto(`${app.baseUrl}/login`);
    await heading(page, 'Anmelden').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('button', { name: /Sprache/ }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await heading(page, 'Sign in').waitFor();
    await page.reload();
    await heading(page, 'Sign in').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expectNoAxeViolations(page, '/login (chosen English in a German browser)');
  });

  it('keeps English for a browser whose languages the console does not speak', async () => {
    const page = await app.newPage({ locale: 'fr-FR' });
    await page.goto(`${app.baseUrl}/login`);
    await heading(page, 'Sign in').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});

describe('passwords', () => {
  it('sends a reset link, sets the new password with it, and refuses the used link', async () => {
    const member = await companyWithTeam(app.testApp);
    const page = await newHeldPage(app);
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await heading(page, 'Forgot password').waitFor();
    await field(page, 'Email').fill(member.admin.login);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`If an account exists for ${member.admin.login}, we have sent it a link`).waitFor();
    await expectNoAxeViolations(page, '/forgot-password sent');

    const token = linkTokenIn(await mailbox.waitFor(mailTo(member.admin.login, /password/i)), '/reset-password');
    await page.goto(`${app.baseUrl}/reset-password?token=${encodeURIComponent(token)}`);
    await heading(page, 'Reset password').waitFor();
    await page.getByText(`Hello Ali, choose a new password for ${member.admin.login}.`).waitFor();
    await expectNoAxeViolations(page, '/reset-password');
    await field(page, 'New password').fill('lowercase-only');
    await field(page, 'Confirm password').fill('lowercase-only');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
    expect(await page.getByText('At least 8 characters, one uppercase letter and one special character.').count()).toBe(2);

    await field(page, 'New password').fill('Neues#Passwort9');
    await field(page, 'Confirm password').fill('Neues#Passwort9');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect((await api('POST', '/api/auth/authenticate', undefined, { usernameOrEmail: member.admin.login, password: 'Neues#Passwort9' })).statusCode).toBe(200);

    await page.goto(`${app.baseUrl}/reset-password?token=${encodeURIComponent(token)}`);
    await page.waitForURL('**/invalid-token');
    await heading(page, 'Link no longer valid').waitFor();
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const page = await newHeldPage(app);
    const unknown = uniqueEmail('nobody');
    await page.goto(`${app.baseUrl}/forgot-password`);
    await field(page, 'Email').fill(unknown);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`If an account exists for ${unknown}, we have sent it a link`).waitFor();
    expect(mailbox.messages.some(mailTo(unknown))).toBe(false);
  });

  it('leads an unknown link to the invalid-token page, which leads back to sign-in', async () => {
    const page = await newHeldPage(app);
    await page.goto(`${app.baseUrl}/reset-password?token=not-a-real-token`);
    await page.waitForURL('**/invalid-token');
    await heading(page, 'Link no longer valid').waitFor();
    await expectNoAxeViolations(page, '/invalid-token');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');

    await page.goto(`${app.baseUrl}/set-admin-password`);
    await page.waitForURL('**/invalid-token');
  });

  it('lets an invited administration user set a password from the invitation and sign in', async () => {
    const invitee = uniqueEmail('clara');
    const invited = await api('POST', '/api/users/create-admin-user', company.superUser.token, { firstName: 'Clara', lastName: 'Vogt', email: invitee });
    expect(invited.statusCode).toBe(201);
    const token = linkTokenIn(await mailbox.waitFor(mailTo(invitee)), '/set-admin-password');

    const page = await newHeldPage(app);
    // A reset page refuses an invitation link.
    await page.goto(`${app.baseUrl}/reset-password?token=${encodeURIComponent(token)}`);
    await page.waitForURL('**/invalid-token');

    await page.goto(`${app.baseUrl}/set-admin-password?token=${encodeURIComponent(token)}`);
    await heading(page, 'Set your password').waitFor();
    await page.getByText(`Welcome, Clara! Choose the password for ${invitee}.`).waitFor();
    await expectNoAxeViolations(page, '/set-admin-password');
    await field(page, 'New password').fill('Verwalt#2026');
    await field(page, 'Confirm password').fill('Verwalt#2027');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await field(page, 'Confirm password').fill('Verwalt#2026');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL('**/login');

    await signInThroughForm(page, invitee, 'Verwalt#2026');
    await page.waitForURL('**/home');
    expect(JSON.parse((await storedSession(page)) ?? 'null')).toMatchObject({ role: 'ADMIN', company: company.companyId });
  });

  it('changes the password of a signed-in user after checking the current one', async () => {
    const member = await companyWithTeam(app.testApp);
    const signedIn = await api('POST', '/api/auth/authenticate', undefined, { usernameOrEmail: member.superUser.login, password: testPassword });
    const page = await newHeldPage(app);
    await writeSession(page, app, { ...signedIn.json(), expiresAt: Date.now() + 3_600_000 });
    const profileReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/me')) profileReads.push(request.url());
    });
    await page.goto(`${app.baseUrl}/change-password`);
    await heading(page, 'Change password').waitFor();
    await page.getByText('Signed in as Sabine Schmidt.').waitFor();
    expect(profileReads.length).toBeGreaterThan(0);
    await expectNoAxeViolations(page, '/change-password');

    await field(page, 'Current password').fill('Wrong#Password1');
    await field(page, 'New password').fill('Anders#2026');
    await field(page, 'Confirm password').fill('Anders#2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct.').waitFor();

    await field(page, 'Current password').fill(testPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect((await api('POST', '/api/auth/authenticate', undefined, { usernameOrEmail: member.superUser.login, password: 'Anders#2026' })).statusCode).toBe(200);
  });

  it('sends a visitor who is not signed in from change-password to sign-in', async () => {
    const page = await newHeldPage(app);
    await page.goto(`${app.baseUrl}/change-password`);
    await page.waitForURL('**/login');
  });
});
