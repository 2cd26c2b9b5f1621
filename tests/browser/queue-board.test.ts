import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, expectNoAxeViolations, signIn, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { newHeldPage } from './hold-notifications.js';

// The master's way to the BullMQ dashboard (docs/api.md, Operations): from the customers screen.
let withRedis: BrowserApp;
let inProcess: BrowserApp;

beforeAll(async () => {
  const redis = process.env.TEST_REDIS_URL;
  if (!redis) throw new Error('TEST_REDIS_URL is not set (tests/support/global-setup.ts)');
  withRedis = await startBrowserApp({ REDIS_URL: redis, BULLMQ_PREFIX: `test-board-${randomUUID()}` });
  inProcess = await startBrowserApp();
  // The master's screens show a company list only once there is a customer.
  await createCompany(withRedis, 'Alpen Metall GmbH');
  await createCompany(inProcess, 'Alpen Metall GmbH');
});
afterAll(async () => {
  await withRedis?.close();
  await inProcess?.close();
});

describe('job queues for the master', () => {
  it('opens the queue dashboard from the customers screen', async () => {
    const page = await newHeldPage(withRedis);
    await signIn(page, withRedis, { role: 'MASTER', actingFor: null });
    await page.goto(`${withRedis.baseUrl}/customers`);
    const open = page.getByRole('button', { name: 'Job queues' });
    await open.waitFor();
    await expectNoAxeViolations(page, '/customers (master, with the job queues button)');
    await open.click();
    await page.waitForURL('**/admin/queues**');
    await page.getByText('email', { exact: true }).first().waitFor();
    expect(await page.getByText('pdf', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('says there are no queues where jobs run in the server process', async () => {
    const page = await newHeldPage(inProcess);
    await signIn(page, inProcess, { role: 'MASTER', actingFor: null });
    await page.goto(`${inProcess.baseUrl}/customers`);
    await page.getByRole('button', { name: 'Job queues' }).click();
    await page.getByRole('alert').filter({ hasText: 'There are no job queues to show' }).waitFor();
    expect(page.url()).toContain('/customers');
  });
});
