import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, sessionStorageKey, signIn, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { holdNotifications } from './hold-notifications.js';

let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const sidebarLabels = async (page: Page) => (await sidebar(page).getByRole('link').allTextContents()).map((text) => text.trim());
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function openSignedIn(page: Page, where: string, role: 'SUPER_USER' | 'ADMIN' | 'OPERATOR', actingFor?: string | null) {
  const session = await signIn(page, app, { role, actingFor });
  await page.goto(`${app.baseUrl}${where}`);
  return session;
}

describe('console shell: signed out', () => {
  it('sends a visitor who is not signed in from /home to the sign-in page', async () => {
    const page = await app.newPage();
    await page.goto(`${app.baseUrl}/home`);
    await page.waitForURL('**/login');
    await heading(page, 'Sign in').waitFor();
    expect(await page.getByRole('textbox', { name: 'Username or email' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/login');
  });

  it('treats an expired or unreadable saved session as signed out and forgets it', async () => {
    const page = await app.newPage();
    const session = await signIn(page, app, { role: 'SUPER_USER' });
    await writeSession(page, app, { ...session, expiresAt: Date.now() - 1000 });
    await page.goto(`${app.baseUrl}/order`);
    await page.waitForURL('**/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey)).toBeNull();

    await writeSession(page, app, { access_token: 'x', role: 'NOT_A_ROLE' });
    await page.goto(`${app.baseUrl}/home`);
    await page.waitForURL('**/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey)).toBeNull();
  });

  it('shows every public page in its frame with a heading and a way back to sign in', async () => {
    const page = await app.newPage();
    await page.goto(`${app.baseUrl}/forgot-password`);
    await heading(page, 'Forgot password').waitFor();
    expect(await page.title()).toBe('Forgot password · Shopfloor Console');
    await expectNoAxeViolations(page, '/forgot-password');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
    await heading(page, 'Sign in').waitFor();
  });
});

describe('console shell: signed in', () => {
  it('leads / to /home and shows the layout with the sidebar, Home highlighted', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/', 'SUPER_USER');
    await page.waitForURL('**/home');
    await heading(page, 'Home').waitFor();
    expect(await sidebarLabels(page)).toEqual(['Home', 'Orders', 'Customers', 'Materials', 'Stations', 'Plan', 'Team', 'Company']);
    expect(await sidebar(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(await sidebar(page).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull();
    expect(await page.getByRole('img', { name: 'Shopfloor Console logo' }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/home');
  });

  it("paints the frame's stand-in before any script runs, and the console replaces it with the frame and the screen", async () => {
    const page = await app.newPage();
    await signIn(page, app, { role: 'SUPER_USER' });
    // Without scripts: what the server sends for an address inside the frame is the frame with the logo and a spinner.
    await page.route('**/assets/boot-*.js', (route) => route.abort());
    await page.goto(`${app.baseUrl}/order`);
    const standIn = page.locator('[data-console-shell]');
    await standIn.getByRole('complementary', { name: 'Sidebar' }).getByRole('img', { name: 'Shopfloor Console logo' }).waitFor();
    await standIn.getByRole('progressbar', { name: 'Loading…' }).waitFor();
    await expectNoAxeViolations(page, '/order before the scripts');
    await page.unroute('**/assets/boot-*.js');
    // With scripts: the stand-in stays until React puts the frame in its place; #root is never empty between them.
    await page.addInitScript(() => {
      const seen = window as unknown as { emptyRoot?: boolean };
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root') as HTMLElement;
        new MutationObserver(() => {
          if (root.childElementCount === 0) seen.emptyRoot = true;
        }).observe(root, { childList: true });
      });
    });
    await page.reload();
    await heading(page, 'Orders').waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(await standIn.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { emptyRoot?: boolean }).emptyRoot)).toBeUndefined();
  });

  it('highlights the item whose target the path contains and activates items with Enter and Space', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/order/add-order', 'SUPER_USER');
    await heading(page, 'Add order').waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');

    await sidebar(page).getByRole('link', { name: 'Materials' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/material');
    await heading(page, 'Materials').waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Materials' }).getAttribute('aria-current')).toBe('page');
    expect(await sidebar(page).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull();

    await sidebar(page).getByRole('link', { name: 'Stations' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/station');
    await heading(page, 'Stations').waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Stations' }).getAttribute('aria-current')).toBe('page');

    await sidebar(page).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL('**/team');
    await heading(page, 'Team').waitFor();
    await expectNoAxeViolations(page, '/team');
  });

  it('hides the company item from an admin', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/home', 'ADMIN');
    await heading(page, 'Home').waitFor();
    expect(await sidebarLabels(page)).toEqual(['Home', 'Orders', 'Customers', 'Materials', 'Stations', 'Plan', 'Team']);
  });

  it("shows the company's uploaded logo in the sidebar instead of the product logo", async () => {
    const page = await app.newPage();
    const session = await openSignedIn(page, '/home', 'SUPER_USER');
    await heading(page, 'Home').waitFor();
    await page.getByRole('img', { name: 'Shopfloor Console logo' }).first().waitFor();

    const boundary = 'logo-boundary';
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await app.testApp.app.inject({
      method: 'PUT',
      url: '/api/company-account/logo',
      headers: { authorization: `Bearer ${session.access_token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode).toBe(200);

    await page.reload();
    const logo = page.getByRole('img', { name: 'Company logo' });
    await logo.waitFor();
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await logo.getAttribute('src')).toMatch(/^blob:/);
    await expectNoAxeViolations(page, '/home with company logo');
  });

  it('ends a session the server has revoked: back to sign-in with a notice', async () => {
    const page = await app.newPage();
    // The notice would hide itself after 3 s, which a loaded machine can miss: it is held for the check.
    await holdNotifications(page);
    // Every alert shown is noted in sessionStorage, across reloads: the page may notice the ended session
    // itself (its live feed is refused) before the reload below, and the bar shows one notification at a time.
    await page.addInitScript(() => {
      const note = () => {
        const shown = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent).filter(Boolean);
        if (shown.length === 0) return;
        const seen: string[] = JSON.parse(sessionStorage.getItem('test.shownAlerts') ?? '[]');
        sessionStorage.setItem('test.shownAlerts', JSON.stringify([...seen, ...shown]));
      };
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const session = await openSignedIn(page, '/home', 'ADMIN');
    await heading(page, 'Home').waitFor();
    // The console is closed while the server revokes the session (the tab keeps its storage): an open page
    // would notice by itself, and a reload racing that notice could drop it before it is drawn.
    await page.goto('about:blank');
    const revoked = await app.testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${session.access_token}` } });
    expect(revoked.statusCode).toBeLessThan(300);

    await page.goto(`${app.baseUrl}/home`);
    await page.waitForURL('**/login');
    await page.waitForFunction(() =>
      (JSON.parse(sessionStorage.getItem('test.shownAlerts') ?? '[]') as string[]).some((text) =>
        text.includes('Your session has ended. Please sign in again.'),
      ),
    );
    expect(await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey)).toBeNull();
  });

  it('shows other users with no company an empty menu', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/home', 'OPERATOR', null);
    await heading(page, 'Home').waitFor();
    expect(await sidebarLabels(page)).toEqual([]);
  });

  it('sends a signed-in user who is not the master from /customers to /home', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/customers', 'SUPER_USER');
    await page.waitForURL('**/home');
    await heading(page, 'Home').waitFor();
    await openSignedIn(page, '/customer/edit-customer', 'ADMIN');
    await page.waitForURL('**/home');
  });

  it('switches to German and keeps it after a reload, while the sidebar stays English', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/order', 'SUPER_USER');
    await heading(page, 'Orders').waitFor();
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await heading(page, 'Aufträge').waitFor();
    expect(await page.getByRole('button', { name: 'Abmelden' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await sidebarLabels(page)).toEqual(['Home', 'Orders', 'Customers', 'Materials', 'Stations', 'Plan', 'Team', 'Company']);
    await expectNoAxeViolations(page, '/order (German)');

    await page.reload();
    await heading(page, 'Aufträge').waitFor();
    expect(await page.title()).toBe('Aufträge · Shopfloor Console');
  });

  it('shows the team screens that were not built before as the real screens (team.test.ts drives them)', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/team/view-employees', 'SUPER_USER');
    await heading(page, 'Employees').waitFor();
    await page.getByRole('grid', { name: 'Employees' }).waitFor();
    expect(await page.getByText('Employees is not available yet').count()).toBe(0);
    await expectNoAxeViolations(page, '/team/view-employees');
  });

  it('answers an unknown address inside the console with a page-not-found screen', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/no-such-screen', 'SUPER_USER');
    await heading(page, 'Page not found').waitFor();
    await page.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL('**/home');
  });

  it('signs out: the session is gone, the sign-in page shows, and the notification bar appears and hides', async () => {
    const page = await app.newPage();
    await openSignedIn(page, '/home', 'SUPER_USER');
    await heading(page, 'Home').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    const notification = page.getByRole('status').filter({ hasText: 'You have been signed out.' });
    await notification.waitFor();
    await expectNoAxeViolations(page, '/login with notification');
    expect(await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey)).toBeNull();
    await notification.waitFor({ state: 'detached', timeout: 10_000 });

    await page.goto(`${app.baseUrl}/home`);
    await page.waitForURL('**/login');
  });
});

describe('console shell: pages loaded on demand', () => {
  it('reloads once when a page file fails to download, then shows the page', async () => {
    const page = await app.newPage();
    await signIn(page, app, { role: 'SUPER_USER' });
    let attempts = 0;
    await page.route('**/assets/team-profile-page-*.js', async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort();
      else await route.continue();
    });
    await page.goto(`${app.baseUrl}/team/master-data`);
    await heading(page, 'Master data').waitFor();
    expect(attempts).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('shopfloor.chunkReload'))).toBeNull();
  });

  it('shows a reload button instead of looping when the page file keeps failing', async () => {
    const page = await app.newPage();
    await signIn(page, app, { role: 'SUPER_USER' });
    let attempts = 0;
    await page.route('**/assets/team-profile-page-*.js', async (route) => {
      attempts += 1;
      await route.abort();
    });
    // The page is loaded twice (one reload), whatever number of requests each load makes for the file.
    let loads = 0;
    page.on('domcontentloaded', () => (loads += 1));
    await page.goto(`${app.baseUrl}/team/master-data`);
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(attempts).toBeGreaterThan(0);
    expect(loads).toBe(2);
    expect(await page.getByRole('button', { name: 'Reload page' }).isVisible()).toBe(true);
    expect(await sidebarLabels(page)).toContain('Materials');
    await expectNoAxeViolations(page, '/team/master-data (page failed)');
  });
});

describe('browser test harness', () => {
  it('fails the accessibility check on a serious violation and names it', async () => {
    const page = await app.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await heading(page, 'Sign in').waitFor();
    // Once the prerendered page is hydrated (its submit button is enabled then): hydration would drop a foreign element.
    await page.waitForFunction(() => document.querySelector('form button[type="submit"]:not([disabled])') !== null);
    await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('img'), { src: '/missing.png' })));
    await expect(expectNoAxeViolations(page, 'login with an unlabelled image')).rejects.toThrow(/image-alt/);
  });
});
