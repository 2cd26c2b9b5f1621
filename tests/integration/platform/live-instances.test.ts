import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { labelsOf, openClient, record, trustSignedTokens } from './live-feed-support.js';

// Two server instances on one PostgreSQL. Instance B polls the log only every 10 minutes, so an
// event made on A can reach B's browser within the wait only through the commit signal (NOTIFY).
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({}, { replacedPorts: trustSignedTokens });
  b = await createTestApp({ LIVE_POLL_MS: '600000' }, { database: a.testDb, replacedPorts: trustSignedTokens });
  for (const instance of [a, b]) await instance.app.listen({ host: '127.0.0.1', port: 0 });
  await Promise.all([a.app.commitSignal?.listening(), b.app.commitSignal?.listening()]);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('live across instances', () => {
  it('delivers an event committed on instance A to a browser on instance B without waiting for B to poll', async () => {
    const companyId = randomUUID();
    const order = { id: `order-${randomUUID()}`, type: 'order' };
    const onB = await openClient(b.app, { token: b.tokenFor({ companyId }) });
    await onB.subscribe(['company']);

    await record(a.app, companyId, order, [{ label: 'made-on-a' }]);
    await onB.waitFor('the event made on A', () => onB.events().length === 1);
    expect(labelsOf(onB.events())).toEqual(['made-on-a']);

    await record(a.app, companyId, order, [{ label: 'second' }, { label: 'third' }]);
    await onB.waitFor('the next two', () => onB.events().length === 3);
    expect(labelsOf(onB.events())).toEqual(['made-on-a', 'second', 'third']);
    onB.ws.close();
  });

  it('keeps delivering after the signal connections drop: each instance listens again', async () => {
    const companyId = randomUUID();
    const stream = { id: `order-${randomUUID()}`, type: 'order' };
    const onB = await openClient(b.app, { token: b.tokenFor({ companyId }) });
    await onB.subscribe(['company']);
    const dropped = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where application_name = 'shopfloor-console commit-signal' and datname = current_database()
    `.execute(a.testDb.database.db);
    expect(dropped.rows).toHaveLength(2);

    // Until both listen again a commit's hint is lost (B would show it at its next poll, minutes
    // away), so A keeps committing until one reaches B: only a reconnected signal can carry it.
    let sent = 0;
    while (onB.events().length === 0) {
      await record(a.app, companyId, stream, [{ label: `after-the-drop-${(sent += 1)}` }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (sent > 150) throw new Error('no event reached B after the signal connections dropped');
    }
    expect(labelsOf(onB.events())[0]).toMatch(/^after-the-drop-/);
    onB.ws.close();
  });
});
