import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { modules } from '../../../src/server/modules.js';
import { authPlugin, type AuthOptions } from '../../../src/server/platform/auth.js';
import { createEventStore } from '../../../src/server/platform/event-store.js';
import { createJobQueue } from '../../../src/server/platform/jobs-queue.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam } from '../../support/identity.js';
import { stationBody } from '../stations/stations-support.js';

// Checks fail closed (docs/decisions.md): the auth plugin's token, write and change-right checks are
// ports the identity, company and team modules provide. Without a provider the server does not start.

describe('the auth plugin without its checks', () => {
  it('does not start, naming the port', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(authPlugin, { secret: 'fail-closed-secret-that-is-long-enough-for-hs256' } as AuthOptions)).rejects.toThrow(
      'Port tokenCheck required by the auth plugin has no provider',
    );
    await app.close();
  });
});

describe('the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is wired from the manifests, so a session reads and writes and a made-up one is refused', async () => {
    const company = await companyWithTeam(t, { companyName: 'Fail Closed' });
    const admin = clientOf(t, company.admin.token);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
    expect((await admin.post('/api/stations', stationBody('SAW'))).statusCode).toBe(201);
    // Signed with the server's key, but no session behind it: the identity module's check refuses it.
    expect((await clientOf(t, t.tokenFor({ companyId: company.companyId })).get('/api/auth/me')).statusCode).toBe(401);
  });

  it.each([
    ['identity', 'Port tokenCheck required by the auth plugin has no provider'],
    ['company', 'Port writeCheck required by the auth plugin has no provider'],
    ['team', 'Port changeRightCheck required by the auth plugin has no provider'],
    ['orders', 'Port inProductionCheck required by module materials has no provider'],
    ['shipments', 'Port orderShipmentReader required by module orders has no provider'],
  ])('does not start without the %s module: one line names the port and who requires it', async (left, line) => {
    const jobQueue = createJobQueue({ prefix: `fail-closed-${left}` });
    const build = buildApp({
      config: t.config,
      database: t.testDb.database,
      eventStore: createEventStore(),
      jobQueue,
      modules: modules.filter((manifest) => manifest.name !== left),
    });
    await expect(build).rejects.toThrow(new Error(line));
    await jobQueue.close();
  });
});
