import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, expectNoAxeViolations, signIn, startBrowserApp, type BrowserApp, type BrowserSession } from '../support/browser.js';
import { newHeldPage } from './hold-notifications.js';

// Labour time's company setting and files (docs/labour-and-costs.md), in German, by a new company's owner
// on a tablet: the break rule (a fixed break and the minimum breaks) saved, shown after a reload and
// counted in an attendance; the timesheet as CSV and PDF and the payroll export downloaded, on
// /work-times and on the employee's profile.
let app: BrowserApp;
let page: Page;
let session: BrowserSession;

beforeAll(async () => {
  app = await startBrowserApp();
  page = await newHeldPage(app, { locale: 'de-DE', hasTouch: true });
  session = await signIn(page, app, { role: 'SUPER_USER' });
});

afterAll(async () => {
  await app?.close();
});

const notice = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const group = (name: string) => page.getByRole('group', { name, exact: true });
const textOf = async (download: Download) => (await downloadedBytes(download)).toString('utf8');
const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value of today at `hour` (the page and this process share the machine's zone). */
const todayAt = (hour: number) => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(hour)}:00`;
};
/** Taps the control and answers the file the browser saves. */
async function downloadBy(tap: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), tap()]);
  return download;
}

describe('labour: breaks, timesheet and payroll in the browser', () => {
  it(
    'saves a fixed break and minimum breaks; the attendance counts them; the timesheet and payroll files name the person and hours',
    { timeout: 240_000 },
    async () => {
      // The owner clocks in and out at the console, then corrects the attendance to 8 hours today (a day's work, 07:00-15:00).
      await page.goto(`${app.baseUrl}/work-times`);
      await page.getByRole('heading', { level: 1, name: 'Arbeitszeiten' }).waitFor();
      await page.getByRole('button', { name: 'Einstempeln' }).tap();
      await page.getByText(/^Eingestempelt seit/).waitFor();
      await page.getByRole('button', { name: 'Ausstempeln' }).tap();
      await page.getByRole('button', { name: /^Anwesenheit vom .* korrigieren$/ }).tap();
      const correction = page.getByRole('dialog', { name: 'Anwesenheit korrigieren' });
      await correction.getByLabel('Kommen').fill(todayAt(7));
      await correction.getByLabel('Gehen').fill(todayAt(15));
      await correction.getByRole('textbox', { name: 'Grund' }).fill('Stempeln vergessen');
      await correction.getByRole('button', { name: 'Korrektur speichern' }).tap();
      await correction.waitFor({ state: 'hidden' });
      const attendance = page.getByRole('table', { name: 'Anwesenheit' });
      // No rule saved: the statutory minimum, 30 minutes after 6 hours.
      await attendance.getByRole('cell', { name: '0:30 h', exact: true }).waitFor();
      await attendance.getByRole('cell', { name: '7:30 h', exact: true }).waitFor();

      // The break rule: a fixed break 12:00-12:45 on every day, and the first minimum after 5 hours.
      await page.goto(`${app.baseUrl}/company`);
      await page.getByRole('tab', { name: 'Erweiterte Einstellungen' }).tap();
      await group('Pausen').waitFor();
      await page.getByRole('button', { name: 'Feste Pause hinzufügen' }).tap();
      await group('Feste Pause 1')
        .getByRole('textbox', { name: /^Pause von/ })
        .fill('12:00');
      await group('Feste Pause 1')
        .getByRole('textbox', { name: /^Pause bis/ })
        .fill('12:45');
      await group('Mindestpause 1')
        .getByRole('textbox', { name: /^Nach Arbeitsstunden/ })
        .fill('05:00');
      await expectNoAxeViolations(page, '/company breaks (de)');
      await page.getByRole('button', { name: 'Speichern' }).tap();
      await notice('Die Firmeneinstellungen wurden gespeichert.').waitFor();
      await page.reload();
      await page.getByRole('tab', { name: 'Erweiterte Einstellungen' }).tap();
      await expect
        .poll(() =>
          group('Feste Pause 1')
            .getByRole('textbox', { name: /^Pause bis/ })
            .inputValue(),
        )
        .toBe('12:45');
      expect(
        await group('Feste Pause 1')
          .getByRole('textbox', { name: /^Pause von/ })
          .inputValue(),
      ).toBe('12:00');
      expect(
        await group('Mindestpause 1')
          .getByRole('textbox', { name: /^Nach Arbeitsstunden/ })
          .inputValue(),
      ).toBe('05:00');

      // The attendance (08:00-16:00 in Berlin when the machine runs on UTC, around the fixed break either way) now has 45 minutes of break.
      await page.goto(`${app.baseUrl}/work-times`);
      await attendance.getByRole('cell', { name: '0:45 h', exact: true }).waitFor();
      await attendance.getByRole('cell', { name: '7:15 h', exact: true }).waitFor();
      await expectNoAxeViolations(page, '/work-times with the saved break rule (de)');

      // The week's timesheet as CSV: German columns, the person, the hours with a decimal comma.
      const account = (await (
        await app.testApp.app.inject({ method: 'GET', url: '/api/labour/me', headers: { authorization: `Bearer ${session.access_token}` } })
      ).json()) as {
        userId: string;
      };
      const people = (await (
        await app.testApp.app.inject({ method: 'GET', url: '/api/labour/people', headers: { authorization: `Bearer ${session.access_token}` } })
      ).json()) as { data: { userId: string; name: string }[] };
      const name = people.data.find((person) => person.userId === account.userId)?.name ?? '';
      expect(name).not.toBe('');
      const csv = await textOf(await downloadBy(() => page.getByRole('button', { name: 'Stundenzettel (CSV)' }).tap()));
      expect(csv).toContain('Mitarbeiter;Datum;');
      expect(csv).toContain(`${name};Summe;;;8;0,75;7,25;`);

      // The timesheet as PDF (a document): requested, ready live, downloaded.
      const documents = page.getByRole('region', { name: 'Dokumente' });
      await documents.getByRole('button', { name: 'Stundenzettel (PDF)', exact: true }).tap();
      const pdf = await downloadBy(() =>
        documents
          .getByRole('button', { name: /herunterladen/i })
          .first()
          .tap(),
      );
      expect((await downloadedBytes(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The payroll export: hours per employee and day, German columns.
      const payroll = await textOf(await downloadBy(() => page.getByRole('button', { name: 'Lohnexport herunterladen (CSV)' }).tap()));
      expect(payroll).toContain('Mitarbeiter;Datum');
      expect(payroll).toContain(`${name};`);
      expect(payroll).toContain(';8;0,75;7,25;nein;ja');

      // The same timesheet on the person's profile (team): the week, the CSV and the PDF documents.
      await page.goto(`${app.baseUrl}/team/employee-profile/${account.userId}?tab=timesheet`);
      await page.getByRole('tab', { name: 'Stundenzettel', selected: true }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Stundenzettel der Woche' }).waitFor();
      await page.getByText(/Anwesenheit 7:15 h/).waitFor();
      const fromProfile = await textOf(await downloadBy(() => page.getByRole('button', { name: 'Stundenzettel (CSV)' }).tap()));
      expect(fromProfile).toContain('8;0,75;7,25');
      await page.getByRole('region', { name: 'Dokumente' }).getByRole('button', { name: 'Stundenzettel (PDF)', exact: true }).waitFor();
      await expectNoAxeViolations(page, '/team/employee-profile/:id timesheet tab (de)');
    },
  );
});
