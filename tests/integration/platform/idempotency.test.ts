import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { runCommand } from '../../../src/server/platform/command.js';
import { deleteExpiredIdempotencyKeys, RUNNING_LEASE_MS } from '../../../src/server/platform/idempotency.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { withTenant } from '../../../src/server/platform/db.js';
import { clientOf, companyWithTeam, signedInMaster, type Client, type TestCompany } from '../../support/identity.js';
import { errorOf, stationBody } from '../stations/stations-support.js';

// Idempotency-Key on state-changing requests (docs/offline-station.md): the first answer is kept
// per company, user and key; repeats get it without running again.

const clock = settableClock('2026-11-23T08:00:00.000Z');
let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let admin: Client;
let owner: Client;
let stranger: Client;
let counter = 0;

/** Calls of the test route below; its first call fails with a 500 (a database that went away, say). */
let flakyRuns = 0;
/** Runs of the second test route: its command commits, then the answer fails with a 500. */
let committedRuns = 0;
/** The third: its first run stalls (a server that hangs) until the test releases it. */
let slowRuns = 0;
let slowCommits = 0;
let releaseFirstSlowRun: () => void = () => {};
const firstSlowRunReleased = new Promise<void>((resolve) => (releaseFirstSlowRun = resolve));

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      clock,
      beforeReady: (app) => {
        app.post('/api/test/flaky', { preHandler: app.authenticate }, async (_request, reply) => {
          flakyRuns += 1;
          if (flakyRuns === 1) throw new Error('the first run fails');
          return reply.status(201).send({ run: flakyRuns });
        });
        app.post('/api/test/commit-then-fail', { preHandler: app.authenticate }, async (request) => {
          await runCommand(app, request, async () => {
            committedRuns += 1;
          });
          throw new Error('the answer fails after the commit');
        });
        app.post('/api/test/slow', { preHandler: app.authenticate }, async (request, reply) => {
          const run = ++slowRuns;
          if (run === 1) await firstSlowRunReleased;
          await runCommand(app, request, async () => {});
          slowCommits += 1;
          return reply.status(201).send({ run });
        });
      },
    },
  );
  company = await companyWithTeam(t);
  other = await companyWithTeam(t);
  admin = clientOf(t, company.admin.token);
  owner = clientOf(t, company.superUser.token);
  stranger = clientOf(t, other.admin.token);
});
afterAll(async () => {
  await t?.close();
});

const uniqueName = () => `IDEM${Date.now().toString().slice(-6)}${++counter}`;
const uniqueKey = () => `key-${crypto.randomUUID()}`;

const createWithKey = (client: Client, key: string, body: object) =>
  client.send({ method: 'POST', url: '/api/stations', payload: body, headers: { 'idempotency-key': key } });

/** How many stations of this name the company has (events, not answers: a second run would show). */
async function stationsNamed(name: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*)::text as count from events where type = 'StationCreated' and data->>'name' = ${name}`.execute(t.app.db);
  return Number(rows[0].count);
}

describe('Idempotency-Key', () => {
  it('answers a repeat with the same key and body with the first answer, without running again', async () => {
    const key = uniqueKey();
    const name = uniqueName();
    const first = await createWithKey(admin, key, stationBody(name));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(stationBody(name)).reverse());
    const repeat = await createWithKey(admin, key, reordered);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await stationsNamed(name)).toBe(1);
  });

  it('refuses the same key with another body with 422, running nothing', async () => {
    const key = uniqueKey();
    const name = uniqueName();
    expect((await createWithKey(admin, key, stationBody(name))).statusCode).toBe(201);
    const otherName = uniqueName();
    const reused = await createWithKey(admin, key, stationBody(otherName));
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused.body).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await stationsNamed(otherName)).toBe(0);
    // Another path with the key is another request too.
    const elsewhere = await admin.send({
      method: 'PUT',
      url: '/api/stations/sequence',
      payload: { stationIds: [], version: 0 },
      headers: { 'idempotency-key': key },
    });
    expect(elsewhere.statusCode).toBe(422);
  });

  it('keeps a refusal as the answer too: a repeat gets the same 409 again', async () => {
    const name = uniqueName();
    expect((await admin.post('/api/stations', stationBody(name))).statusCode).toBe(201);
    const key = uniqueKey();
    const taken = await createWithKey(admin, key, stationBody(name));
    expect(taken.statusCode).toBe(409);
    const repeat = await createWithKey(admin, key, stationBody(name));
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(taken.body);
  });

  it('never runs a concurrent repeat twice: it waits for the first answer or answers 409', async () => {
    const key = uniqueKey();
    const name = uniqueName();
    const answers = await Promise.all([0, 1, 2, 3].map(() => createWithKey(admin, key, stationBody(name))));
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.json()).toEqual(created[0].json());
      else {
        expect(answer.statusCode).toBe(409);
        expect(errorOf(answer.body).code).toBe('IDEMPOTENCY_KEY_IN_USE');
      }
    }
    expect(await stationsNamed(name)).toBe(1);
  });

  it('keeps keys apart per user and per company', async () => {
    const key = uniqueKey();
    const names = [uniqueName(), uniqueName(), uniqueName()];
    expect((await createWithKey(admin, key, stationBody(names[0]))).statusCode).toBe(201);
    const byOwner = await createWithKey(owner, key, stationBody(names[1]));
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect(byOwner.headers['idempotent-replayed']).toBeUndefined();
    const byStranger = await createWithKey(stranger, key, stationBody(names[2]));
    expect(byStranger.statusCode, byStranger.body).toBe(201);
    expect(byStranger.headers['idempotent-replayed']).toBeUndefined();
    for (const name of names) expect(await stationsNamed(name)).toBe(1);
  });

  it('refuses a key that is too long or not visible ASCII with 400, running nothing', async () => {
    const name = uniqueName();
    for (const key of ['x'.repeat(256), 'with space', 'schlüssel']) {
      const res = await admin.send({ method: 'POST', url: '/api/stations', payload: stationBody(name), headers: { 'idempotency-key': key } });
      expect(res.statusCode, key).toBe(400);
      expect(errorOf(res.body).details[0]).toEqual({ path: 'headers.idempotency-key', message: 'validation.idempotencyKey' });
    }
    expect((await createWithKey(admin, 'k'.repeat(255), stationBody(name))).statusCode).toBe(201);
    expect(await stationsNamed(name)).toBe(1);
  });

  it('does not keep answers of requests refused before they ran (no session, wrong role, invalid body)', async () => {
    const key = uniqueKey();
    const name = uniqueName();
    const anonymous = await createWithKey(clientOf(t), key, stationBody(name));
    expect(anonymous.statusCode).toBe(401);
    const invalid = await createWithKey(admin, key, stationBody(''));
    expect(invalid.statusCode).toBe(400);
    const operator = await createWithKey(clientOf(t, company.operator.token), key, stationBody(name));
    expect(operator.statusCode).toBe(403);
    const valid = await createWithKey(admin, key, stationBody(name));
    expect(valid.statusCode, valid.body).toBe(201);
    expect(valid.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps no 5xx: the key is released and a repeat runs again, then its answer is kept', async () => {
    const key = uniqueKey();
    const flaky = () => admin.send({ method: 'POST', url: '/api/test/flaky', payload: { a: 1 }, headers: { 'idempotency-key': key } });
    expect((await flaky()).statusCode).toBe(500);
    const second = await flaky();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ run: 2 });
    const third = await flaky();
    expect(third.statusCode).toBe(201);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json()).toEqual({ run: 2 });
    expect(flakyRuns).toBe(2);
  });

  it('answers a repeat after a server restart from the stored answer', async () => {
    const key = uniqueKey();
    const name = uniqueName();
    const first = await createWithKey(admin, key, stationBody(name));
    expect(first.statusCode).toBe(201);
    const restarted = await createTestApp({}, { clock, database: t.testDb });
    try {
      const repeat = await createWithKey(clientOf(restarted, company.admin.token), key, stationBody(name));
      expect(repeat.statusCode).toBe(201);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json()).toEqual(first.json());
    } finally {
      await restarted.close();
    }
    expect(await stationsNamed(name)).toBe(1);
  });

  it('forgets a key after 24 hours: the request runs again, and the cleanup deletes expired keys', async () => {
    const key = uniqueKey();
    const name = uniqueName();
    expect((await createWithKey(admin, key, stationBody(name))).statusCode).toBe(201);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await createWithKey(admin, key, stationBody(name));
    // It ran again: the name is taken by the first run now.
    expect(later.statusCode).toBe(409);
    expect(errorOf(later.body).code).toBe('STATION_NAME_TAKEN');
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await deleteExpiredIdempotencyKeys(t.app.db, clock.now())).toBeGreaterThan(0);
    const { rows } = await sql<{ count: string }>`select count(*)::text as count from idempotency_keys where expires_at <= ${clock.now()}`.execute(t.app.db);
    expect(rows[0].count).toBe('0');
  });

  describe('a server that dies while it holds a key', () => {
    /** The key's row as a server that died between the commit and storing the answer leaves it. */
    const loseAnswer = (key: string) =>
      sql`update idempotency_keys set state = 'committed', status_code = null, content_type = null, body = null, created_at = ${clock.now()}
          where key = ${key}`.execute(t.app.db);

    it('lets a repeat take over a key left running for a minute; the first owner, if it was only slow, then cannot commit', async () => {
      const key = uniqueKey();
      const send = () => admin.send({ method: 'POST', url: '/api/test/slow', payload: { c: 1 }, headers: { 'idempotency-key': key } });
      const first = send();
      await expect.poll(() => slowRuns).toBe(1);
      clock.advance(RUNNING_LEASE_MS + 1000);
      // Another request with the key is still refused, and takes nothing over.
      const other = await admin.send({ method: 'POST', url: '/api/test/slow', payload: { c: 2 }, headers: { 'idempotency-key': key } });
      expect(other.statusCode).toBe(422);
      expect(errorOf(other.body).code).toBe('IDEMPOTENCY_KEY_REUSED');
      const repeat = await send();
      expect(repeat.statusCode, repeat.body).toBe(201);
      expect(repeat.json()).toEqual({ run: 2 });
      // The first request, which had stalled, goes on: its command is refused, its answer not kept.
      releaseFirstSlowRun();
      const late = await first;
      expect(late.statusCode).toBe(409);
      expect(errorOf(late.body).code).toBe('IDEMPOTENCY_KEY_IN_USE');
      const again = await send();
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual({ run: 2 });
      expect(slowCommits).toBe(1);
    });

    it('never runs twice a command that committed but whose answer was lost: the repeat answers IDEMPOTENCY_ANSWER_LOST', async () => {
      const key = uniqueKey();
      const name = uniqueName();
      const first = await createWithKey(admin, key, stationBody(name));
      expect(first.statusCode).toBe(201);
      // As if the server died between the commit and storing the answer.
      await loseAnswer(key);
      clock.advance(RUNNING_LEASE_MS + 1000);
      const repeat = await createWithKey(admin, key, stationBody(name));
      expect(repeat.statusCode).toBe(409);
      expect(errorOf(repeat.body).code).toBe('IDEMPOTENCY_ANSWER_LOST');
      expect(await stationsNamed(name)).toBe(1);
    });

    it('marks the key in the command transaction: an answer that fails after the commit is not run again', async () => {
      const key = uniqueKey();
      const send = () => admin.send({ method: 'POST', url: '/api/test/commit-then-fail', payload: { b: 1 }, headers: { 'idempotency-key': key } });
      expect((await send()).statusCode).toBe(500);
      const repeat = await send();
      expect(repeat.statusCode).toBe(409);
      expect(errorOf(repeat.body).code).toBe('IDEMPOTENCY_ANSWER_LOST');
      expect(committedRuns).toBe(1);
    });
  });
});

describe('stored answers hold no secret (issue 26)', () => {
  it("keeps a session token's answer without the token", async () => {
    const master = await signedInMaster(t);
    const acting = clientOf(t, (await clientOf(t, master.token).post(`/api/auth/regenerate-jwt/${company.companyId}`)).json().access_token);
    const key = `switch-${++counter}`;
    const first = await acting.send({ method: 'POST', url: `/api/auth/regenerate-jwt/${other.companyId}`, headers: { 'idempotency-key': key } });
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json().access_token as string;
    expect(token.length).toBeGreaterThan(20);
    const stored = await withTenant(t.app.db, company.companyId, (tx) =>
      tx.selectFrom('idempotency_keys').select('body').where('key', '=', key).executeTakeFirstOrThrow(),
    );
    expect(stored.body).not.toContain(token);
    expect(stored.body).toContain('[redacted]');
    // That route ends the session it was called with, so a repeat of it is 401; tracking links show the replay.
  });
});
