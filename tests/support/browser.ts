import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import type { Role } from '../../src/domain/shared/roles.js';
import type { Clock } from '../../src/server/platform/clock.js';
import { createMasterUser, openSession, provisionCompany } from '../../src/server/modules/identity/index.js';
import { withSystem } from '../../src/server/platform/db.js';
import { createTestApp, type TestApp } from './app.js';
import { testPassword } from './identity.js';
import { chromiumArgs, chromiumPath } from './shared-chromium.js';
import { expect } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BrowserApp {
  /** `http://127.0.0.1:<port>`: the real server on a fresh database, serving dist/web. */
  baseUrl: string;
  testApp: TestApp;
  browser: Browser;
  /**
   * A page in a fresh browser context (its own localStorage), closed with `close()`: `locale` is the browser's
   * language (default en-US), `hasTouch` makes it a touch device (a tablet: `tap()` works).
   */
  newPage(options?: { locale?: string; hasTouch?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts the whole server on a fresh database, listening on 127.0.0.1 port 0, and connects to the run's one
 * Chromium (started by the global setup), or launches the system Chromium (CHROME_PATH or /usr/bin/chromium)
 * when there is none. The console must be built (`npm run build`; `npm test` does it through
 * scripts/ensure-web-build.mjs).
 */
export async function startBrowserApp(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<BrowserApp> {
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` (or `npm test`, which builds it) before the browser tests.');
  }
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: install it (apt-get install chromium) or set CHROME_PATH.`);
  }
  const testApp = await createTestApp(env, { clock: options.clock });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  let browser: Browser;
  try {
    // The run's one Chromium (global setup) when there is one; closing a connected browser only disconnects.
    const shared = process.env.TEST_CHROMIUM_WS;
    browser = shared ? await chromium.connect(shared) : await chromium.launch({ executablePath, headless: true, args: chromiumArgs });
  } catch (error) {
    await testApp.close();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  return {
    baseUrl,
    testApp,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1280, height: 800 },
        locale: options.locale ?? 'en-US',
        hasTouch: options.hasTouch ?? false,
      });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await testApp.close();
    },
  };
}

/** The session record as the console keeps it in localStorage (src/web/lib/session.ts). */
export interface BrowserSession {
  access_token: string;
  userId: string;
  role: Role;
  company: string | null;
  /** Epoch ms; 360 hours after sign-in. */
  expiresAt: number;
}

export const sessionStorageKey = 'shopfloor.session';
const sessionLifetimeMs = 360 * 60 * 60 * 1000;

/** A company with its super user (password set, email confirmed), for tests that need a tenant. */
export async function createCompany(
  app: BrowserApp,
  companyName = `Werkstatt ${randomUUID().slice(0, 8)}`,
): Promise<{ companyId: string; superUserId: string }> {
  const deps = app.testApp.app;
  const { companyId, userIds } = await provisionCompany(deps, {
    companyName,
    plan: 'standard',
    trialEndsAt: null,
    users: [{ role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Keller', email: `owner-${randomUUID()}@example.test`, password: 'Werkbank#2026' }],
  });
  return { companyId, superUserId: userIds[0] };
}

/**
 * Creates a user of the role and opens a real session for it (the server checks every token
 * against its sessions, so a signed token alone is refused). A company user gets a new company of
 * their own; a master acts for `actingFor` (default: no company selected).
 */
export async function createSession(app: BrowserApp, principal: { role: Role; actingFor?: string | null }): Promise<BrowserSession> {
  const { app: server } = app.testApp;
  const deps = server;
  let user: { id: string; role: Role; ownCompanyId: string | null };
  let actingFor: string | null;
  if (principal.role === 'MASTER') {
    const id = await createMasterUser(deps, { email: `master-${randomUUID()}@example.test`, password: 'Werkbank#2026' });
    user = { id, role: 'MASTER', ownCompanyId: null };
    actingFor = principal.actingFor ?? null;
  } else {
    const role = principal.role;
    const member = role === 'OPERATOR' ? { username: `op-${randomUUID().slice(0, 8)}` } : { email: `${role.toLowerCase()}-${randomUUID()}@example.test` };
    const { companyId, userIds } = await provisionCompany(deps, {
      companyName: `Werkstatt ${randomUUID().slice(0, 8)}`,
      plan: 'standard',
      trialEndsAt: null,
      users: [
        { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Keller', email: `owner-${randomUUID()}@example.test`, password: 'Werkbank#2026' },
        ...(role === 'SUPER_USER' ? [] : [{ role, firstName: 'Jonas', lastName: 'Brandt', password: 'Werkbank#2026', ...member }]),
      ],
    });
    user = { id: userIds.at(-1) as string, role, ownCompanyId: companyId };
    actingFor = principal.actingFor === undefined ? companyId : principal.actingFor;
  }
  const issued = await withSystem(server.db, (tx) => openSession(tx, server.auth, user, actingFor));
  return { access_token: issued.access_token, userId: issued.userId, role: issued.role, company: issued.companyId, expiresAt: Date.now() + sessionLifetimeMs };
}

/**
 * Signs the page's browser in as if the user had logged in: a real user and session
 * (`createSession`), written to localStorage as the console stores it. Navigate afterwards.
 */
export async function signIn(page: Page, app: BrowserApp, principal: { role: Role; actingFor?: string | null }): Promise<BrowserSession> {
  const session = await createSession(app, principal);
  await writeSession(page, app, session);
  return session;
}

/** Writes any session record (also expired or malformed ones) on the app's origin. */
export async function writeSession(page: Page, app: BrowserApp, session: BrowserSession | Record<string, unknown>): Promise<void> {
  // A JSON answer of the same origin: localStorage is reachable and the console does not start.
  await page.goto(`${app.baseUrl}/api/health`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [sessionStorageKey, JSON.stringify(session)] as const);
}

export interface StationSignIn {
  station: { id: string; name: string };
  /** The operator's username (`login`) and password (default the test users' `testPassword`). */
  operator: { login: string; password?: string };
  companyId: string;
  /** The station device's address (default: a new one per sign-in, so no address meets the sign-in limits). */
  remoteAddress?: string;
}

/** A station session record: an operator's session with the station the screen works at. */
export type StationSession = BrowserSession & { station: { id: string; name: string } };

let stationAddresses = 0;

/** Signs the operator in at the station through its login route (`POST /api/stations/{id}/login`), as the station's login screen does. */
export async function stationSession(app: BrowserApp, { station, operator, companyId, remoteAddress }: StationSignIn): Promise<StationSession> {
  stationAddresses += 1;
  const res = await app.testApp.app.inject({
    method: 'POST',
    url: `/api/stations/${station.id}/login`,
    payload: { username: operator.login, password: operator.password ?? testPassword },
    remoteAddress: remoteAddress ?? `10.99.${Math.floor(stationAddresses / 250)}.${stationAddresses % 250}`,
  });
  const answer = expectOk<{ access_token: string; userId: string }>(res);
  return { access_token: answer.access_token, userId: answer.userId, role: 'OPERATOR', company: companyId, station, expiresAt: Date.now() + 3_600_000 };
}

/** Signs the operator in at the station (`stationSession`) and opens the station screen, once its heading shows. */
export async function openStation(page: Page, app: BrowserApp, signIn: StationSignIn): Promise<StationSession> {
  const session = await stationSession(app, signIn);
  await writeSession(page, app, session);
  await page.goto(`${app.baseUrl}/station/${signIn.station.id}/work`);
  await page.getByRole('heading', { level: 1, name: signIn.station.name }).waitFor();
  return session;
}

/** A download's bytes, read through the browser's connection (`download.path()` has no local file on the run's shared Chromium). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; summary: string }[];
}

/**
 * Runs axe-core on the page and fails with a readable list when it finds any serious or
 * critical violation. Wait for the screen to settle before calling it.
 */
export async function expectNoAxeViolations(page: Page, context = ''): Promise<void> {
  axeSource ??= readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so the server's Content-Security-Policy does not block it.
  const hasAxe = await page.evaluate('typeof window.axe !== "undefined"');
  if (!hasAxe) await page.evaluate(axeSource);
  // The settled screen: a colour transition under way (a button the pointer was left over, one turning disabled)
  // measures a contrast between two states that no one reads. Endless animations (spinners) do not settle.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const violations = (await page.evaluate(`window.axe
    .run(document, { resultTypes: ['violations'] })
    .then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, summary: n.failureSummary })) })))`)) as AxeViolation[];
  const severe = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (severe.length > 0) {
    const where = context || page.url();
    const lines = severe.map(
      (violation) =>
        `  - [${violation.impact}] ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `      ${JSON.stringify(node.target)} ${node.html.slice(0, 200)}: ${node.summary}`).join('\n')}`,
    );
    throw new Error(`Accessibility violations on ${where}:\n${lines.join('\n')}`);
  }
}

/** The answer's body as `T` after checking its status (200 unless said), naming the body when it differs. */
export const expectOk = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
