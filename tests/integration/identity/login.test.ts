import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from '../../../src/domain/identity/identity.rules.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signIn, signedInMaster, testPassword, type TestCompany } from '../../support/identity.js';

let t: TestApp;
let company: TestCompany;
let ip = 0;
/** Failed logins count per address too: each test fails from an address of its own. */
const newAddress = () => `10.0.2.${++ip}`;

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithTeam(t);
});
afterAll(async () => {
  await t.close();
});

const authenticate = (usernameOrEmail: string, password: string, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail, password }, remoteAddress });

describe('login', () => {
  it('signs super users and administration users in by email and answers the session record', async () => {
    const res = await authenticate(company.admin.login.toUpperCase(), testPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.any(String), userId: company.admin.id, role: 'ADMIN', company: company.companyId, locale: 'en' });
    expect((await authenticate(company.superUser.login, testPassword)).json().role).toBe('SUPER_USER');
  });

  it('signs operators in by username, in any case', async () => {
    const res = await authenticate(company.operator.login.toUpperCase(), testPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: company.operator.id, role: 'OPERATOR', company: company.companyId });
  });

  it('signs the master in without a company', async () => {
    const master = await signedInMaster(t);
    const res = await authenticate(master.login, testPassword);
    expect(res.json()).toMatchObject({ role: 'MASTER', company: null });
  });

  it('answers a wrong password and an unknown user exactly alike', async () => {
    const wrong = await authenticate(company.admin.login, 'Wrong#Password1');
    const unknown = await authenticate('nobody@example.com', 'Wrong#Password1');
    const unknownOperator = await authenticate('nobody', 'Wrong#Password1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknownOperator.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password.', details: [] } });
    expect(unknown.body).toBe(wrong.body);
    expect(unknownOperator.body).toBe(wrong.body);
  });

  it('requires both fields', async () => {
    const res = await authenticate('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message])).toEqual([
      ['usernameOrEmail', 'validation.required'],
      ['password', 'validation.required'],
    ]);
  });

  it('stores passwords as argon2id with the OWASP parameters, never readable', async () => {
    const row = await sql<{ password_hash: string }>`select password_hash from users where id = ${company.admin.id}`.execute(t.app.db);
    expect(row.rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.rows[0].password_hash).not.toContain(testPassword);
  });
});

describe('login throttle', () => {
  it('slows the guesser where it guesses: 10 failures for one account from one address block that account there, even with the right password', async () => {
    const team = await companyWithTeam(t);
    const guesser = newAddress();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect((await authenticate(team.admin.login, 'Wrong#Password1', guesser)).statusCode).toBe(401);
    }
    const blocked = await authenticate(team.admin.login, testPassword, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The owner, elsewhere, is not locked out; nor is another account from the guesser's address.
    expect((await authenticate(team.admin.login, testPassword, newAddress())).statusCode).toBe(200);
    expect((await authenticate(team.superUser.login, testPassword, guesser)).statusCode).toBe(200);
  });

  it('lets nobody lock an account: failures spread over many addresses never block its owner', async () => {
    const team = await companyWithTeam(t);
    for (let i = 0; i < 3 * LOGIN_FAILURE_LIMIT; i++) {
      expect((await authenticate(team.admin.login, 'Wrong#Password1', newAddress())).statusCode).toBe(401);
    }
    expect((await authenticate(team.admin.login, testPassword, newAddress())).statusCode).toBe(200);
  });

  it(`blocks an address after ${LOGIN_ADDRESS_FAILURE_LIMIT} failures, whichever names it tried, except for an account that signed in from it before`, async () => {
    const team = await companyWithTeam(t);
    const office = newAddress();
    expect((await authenticate(team.admin.login, testPassword, office)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_ADDRESS_FAILURE_LIMIT; i++) {
      expect((await authenticate(`guess${i}@example.com`, 'Wrong#Password1', office)).statusCode).toBe(401);
    }
    const stranger = await authenticate(team.superUser.login, testPassword, office);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBeDefined();
    // The admin has signed in from this address before: others' failures there do not lock them out.
    expect((await authenticate(team.admin.login, testPassword, office)).statusCode).toBe(200);
    expect((await authenticate(team.superUser.login, testPassword, newAddress())).statusCode).toBe(200);
  });

  it('opens again once the failures are older than 15 minutes', async () => {
    const team = await companyWithTeam(t);
    const address = newAddress();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) await authenticate(team.operator.login, 'Wrong#Password1', address);
    expect((await authenticate(team.operator.login, testPassword, address)).statusCode).toBe(429);
    await sql`update login_failures set failed_at = failed_at - interval '16 minutes' where key = ${`pair:${team.operator.login}|${address}`}`.execute(
      t.app.db,
    );
    expect((await authenticate(team.operator.login, testPassword, address)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('ends the token on logout: a later request with it is 401', async () => {
    const session = await signIn(t, company.admin.login, testPassword);
    const admin = clientOf(t, session.access_token);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
    expect((await admin.post('/api/auth/logout')).json()).toEqual({ ok: true });
    const after = await admin.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHORIZED');
    // Other sessions of the same user live on.
    expect((await clientOf(t, company.admin.token).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses requests without a token, with a forged token, or with a token of another secret', async () => {
    expect((await clientOf(t).get('/api/auth/me')).statusCode).toBe(401);
    const [head, , signature] = company.admin.token.split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ sub: company.admin.id, role: 'MASTER', companyId: null, jti: 'x' })).toString('base64url');
    expect((await clientOf(t, `${head}.${forgedClaims}.${signature}`).get('/api/auth/me')).statusCode).toBe(401);
    // Signed correctly but never issued by a login: no session behind it.
    expect((await clientOf(t, t.tokenFor({ userId: company.admin.id, role: 'ADMIN', companyId: company.companyId })).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('answers the signed-in user at /api/auth/me', async () => {
    const res = await clientOf(t, company.operator.token).get('/api/auth/me');
    expect(res.json()).toMatchObject({ id: company.operator.id, role: 'OPERATOR', username: company.operator.login, email: null, status: 'ACTIVE' });
  });
});

describe('change password', () => {
  it('needs the current password and the rule; then the new one works, the old one not, and other sessions end', async () => {
    const team = await companyWithTeam(t);
    const other = await signIn(t, team.admin.login, testPassword);
    const admin = clientOf(t, team.admin.token);

    const wrongCurrent = await admin.post('/api/auth/change-password', { currentPassword: 'Nope#1234', password: 'Better#2027', confirm: 'Better#2027' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().error.code).toBe('CURRENT_PASSWORD_WRONG');

    const weak = await admin.post('/api/auth/change-password', { currentPassword: testPassword, password: 'better2027', confirm: 'better2027' });
    expect(weak.json().error.details).toEqual([{ path: 'password', message: 'validation.passwordComplexity' }]);
    const mismatch = await admin.post('/api/auth/change-password', { currentPassword: testPassword, password: 'Better#2027', confirm: 'Better#2028' });
    expect(mismatch.json().error.details).toEqual([{ path: 'confirm', message: 'validation.passwordMismatch' }]);

    const changed = await admin.post('/api/auth/change-password', { currentPassword: testPassword, password: 'Better#2027', confirm: 'Better#2027' });
    expect(changed.statusCode).toBe(200);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
    expect((await clientOf(t, other.access_token).get('/api/auth/me')).statusCode).toBe(401);
    expect((await authenticate(team.admin.login, testPassword)).statusCode).toBe(401);
    expect((await authenticate(team.admin.login, 'Better#2027')).statusCode).toBe(200);
  });

  it('throttles the current-password check like a sign-in: 10 wrong tries from one address, then 429 even with the right one (issue 26)', async () => {
    const team = await companyWithTeam(t);
    const guesser = newAddress();
    const change = (currentPassword: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress,
        headers: { authorization: `Bearer ${team.operator.token}` },
        payload: { currentPassword, password: 'Better#2027', confirm: 'Better#2027' },
      });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expect((await change(`Guess#${i}abc`, guesser)).statusCode).toBe(400);
    const blocked = await change(testPassword, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed; the same counters as the sign-in: the account is blocked from that address there too.
    expect((await authenticate(team.operator.login, testPassword, guesser)).statusCode).toBe(429);
    expect((await authenticate(team.operator.login, testPassword, newAddress())).statusCode).toBe(200);
  });

  it('works for the master too', async () => {
    const master = await signedInMaster(t);
    const res = await clientOf(t, master.token).post('/api/auth/change-password', {
      currentPassword: testPassword,
      password: 'Master#2027',
      confirm: 'Master#2027',
    });
    expect(res.statusCode).toBe(200);
    expect((await authenticate(master.login, 'Master#2027')).statusCode).toBe(200);
  });
});
