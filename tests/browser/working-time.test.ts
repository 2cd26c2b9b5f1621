import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signIn, startBrowserApp, type BrowserApp, type BrowserSession } from '../support/browser.js';
import { newHeldPage } from './hold-notifications.js';

// The company's working time (company screen, Advanced settings): set with the keyboard the way a
// user does, refused when it ends before it starts, saved, shown after a reload, and the one the
// predicted completion counts (docs/prediction.md).
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const field = (page: Page, name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });
const day = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

async function api(session: BrowserSession, url: string) {
  const res = await app.testApp.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session.access_token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("the company's working time", () => {
  it('is set with the keyboard, refused when it ends before it starts, saved and used by the prediction', async () => {
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'SUPER_USER' });
    await page.goto(`${app.baseUrl}/company`);
    await page.getByRole('heading', { level: 1, name: 'Company' }).waitFor();
    await page.getByRole('tab', { name: 'Advanced settings' }).click();
    // A company that never saved one works by the server's default: Monday to Friday, 06:00-22:00, Berlin time.
    await page.getByRole('group', { name: 'Working time' }).waitFor();
    expect(await day(page, 'Monday').isChecked()).toBe(true);
    expect(await day(page, 'Saturday').isChecked()).toBe(false);
    expect(await field(page, 'Working time from').inputValue()).toBe('06:00');
    expect(await page.getByRole('combobox', { name: /^Time zone/ }).inputValue()).toBe('Europe/Berlin');
    await expectNoAxeViolations(page, '/company working time');

    // Saturday on, Monday off, with Space as on any checkbox.
    await day(page, 'Saturday').focus();
    await page.keyboard.press('Space');
    await day(page, 'Monday').focus();
    await page.keyboard.press('Space');
    await field(page, 'Working time from').fill('07:00');
    await field(page, 'Working time to').fill('06:30');
    const zone = page.getByRole('combobox', { name: /^Time zone/ });
    await zone.fill('Europe/Vien');
    await page.getByRole('option', { name: 'Europe/Vienna' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => zone.inputValue()).toBe('Europe/Vienna');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The end must be after the start.').waitFor();
    await expectNoAxeViolations(page, '/company working time with a problem');

    await field(page, 'Working time to').fill('15:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Advanced settings' }).click();
    await expect.poll(() => field(page, 'Working time to').inputValue()).toBe('15:30');
    expect(await day(page, 'Saturday').isChecked()).toBe(true);
    expect(await day(page, 'Monday').isChecked()).toBe(false);
    expect(await page.getByRole('combobox', { name: /^Time zone/ }).inputValue()).toBe('Europe/Vienna');

    const expected = { days: [2, 3, 4, 5, 6], from: '07:00', to: '15:30', timeZone: 'Europe/Vienna' };
    // The settings answer the break rule in force too: none was saved, so the statutory minimum (ArbZG §4, docs/labour-and-costs.md).
    const statutoryBreaks = {
      minimums: [
        { after: '06:00', minutes: 30 },
        { after: '09:00', minutes: 45 },
      ],
      windows: [],
    };
    expect((await api(session, '/api/company-account/basic-settings')).workingTime).toEqual({ ...expected, breaks: statutoryBreaks });
    // The prediction counts the company's working time from now on.
    expect((await api(session, '/api/orders/predictions')).workingTime).toEqual(expected);
    await page.close();
  });
});
