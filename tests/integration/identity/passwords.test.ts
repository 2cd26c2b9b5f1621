import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, linkTokenIn, mailTo, signIn, startMailbox, testPassword, type Mailbox } from '../../support/identity.js';

let t: TestApp;
let mailbox: Mailbox;
let ip = 0;
const newAddress = () => `10.0.3.${++ip}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: newAddress() });
const forgot = (email: string) => post('/api/auth/forgot-password', { email });
const newPassword = { password: 'Renewed#2027', confirm: 'Renewed#2027' };

/** Asks for a reset link and reads its token out of the received mail. */
async function resetTokenFor(email: string): Promise<string> {
  const before = mailbox.messages.filter(mailTo(email)).length;
  expect((await forgot(email)).statusCode).toBe(200);
  await mailbox.waitFor(() => mailbox.messages.filter(mailTo(email)).length > before);
  return linkTokenIn(mailbox.messages.filter(mailTo(email)).at(-1)!, '/reset-password');
}

describe('forgot password', () => {
  it('answers the same whether or not the address exists, and mails only a known one', async () => {
    const team = await companyWithTeam(t);
    const known = await forgot(team.admin.login);
    const counts = async () =>
      (
        await sql<{ tokens: string; events: string }>`select (select count(*) from user_tokens) as tokens, (select count(*) from events) as events`.execute(
          t.app.db,
        )
      ).rows[0];
    const before = await counts();
    const unknown = await forgot('nobody@example.com');
    // The unknown address does the token work for nobody: it leaves no token and no event behind.
    expect(await counts()).toEqual(before);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mail = await mailbox.waitFor(mailTo(team.admin.login));
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toMatch(/https:\/\/console\.example\.com\/reset-password\?token=[\w-]+/);
    await t.jobs.dispatcher.catchUp();
    expect(mailbox.messages.some(mailTo('nobody@example.com'))).toBe(false);
  });

  it('resets the password with the mailed link once; every session of the user ends', async () => {
    const team = await companyWithTeam(t);
    const token = await resetTokenFor(team.superUser.login);

    const check = await post(`/api/auth/verify-token?token=${encodeURIComponent(token)}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ data: { purpose: 'PASSWORD_RESET', email: team.superUser.login, firstName: 'Sabine' } });

    const reset = await post(`/api/auth/forgot-password/reset?token=${encodeURIComponent(token)}`, newPassword);
    expect(reset.statusCode).toBe(200);
    expect((await clientOf(t, team.superUser.token).get('/api/auth/me')).statusCode).toBe(401);
    expect((await signIn(t, team.superUser.login, 'Renewed#2027')).role).toBe('SUPER_USER');

    const again = await post(`/api/auth/forgot-password/reset?token=${encodeURIComponent(token)}`, { password: 'Third#2028', confirm: 'Third#2028' });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
    expect((await post(`/api/auth/verify-token?token=${encodeURIComponent(token)}`)).json().error.code).toBe('INVALID_TOKEN');
  });

  it('keeps only the newest link working', async () => {
    const team = await companyWithTeam(t);
    const first = await resetTokenFor(team.admin.login);
    const second = await resetTokenFor(team.admin.login);
    expect((await post(`/api/auth/verify-token?token=${encodeURIComponent(first)}`)).statusCode).toBe(401);
    expect((await post(`/api/auth/verify-token?token=${encodeURIComponent(second)}`)).statusCode).toBe(200);
  });

  it('lets a link live one hour', async () => {
    const team = await companyWithTeam(t);
    const token = await resetTokenFor(team.admin.login);
    const lifetime = await sql<{ minutes: string }>`
      select round(extract(epoch from expires_at - created_at) / 60)::text as minutes from user_tokens
      where user_id = ${team.admin.id} and purpose = 'PASSWORD_RESET' and used_at is null`.execute(t.app.db);
    expect(lifetime.rows).toEqual([{ minutes: '60' }]);
    await sql`update user_tokens set expires_at = now() - interval '1 second' where user_id = ${team.admin.id} and purpose = 'PASSWORD_RESET'`.execute(
      t.app.db,
    );
    const late = await post(`/api/auth/forgot-password/reset?token=${encodeURIComponent(token)}`, newPassword);
    expect(late.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses a weak or mismatched new password and an invented token', async () => {
    const team = await companyWithTeam(t);
    const token = await resetTokenFor(team.admin.login);
    const weak = await post(`/api/auth/forgot-password/reset?token=${encodeURIComponent(token)}`, { password: 'short', confirm: 'short' });
    expect(weak.json().error.details).toEqual([{ path: 'password', message: 'validation.passwordComplexity' }]);
    const mismatch = await post(`/api/auth/forgot-password/reset?token=${encodeURIComponent(token)}`, { password: 'Renewed#2027', confirm: 'Renewed#2028' });
    expect(mismatch.json().error.details).toEqual([{ path: 'confirm', message: 'validation.passwordMismatch' }]);
    const invented = await post('/api/auth/forgot-password/reset?token=not-a-token', newPassword);
    expect(invented.json().error.code).toBe('INVALID_TOKEN');
    const missing = await post('/api/auth/forgot-password/reset', newPassword);
    expect(missing.statusCode).toBe(400);
  });

  it('does not accept a reset link where an invitation is expected', async () => {
    const team = await companyWithTeam(t);
    const token = await resetTokenFor(team.admin.login);
    const wrongPage = await post(`/api/auth/create-admin-password?token=${encodeURIComponent(token)}`, newPassword);
    expect(wrongPage.json().error.code).toBe('INVALID_TOKEN');
  });

  it('mails a German user in German', async () => {
    const team = await companyWithTeam(t);
    await sql`update users set locale = 'de' where id = ${team.admin.id}`.execute(t.app.db);
    await forgot(team.admin.login);
    const mail = await mailbox.waitFor(mailTo(team.admin.login));
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toContain('Für Ihr Konto wurde das Zurücksetzen des Passworts angefordert');
    expect(mail.html).toContain('Neues Passwort wählen');
  });

  it('stores links hashed and keeps them out of the event log', async () => {
    const team = await companyWithTeam(t);
    const token = await resetTokenFor(team.admin.login);
    const stored = await sql<{ n: string }>`select count(*)::text as n from user_tokens where token_hash like ${`%${token}%`}`.execute(t.app.db);
    expect(stored.rows[0].n).toBe('0');
    const logged = await sql<{ n: string }>`select count(*)::text as n from events where data::text like ${`%${token}%`}`.execute(t.app.db);
    expect(logged.rows[0].n).toBe('0');
  });

  it('works for the unconfirmed owner of a sign-up, and confirms the address', async () => {
    const email = `late.${Math.random().toString(36).slice(2)}@example.com`;
    const reg = await post('/api/auth/register', {
      companyName: 'Spät GmbH',
      firstName: 'Lena',
      lastName: 'Spät',
      email,
      password: testPassword,
      confirm: testPassword,
    });
    expect(reg.statusCode).toBe(201);
    await mailbox.waitFor(mailTo(email, /confirmation code/));
    const before = mailbox.messages.filter(mailTo(email)).length;
    await forgot(email);
    await mailbox.waitFor(() => mailbox.messages.filter(mailTo(email)).length > before);
    const token = linkTokenIn(mailbox.messages.filter(mailTo(email)).at(-1)!, '/reset-password');
    expect((await post(`/api/auth/forgot-password/reset?token=${encodeURIComponent(token)}`, newPassword)).statusCode).toBe(200);
    expect((await signIn(t, email, 'Renewed#2027')).role).toBe('SUPER_USER');
  });
});
