import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createLiveFeed, type LiveEvent, type LiveSocket } from '../../src/web/lib/live-feed.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { labelsOf, record, trustSignedTokens } from '../integration/platform/live-feed-support.js';
import { report, waitUntil } from './support.js';

// The server restarts while browsers are live (issue 17): each client notices, reconnects on its
// own to the new process on the same address, and catches up from its cursor: every event
// committed while the server was down arrives, once, in order, then live ones again. Another
// instance on the same database takes the writes meanwhile.
const CLIENTS = 8;
const companyId = randomUUID();

let testDb: TestDatabase;
let writer: TestApp;
let server: TestApp | undefined;
let port = 0;

async function startServer(): Promise<TestApp> {
  const app = await createTestApp({}, { database: testDb, replacedPorts: trustSignedTokens });
  const address = await app.app.listen({ host: '127.0.0.1', port });
  port = Number(new URL(address).port);
  return app;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  writer = await createTestApp({}, { database: testDb });
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
  await writer?.close();
  await testDb?.drop();
});

describe('a server restarted under live clients', () => {
  it('lets every client reconnect and catch up from its cursor: nothing lost, nothing twice', async () => {
    const order = { id: `order-${randomUUID()}`, type: 'order' };
    const clients = Array.from({ length: CLIENTS }, () => {
      const received: { event: LiveEvent }[] = [];
      const feed = createLiveFeed({
        getToken: () => writer.tokenFor({ companyId }),
        url: `ws://127.0.0.1:${port}/api/live`,
        createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
        minDelayMs: 100,
        maxDelayMs: 400,
      });
      feed.listen('type:order', (event) => received.push({ event }));
      return { feed, received };
    });
    await waitUntil('every client live', () => clients.every(({ feed }) => feed.status() === 'live'));
    await record(writer.app, companyId, order, [{ label: 'before' }]);
    await waitUntil('the first event everywhere', () => clients.every(({ received }) => received.length === 1));

    // The server goes away (its sockets close), writes go on through the other instance.
    await server!.close();
    server = undefined;
    await waitUntil('every client offline', () => clients.every(({ feed }) => feed.status() !== 'live'));
    await record(writer.app, companyId, order, [{ label: 'down-1' }, { label: 'down-2' }]);
    await record(writer.app, companyId, order, [{ label: 'down-3' }]);

    server = await startServer();
    await waitUntil('every client live again', () => clients.every(({ feed }) => feed.status() === 'live'));
    await record(writer.app, companyId, order, [{ label: 'after' }]);
    await waitUntil('every event everywhere', () => clients.every(({ received }) => received.length >= 5));

    const expected = ['before', 'down-1', 'down-2', 'down-3', 'after'];
    for (const { feed, received } of clients) {
      expect(labelsOf(received)).toEqual(expected);
      feed.close();
    }
    const present = clients.reduce((sum, { received }) => sum + new Set(labelsOf(received)).size, 0);
    const delivered = clients.reduce((sum, { received }) => sum + received.length, 0);
    report('server-restart-live', {
      acknowledged: expected.length * CLIENTS,
      present,
      lost: expected.length * CLIENTS - present,
      duplicated: delivered - present,
    });
  });
});
