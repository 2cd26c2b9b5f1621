import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, signIn as signInThroughApi, type TeamMember, type TestCompany } from '../support/identity.js';
import { newHeldPage } from './hold-notifications.js';

// The station screens as a super user works with them: the overview, add and edit, the sequence
// editor (by keyboard), and the refusals the server and the domain rules give.
let app: BrowserApp;
let company: TestCompany;

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Keller Stahlbau' });
});

afterAll(async () => {
  await app?.close();
});

interface StationAnswer {
  id: string;
  name: string;
  version: number;
}
interface SequenceAnswer {
  stationIds: string[];
  startStationId: string | null;
  version: number;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const asSuperUser = () => clientOf(app.testApp, company.superUser.token);
const table = (page: Page) => page.getByRole('grid', { name: 'Production stations' });
const sequenceList = (page: Page) => page.getByRole('grid', { name: 'Stations in sequence order' });
const sequenceItem = (page: Page, name: string) => sequenceList(page).getByRole('row').filter({ hasText: name }).first();
const success = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const failure = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

async function savedSequence(): Promise<SequenceAnswer> {
  return (await asSuperUser().get('/api/stations/sequence')).json() as SequenceAnswer;
}

async function createStation(name: string): Promise<StationAnswer> {
  const res = await asSuperUser().post('/api/stations', { name, parameters: [], actions: [] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as StationAnswer;
}

async function saveSequence(stationIds: string[], startStationId: string | null): Promise<SequenceAnswer> {
  const { version } = await savedSequence();
  const res = await asSuperUser().put('/api/stations/sequence', { stationIds, startStationId, version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SequenceAnswer;
}

/** A fresh session of a team member in this browser (a real sign-in, so each page has its own token). */
async function openAs(page: Page, member: TeamMember, role: 'SUPER_USER' | 'ADMIN', where: string) {
  const session = await signInThroughApi(app.testApp, member.login, member.password);
  await writeSession(page, app, { ...session, role, expiresAt: Date.now() + 3_600_000 });
  await page.goto(`${app.baseUrl}${where}`);
}

/** Opens a Select by keyboard and picks the option by typing its first letters, then Enter. */
async function chooseByKeyboard(page: Page, trigger: ReturnType<Page['getByRole']>, option: string) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor();
  await page.keyboard.type(option);
  await expect.poll(() => page.getByRole('option', { name: option, exact: true }).getAttribute('data-focused')).toBe('true');
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  // react-aria hands the focus back to the trigger once the popover has gone.
  await expect.poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);
}

// A move sets the focus on the moved row in a frame after its render: a key pressed before that frame
// would be undone by it, so the test lets two frames pass and then expects the focus on the row.
const rowHasFocus = async (page: Page, name: string) => {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect
    .poll(() =>
      page.evaluate(
        (station) => document.activeElement?.getAttribute('role') === 'row' && document.activeElement.querySelector('.sequence-name')?.textContent === station,
        name,
      ),
    )
    .toBe(true);
};
const draftNames = async (page: Page) => (await sequenceList(page).locator('.sequence-name').allTextContents()).map((text) => text.trim());

describe('adding and editing stations', () => {
  it('refuses names the rules forbid, with their messages, then creates a station with parameters and an action', async () => {
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await heading(page, 'Stations').waitFor();
    await table(page).getByText('No results found.').waitFor();
    await expectNoAxeViolations(page, '/station (empty)');

    await page.getByRole('link', { name: 'Add station' }).click();
    await page.waitForURL('**/station/add-production-station');
    await heading(page, 'Add production station').waitFor();
    await expectNoAxeViolations(page, '/station/add-production-station');

    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    const create = page.getByRole('button', { name: 'Create station' });
    const nameError = page.locator('.field', { has: name }).locator('.field-error');

    await create.click();
    await expect.poll(() => nameError.textContent()).toBe('This field is required.');
    for (const [typed, message] of [
      ['wip', 'Only digits, capital letters A-Z and Ä, Ö, Ü.'],
      ['WIP', "'WIP' is reserved for the work-in-progress stage."],
      ['LASER 1', 'Only digits, capital letters A-Z and Ä, Ö, Ü.'],
      ['ABCDEFGHIJKLMNOP', 'At most 15 characters.'],
    ]) {
      await name.fill(typed);
      await create.click();
      await expect.poll(() => nameError.textContent()).toBe(message);
      expect(await name.getAttribute('aria-invalid')).toBe('true');
    }
    await failure(page, 'Please correct the marked fields.').waitFor();
    await expectNoAxeViolations(page, 'add station with a refused name');

    // 15 characters with umlauts are fine; the parameter numbers are checked at their bounds.
    await name.fill('SCHWEIßEN');
    await create.click();
    await expect.poll(() => nameError.textContent()).toBe('Only digits, capital letters A-Z and Ä, Ö, Ü.');
    await name.fill('LÖTSTATIONÄÜ123');
    await page.getByRole('button', { name: 'Add parameter' }).click();
    const parameter = page.getByRole('group', { name: 'Parameter 1' });
    await parameter.getByRole('textbox', { name: 'Parameter name' }).fill('Temperatur');
    await parameter.getByRole('textbox', { name: 'Value' }).fill('10000000');
    await parameter.getByRole('textbox', { name: 'Unit' }).fill('°C');
    await parameter.getByRole('textbox', { name: 'From' }).fill('300');
    await parameter.getByRole('textbox', { name: 'To' }).fill('200');
    await page.keyboard.press('Tab');
    await create.click();
    await parameter.getByText('At most 9,999,999.99.').waitFor();
    await parameter.getByText("'From' cannot exceed 'To'.").waitFor();
    expect(await nameError.count()).toBe(0);
    await expectNoAxeViolations(page, 'add station with refused parameter numbers');

    await parameter.getByRole('textbox', { name: 'Value' }).fill('9999999.99');
    await parameter.getByRole('textbox', { name: 'From' }).fill('200');
    await parameter.getByRole('textbox', { name: 'To' }).fill('9999999.99');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Add action' }).click();
    const action = page.getByRole('group', { name: 'Action 1' });
    await action.getByRole('button', { name: /Action$/ }).click();
    await page.getByRole('option', { name: 'Generate a document' }).click();
    await action.getByRole('button', { name: /Action element$/ }).click();
    await page.getByRole('option', { name: 'Delivery bill' }).click();
    await page.getByText('Incoming goods check-in at this station').click();
    await create.click();

    await success(page, 'Station LÖTSTATIONÄÜ123 was created.').waitFor();
    await page.waitForURL('**/station');
    const row = table(page).getByRole('row', { name: /LÖTSTATIONÄÜ123/ });
    await row.waitFor();
    const cells = (await row.getByRole('gridcell').allTextContents()).map((text) => text.trim());
    expect(cells.slice(0, 6)).toEqual(['Not in the sequence', 'Temperatur: 9,999,999.99 °C (200.00 to 9,999,999.99)', 'Never', '0', '0', '0']);
    await expectNoAxeViolations(page, '/station with a station');

    const stored = (await asSuperUser().get('/api/stations')).json() as { data: Record<string, unknown>[] };
    expect(stored.data).toEqual([
      expect.objectContaining({
        name: 'LÖTSTATIONÄÜ123',
        parameters: [{ name: 'Temperatur', value: 9999999.99, unit: '°C', from: 200, to: 9999999.99 }],
        actions: [{ action: 'generate-document', element: 'delivery-bill' }],
        incomingGoodsCheckIn: true,
      }),
    ]);
  });

  it('shows the server refusal of a taken name on the field, in German as well', async () => {
    await createStation('BOHREN');
    const page = await newHeldPage(app);
    await openAs(page, company.admin, 'ADMIN', '/station/add-production-station');
    await heading(page, 'Add production station').waitFor();
    await page.getByRole('button', { name: /Language$/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await heading(page, 'Produktionsstation anlegen').waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('BOHREN');
    await page.getByRole('button', { name: 'Parameter hinzufügen' }).click();
    await page.getByRole('group', { name: 'Parameter 1' }).getByRole('textbox', { name: 'Wert' }).fill('10000000');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Station anlegen' }).click();
    await page.getByText('Höchstens 9.999.999,99.').waitFor();
    await page.getByRole('button', { name: 'Parameter 1 entfernen' }).click();
    await page.getByRole('button', { name: 'Station anlegen' }).click();
    await page.getByText('Eine Station mit diesem Namen existiert bereits.').first().waitFor();
    await failure(page, 'Die Station konnte nicht angelegt werden').waitFor();
    await expectNoAxeViolations(page, 'add station, name taken (German)');
  });

  it("names a station's buttons in German with their visible words in the name (axe: label-content-name-mismatch)", async () => {
    await createStation('MONTAGE');
    const page = await app.newPage({ locale: 'de-DE' });
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await page.getByRole('grid', { name: 'Produktionsstationen' }).getByRole('rowheader', { name: 'MONTAGE' }).waitFor();
    await expectNoAxeViolations(page, '/station with a station (German)');
    const record = page.getByRole('button', { name: 'Wartung erfassen: MONTAGE' });
    expect(await record.textContent()).toBe('Wartung erfassen');
    await record.click();
    await page.getByRole('dialog', { name: 'Wartung von MONTAGE erfassen' }).waitFor();
  });

  it('edits a station on its version and says so when it was changed meanwhile', async () => {
    const station = await createStation('FRÄSEN');
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await page.getByRole('link', { name: 'Edit FRÄSEN' }).click();
    await page.waitForURL(`**/station/edit-production-station/${station.id}`);
    await heading(page, 'Edit production station').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('FRÄSEN');
    await expectNoAxeViolations(page, '/station/edit-production-station');

    // Someone else renames it meanwhile.
    const meanwhile = await asSuperUser().put(`/api/stations/${station.id}`, { name: 'FRÄSE2', parameters: [], actions: [], version: station.version });
    expect(meanwhile.statusCode).toBe(200);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('FRÄSE1');
    await page.getByRole('button', { name: 'Save' }).click();
    await failure(page, 'This station was changed meanwhile. Reload it and make your change again.').first().waitFor();
    await page.getByRole('button', { name: 'Reload station' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('FRÄSE2');

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('FRÄSE3');
    await page.getByRole('button', { name: 'Save' }).click();
    await success(page, 'Station FRÄSE3 was saved.').waitFor();
    await page.waitForURL('**/station');
    await table(page).getByRole('rowheader', { name: 'FRÄSE3' }).waitFor();
  });

  it('records a maintenance from the overview', async () => {
    await createStation('WARTUNG1');
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    const row = table(page).getByRole('row', { name: /WARTUNG1/ });
    await row.getByRole('gridcell', { name: 'Never' }).waitFor();
    await page.getByRole('button', { name: 'Record maintenance of WARTUNG1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record maintenance of WARTUNG1' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'maintenance dialog');
    await dialog.getByRole('textbox', { name: 'Maintenance done at' }).fill('2099-01-01T08:00');
    await dialog.getByRole('button', { name: 'Record maintenance' }).click();
    await dialog.getByText('A maintenance cannot lie in the future.').waitFor();
    await dialog.getByRole('textbox', { name: 'Maintenance done at' }).fill('2026-03-02T07:30');
    await dialog.getByRole('button', { name: 'Record maintenance' }).click();
    await success(page, 'The maintenance of WARTUNG1 was recorded.').waitFor();
    await row.getByRole('gridcell', { name: /02\.03\.2026/ }).waitFor(); // the company's date format (DD.MM.YYYY by default)
  });
});

describe('the sequence editor', () => {
  let saege: StationAnswer;
  let lack: StationAnswer;

  it('builds and saves a sequence with the keyboard only; nothing is saved before Save', async () => {
    saege = await createStation('SÄGE');
    await createStation('KANTEN');
    lack = await createStation('LACK');
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await page.getByText('No station is in the sequence yet.').waitFor();
    expect(await draftNames(page)).toEqual(['WIP']);
    await expectNoAxeViolations(page, '/station sequence editor (empty)');

    const stationToAdd = page.getByRole('button', { name: /Station to add$/ });
    for (const name of ['SÄGE', 'KANTEN', 'LACK']) {
      await chooseByKeyboard(page, stationToAdd, name);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add to sequence');
      await page.keyboard.press('Enter');
      await sequenceItem(page, name).waitFor();
    }
    expect(await draftNames(page)).toEqual(['SÄGE', 'KANTEN', 'LACK', 'WIP']);
    expect(await sequenceItem(page, 'SÄGE').getByText('Start station').isVisible()).toBe(true);

    // Alt+Arrow Up on the focused item moves it and keeps the focus on it; the move is announced.
    await sequenceItem(page, 'LACK').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => draftNames(page)).toEqual(['SÄGE', 'LACK', 'KANTEN', 'WIP']);
    await rowHasFocus(page, 'LACK');
    await page.getByText('LACK moved to position 2 of 3.').waitFor();
    expect(await sequenceItem(page, 'LACK').getAttribute('aria-label')).toBe('LACK, position 2 of 3');

    // The item's Move up button: at the top it is disabled, and focus stays on the item.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move up: LACK');
    await page.keyboard.press('Enter');
    await expect.poll(() => draftNames(page)).toEqual(['LACK', 'SÄGE', 'KANTEN', 'WIP']);
    await rowHasFocus(page, 'LACK');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => draftNames(page)).toEqual(['SÄGE', 'LACK', 'KANTEN', 'WIP']);
    await rowHasFocus(page, 'LACK');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => draftNames(page)).toEqual(['SÄGE', 'KANTEN', 'LACK', 'WIP']);
    await rowHasFocus(page, 'LACK');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => draftNames(page)).toEqual(['SÄGE', 'LACK', 'KANTEN', 'WIP']);
    await rowHasFocus(page, 'LACK');

    // LACK becomes the start station: Tab from the item to its buttons, Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Make start station: LACK');
    await page.keyboard.press('Enter');
    await page.getByText('LACK is the start station now.').waitFor();
    expect(await sequenceItem(page, 'LACK').getAttribute('aria-label')).toBe('LACK, position 2 of 3, start station');

    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    expect(await savedSequence()).toMatchObject({ stationIds: [], startStationId: null, version: 0 });
    await expectNoAxeViolations(page, '/station sequence draft');

    await page.getByRole('button', { name: 'Save sequence' }).focus();
    await page.keyboard.press('Enter');
    await success(page, 'The sequence was saved.').waitFor();
    const saved = await savedSequence();
    const ids = await Promise.all(
      ['SÄGE', 'LACK', 'KANTEN'].map(
        async (name) => ((await asSuperUser().get(`/api/stations?q=${encodeURIComponent(name)}`)).json() as { data: StationAnswer[] }).data[0].id,
      ),
    );
    expect(saved).toMatchObject({ stationIds: ids, startStationId: lack.id, version: 1 });

    // The overview lists the stations in sequence order, the start station marked.
    await expect.poll(async () => (await table(page).getByRole('rowheader').allTextContents()).slice(0, 3)).toEqual(['SÄGE', 'LACK', 'KANTEN']);
    expect((await table(page).getByRole('row', { name: /LACK/ }).getByRole('gridcell').first().textContent())?.trim()).toBe('Position 2Start station');
    expect(await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/station sequence saved');
  });

  it("refuses to remove the start station from the draft ('You can not delete Start station!') and discards a draft", async () => {
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await sequenceItem(page, 'LACK').waitFor();
    // In the list's grid a keyboard user reaches a station's buttons from its row.
    await sequenceItem(page, 'LACK').focus();
    await page.getByRole('button', { name: 'Remove from sequence: LACK' }).focus();
    await page.keyboard.press('Enter');
    await failure(page, 'You can not delete Start station!').waitFor();
    expect(await draftNames(page)).toEqual(['SÄGE', 'LACK', 'KANTEN', 'WIP']);
    await expectNoAxeViolations(page, 'sequence editor, start station refused');

    await page.getByRole('button', { name: 'Remove from sequence: SÄGE' }).click();
    await expect.poll(() => draftNames(page)).toEqual(['LACK', 'KANTEN', 'WIP']);
    expect(await failure(page, 'You can not delete Start station!').count()).toBe(0);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => draftNames(page)).toEqual(['SÄGE', 'LACK', 'KANTEN', 'WIP']);
    expect((await savedSequence()).version).toBe(1);
  });

  it('refuses to delete a station of the saved sequence, and deletes one outside it', async () => {
    const outside = await createStation('ENTGRATEN');
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await table(page).getByRole('rowheader', { name: 'SÄGE' }).waitFor();

    await page.getByRole('button', { name: 'Delete SÄGE' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete station' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'delete station dialog');
    await dialog.getByRole('button', { name: 'Delete station' }).click();
    await failure(page, 'Station SÄGE could not be deleted: Cannot delete a station that is used in a sequence.').waitFor();
    expect((await asSuperUser().get(`/api/stations/${saege.id}`)).statusCode).toBe(200);

    await page.getByRole('button', { name: 'Delete LACK' }).click();
    await dialog.getByRole('button', { name: 'Delete station' }).click();
    await failure(page, 'Station LACK could not be deleted: You can not delete Start station!').waitFor();

    await page.getByRole('button', { name: 'Delete ENTGRATEN' }).click();
    await dialog.getByRole('button', { name: 'Delete station' }).click();
    await success(page, 'Station ENTGRATEN was deleted.').waitFor();
    await table(page).getByRole('rowheader', { name: 'ENTGRATEN' }).waitFor({ state: 'detached' });
    expect((await asSuperUser().get(`/api/stations/${outside.id}`)).statusCode).toBe(404);
  });

  it('shows a stale-version save as a conflict and offers to reload the saved sequence', async () => {
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await sequenceItem(page, 'KANTEN').waitFor();
    await sequenceItem(page, 'KANTEN').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => draftNames(page)).toEqual(['SÄGE', 'KANTEN', 'LACK', 'WIP']);

    // Saved from another browser meanwhile: SÄGE goes out of the line.
    const meanwhile = await saveSequence([lack.id, ...(await savedSequence()).stationIds.filter((id) => id !== lack.id && id !== saege.id)], lack.id);
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await failure(page, 'The sequence was saved by someone else meanwhile.').first().waitFor();
    expect(await savedSequence()).toMatchObject({ stationIds: meanwhile.stationIds, version: meanwhile.version });
    await expectNoAxeViolations(page, 'sequence editor, conflict');

    await page.getByRole('button', { name: 'Reload sequence' }).click();
    await expect.poll(() => draftNames(page)).toEqual(['LACK', 'KANTEN', 'WIP']);
    expect(await page.getByRole('button', { name: 'Save sequence' }).isDisabled()).toBe(true);
  });

  it('asks before a navigation drops an unsaved draft: Stay keeps it, Leave drops it, after Save nothing asks', async () => {
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/home');
    const sidebarLink = (name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });
    await sidebarLink('Stations').click();
    await sequenceItem(page, 'KANTEN').waitFor();
    const before = await savedSequence();
    await sequenceItem(page, 'KANTEN').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => draftNames(page)).toEqual(['KANTEN', 'LACK', 'WIP']);

    // A sidebar item: the question comes first, with the focus on Stay; Enter stays.
    await sidebarLink('Materials').click();
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await question.waitFor();
    await question.getByText('This page has changes that are not saved yet. If you leave now, they are lost.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay');
    await expectNoAxeViolations(page, 'unsaved changes dialog');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/station');
    expect(await draftNames(page)).toEqual(['KANTEN', 'LACK', 'WIP']);
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();

    // A react-aria link of the screen (as breadcrumbs and buttons that link are) asks the same; Escape stays.
    await page.getByRole('link', { name: 'Edit KANTEN' }).click();
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/station');

    // The browser's Back button is turned back and asked about too.
    await page.goBack({ waitUntil: 'commit' });
    await question.waitFor();
    expect(new URL(page.url()).pathname).toBe('/station');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/station');
    expect(await draftNames(page)).toEqual(['KANTEN', 'LACK', 'WIP']);

    // Closing the tab gets the browser's own question.
    const beforeUnload = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await beforeUnload).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Leave without saving: on to the materials, and the saved sequence is as it was.
    await sidebarLink('Materials').click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/material');
    await heading(page, 'Materials').waitFor();
    expect(await savedSequence()).toEqual(before);
    await sidebarLink('Stations').click();
    await page.waitForURL('**/station');
    await expect.poll(() => draftNames(page)).toEqual(['LACK', 'KANTEN', 'WIP']);

    // Leave after Back goes where Back went.
    await sequenceItem(page, 'KANTEN').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.goBack({ waitUntil: 'commit' });
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/material');
    await heading(page, 'Materials').waitFor();
    expect(await savedSequence()).toEqual(before);
    await sidebarLink('Stations').click();
    await expect.poll(() => draftNames(page)).toEqual(['LACK', 'KANTEN', 'WIP']);

    // After Save, leaving asks nothing.
    await sequenceItem(page, 'KANTEN').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await success(page, 'The sequence was saved.').waitFor();
    await sidebarLink('Materials').click();
    await page.waitForURL('**/material');
    await heading(page, 'Materials').waitFor();
    expect(await question.count()).toBe(0);
    expect(await savedSequence()).toMatchObject({ stationIds: [before.stationIds[1], before.stationIds[0]], version: before.version + 1 });
  });

  it('asks before signing out drops an unsaved draft', async () => {
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/station');
    await sequenceItem(page, 'KANTEN').waitFor();
    const before = await savedSequence();
    const [first] = await draftNames(page);
    await sequenceItem(page, first).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(async () => (await draftNames(page))[0]).not.toBe(first);

    const signOut = page.getByRole('button', { name: 'Sign out' });
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await signOut.click();
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/station');
    expect((await draftNames(page))[0]).not.toBe(first);

    await signOut.click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/login');
    expect(await savedSequence()).toEqual(before);
  });
});
