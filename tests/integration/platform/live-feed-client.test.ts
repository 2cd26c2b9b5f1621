import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createLiveFeed, type LiveEvent, type LiveFeedOptions, type LiveSocket, type LiveStatus } from '../../../src/web/lib/live-feed.js';
import type { TestApp } from '../../support/app.js';
import { labelsOf, listeningTestApp, liveUrl, record, waitUntil } from './live-feed-support.js';

let t: TestApp;
const companyId = randomUUID();

beforeAll(async () => {
  t = await listeningTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The browser client on `ws`; retries wait a minute unless a test reconnects it by hand. */
function feedFor(overrides: Partial<LiveFeedOptions> = {}) {
  const opened: WebSocket[] = [];
  const statuses: LiveStatus[] = [];
  const feed = createLiveFeed({
    getToken: () => t.tokenFor({ companyId }),
    url: liveUrl(t.app),
    createSocket: (url) => {
      const socket = new WebSocket(url);
      opened.push(socket);
      return socket as unknown as LiveSocket;
    },
    minDelayMs: 60_000,
    maxDelayMs: 60_000,
    ...overrides,
  });
  feed.onStatus((status) => statuses.push(status));
  return { feed, opened, statuses };
}

const dropServerSide = () => {
  for (const socket of t.app.websocketServer.clients) socket.terminate();
};

describe('the browser live feed client', () => {
  it('goes live, and after a drop reconnects and replays what it missed exactly once', async () => {
    const { feed, statuses } = feedFor();
    const received: { event: LiveEvent }[] = [];
    // Not connected yet is connecting, not a lost connection (a screen's live note says so).
    expect(feed.status()).toBe('connecting');
    feed.listen('type:order', (event) => received.push({ event }));
    await waitUntil('live', () => feed.status() === 'live');
    expect(statuses).toEqual(['live']);

    const order = { id: `order-${randomUUID()}`, type: 'order' };
    await record(t.app, companyId, order, [{ label: 'before-drop' }]);
    await waitUntil('the first event', () => received.length === 1);

    dropServerSide();
    await waitUntil('offline', () => feed.status() === 'offline');
    await record(t.app, companyId, order, [{ label: 'missed-1' }, { label: 'missed-2' }]);
    await record(t.app, companyId, { id: `station-${randomUUID()}`, type: 'station' }, [{ label: 'not-watched' }]);
    feed.reconnect();
    await waitUntil('live again', () => feed.status() === 'live');
    await record(t.app, companyId, order, [{ label: 'live-again' }]);
    await waitUntil('the live event', () => received.length === 4);

    expect(labelsOf(received)).toEqual(['before-drop', 'missed-1', 'missed-2', 'live-again']);
    expect(statuses).toEqual(['live', 'offline', 'connecting', 'live']);
    feed.close();
    expect(feed.status()).toBe('offline');
  });

  it('retries on its own with backoff after the server drops it', async () => {
    const { feed, opened } = feedFor({ minDelayMs: 20, maxDelayMs: 100 });
    const received: { event: LiveEvent }[] = [];
    const stream = { id: `order-${randomUUID()}`, type: 'order' };
    feed.listen(`stream:${stream.id}`, (event) => received.push({ event }));
    await waitUntil('live', () => feed.status() === 'live');
    dropServerSide();
    await record(t.app, companyId, stream, [{ label: 'while-away' }]);
    await waitUntil('a second socket, live and caught up', () => opened.length >= 2 && feed.status() === 'live' && received.length >= 1);
    await record(t.app, companyId, stream, [{ label: 'after' }]);
    await waitUntil('the live event', () => received.length >= 2);
    expect(labelsOf(received)).toEqual(['while-away', 'after']);
    feed.close();
  });

  it('stops listening when the last listener of a topic leaves', async () => {
    const { feed } = feedFor();
    const station = { id: `station-${randomUUID()}`, type: 'station' };
    const marker = { id: `order-${randomUUID()}`, type: 'order' };
    const stationEvents: string[] = [];
    const markers: string[] = [];
    const stop = feed.listen(`stream:${station.id}`, (event) => stationEvents.push(event.type));
    feed.listen(`stream:${marker.id}`, (event) => markers.push(event.type));
    await waitUntil('live', () => feed.status() === 'live');
    await record(t.app, companyId, station, [{ label: 'one' }]);
    await waitUntil('the station event', () => stationEvents.length === 1);
    stop();
    await record(t.app, companyId, station, [{ label: 'two' }]);
    await record(t.app, companyId, marker, [{ label: 'marker' }]);
    await waitUntil('the marker', () => markers.length === 1);
    expect(stationEvents).toHaveLength(1);
    feed.close();
  });

  it('reports a refused token once and does not retry', async () => {
    let refusals = 0;
    const { feed, opened } = feedFor({ getToken: () => 'not-a-token', minDelayMs: 10, maxDelayMs: 10, onUnauthorized: () => refusals++ });
    feed.listen('company', () => {});
    await waitUntil('the refusal', () => refusals === 1);
    expect(feed.status()).toBe('offline');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(opened).toHaveLength(1);
    expect(refusals).toBe(1);
    feed.close();
  });

  it('stays offline without a token, and connects on reconnect() once there is one', async () => {
    let token: string | null = null;
    const { feed, opened } = feedFor({ getToken: () => token });
    feed.listen('company', () => {});
    expect(feed.status()).toBe('offline');
    expect(opened).toHaveLength(0);
    token = t.tokenFor({ companyId });
    feed.reconnect();
    await waitUntil('live', () => feed.status() === 'live');
    expect(feed.lastCursor()).toMatch(/^\d+\.\d+$/);
    feed.close();
  });
});
