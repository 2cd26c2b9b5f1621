import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin } from '../../../src/server/platform/auth.js';
import { registerErrorHandling } from '../../../src/server/platform/errors.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam } from '../../support/identity.js';
import { stationBody } from '../stations/stations-support.js';

const secret = 'fail-closed-secret-that-is-long-enough-for-hs256';

/** The auth plugin alone, as an app whose identity and company modules forgot to install their checks. */
async function bareApp(): Promise<{ app: FastifyInstance; errors: string[] }> {
  const errors: string[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void errors.push((JSON.parse(line) as { msg: string }).msg) } },
  });
  registerErrorHandling(app);
  await app.register(authPlugin, { secret });
  app.get('/read', { preHandler: app.authenticate }, async () => ({ ok: true }));
  app.post('/write', { preHandler: app.requireRole('ADMIN') }, async () => ({ ok: true }));
  app.post('/materials', { preHandler: app.requireChangeRight('materials') }, async () => ({ ok: true }));
  app.post('/logout', { preHandler: app.authenticate, config: { skipWriteCheck: true } }, async () => ({ ok: true }));
  await app.ready();
  return { app, errors };
}

describe('the auth plugin without installed checks', () => {
  let bare: { app: FastifyInstance; errors: string[] };
  beforeAll(async () => {
    bare = await bareApp();
  });
  afterAll(async () => {
    await bare.app.close();
  });

  const tokenOf = (app: FastifyInstance) =>
    app.auth.sign({ userId: '00000000-0000-4000-8000-000000000001', role: 'ADMIN', companyId: '00000000-0000-4000-8000-000000000002', tokenId: 't1' });

  it('says at start that nothing was installed', () => {
    expect(bare.errors).toEqual([
      'auth: no token check installed (identity module), so every token is refused',
      'auth: no write check installed (company module), so every write is refused',
      'auth: no change-right check installed (team module), so every change is refused',
    ]);
  });

  it('refuses a correctly signed token', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/read', headers: { authorization: `Bearer ${tokenOf(bare.app)}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    await expect(bare.app.auth.verify(tokenOf(bare.app))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a write once a token check lets the holder in', async () => {
    bare.app.auth.setTokenCheck(async () => true);
    const headers = { authorization: `Bearer ${tokenOf(bare.app)}` };
    expect((await bare.app.inject({ method: 'GET', url: '/read', headers })).statusCode).toBe(200);
    const write = await bare.app.inject({ method: 'POST', url: '/write', headers });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('FORBIDDEN');
    // Routes that must work for any account (logout) are not writes in this sense.
    expect((await bare.app.inject({ method: 'POST', url: '/logout', headers })).statusCode).toBe(200);
  });

  it('refuses a change of an area once the write check lets the holder write', async () => {
    bare.app.auth.setTokenCheck(async () => true);
    bare.app.auth.setWriteCheck(async () => undefined);
    const headers = { authorization: `Bearer ${tokenOf(bare.app)}` };
    expect((await bare.app.inject({ method: 'POST', url: '/write', headers })).statusCode).toBe(200);
    const change = await bare.app.inject({ method: 'POST', url: '/materials', headers });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe('CHANGE_RIGHT_MISSING');
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

  it('installs both checks, so a session reads and writes and a made-up one is refused', async () => {
    const company = await companyWithTeam(t, { companyName: 'Fail Closed' });
    const admin = clientOf(t, company.admin.token);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
    expect((await admin.post('/api/stations', stationBody('SAW'))).statusCode).toBe(201);
    // Signed with the server's key, but no session behind it: the identity module's check refuses it.
    expect((await clientOf(t, t.tokenFor({ companyId: company.companyId })).get('/api/auth/me')).statusCode).toBe(401);
  });
});
