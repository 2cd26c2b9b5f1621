import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/domain/shared/live.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { clientOf, companyWithTeam, type TestCompany } from '../support/identity.js';
import { create, product } from '../integration/materials/support.js';
import { openClient, type LiveClient } from '../integration/platform/live-feed-support.js';
import { report, waitUntil } from './support.js';

// Two server instances on one PostgreSQL, each with its own live feed and browsers on each
// (issue 17): commands go through both instances at once, and every browser, whichever instance
// it is on, gets every event of its company exactly once and in commit order, the order of the
// log (`tx_id`, `global_position`). The instances tell each other about commits through the
// commit signal (NOTIFY after the transaction); both poll only every 10 minutes here, so an event
// made on the other instance can only arrive through the signal. How fast it is:
// `npm run bench -- scale-out` (docs/live-feed.md).
const CLIENTS_PER_INSTANCE = 3;
const WRITERS_PER_INSTANCE = 4;
const WRITES_PER_WRITER = 8;

let a: TestApp;
let b: TestApp;
let company: TestCompany;

beforeAll(async () => {
  a = await createTestApp({ LIVE_POLL_MS: '600000' });
  b = await createTestApp({ LIVE_POLL_MS: '600000' }, { database: a.testDb });
  for (const instance of [a, b]) await instance.app.listen({ host: '127.0.0.1', port: 0 });
  await Promise.all([a.app.commitSignal?.listening(), b.app.commitSignal?.listening()]);
  company = await companyWithTeam(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The company's events after `after` as the log orders them: the order every browser must see. */
async function logAfter(after: string): Promise<string[]> {
  const [txId, position] = after.split('.');
  const rows = await sql<{ tx_id: string; global_position: string }>`
    select tx_id::text as tx_id, global_position from events
    where company_id = ${company.companyId} and (tx_id, global_position) > (${txId}::xid8, ${position}::bigint)
    order by tx_id, global_position
  `.execute(a.app.db);
  return rows.rows.map((row) => encodeCursor({ txId: row.tx_id, position: Number(row.global_position) }));
}

describe('two instances, a live client on each', () => {
  it('delivers every event made through either instance to every client, once, in commit order', async () => {
    const clients: { client: LiveClient; from: string; instance: string }[] = [];
    for (const [name, instance] of [
      ['a', a],
      ['b', b],
    ] as const) {
      for (let index = 0; index < CLIENTS_PER_INSTANCE; index += 1) {
        const client = await openClient(instance.app, { token: company.admin.token });
        clients.push({ client, from: await client.subscribe(['company']), instance: name });
      }
    }

    // Writers on both instances at once, each creating materials through the API.
    const writers = [a, b].flatMap((instance, side) =>
      Array.from({ length: WRITERS_PER_INSTANCE }, async (_, writer) => {
        const api = clientOf(instance, company.admin.token);
        for (let write = 0; write < WRITES_PER_WRITER; write += 1) {
          await create(api, product({ name: `Teil ${side}-${writer}-${write}`, materialNumber: `TI-${side}-${writer}-${write}` }));
        }
      }),
    );
    await Promise.all(writers);
    const acknowledgedWrites = 2 * WRITERS_PER_INSTANCE * WRITES_PER_WRITER;

    const expected = await Promise.all(clients.map(({ from }) => logAfter(from)));
    await waitUntil(
      'every event at every client',
      async () => {
        const now = await Promise.all(clients.map(({ from }) => logAfter(from)));
        now.forEach((log, index) => (expected[index] = log));
        return clients.every(({ client }, index) => client.events().length >= expected[index].length);
      },
      50,
    );

    const created = expected[0].length;
    expect(created).toBeGreaterThanOrEqual(acknowledgedWrites);
    let present = 0;
    let delivered = 0;
    for (const [index, { client, instance }] of clients.entries()) {
      const received = client.events().map((message) => message.cursor);
      present += new Set(received).size;
      delivered += received.length;
      expect(received, `client ${index} on instance ${instance}`).toEqual(expected[index]);
      client.ws.close();
    }
    const acknowledged = expected.reduce((sum, log) => sum + log.length, 0);
    report('two-instances-live', { acknowledged, present, lost: acknowledged - present, duplicated: delivered - present });
  });
});
