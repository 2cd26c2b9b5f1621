import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { companyWithStationLine } from '../support/station-line.js';
import { type Client } from '../support/identity.js';
import { newHeldPage } from './hold-notifications.js';

// A station tablet through a Wi-Fi drop (issue 18, docs/offline-station.md): taps while offline
// wait in the browser's queue (IndexedDB, surviving a reload that the service worker serves),
// go out once and in order when the connection is back, and a tap the server refuses because a
// supervisor moved the order meanwhile is shown to the operator as a conflict.
let app: BrowserApp;
let companyId: string;
let owner: Client;
let saw: { id: string; name: string };
let paint: { id: string; name: string };
let sawOperator: { id: string; login: string };
let paintOperator: { id: string; login: string };
let material: string;

interface Order {
  id: string;
  orderNumber: string;
  version: number;
}

beforeAll(async () => {
  app = await startBrowserApp();
  const line = await companyWithStationLine(app.testApp, {
    companyName: 'Funkloch',
    operators: [
      { firstName: 'Ute', lastName: 'Sommer' },
      { firstName: 'Pia', lastName: 'Lang' },
    ],
    stations: ['SAW', 'PAINT'],
    remoteAddress: '10.18.0.1',
  });
  const { tag } = line;
  ({ companyId } = line);
  owner = line.owner.client;
  [sawOperator, paintOperator] = line.operators;
  [saw, paint] = line.stations;
  material = expectOk<{ id: string }>(
    await owner.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Bracket',
      materialNumber: `B-${tag}`,
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
    }),
    201,
  ).id;
});

afterAll(async () => {
  await app?.close();
});

/** A production order started at the start station (SAW). */
async function orderAtSaw(name: string, quantity = 1): Promise<Order> {
  const created = expectOk<Order>(
    await owner.post('/api/orders', {
      kind: 'production',
      name,
      street: 'Werkstraße',
      houseNumber: '1',
      zip: '10115',
      place: 'Berlin',
      workInProgress: 'Rack 1',
      positions: [{ materialId: material, quantity, netPrice: 10 }],
    }),
    201,
  );
  return expectOk<Order>(await owner.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
}

const entry = (page: Page, order: Order) => page.getByRole('button', { name: new RegExp(`^Order ${order.orderNumber}\\b`) });

/** Chooses the order on the worklist and waits for its details. */
async function choose(page: Page, order: Order) {
  await entry(page, order).click();
  await page.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
}

/** Waits until the service worker controls the page (it precaches the console on install). */
async function untilServiceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, {
    timeout: 30_000,
  });
}

async function eventTypesOf(order: Order): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from events where stream_id = ${`order-${order.id}`} order by stream_version`.execute(app.testApp.app.db);
  return rows.map((row) => row.type);
}

describe('the station screen without network', () => {
  it('keeps start and complete of two orders through an offline reload and sends them once, in order, when back online', async () => {
    const first = await orderAtSaw('Funkloch eins');
    const second = await orderAtSaw('Funkloch zwei');
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator: sawOperator, companyId, remoteAddress: '10.18.1.1' });
    await untilServiceWorkerControls(tablet);
    // Both orders seen once online: their copies are kept for a reload without network.
    await choose(tablet, second);
    await choose(tablet, first);

    await tablet.context().setOffline(true);
    await tablet.getByText(/^Offline since \d/).waitFor();
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await entry(tablet, first).getByText('Waiting to send').waitFor();
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    await choose(tablet, second);
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    const queue = tablet.getByRole('region', { name: 'Waiting to send (4)' });
    await queue.waitFor();
    await queue.getByText(`Start work on order ${first.orderNumber}`).waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work offline with a queue');
    expect(await eventTypesOf(first)).not.toContain('WorkStarted');

    // A reload without network: the service worker opens the screen, the queue is still there.
    await tablet.reload();
    await tablet.getByRole('heading', { level: 1, name: saw.name }).waitFor();
    await tablet.getByText(/^Offline since \d/).waitFor();
    await tablet.getByRole('region', { name: 'Waiting to send (4)' }).waitFor();
    await entry(tablet, first).waitFor();

    // Another browser: the PAINT station's worklist, live.
    const board = await newHeldPage(app);
    await openStation(board, app, { station: paint, operator: paintOperator, companyId, remoteAddress: '10.18.1.2' });
    await board.getByText('No orders at this station yet').waitFor();

    await tablet.context().setOffline(false);
    await tablet.getByRole('region', { name: /^Waiting to send/ }).waitFor({ state: 'detached' });
    await tablet.getByText(/^Offline since/).waitFor({ state: 'detached' });
    await entry(board, first).waitFor();
    await entry(board, second).waitFor();

    for (const order of [first, second]) {
      const types = await eventTypesOf(order);
      expect(types.filter((type) => type === 'WorkStarted')).toHaveLength(1);
      expect(types.filter((type) => type === 'WorkCompleted')).toHaveLength(1);
      expect(types.indexOf('WorkStarted')).toBeLessThan(types.indexOf('WorkCompleted'));
    }
    // In the order tapped: the first order's completion before the second order's start.
    const { rows } = await sql<{ stream_id: string; type: string }>`
      select stream_id, type from events where stream_id in (${`order-${first.id}`}, ${`order-${second.id}`}) and type in ('WorkStarted', 'WorkCompleted')
      order by global_position`.execute(app.testApp.app.db);
    expect(rows.map((row) => `${row.stream_id === `order-${first.id}` ? 'first' : 'second'} ${row.type}`)).toEqual([
      'first WorkStarted',
      'first WorkCompleted',
      'second WorkStarted',
      'second WorkCompleted',
    ]);
  });

  it('shows a tap the server refused because a supervisor moved the order meanwhile, and sends the rest', async () => {
    const moved = await orderAtSaw('Umgeleitet');
    const other = await orderAtSaw('Weiter');
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator: sawOperator, companyId, remoteAddress: '10.18.2.1' });
    await choose(tablet, other);
    await choose(tablet, moved);

    await tablet.context().setOffline(true);
    await tablet.getByText(/^Offline since \d/).waitFor();
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await choose(tablet, other);
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await tablet.getByRole('region', { name: 'Waiting to send (2)' }).waitFor();

    // Meanwhile the supervisor moves the order on to PAINT.
    const current = expectOk<Order>(await owner.get(`/api/orders/${moved.id}`));
    expectOk(await owner.post(`/api/orders/${moved.id}/move-to-station`, { version: current.version, toStationId: paint.id }));

    await tablet.context().setOffline(false);
    const conflict = tablet.getByRole('alert').filter({ hasText: `Not applied: Start work on order ${moved.orderNumber}.` });
    await conflict.waitFor();
    await conflict.getByText('Instead: the order is now at PAINT').waitFor();
    await tablet.getByRole('region', { name: /^Waiting to send/ }).waitFor({ state: 'detached' });
    await expectNoAxeViolations(tablet, '/station/:id/work with a refused tap');
    expect(await eventTypesOf(moved)).not.toContain('WorkStarted');
    expect(await eventTypesOf(other)).toContain('WorkStarted');

    await conflict.getByRole('button', { name: 'Got it' }).click();
    await conflict.waitFor({ state: 'detached' });
  });

  it('keeps an order reported in part without network on the worklist, its rest still in work here', async () => {
    const order = await orderAtSaw('Teilmenge offline', 5);
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator: sawOperator, companyId, remoteAddress: '10.18.3.1' });
    await choose(tablet, order);
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await tablet.getByText(/^In work here since /).waitFor();

    await tablet.context().setOffline(true);
    await tablet.getByText(/^Offline since \d/).waitFor();
    await tablet.getByRole('button', { name: 'Report quantities' }).click();
    const dialog = tablet.getByRole('dialog', { name: `Quantities of order ${order.orderNumber}` });
    await dialog.getByRole('textbox', { name: 'Good' }).fill('2');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await tablet.getByRole('region', { name: 'Waiting to send (1)' }).waitFor();
    // Two of five pieces go on; the other three stay here, in work: the order stays chosen, and can be completed.
    await entry(tablet, order).getByText('Waiting to send').waitFor();
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
    expect(await tablet.getByRole('button', { name: 'Complete', exact: true }).isEnabled()).toBe(true);

    await tablet.context().setOffline(false);
    await tablet.getByRole('region', { name: /^Waiting to send/ }).waitFor({ state: 'detached' });
    const types = await eventTypesOf(order);
    expect(types).toContain('QuantityReported');
    expect(types).toContain('OrderSplit');
    expect(types).not.toContain('WorkCompleted');
    await entry(tablet, order).waitFor();
  });

  it('takes a tap the server carried out but whose answer was lost (a server that died) as done, and never runs it twice', async () => {
    const order = await orderAtSaw('Antwort verloren');
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator: sawOperator, companyId, remoteAddress: '10.18.4.1' });
    await choose(tablet, order);
    // Start reaches the server and runs there; the answer never reaches the tablet, and the server
    // "dies" before it stored the answer with the key: its row says the command committed, a minute ago.
    await tablet.route(
      '**/api/orders/*/start-work',
      async (route) => {
        const key = route.request().headers()['idempotency-key'];
        await route.fetch();
        await sql`update idempotency_keys set state = 'committed', status_code = null, content_type = null, body = null,
                  created_at = now() - interval '2 minutes' where key = ${key}`.execute(app.testApp.app.db);
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    const sends: string[] = [];
    tablet.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/start-work')) sends.push(request.headers()['idempotency-key'] ?? '');
    });
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    // The queue sends it again with the same key: the server says it ran, the tablet shows it started.
    await expect.poll(() => sends.length).toBe(2);
    expect(new Set(sends).size).toBe(1);
    await tablet.getByRole('region', { name: /^Waiting to send/ }).waitFor({ state: 'detached' });
    await tablet.getByText(/^In work here since /).waitFor();
    expect(await tablet.getByRole('alert').filter({ hasText: 'Not applied' }).count()).toBe(0);
    expect((await eventTypesOf(order)).filter((type) => type === 'WorkStarted')).toHaveLength(1);
  });

  it('keeps an interruption reported without network and reports it once the connection is back', async () => {
    expectOk(await owner.post('/api/team/master-data/interruptionReasons', { name: 'Tool broken' }), 201);
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator: sawOperator, companyId, remoteAddress: '10.18.3.1' });
    // The reasons are read once online (the dialog reads them when it opens).
    const dialog = tablet.getByRole('dialog', { name: 'Report an interruption' });
    await tablet.getByRole('button', { name: 'Report interruption' }).click();
    await dialog.getByRole('button', { name: /Reason$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await tablet.context().setOffline(true);
    await tablet.getByText(/^Offline since \d/).waitFor();
    await tablet.getByRole('button', { name: 'Report interruption' }).click();
    await dialog.getByRole('button', { name: /Reason$/ }).click();
    await tablet.getByRole('option', { name: 'Tool broken' }).click();
    await dialog.getByRole('button', { name: 'Report' }).click();
    await tablet.getByText('No connection: kept on this device and sent when the connection is back.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await tablet.getByRole('region', { name: 'Waiting to send (1)' }).getByText('Report interruption: Tool broken').waitFor();

    await tablet.context().setOffline(false);
    await tablet.getByRole('heading', { name: 'This station is stopped' }).waitFor();
    await tablet.getByRole('region', { name: /^Waiting to send/ }).waitFor({ state: 'detached' });
    const open = expectOk<{ data: unknown[] }>(await owner.get(`/api/interruptions?open=true&stationId=${saw.id}`));
    expect(open.data).toHaveLength(1);
  });

  it('forgets the kept worklists and orders when the operator signs out of a shared tablet, and keeps their unsent taps bound to them (issue 26)', async () => {
    const order = await orderAtSaw('Geteiltes Tablet');
    const tablet = await newHeldPage(app);
    await openStation(tablet, app, { station: saw, operator: sawOperator, companyId, remoteAddress: '10.18.5.1' });
    await choose(tablet, order);
    const keptNames = () =>
      tablet.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const request = indexedDB.open('shopfloor-station');
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const keys = request.result.transaction('snapshots').objectStore('snapshots').getAllKeys();
              keys.onsuccess = () => resolve(keys.result.map(String));
              keys.onerror = () => reject(keys.error);
            };
          }),
      );
    await expect.poll(keptNames).toEqual(expect.arrayContaining([`worklist:${sawOperator.id}:${saw.id}`, `order:${sawOperator.id}:${saw.id}:${order.id}`]));

    await tablet.getByRole('button', { name: 'Sign out' }).click();
    await tablet
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
    await expect.poll(keptNames).toEqual([]);
    await expectNoAxeViolations(tablet, '/station/:id/login after a sign-out');
    await tablet.close();
  });
});
