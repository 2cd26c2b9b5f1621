import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { labelsOf, openClient, record, trustSignedTokens } from './live-feed-support.js';

let t: TestApp;
const companyA = randomUUID();
const log = (m: string) => appendFileSync('/tmp/live-debug.log', `${Date.now()} TEST ${m}\n`);
beforeAll(async () => {
  t = await createTestApp();
  trustSignedTokens(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => { await t?.close(); });
const tokenOf = (companyId: string | null) => t.tokenFor({ companyId });

describe('debug', () => {
  for (let round = 0; round < 8; round++) {
  it(`test1 round ${round}`, async () => {
    log(`---- test1 round ${round}`);
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
    log('recorded missed-1..4');
    const second = await openClient(t.app, { token: tokenOf(companyA) });
    const cu = await second.subscribe(['company'], lastCursor);
    log(`caught-up ${cu}; events at caught-up: ${labelsOf(second.events())} ${second.events().map((e) => e.cursor)}`);
    await record(t.app, companyA, station, [{ label: 'live-1' }]);
    await second.waitFor('the live event', () => second.events().length >= 5);
    log(`final: ${labelsOf(second.events())}`);
    expect(labelsOf(second.events())).toEqual(['missed-1', 'missed-2', 'missed-3', 'missed-4', 'live-1']);
    second.ws.close();
  });
  it(`test2 round ${round}`, async () => {
    log(`---- test2 round ${round}`);
    const board = { id: `order-${randomUUID()}`, type: 'order' };
    const watcher = await openClient(t.app, { token: tokenOf(companyA) });
    const start = await watcher.subscribe(['type:order']);
    watcher.ws.close();
    await watcher.closed;
    const padding = 'p'.repeat(8_000);
    for (let batch = 0; batch < 12; batch++) {
      await record(t.app, companyA, board, Array.from({ length: 100 }, (_, i) => ({ label: `missed-${batch * 100 + i}`, padding })));
    }
    log('recorded 1200');
    const back = await openClient(t.app, { token: tokenOf(companyA) });
    const rawSocket = (back.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    rawSocket.pause();
    back.send({ type: 'subscribe', topics: ['type:order'], after: start });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = 10;
    for (let i = 0; i < written; i++) {
      await record(t.app, companyA, { id: `order-${randomUUID()}`, type: 'order' }, [{ label: `during-${i}` }]);
    }
    log('recorded during');
    rawSocket.resume();
    await back.waitFor('caught-up', (all) => all.some((m) => m.type === 'caught-up'));
    log(`caught-up; events so far ${back.events().length}`);
    await record(t.app, companyA, board, [{ label: 'after' }]);
    const total = 1200 + written + 1;
    try {
      await back.waitFor(`all ${total} events`, () => back.events().length >= total);
    } finally {
      const labels = labelsOf(back.events());
      const missing = [...Array.from({ length: 1200 }, (_, i) => `missed-${i}`), ...Array.from({ length: 10 }, (_, i) => `during-${i}`), 'after'].filter((l) => !labels.includes(l));
      log(`test2 got ${labels.length} events; missing ${missing.length}: ${missing.slice(0, 20)}; extra ${labels.filter((l) => !/^(missed|during)-|^after$/.test(l))}; ws state ${back.ws.readyState}; types ${back.messages.map((m) => m.type).filter((x) => x !== 'event')}`);
      const closed = await Promise.race([back.closed, new Promise((r) => setTimeout(() => r('open'), 10))]);
      log(`closed: ${JSON.stringify(closed)}`);
    }
    back.ws.close();
  });
  }
});
