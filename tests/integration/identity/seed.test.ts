import { afterEach, describe, expect, it } from 'vitest';
import { demoUsers, logSeedReport, seed } from '../../../src/server/seed.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, signIn } from '../../support/identity.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// Each test seeds the whole demo company (a year of orders) once or more: on a loaded 2-core machine that takes
// longer than the project's 30 s per test (CI, 28 Nov), so these have two minutes.
describe('first start', { timeout: 120_000 }, () => {
  it('creates the master from MASTER_EMAIL / MASTER_PASSWORD and the demo company, once', async () => {
    t = await createTestApp({ SEED_DEMO: 'true', MASTER_EMAIL: 'Operator@Example.com', MASTER_PASSWORD: 'Operator#2026' });
    const report = await seed(t.app);
    expect(report.master).toEqual({ email: 'operator@example.com', generatedPassword: undefined });
    expect(report.demo?.users.map((u) => u.login)).toEqual(['super@demo.example.com', 'admin@demo.example.com', 'operator1', 'operator2']);

    const master = await signIn(t, 'operator@example.com', 'Operator#2026');
    expect(master).toMatchObject({ role: 'MASTER', company: null });
    const customers = (await clientOf(t, master.access_token).get('/api/company-account/all')).json();
    expect(customers.data).toEqual([expect.objectContaining({ companyName: 'Demo Metallbau GmbH', plan: 'demo', users: 4, superUser: 'Sabine Schmidt' })]);

    for (const user of demoUsers) {
      const session = await signIn(t, user.email ?? user.username ?? '', user.password);
      expect(session.role).toBe(user.role);
      // The demo never turns read-only.
      expect((await clientOf(t, session.access_token).get('/api/company-account/display')).json().readOnly).toBe(false);
    }

    expect(await seed(t.app)).toEqual({});
    expect((await clientOf(t, master.access_token).get('/api/company-account/all')).json().total).toBe(1);
  });

  it('seeds once when several instances start at the same moment', async () => {
    t = await createTestApp({ SEED_DEMO: 'true', MASTER_EMAIL: 'boss@example.com', MASTER_PASSWORD: 'Operator#2026' });
    const reports = await Promise.all([seed(t.app), seed(t.app), seed(t.app)]);
    expect(reports.filter((report) => report.master)).toHaveLength(1);
    expect(reports.filter((report) => report.demo)).toHaveLength(1);
    const master = clientOf(t, (await signIn(t, 'boss@example.com', 'Operator#2026')).access_token);
    expect((await master.get('/api/company-account/all')).json().total).toBe(1);
  });

  it('generates a master password when none is configured and reports it once', async () => {
    t = await createTestApp({ SEED_DEMO: 'false' });
    const report = await seed(t.app);
    expect(report.demo).toBeUndefined();
    const password = report.master?.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await signIn(t, 'master@shopfloor.local', password)).role).toBe('MASTER');
    expect(await seed(t.app)).toEqual({});
  });

  it('does not bring the demo back after the master deleted it', async () => {
    t = await createTestApp({ SEED_DEMO: 'true', MASTER_EMAIL: 'boss@example.com', MASTER_PASSWORD: 'Operator#2026' });
    await seed(t.app);
    const master = clientOf(t, (await signIn(t, 'boss@example.com', 'Operator#2026')).access_token);
    const demo = (await master.get('/api/company-account/all')).json().data[0];
    expect((await master.delete(`/api/company-account/byId/${demo.id}`)).statusCode).toBe(200);
    expect(await seed(t.app)).toEqual({});
    expect((await master.get('/api/company-account/all')).json().total).toBe(0);
  });

  it('in production seeds no demo unless asked; asked, with generated passwords that are never logged (issue 26)', async () => {
    const production = { NODE_ENV: 'production', MASTER_EMAIL: 'boss@example.com', MASTER_PASSWORD: 'Operator#2026' };
    // SEED_DEMO left unset (the test app sets it to false otherwise).
    t = await createTestApp({ ...production, SEED_DEMO: '' });
    expect(t.config.seedDemo).toBe(false);
    expect((await seed(t.app)).demo).toBeUndefined();
    await t.close();

    t = await createTestApp({ ...production, SEED_DEMO: 'true' });
    const report = await seed(t.app);
    const users = report.demo?.users ?? [];
    expect(users.map((u) => u.login)).toEqual(demoUsers.map((u) => u.email ?? u.username));
    expect(report.demo?.passwordsGenerated).toBe(true);
    for (const [index, user] of users.entries()) {
      expect(user.password).not.toBe(demoUsers[index].password);
      expect((await signIn(t, user.login, user.password)).role).toBe(demoUsers[index].role);
      const documented = await t.app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { usernameOrEmail: user.login, password: demoUsers[index].password },
      });
      expect(documented.statusCode).toBe(401);
    }

    const lines: unknown[] = [];
    const collect = (...args: unknown[]) => void lines.push(args);
    logSeedReport({ log: { info: collect, warn: collect } as never }, report);
    const logged = JSON.stringify(lines);
    expect(logged).toContain('super@demo.example.com');
    for (const user of users) expect(logged).not.toContain(user.password);
  });
});
