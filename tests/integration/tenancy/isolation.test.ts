import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signIn, type TestCompany } from '../../support/identity.js';

let t: TestApp;
let a: TestCompany;
let b: TestCompany;
/** A data export of company A (Account tab). */
let aExportId: string;

const identityTables = ['companies', 'users', 'sessions', 'user_tokens', 'events', 'streams'] as const;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithTeam(t, { companyName: 'Company A' });
  b = await companyWithTeam(t, { companyName: 'Company B' });
  // Give both companies one-time tokens too (an invitation each).
  for (const company of [a, b]) {
    await clientOf(t, company.superUser.token).post('/api/users/create-admin-user', {
      firstName: 'In',
      lastName: 'Vited',
      email: `invited.${company.companyId}@example.com`,
    });
  }
  aExportId = (await clientOf(t, a.superUser.token).post('/api/company-account/exports')).json().id;
});
afterAll(async () => {
  await t.close();
});

describe('row-level security', () => {
  it('runs tenant work as a role that is neither superuser nor owner nor able to bypass it', async () => {
    const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`select rolsuper, rolbypassrls from pg_roles where rolname = 'shopfloor_app'`.execute(
      t.app.db,
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
    const owners = await sql<{ tableowner: string }>`select distinct tableowner from pg_tables where tablename = any(${[...identityTables]})`.execute(t.app.db);
    expect(owners.rows.map((r) => r.tableowner)).not.toContain('shopfloor_app');
    const inside = await withTenant(t.app.db, a.companyId, (tx) => sql<{ who: string }>`select current_user as who`.execute(tx));
    expect(inside.rows[0].who).toBe('shopfloor_app');
  });

  it.each(identityTables)('shows a query on %s with no tenant filter only the own company', async (table) => {
    const rows = await withTenant(t.app.db, a.companyId, (tx) => sql<{ company_id: string | null }>`select company_id from ${sql.table(table)}`.execute(tx));
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(new Set(rows.rows.map((r) => r.company_id))).toEqual(new Set([a.companyId]));
    const all = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where company_id = ${b.companyId}::uuid`.execute(t.app.db);
    expect(Number(all.rows[0].n)).toBeGreaterThan(0);
  });

  it('shows nothing when no tenant is set', async () => {
    const rows = await t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('role', 'shopfloor_app', true)`.execute(tx);
      return sql<{ n: string }>`select (select count(*) from users) + (select count(*) from companies) + (select count(*) from sessions) as n`.execute(tx);
    });
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  it('refuses writing a row for another company', async () => {
    const attempt = withTenant(t.app.db, a.companyId, (tx) =>
      sql`insert into users (id, company_id, role, username, first_name, last_name) values (gen_random_uuid(), ${b.companyId}::uuid, 'OPERATOR', 'intruder', 'I', 'N')`.execute(
        tx,
      ),
    );
    await expect(attempt).rejects.toThrow(/row-level security/);
    const move = await withTenant(t.app.db, a.companyId, (tx) =>
      sql`update users set first_name = 'Moved' where company_id = ${b.companyId}::uuid`.execute(tx),
    );
    expect(Number(move.numAffectedRows)).toBe(0);
  });

  it('keeps the login throttle out of reach of tenant work', async () => {
    const attempt = withTenant(t.app.db, a.companyId, (tx) => sql`select * from login_failures`.execute(tx));
    await expect(attempt).rejects.toThrow(/permission denied/);
  });
});

describe("another company's ids", () => {
  /**
   * Every identity and company route that takes an id, asked with company B's token and company
   * A's id. Company routes answer 404 (no existence leak); master-only routes refuse any
   * non-master with 403 before they look at the id.
   */
  const cases = () => [
    { method: 'GET', url: '/api/users/account/:id', path: `/api/users/account/${a.admin.id}`, status: 404 },
    { method: 'DELETE', url: '/api/users/:id', path: `/api/users/${a.operator.id}`, status: 404 },
    { method: 'POST', url: '/api/users/:id/resend-invitation', path: `/api/users/${a.admin.id}/resend-invitation`, status: 404 },
    { method: 'POST', url: '/api/users/:id/deactivate', path: `/api/users/${a.operator.id}/deactivate`, status: 404 },
    { method: 'POST', url: '/api/users/:id/reactivate', path: `/api/users/${a.operator.id}/reactivate`, status: 404 },
    { method: 'PUT', url: '/api/users/:id/language', path: `/api/users/${a.operator.id}/language`, status: 404, payload: { locale: 'de' } },
    {
      method: 'POST',
      url: '/api/users/:id/reset-password',
      path: `/api/users/${a.operator.id}/reset-password`,
      status: 404,
      payload: { password: 'Neues#2027', confirm: 'Neues#2027' },
    },
    // The survey belongs to the super user: an administration user is refused by role first.
    {
      method: 'PUT',
      url: '/api/company-account/update-referral-source/:id',
      path: `/api/company-account/update-referral-source/${a.companyId}`,
      status: 404,
      adminStatus: 403,
      payload: { referralSource: 'OTHER' },
    },
    { method: 'GET', url: '/api/company-account/byId/:id', path: `/api/company-account/byId/${a.companyId}`, status: 403 },
    {
      method: 'PUT',
      url: '/api/company-account/byId/:id',
      path: `/api/company-account/byId/${a.companyId}`,
      status: 403,
      payload: { plan: 'premium', version: 1 },
    },
    { method: 'DELETE', url: '/api/company-account/byId/:id', path: `/api/company-account/byId/${a.companyId}`, status: 403 },
    { method: 'POST', url: '/api/auth/regenerate-jwt/:id', path: `/api/auth/regenerate-jwt/${a.companyId}`, status: 403 },
    // A company's data exports: another company's id is not found; admins may not follow exports at all.
    { method: 'GET', url: '/api/company-account/exports/:id', path: `/api/company-account/exports/${aExportId}`, status: 404, adminStatus: 403 },
    {
      method: 'GET',
      url: '/api/company-account/exports/:id/download',
      path: `/api/company-account/exports/${aExportId}/download`,
      status: 404,
      adminStatus: 403,
    },
  ];

  it('covers every identity and company route with an id', () => {
    // Routes other modules hang below /api/users (station authorisations) are theirs to test.
    const routes = t.app.registeredRoutes
      .filter((route) => /^\/api\/(users|company-account|auth)\//.test(route.url) && route.url.includes(':'))
      .filter((route) => !route.url.endsWith('/station-authorizations'))
      .flatMap((route) =>
        [route.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${route.url}`),
      );
    expect(new Set(routes)).toEqual(new Set(cases().map((c) => `${c.method} ${c.url}`)));
  });

  it('answers them for every role of company B without touching company A', async () => {
    for (const member of [b.superUser, b.admin]) {
      for (const c of cases()) {
        const res = await t.app.inject({ method: c.method as 'GET', url: c.path, payload: c.payload, headers: { authorization: `Bearer ${member.token}` } });
        const expected = member === b.admin && c.adminStatus ? c.adminStatus : c.status;
        expect({ route: `${c.method} ${c.url}`, status: res.statusCode }).toEqual({ route: `${c.method} ${c.url}`, status: expected });
      }
    }
    const operator = await t.app.inject({ method: 'GET', url: `/api/users/account/${a.admin.id}`, headers: { authorization: `Bearer ${b.operator.token}` } });
    expect(operator.statusCode).toBe(404);
    // Company A is untouched and its users still work.
    expect((await clientOf(t, a.operator.token).get('/api/auth/me')).statusCode).toBe(200);
    expect((await clientOf(t, a.superUser.token).get('/api/company-account/basic-settings')).json().referralSource).toBeNull();
  });

  it("never lets a token act for another company than its user's", async () => {
    const session = await signIn(t, b.admin.login, b.admin.password);
    const { jti } = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()) as { jti: string };
    // Signed with the server's own key and a live session, but claiming company A.
    const forged = t.app.auth.sign({ userId: session.userId, role: 'ADMIN', companyId: a.companyId, tokenId: jti });
    expect((await clientOf(t, session.access_token).get('/api/users')).statusCode).toBe(200);
    expect((await clientOf(t, forged).get('/api/users')).statusCode).toBe(401);
  });
});
