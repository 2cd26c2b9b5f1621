import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { holdNotifications } from '../browser/hold-notifications.js';
import { downloadedBytes, expectNoAxeViolations, type BrowserApp } from './browser.js';
import { codeIn, mailTo, type Mailbox } from './identity.js';

// A new German company walked through the screens as a customer walks it (issue 25's first week, issue 30's
// quality loop and lots): pages watched for errors, the sign-up, the team's operator, the station login.

/** A walk through the browser: what went wrong on any of its watched pages, and the refusals a step expects. */
export interface Walk {
  app: BrowserApp;
  /** Console errors, page errors, answers 4xx/5xx and conflict banners seen on a watched page. */
  problems: string[];
  /** Answers a step expects (a refusal the screen shows): each lets one such answer through. */
  expected: { status: number; method: string; path: RegExp }[];
}

export const startWalk = (app: BrowserApp): Walk => ({ app, problems: [], expected: [] });

/** The next answer `status` to `method` a path matching `path` is what the step expects, not a problem. */
export function expectAnswer(walk: Walk, status: number, method: string, path: RegExp): void {
  walk.expected.push({ status, method, path });
}

/**
 * A German browser page (de-DE: its language and Accept-Language), its notifications held, watched for
 * console errors, page errors, answers 4xx/5xx (except one expected by `expectAnswer`) and a conflict
 * banner (a form's conflict notice, or any alert or notification saying the record was changed meanwhile).
 */
export async function germanPage(walk: Walk, name: string, options: { hasTouch?: boolean } = {}): Promise<Page> {
  const page = await walk.app.newPage({ locale: 'de-DE', ...options });
  await holdNotifications(page);
  page.on('console', (message) => {
    // A failed resource is the answer the response watcher below judges (an expected refusal is not a problem).
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of/.test(message.text())) {
      walk.problems.push(`${name}: console error: ${message.text()} (${page.url()})`);
    }
  });
  page.on('pageerror', (error) => walk.problems.push(`${name}: page error: ${error.message} (${page.url()})`));
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const method = response.request().method();
    const url = new URL(response.url());
    const index = walk.expected.findIndex((answer) => answer.status === response.status() && answer.method === method && answer.path.test(url.pathname));
    if (index >= 0) walk.expected.splice(index, 1);
    else walk.problems.push(`${name}: ${response.status()} ${method} ${response.url()}`);
  });
  await page.exposeFunction('reportConflictBanner', (text: string) => walk.problems.push(`${name}: conflict banner: ${text} (${page.url()})`));
  await page.addInitScript(() => {
    const reported = new WeakSet<Element>();
    const report = (window as unknown as { reportConflictBanner: (text: string) => void }).reportConflictBanner;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('.form-conflict, [role="alert"], .notification')) {
        const text = element.textContent ?? '';
        if (reported.has(element) || !(element.matches('.form-conflict') || /inzwischen geändert|changed meanwhile/i.test(text))) continue;
        reported.add(element);
        report(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return page;
}

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
export const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
export const notification = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
/** A sidebar item: the spec keeps the sidebar in English whatever the language. */
export const sidebar = (page: Page, name: 'Home' | 'Orders' | 'Materials' | 'Stations' | 'Team' | 'Company') =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
export const teamScreen = (page: Page, name: string) => page.getByRole('navigation', { name: 'Team-Bildschirme' }).getByRole('link', { name });
export const documentsPanel = (page: Page) => page.getByRole('region', { name: 'Dokumente' });

/** The text a reader of the PDF sees (pdftotext), spaces collapsed. */
export function textOfPdf(pdf: Buffer): string {
  const file = path.join(tmpdir(), `walk-${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(file, { force: true });
  }
}

/** Clicks a download button of the page and answers the bytes saved (the run's Chromium may be a remote one). */
export async function downloadOf(page: Page, button: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return downloadedBytes(download);
}

/** Picks an option of a Select by its trigger (a button named by its label). */
export async function choose(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

export interface Owner {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Signs a new company up on `page` in German: registration, the emailed code, the survey; ends on the home screen. Axe on each screen. */
export async function signUpInGerman(page: Page, app: BrowserApp, mailbox: Mailbox, companyName: string, owner: Owner): Promise<void> {
  await page.goto(`${app.baseUrl}/login`);
  await heading(page, 'Anmelden').waitFor();
  await expectNoAxeViolations(page, '/login (de)');
  await page.getByRole('link', { name: 'Kostenlos testen' }).click();
  await page.waitForURL('**/registration');
  await heading(page, 'Kostenlos testen').waitFor();
  await expectNoAxeViolations(page, '/registration (de)');
  await field(page, 'Firmenname').fill(companyName);
  await field(page, 'Vorname').fill(owner.firstName);
  await field(page, 'Nachname').fill(owner.lastName);
  await field(page, 'E-Mail').fill(owner.email);
  await field(page, 'Passwort').fill(owner.password);
  await field(page, 'Passwort bestätigen').fill(owner.password);
  await page.getByRole('button', { name: 'Kostenlos testen' }).click();

  await heading(page, 'E-Mail bestätigen').waitFor();
  await expectNoAxeViolations(page, '/email-verification-code (de)');
  const code = codeIn(await mailbox.waitFor(mailTo(owner.email)));
  await page.getByRole('textbox', { name: 'Ziffer 1 von 6' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'E-Mail bestätigen' }).click();

  await heading(page, 'Wie haben Sie von uns erfahren?').waitFor();
  await expectNoAxeViolations(page, '/survey-form (de)');
  await choose(page, page.getByRole('button', { name: /Wie haben Sie von uns erfahren/ }), 'Messe');
  await page.getByRole('button', { name: 'Antwort senden' }).click();
  await page.waitForURL('**/home');
  await heading(page, 'Startseite').waitFor();
  await expectNoAxeViolations(page, '/home of the new company (de)');
}

export interface Operator {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
}

/** The owner adds an operation user on the team screen and lets him sign in at `stations` (user rights). Axe on each screen. */
export async function addOperator(page: Page, operator: Operator, stations: string[]): Promise<void> {
  await sidebar(page, 'Team').click();
  await heading(page, 'Team').waitFor();
  await expectNoAxeViolations(page, '/team (de)');
  await teamScreen(page, 'Bedienbenutzer').click();
  await heading(page, 'Bedienbenutzer').waitFor();
  await page.getByRole('button', { name: 'Bedienbenutzer anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bedienbenutzer anlegen' });
  await field(dialog, 'Vorname').fill(operator.firstName);
  await field(dialog, 'Nachname').fill(operator.lastName);
  await field(dialog, 'Benutzername').fill(operator.username);
  await field(dialog, 'Passwort').fill(operator.password);
  await field(dialog, 'Passwort bestätigen').fill(operator.password);
  await expectNoAxeViolations(page, 'add operation user dialog (de)');
  await dialog.getByRole('button', { name: 'Bedienbenutzer anlegen' }).click();
  await notification(page, `Bedienbenutzer ${operator.username} wurde angelegt.`).waitFor();

  await sidebar(page, 'Team').click();
  await teamScreen(page, 'Benutzerrechte').click();
  await heading(page, 'Benutzerrechte').waitFor();
  for (const station of stations) {
    await page.getByRole('checkbox', { name: `${operator.firstName} ${operator.lastName} darf sich an ${station} anmelden` }).check({ force: true });
  }
  await expectNoAxeViolations(page, '/team user rights (de)');
  await page.getByRole('button', { name: 'Benutzerrechte speichern' }).click();
  await notification(page, 'Die Benutzerrechte sind gespeichert.').waitFor();
}

/** The operator signs in at the station's login on the tablet, by touch. */
export async function signInAtStation(tablet: Page, operator: Operator, station: string): Promise<void> {
  await heading(tablet, 'Stationsanmeldung').waitFor();
  await field(tablet, 'Benutzername').fill(operator.username);
  await field(tablet, 'Passwort').fill(operator.password);
  await tablet.getByRole('button', { name: 'An der Station anmelden' }).tap();
  await heading(tablet, station).waitFor();
  await tablet.getByText(`Angemeldet: ${operator.firstName} ${operator.lastName}`).waitFor();
}

/** Fails when a watched page of the walk saw a problem. */
export const expectNoProblems = (walk: Walk) =>
  expect(walk.problems, 'console errors, page errors, 4xx/5xx answers or conflict banners during the walk').toEqual([]);
