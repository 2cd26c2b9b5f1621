import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import {
  clientOf,
  companyWithTeam,
  linkTokenIn,
  mailTo,
  signIn,
  signedInMaster,
  startMailbox,
  testPassword,
  type Mailbox,
  type TestCompany,
} from '../../support/identity.js';

let t: TestApp;
let mailbox: Mailbox;
let company: TestCompany;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
  company = await companyWithTeam(t, { companyName: 'Becker Metallbau' });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const anonymous = () => clientOf(t);
const uniqueEmail = (name: string) => `${name}.${Math.random().toString(36).slice(2, 10)}@example.com`;
const uniqueUsername = (name: string) => `${name}${Math.random().toString(36).slice(2, 8)}`;
type Detail = { path: string; message: string };
const pathsAndMessages = (details: Detail[]) => details.map((d) => [d.path, d.message]);

describe('administration users', () => {
  it('are invited by email, set a password from the link and then sign in by email', async () => {
    const email = uniqueEmail('max');
    const invited = await clientOf(t, company.superUser.token).post('/api/users/create-admin-user', { firstName: 'Max', lastName: 'Ott', email });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ role: 'ADMIN', email, firstName: 'Max', status: 'INVITED', companyId: company.companyId });

    const mail = await mailbox.waitFor(mailTo(email));
    expect(mail.subject).toBe('Your invitation to Becker Metallbau');
    expect(mail.text).toContain('https://console.example.com/set-admin-password?token=');
    const token = linkTokenIn(mail, '/set-admin-password');

    const check = await anonymous().post(`/api/auth/verify-token?token=${encodeURIComponent(token)}`);
    expect(check.json()).toEqual({ data: { purpose: 'INVITATION', email, firstName: 'Max' } });

    const weak = await anonymous().post(`/api/auth/create-admin-password?token=${encodeURIComponent(token)}`, { password: 'weak', confirm: 'weak' });
    expect(pathsAndMessages(weak.json().error.details)).toEqual([['password', 'validation.passwordComplexity']]);

    const set = await anonymous().post(`/api/auth/create-admin-password?token=${encodeURIComponent(token)}`, { password: 'Admin#2027', confirm: 'Admin#2027' });
    expect(set.statusCode).toBe(200);
    expect(await signIn(t, email, 'Admin#2027')).toMatchObject({ role: 'ADMIN', company: company.companyId });

    const twice = await anonymous().post(`/api/auth/create-admin-password?token=${encodeURIComponent(token)}`, {
      password: 'Admin#2028',
      confirm: 'Admin#2028',
    });
    expect(twice.json().error.code).toBe('INVALID_TOKEN');
  });

  it('cannot sign in before setting a password', async () => {
    const email = uniqueEmail('pending');
    await clientOf(t, company.admin.token).post('/api/users/create-admin-user', { firstName: 'Pia', lastName: 'Lang', email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { usernameOrEmail: email, password: testPassword },
      remoteAddress: '10.0.4.1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('get an invitation that lives 72 hours, in their language', async () => {
    const email = uniqueEmail('eva');
    await clientOf(t, company.superUser.token).post('/api/users/create-admin-user', { firstName: 'Eva', lastName: 'Kühn', email, locale: 'de' });
    const mail = await mailbox.waitFor(mailTo(email));
    expect(mail.subject).toBe('Ihre Einladung zu Becker Metallbau');
    const token = linkTokenIn(mail, '/set-admin-password');
    const lifetime = await sql<{ hours: string }>`
      select round(extract(epoch from t.expires_at - t.created_at) / 3600)::text as hours
      from user_tokens t join users u on u.id = t.user_id where u.email = ${email} and t.purpose = 'INVITATION'`.execute(t.app.db);
    expect(lifetime.rows).toEqual([{ hours: '72' }]);
    await sql`update user_tokens set expires_at = now() - interval '1 second' where purpose = 'INVITATION' and user_id = (select id from users where email = ${email})`.execute(
      t.app.db,
    );
    const late = await anonymous().post(`/api/auth/create-admin-password?token=${encodeURIComponent(token)}`, {
      password: 'Admin#2027',
      confirm: 'Admin#2027',
    });
    expect(late.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an email that any company already uses, and empty names with the spec codes', async () => {
    const other = await companyWithTeam(t);
    const taken = await clientOf(t, company.superUser.token).post('/api/users/create-admin-user', {
      firstName: 'A',
      lastName: 'B',
      email: other.admin.login.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('USER_ALREADY_EXISTS');

    const empty = await clientOf(t, company.superUser.token).post('/api/users/create-admin-user', { firstName: '', lastName: '', email: 'not-an-email' });
    expect(empty.statusCode).toBe(400);
    expect(pathsAndMessages(empty.json().error.details)).toEqual([
      ['firstName', 'errors.EMPTY_FIRST_NAME'],
      ['lastName', 'errors.EMPTY_LAST_NAME'],
      ['email', 'validation.email'],
    ]);
  });
});

describe("an invitation gives at most the inviter's rights (issue 26)", () => {
  it('grants a new admin only the default rights the inviting admin holds', async () => {
    const small = await companyWithTeam(t, { adminChangeRights: ['team', 'orders'] });
    const inviter = clientOf(t, small.admin.token);
    const invited = await inviter.post('/api/users/create-admin-user', { firstName: 'Nina', lastName: 'Neu', email: `nina-${small.companyId}@example.com` });
    expect(invited.statusCode, invited.body).toBe(201);
    const account = await clientOf(t, small.superUser.token).get(`/api/users/account/${invited.json().id}`);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().employee.rights.changeRights).toEqual(['orders']);

    // The owner's invitation still gives the defaults.
    const byOwner = await clientOf(t, small.superUser.token).post('/api/users/create-admin-user', {
      firstName: 'Otto',
      lastName: 'Neu',
      email: `otto-${small.companyId}@example.com`,
    });
    const rights = (await clientOf(t, small.superUser.token).get(`/api/users/account/${byOwner.json().id}`)).json().employee.rights.changeRights;
    expect([...rights].sort()).toEqual(['materials', 'orders', 'shipments', 'stations']);
  });
});

describe('operation users', () => {
  it('are created with a username and password and sign in by username', async () => {
    const username = uniqueUsername('welder');
    const created = await clientOf(t, company.admin.token).post('/api/users/create-operations-user', {
      firstName: 'Olaf',
      lastName: 'Schweißer',
      username,
      password: 'Weld#2027',
      confirm: 'Weld#2027',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'OPERATOR', username, email: null, status: 'ACTIVE' });
    expect(await signIn(t, username, 'Weld#2027')).toMatchObject({ role: 'OPERATOR', company: company.companyId, userId: created.json().id });
  });

  it('need a username unique across the product, in any case', async () => {
    const other = await companyWithTeam(t);
    const taken = await clientOf(t, company.admin.token).post('/api/users/create-operations-user', {
      firstName: 'A',
      lastName: 'B',
      username: other.operator.login.toUpperCase(),
      password: 'Weld#2027',
      confirm: 'Weld#2027',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'USER_ALREADY_EXISTS', details: [{ path: 'username', message: 'errors.USER_ALREADY_EXISTS' }] });
  });

  it('get the spec messages for an empty username or name and a weak password', async () => {
    const res = await clientOf(t, company.admin.token).post('/api/users/create-operations-user', {
      firstName: ' ',
      lastName: '',
      username: '',
      password: 'weldweld',
      confirm: 'weldweld',
    });
    expect(res.statusCode).toBe(400);
    expect(pathsAndMessages(res.json().error.details)).toEqual([
      ['password', 'validation.passwordComplexity'],
      ['firstName', 'errors.EMPTY_FIRST_NAME'],
      ['lastName', 'errors.EMPTY_LAST_NAME'],
      ['username', 'errors.EMPTY_USERNAME'],
    ]);
  });
});

describe('the team list', () => {
  let team: TestCompany;
  beforeAll(async () => {
    team = await companyWithTeam(t);
    const manager = clientOf(t, team.superUser.token);
    for (const [firstName, lastName] of [
      ['Bernd', 'Zander'],
      ['Carla', 'Yilmaz'],
    ]) {
      await manager.post('/api/users/create-operations-user', {
        firstName,
        lastName,
        username: uniqueUsername(firstName.toLowerCase()),
        password: 'Weld#2027',
        confirm: 'Weld#2027',
      });
    }
  });

  it('pages the company users and filters them by role and text', async () => {
    const manager = clientOf(t, team.admin.token);
    const all = await manager.get('/api/users');
    expect(all.json()).toMatchObject({ total: 5, page: 1, limit: 10 });
    expect(all.json().data.every((u: { companyId: string }) => u.companyId === team.companyId)).toBe(true);

    const second = await manager.get('/api/users?page=2&limit=2');
    expect(second.json()).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(second.json().data).toHaveLength(2);

    const operators = await manager.get('/api/users?role=OPERATOR');
    expect(operators.json().total).toBe(3);
    expect(new Set(operators.json().data.map((u: { role: string }) => u.role))).toEqual(new Set(['OPERATOR']));

    const byName = await manager.get('/api/users?q=yilm');
    expect(byName.json().data.map((u: { lastName: string }) => u.lastName)).toEqual(['Yilmaz']);
    const byFullName = await manager.get(`/api/users?q=${encodeURIComponent('Sabine Schm')}`);
    expect(byFullName.json().total).toBe(1);

    const badPage = await manager.get('/api/users?page=0&limit=500');
    expect(badPage.statusCode).toBe(400);
  });

  it('filters the company users by status and sorts them by a column, either way', async () => {
    const manager = clientOf(t, team.superUser.token);
    await manager.post('/api/users/create-admin-user', { firstName: 'Ida', lastName: 'Albers', email: uniqueEmail('ida') });
    const invited = await manager.get('/api/users?status=INVITED');
    expect(invited.json().data.map((u: { lastName: string; status: string }) => [u.lastName, u.status])).toEqual([['Albers', 'INVITED']]);
    const active = await manager.get('/api/users?status=ACTIVE&limit=50');
    expect(active.json().total).toBe(5);
    expect(active.json().data.every((u: { status: string }) => u.status === 'ACTIVE')).toBe(true);

    const byName = await manager.get('/api/users?role=OPERATOR');
    const byNameDescending = await manager.get('/api/users?role=OPERATOR&sort=-name');
    const lastNames = (res: typeof byName) => res.json().data.map((u: { lastName: string }) => u.lastName);
    expect(lastNames(byNameDescending)).toEqual([...lastNames(byName)].reverse());
    const byRole = await manager.get('/api/users?sort=role&limit=50');
    expect(byRole.json().data.map((u: { role: string }) => u.role)).toEqual(['ADMIN', 'ADMIN', 'OPERATOR', 'OPERATOR', 'OPERATOR', 'SUPER_USER']);

    const badStatus = await manager.get('/api/users?status=GONE');
    expect(badStatus.statusCode).toBe(400);
    await manager.delete(`/api/users/${invited.json().data[0].id}`);
  });

  it('counts users by role', async () => {
    const res = await clientOf(t, team.superUser.token).get('/api/users/count-by-role');
    expect(res.json()).toEqual({ SUPER_USER: 1, ADMIN: 1, OPERATOR: 3, total: 5, deactivated: 0 });
  });

  it('shows an account to managers, and operators only their own', async () => {
    expect((await clientOf(t, team.admin.token).get(`/api/users/account/${team.operator.id}`)).json()).toMatchObject({
      id: team.operator.id,
      role: 'OPERATOR',
    });
    expect((await clientOf(t, team.operator.token).get(`/api/users/account/${team.operator.id}`)).statusCode).toBe(200);
    const foreign = await clientOf(t, team.operator.token).get(`/api/users/account/${team.admin.id}`);
    expect(foreign.statusCode).toBe(403);
    const unknown = await clientOf(t, team.admin.token).get('/api/users/account/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_ACCOUNT_NOT_FOUND');
    expect((await clientOf(t, team.admin.token).get('/api/users/account/not-an-id')).statusCode).toBe(404);
  });
});

describe('roles are checked on the server', () => {
  it('refuses operators every team route but their own account', async () => {
    const operator = clientOf(t, company.operator.token);
    const attempts = [
      operator.get('/api/users'),
      operator.get('/api/users/count-by-role'),
      operator.post('/api/users/create-admin-user', { firstName: 'A', lastName: 'B', email: uniqueEmail('x') }),
      operator.post('/api/users/create-operations-user', {
        firstName: 'A',
        lastName: 'B',
        username: uniqueUsername('x'),
        password: 'Weld#2027',
        confirm: 'Weld#2027',
      }),
      operator.delete(`/api/users/${company.admin.id}`),
      operator.put('/api/company-account/updateBasicSettings', { companyName: 'Hijack', dateFormat: 'DD.MM.YYYY', version: 0 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a master without a selected company the company routes', async () => {
    const master = await signedInMaster(t);
    const res = await clientOf(t, master.token).get('/api/users');
    expect(res.statusCode).toBe(403);
  });
});

describe('removing a user', () => {
  it("ends the user's sessions at once and frees nothing else", async () => {
    const team = await companyWithTeam(t);
    const removed = await clientOf(t, team.superUser.token).delete(`/api/users/${team.operator.id}`);
    expect(removed.statusCode).toBe(200);
    const after = await clientOf(t, team.operator.token).get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect((await clientOf(t, team.admin.token).get('/api/auth/me')).statusCode).toBe(200);
    expect((await clientOf(t, team.superUser.token).get('/api/users/count-by-role')).json()).toMatchObject({ OPERATOR: 0, total: 2 });
    const again = await clientOf(t, team.superUser.token).delete(`/api/users/${team.operator.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('never removes the super user or oneself', async () => {
    const team = await companyWithTeam(t);
    expect((await clientOf(t, team.admin.token).delete(`/api/users/${team.superUser.id}`)).statusCode).toBe(403);
    expect((await clientOf(t, team.admin.token).delete(`/api/users/${team.admin.id}`)).statusCode).toBe(403);
    expect((await clientOf(t, team.superUser.token).delete(`/api/users/${team.superUser.id}`)).statusCode).toBe(403);
  });
});
