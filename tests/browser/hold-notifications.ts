import type { Page } from 'playwright-core';
import type { Role } from '../../src/domain/shared/roles.js';
import { writeSession, type BrowserApp } from '../support/browser.js';

/**
 * Keeps every notification of `page` on screen until it is closed or replaced (the notification
 * bar's test-only switch), so a test waits for the notice's state instead of racing its 3 s on a
 * loaded machine. Call before the page's first navigation; it holds across reloads.
 */
export async function holdNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('shopfloor.holdNotifications', '1'));
}

/** A new page of the browser app whose notifications are held (see `holdNotifications`); `locale` is the browser's language, `hasTouch` makes it a tablet. */
export async function newHeldPage(
  app: { newPage(options?: { locale?: string; hasTouch?: boolean }): Promise<Page> },
  options: { locale?: string; hasTouch?: boolean } = {},
): Promise<Page> {
  const page = await app.newPage(options);
  await holdNotifications(page);
  return page;
}

/**
 * A held page signed in as `member` of `companyId` (session written as the console keeps it), opened at `path`;
 * `locale` is the browser's language (e.g. de-DE), `hasTouch` makes it a tablet.
 */
export async function openHeldPageAs(
  app: BrowserApp,
  member: { id: string; token: string },
  role: Role,
  companyId: string,
  path: string,
  options: { locale?: string; hasTouch?: boolean } = {},
): Promise<Page> {
  const page = await newHeldPage(app, options);
  await writeSession(page, app, { access_token: member.token, userId: member.id, role, company: companyId, expiresAt: Date.now() + 3_600_000 });
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}
