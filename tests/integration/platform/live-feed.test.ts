import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor } from '../../../src/server/platform/event-store.js';
import { compareCursors, type ServerMessage } from '../../../src/server/platform/live-protocol.js';
import type { TestApp } from '../../support/app.js';
import {
  holdHorizon,
  labelsOf,
  listeningTestApp,
  liveUrl,
  openClient,
  record,
  revokedTokenIds,
  signedToken,
  waitUntil,
  type EventMessage,
} from './live-feed-support.js';

let t: TestApp;
const companyA = randomUUID();
const companyB = randomUUID();

beforeAll(async () => {
  t = await listeningTestApp();
});

afterAll(async () => {
  await t?.close();
});

const tokenOf = (companyId: string | null) => t.tokenFor({ companyId });
const errorsOf = (messages: ServerMessage[]) => messages.filter((m) => m.type === 'error');
const cursorsAscending = (events: EventMessage[]) =>
  events.every((m, i) => i === 0 || compareCursors(decodeCursor(events[i - 1].cursor)!, decodeCursor(m.cursor)!) < 0);

describe('replay after a reconnect', () => {
  it('delivers every missed event exactly once and in order, then live ones', async () => {
    const order = { id: `order-${randomUUID()}`, type: 'order' };
    const station = { id: `station-${randomUUID()}`, type: 'station' };
    const first = await openClient(t.app, { token: tokenOf(companyA) });
    await first.subscribe(['company']);
    await record(t.app, companyA, order, [{ label: 'seen-1' }, { label: 'seen-2' }]);
    await first.waitFor('the events before the drop', () => first.events().length === 2);
    const lastCursor = first.events()[1].cursor;
    first.ws.close();
    await first.closed;

    await record(t.app, companyA, order, [{ label: 'missed-1' }]);
    await record(t.app, companyA, station, [{ label: 'missed-2' }, { label: 'missed-3' }]);
    await record(t.app, companyA, order, [{ label: 'missed-4' }]);

    // `caught-up` covers every event committed before the subscribe, however far the tailer is behind.
    const second = await openClient(t.app, { token: tokenOf(companyA) });
    await second.subscribe(['company'], lastCursor);
    expect(labelsOf(second.events())).toEqual(['missed-1', 'missed-2', 'missed-3', 'missed-4']);

    await record(t.app, companyA, station, [{ label: 'live-1' }]);
    await second.waitFor('the live event', () => second.events().length === 5);
    expect(labelsOf(second.events())).toEqual(['missed-1', 'missed-2', 'missed-3', 'missed-4', 'live-1']);
    expect(cursorsAscending(second.events())).toBe(true);
    second.ws.close();
  });

  it('hands over from a replay of several pages to live events with no gap and no duplicate', async () => {
    const board = { id: `order-${randomUUID()}`, type: 'order' };
    const watcher = await openClient(t.app, { token: tokenOf(companyA) });
    const start = await watcher.subscribe(['type:order']);
    watcher.ws.close();
    await watcher.closed;

    // 1200 missed events of 8 kB: three replay pages of 500, each more than the socket buffers hold.
    const padding = 'p'.repeat(8_000);
    for (let batch = 0; batch < 12; batch++) {
      await record(
        t.app,
        companyA,
        board,
        Array.from({ length: 100 }, (_, i) => ({ label: `missed-${batch * 100 + i}`, padding })),
      );
    }
    const back = await openClient(t.app, { token: tokenOf(companyA) });
    // The browser stops reading, so the replay soon waits for it; meanwhile more events commit,
    // and land after the position the replay runs up to. Together they are far more than the
    // slow-consumer limit: sent at the hand-over, they must not end the socket.
    const rawSocket = (back.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    rawSocket.pause();
    back.send({ type: 'subscribe', topics: ['type:order'], after: start });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = 200;
    const bulk = 'd'.repeat(40_000);
    for (let batch = 0; batch < written / 10; batch++) {
      const events = Array.from({ length: 10 }, (_, i) => ({ label: `during-${batch * 10 + i}`, bulk }));
      await record(t.app, companyA, { id: `order-${randomUUID()}`, type: 'order' }, events);
    }
    rawSocket.resume();
    await back.waitFor('caught-up', (all) => all.some((m) => m.type === 'caught-up'));
    await record(t.app, companyA, board, [{ label: 'after' }]);
    const total = 1200 + written + 1;
    await back.waitFor(`all ${total} events`, () => back.events().length >= total);

    const labels = labelsOf(back.events());
    expect(labels).toHaveLength(total);
    expect(new Set(labels).size).toBe(total);
    expect(labels.slice(0, 1200)).toEqual(Array.from({ length: 1200 }, (_, i) => `missed-${i}`));
    expect(labels.slice(1200, -1)).toEqual(Array.from({ length: written }, (_, i) => `during-${i}`));
    expect(labels.at(-1)).toBe('after');
    expect(cursorsAscending(back.events())).toBe(true);
    expect(errorsOf(back.messages)).toEqual([]);
    expect(back.ws.readyState).toBe(back.ws.OPEN);
    back.ws.close();
  });

  it('answers caught-up only after every event committed before the subscribe, even while an older transaction holds the log back', async () => {
    const order = { id: `order-${randomUUID()}`, type: 'order' };
    const board = await openClient(t.app, { token: tokenOf(companyA) });
    const seen = await board.subscribe(['company']);
    board.ws.close();
    await board.closed;

    // The tailer cannot read this event until the older transaction ends, which sends no hint.
    const holder = await holdHorizon(t.app);
    try {
      await record(t.app, companyA, order, [{ label: 'behind-the-horizon' }]);
      const back = await openClient(t.app, { token: tokenOf(companyA) });
      back.send({ type: 'subscribe', topics: ['company'], after: seen });
      const fresh = await openClient(t.app, { token: tokenOf(companyA) });
      fresh.send({ type: 'subscribe', topics: ['company'] });
      // Both subscribes reach the server while the horizon is still held back.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await holder.release();

      await back.waitFor('caught-up', (all) => all.some((m) => m.type === 'caught-up'));
      expect(back.messages.map((m) => (m.type === 'event' ? labelsOf([m])[0] : m.type))).toEqual(['ready', 'behind-the-horizon', 'caught-up']);
      const eventCursor = decodeCursor(back.events()[0].cursor)!;
      const caughtUp = (all: ServerMessage[]) => all.find((m): m is Extract<ServerMessage, { type: 'caught-up' }> => m.type === 'caught-up');
      expect(compareCursors(decodeCursor(caughtUp(back.messages)!.cursor)!, eventCursor)).toBeGreaterThanOrEqual(0);

      // Without a cursor the answer is a position at or after it, so a reconnect never replays it as missed.
      await fresh.waitFor('caught-up', (all) => all.some((m) => m.type === 'caught-up'));
      expect(fresh.events()).toEqual([]);
      expect(compareCursors(decodeCursor(caughtUp(fresh.messages)!.cursor)!, eventCursor)).toBeGreaterThanOrEqual(0);
      back.ws.close();
      fresh.ws.close();
    } finally {
      await holder.release();
    }
  });

  it('answers caught-up at once when the client is already current', async () => {
    const client = await openClient(t.app, { token: tokenOf(companyA) });
    const head = await client.subscribe(['company']);
    const again = await openClient(t.app, { token: tokenOf(companyA) });
    const cursor = await again.subscribe(['company'], head);
    expect(again.events()).toEqual([]);
    expect(cursor).toBe(head);
    client.ws.close();
    again.ws.close();
  });
});

describe('tenancy', () => {
  it('never gives company B an event of company A, live or replayed, whatever B names', async () => {
    const secretOrder = { id: `order-${randomUUID()}`, type: 'order' };
    const bOrder = { id: `order-${randomUUID()}`, type: 'order' };
    const b = await openClient(t.app, { token: tokenOf(companyB) });
    await b.subscribe(['company', `stream:${secretOrder.id}`, 'type:order']);

    await record(t.app, companyA, secretOrder, [{ label: 'a-secret' }]);
    await record(t.app, companyB, bOrder, [{ label: 'b-own' }]);
    await b.waitFor("B's own event", () => b.events().length >= 1);
    expect(labelsOf(b.events())).toEqual(['b-own']);
    expect(b.events().every((m) => m.event.companyId === companyB)).toBe(true);

    const replayed = await openClient(t.app, { token: tokenOf(companyB) });
    await replayed.subscribe([`stream:${secretOrder.id}`, 'company'], '0.0');
    expect(replayed.events().every((m) => m.event.companyId === companyB)).toBe(true);
    expect(labelsOf(replayed.events())).not.toContain('a-secret');
    expect(labelsOf(replayed.events())).toContain('b-own');
    b.ws.close();
    replayed.ws.close();
  });

  it('gives a master without a selected company no events', async () => {
    const master = await openClient(t.app, { token: t.tokenFor({ role: 'MASTER', companyId: null }) });
    master.send({ type: 'subscribe', topics: ['company'], after: '0.0' });
    await master.waitFor('the refusal', (all) => all.some((m) => m.type === 'error'));
    expect(errorsOf(master.messages)).toEqual([{ type: 'error', code: 'FORBIDDEN' }]);
    await record(t.app, companyA, { id: `order-${randomUUID()}`, type: 'order' }, [{ label: 'not-for-master' }]);
    const probe = await openClient(t.app, { token: tokenOf(companyA) });
    await probe.subscribe(['company']);
    expect(master.events()).toEqual([]);
    master.ws.close();
    probe.ws.close();
  });
});

describe('authentication', () => {
  const expectRefused = async (client: Awaited<ReturnType<typeof openClient>>) => {
    const { code } = await client.closed;
    expect(code).toBe(4401);
    expect(client.messages).toEqual([]);
  };

  it('closes with 4401 when the first message is not an auth message', async () => {
    const client = await openClient(t.app);
    client.send({ type: 'subscribe', topics: ['company'], after: '0.0' });
    await expectRefused(client);
  });

  it('closes with 4401 when no token arrives in time', async () => {
    const client = await openClient(t.app);
    await expectRefused(client);
  });

  it('closes with 4401 on a malformed token or one signed with another key', async () => {
    const garbage = await openClient(t.app);
    garbage.send({ type: 'auth', token: 'not-a-token' });
    await expectRefused(garbage);

    const forged = await openClient(t.app);
    const now = Math.floor(Date.now() / 1000);
    forged.send({
      type: 'auth',
      token: signedToken('another-secret-that-is-long-enough-for-hs256', {
        sub: randomUUID(),
        role: 'ADMIN',
        companyId: companyA,
        jti: randomUUID(),
        iat: now,
        exp: now + 3600,
      }),
    });
    await expectRefused(forged);
  });

  it('closes with 4401 on an expired token and accepts the same token unexpired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: randomUUID(), role: 'ADMIN', companyId: companyA, jti: randomUUID() };
    const expired = await openClient(t.app);
    expired.send({ type: 'auth', token: signedToken(t.config.jwtSecret, { ...claims, iat: now - 7200, exp: now - 3600 }) });
    await expectRefused(expired);

    const fresh = await openClient(t.app, { token: signedToken(t.config.jwtSecret, { ...claims, iat: now, exp: now + 3600 }) });
    expect(fresh.messages).toEqual([{ type: 'ready' }]);
    fresh.ws.close();
  });

  it('closes with 4401 on a revoked token', async () => {
    const revoked = randomUUID();
    revokedTokenIds.add(revoked);
    const client = await openClient(t.app);
    client.send({ type: 'auth', token: t.app.auth.sign({ userId: randomUUID(), role: 'ADMIN', companyId: companyA, tokenId: revoked }) });
    await expectRefused(client);
  });

  it('accepts the token in the Sec-WebSocket-Protocol header and echoes bearer', async () => {
    const client = await openClient(t.app, { protocols: ['bearer', tokenOf(companyA)] });
    expect(client.ws.protocol).toBe('bearer');
    await client.waitFor('ready', (all) => all.some((m) => m.type === 'ready'));
    await client.subscribe(['company']);
    await record(t.app, companyA, { id: `order-${randomUUID()}`, type: 'order' }, [{ label: 'by-header' }]);
    await client.waitFor('the event', () => client.events().length === 1);
    expect(labelsOf(client.events())).toEqual(['by-header']);
    client.ws.close();
  });

  it('closes with 4401 on a bad token in the protocol header', async () => {
    const client = await openClient(t.app, { protocols: ['bearer', 'not-a-token'] });
    await expectRefused(client);
  });
});

describe('topics and messages', () => {
  it('sends only the subscribed stream, and nothing more after unsubscribe', async () => {
    const station = { id: `station-${randomUUID()}`, type: 'station' };
    const other = { id: `station-${randomUUID()}`, type: 'station' };
    const marker = { id: `order-${randomUUID()}`, type: 'order' };
    const screen = await openClient(t.app, { token: tokenOf(companyA) });
    await screen.subscribe([`stream:${station.id}`]);

    await record(t.app, companyA, other, [{ label: 'other-station' }]);
    await record(t.app, companyA, station, [{ label: 'mine-1' }]);
    await screen.waitFor('the station event', () => screen.events().length === 1);
    expect(labelsOf(screen.events())).toEqual(['mine-1']);
    expect(screen.events()[0].event).toMatchObject({
      streamId: station.id,
      streamType: 'station',
      streamVersion: 1,
      type: 'AdvertisementCommentSet',
      companyId: companyA,
    });

    screen.send({ type: 'unsubscribe', topics: [`stream:${station.id}`] });
    await screen.subscribe([`stream:${marker.id}`]);
    await record(t.app, companyA, station, [{ label: 'mine-2' }]);
    await record(t.app, companyA, marker, [{ label: 'marker' }]);
    await screen.waitFor('the marker', () => screen.events().length === 2);
    expect(labelsOf(screen.events())).toEqual(['mine-1', 'marker']);
    screen.ws.close();
  });

  it('answers malformed messages with an error and keeps the socket', async () => {
    const client = await openClient(t.app, { token: tokenOf(companyA) });
    client.send('{not json');
    client.send({ type: 'subscribe', topics: ['company:' + companyB] });
    client.send({ type: 'launch' });
    client.send({ type: 'subscribe', topics: ['company'], after: 'yesterday' });
    // Beyond PostgreSQL's xid8 range, and a position the browser could not hold exactly.
    client.send({ type: 'subscribe', topics: ['company'], after: '99999999999999999999.1' });
    client.send({ type: 'subscribe', topics: ['company'], after: '1.9999999999999999' });
    await client.waitFor('six errors', (all) => errorsOf(all).length === 6);
    expect(errorsOf(client.messages).map((m) => m.type === 'error' && m.code)).toEqual(Array(6).fill('VALIDATION_ERROR'));
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    await client.subscribe(['company']);
    client.ws.close();
  });

  it('refuses more topics than a socket may hold', async () => {
    const client = await openClient(t.app, { token: tokenOf(companyA) });
    client.send({ type: 'subscribe', topics: Array.from({ length: 51 }, (_, i) => `stream:order-${i}`) });
    await client.waitFor('the refusal', (all) => errorsOf(all).length === 1);
    await client.subscribe(Array.from({ length: 50 }, (_, i) => `stream:order-${i}`));
    client.send({ type: 'subscribe', topics: ['company'] });
    await client.waitFor('the second refusal', (all) => errorsOf(all).length === 2);
    expect(errorsOf(client.messages)[1]).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'topics', params: { max: 50 } }] });
    client.ws.close();
  });

  it('drops a consumer that stops reading, with 4408', async () => {
    const reader = await openClient(t.app, { token: tokenOf(companyA) });
    await reader.subscribe(['company']);
    const rawSocket = (reader.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    rawSocket.pause();
    const bulky = 'x'.repeat(60_000);
    for (let i = 0; i < 200 && reader.ws.readyState === reader.ws.OPEN; i++) {
      await record(
        t.app,
        companyA,
        { id: `order-${randomUUID()}`, type: 'order' },
        Array.from({ length: 5 }, () => ({ label: 'bulk', bulky })),
      );
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    rawSocket.resume();
    const { code } = await reader.closed;
    expect(code).toBe(4408);
  });
});

describe('the route', () => {
  it('answers a plain HTTP request with 400 and appears in the API docs', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/live' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).toContain('/api/live');
  });
});

describe('shutdown', () => {
  it('app.close() closes every connected socket', async () => {
    const own = await listeningTestApp();
    const companyId = randomUUID();
    const clients = await Promise.all([0, 1, 2].map(() => openClient(own.app, { token: own.tokenFor({ companyId }) })));
    await clients[0].subscribe(['company']);
    const unauthenticated = await openClient(own.app);
    expect(liveUrl(own.app)).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/api\/live$/);
    await own.close();
    const codes = await Promise.all([...clients, unauthenticated].map((c) => c.closed.then((closed) => closed.code)));
    expect(codes).toHaveLength(4);
    expect(codes).not.toContain(4401);
    await waitUntil('every socket closed', () => [...clients, unauthenticated].every((c) => c.ws.readyState === c.ws.CLOSED));
  });
});
