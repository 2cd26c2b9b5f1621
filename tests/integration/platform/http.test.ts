import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponses } from '../../../src/server/platform/errors.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { companyWithTeam } from '../../support/identity.js';

// Probe routes mounted only in this test: they exercise the platform's handling of bodies and failures.
function probeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/test-probe/echo', {
    schema: {
      body: z.object({ name: z.string().max(25), quantity: z.number().int().min(1).max(999) }),
      response: { 200: z.object({ name: z.string(), quantity: z.number() }), ...errorResponses() },
    },
    handler: async (request) => request.body,
  });
  r.get('/api/test-probe/crash', {
    schema: { response: { 200: z.object({}), ...errorResponses() } },
    handler: async () => {
      throw new Error('secret internals: password=hunter2 at /etc/shadow');
    },
  });
  r.get('/api/test-probe/slow-query', {
    schema: { querystring: z.object({ seconds: z.coerce.number().max(10) }), response: { 200: z.object({ ok: z.boolean() }), ...errorResponses(503) } },
    handler: async (request) => {
      await sql`select pg_sleep(${request.query.seconds})`.execute(app.db);
      return { ok: true };
    },
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { beforeReady: probeRoutes });
});
afterAll(async () => {
  await t.close();
});

describe('every route declares its schemas', () => {
  it('has a response schema on every /api route and a request schema where the route takes input', () => {
    const missing: string[] = [];
    for (const route of t.app.registeredRoutes) {
      const url = route.url ?? '';
      if (!url.startsWith('/api') || url.startsWith('/api/docs')) continue;
      const methods = [route.method].flat();
      if (methods.every((m) => m === 'HEAD')) continue;
      const schema = route.schema ?? {};
      const name = `${methods.join(',')} ${url}`;
      const isWebSocket = Boolean((route as { websocket?: boolean }).websocket);
      if (!schema.response && !isWebSocket) missing.push(`${name}: no response schema`);
      if (url.includes(':') && !schema.params) missing.push(`${name}: no params schema`);
      const takesBody = methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m));
      if (takesBody && !schema.body && !schema.querystring && !schema.params) missing.push(`${name}: no request schema`);
    }
    expect(missing).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 VALIDATION_ERROR, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Bolt", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('names each failing field with a translatable key and its limit', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-probe/echo', payload: { name: 'x'.repeat(26), quantity: 1000 } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'validation.maxLength', params: { max: 25 } },
        { path: 'quantity', message: 'validation.max', params: { max: 999 } },
      ]),
    );
  });

  it('drops unknown fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-probe/echo', payload: { name: 'Bolt', quantity: 1, isAdmin: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Bolt', quantity: 1 });
  });

  it('authenticates before it validates: a stranger with a bad body gets 401, a wrong role 403, never the complaints of the schema', async () => {
    const bad = { name: 'x'.repeat(500), quantity: 'lots' };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/materials', payload: bad });
    expect(anonymous.statusCode).toBe(401);
    const team = await companyWithTeam(t);
    const operator = await t.app.inject({ method: 'POST', url: '/api/materials', payload: bad, headers: { authorization: `Bearer ${team.operator.token}` } });
    expect(operator.statusCode).toBe(403);
    const admin = await t.app.inject({ method: 'POST', url: '/api/materials', payload: bad, headers: { authorization: `Bearer ${team.admin.token}` } });
    expect(admin.statusCode).toBe(400);
  });

  it('answers an unknown API path with NOT_FOUND in the catalogue shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.', details: [] } });
  });
});

describe('failures', () => {
  it('never leaks internals in a 5xx body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(res.body).not.toMatch(/hunter2|shadow|stack|at /);
  });

  it('answers 503 when the database drops the connection, then recovers', async () => {
    const dbName = new URL(t.testDb.url).pathname.slice(1);
    const pending = t.app.inject({ method: 'GET', url: '/api/test-probe/slow-query?seconds=5' });
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    try {
      // Wait until the slow query runs, then cut every connection of the app's database.
      for (let i = 0; i < 100; i++) {
        const running = await admin.query(`select 1 from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and state = 'active'`, [dbName]);
        if (running.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
    } finally {
      await admin.end();
    }
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    // Idle connections killed alongside may be noticed one request late; the server must come back by itself.
    let after = 0;
    for (let attempt = 0; attempt < 20 && after !== 200; attempt++) {
      after = (await t.app.inject({ method: 'GET', url: '/api/test-probe/slow-query?seconds=0' })).statusCode;
      if (after !== 200) expect(after).toBe(503);
    }
    expect(after).toBe(200);
  });
});

describe('platform endpoints', () => {
  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.database).toBe('ok');
  });

  it('calls a dependency that does not answer unavailable instead of waiting for it', async () => {
    t.app.readinessProbes.hanging = () => new Promise<void>(() => {});
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', hanging: 'unavailable' } });
    } finally {
      delete t.app.readinessProbes.hanging;
    }
  });

  it('tags every answer with a request id and keeps a sane one given by the caller', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-1234abcd' } });
    expect(given.headers['x-request-id']).toBe('trace-1234abcd');
  });

  it('keeps API answers out of caches (tokens, company data) unless a route sets its own policy', async () => {
    const team = await companyWithTeam(t);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { usernameOrEmail: team.admin.login, password: team.admin.password },
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/materials' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes an OpenAPI 3 document and a browsable page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { responses?: object }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses, `${method} ${path} has responses`).toBeDefined();
      }
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const html = await t.app.inject({ method: 'GET', url: page.statusCode === 302 ? page.headers.location! : '/api/docs' });
    expect(html.body).toContain('swagger');
  });
});
