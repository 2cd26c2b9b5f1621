import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, linkTokenIn, mailTo, signIn, startMailbox, type Mailbox, type TestCompany } from '../../support/identity.js';

// What the team screens do to a user beyond adding and removing: a new invitation, an operator's new password.
let t: TestApp;
let mailbox: Mailbox;
let company: TestCompany;
let other: TestCompany;
/** Addresses the mail server refuses (550) for now. */
const refused = new Set<string>();

beforeAll(async () => {
  mailbox = await startMailbox({ refuses: (address) => refused.has(address.toLowerCase()) });
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
  company = await companyWithTeam(t, { companyName: 'Becker Metallbau' });
  other = await companyWithTeam(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const uniqueEmail = (name: string) => `${name}.${Math.random().toString(36).slice(2, 10)}@example.com`;
const anonymous = () => clientOf(t);

describe('resending an invitation', () => {
  it('mails a new link and retires the earlier one; once accepted it answers 409', async () => {
    const owner = clientOf(t, company.superUser.token);
    const email = uniqueEmail('ida');
    const invited = (await owner.post('/api/users/create-admin-user', { firstName: 'Ida', lastName: 'Albers', email })).json();
    const first = linkTokenIn(await mailbox.waitFor(mailTo(email)), '/set-admin-password');

    const again = await clientOf(t, company.admin.token).post(`/api/users/${invited.id}/resend-invitation`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: invited.id, status: 'INVITED' });
    await expect.poll(() => mailbox.messages.filter(mailTo(email)).length).toBe(2);
    const second = linkTokenIn(mailbox.messages.filter(mailTo(email))[1], '/set-admin-password');
    expect(second).not.toBe(first);
    expect((await anonymous().post(`/api/auth/verify-token?token=${encodeURIComponent(first)}`)).statusCode).not.toBe(200);
    const set = await anonymous().post(`/api/auth/create-admin-password?token=${encodeURIComponent(second)}`, {
      password: 'Admin#2027',
      confirm: 'Admin#2027',
    });
    expect(set.statusCode, set.body).toBe(200);

    const accepted = await owner.post(`/api/users/${invited.id}/resend-invitation`);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.code).toBe('INVITATION_ALREADY_ACCEPTED');
  });

  it('shows an invitation the mail server refused as not sent; a resend sends it and clears that', async () => {
    const owner = clientOf(t, company.superUser.token);
    const email = uniqueEmail('nora');
    refused.add(email);
    const invited = (await owner.post('/api/users/create-admin-user', { firstName: 'Nora', lastName: 'Brandt', email })).json();
    const listed = async () => {
      const page = (await owner.get(`/api/users?role=ADMIN&q=${encodeURIComponent(email)}`)).json();
      return page.data.find((user: { id: string }) => user.id === invited.id);
    };
    await expect.poll(async () => (await listed())?.invitationNotSent, { timeout: 15_000 }).toBe(true);
    expect(await listed()).toMatchObject({ status: 'INVITED', invitationNotSent: true });
    // Another company sees nothing of it.
    expect((await clientOf(t, other.superUser.token).post(`/api/users/${invited.id}/resend-invitation`)).statusCode).toBe(404);

    refused.delete(email);
    const again = await owner.post(`/api/users/${invited.id}/resend-invitation`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'INVITED', invitationNotSent: false });
    linkTokenIn(await mailbox.waitFor(mailTo(email)), '/set-admin-password');
    expect(await listed()).toMatchObject({ invitationNotSent: false });
  });

  it('refuses an operator (403), an admin without the team right (403), an operation user as target (403) and another company (404)', async () => {
    const limited = await companyWithTeam(t, { adminChangeRights: ['materials'] });
    const invitee = (
      await clientOf(t, limited.superUser.token).post('/api/users/create-admin-user', { firstName: 'Eva', lastName: 'Lang', email: uniqueEmail('eva') })
    ).json();
    const missing = await clientOf(t, limited.admin.token).post(`/api/users/${invitee.id}/resend-invitation`);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('CHANGE_RIGHT_MISSING');
    expect((await clientOf(t, limited.operator.token).post(`/api/users/${invitee.id}/resend-invitation`)).statusCode).toBe(403);
    expect((await clientOf(t, limited.superUser.token).post(`/api/users/${limited.operator.id}/resend-invitation`)).statusCode).toBe(403);
    const foreign = await clientOf(t, other.superUser.token).post(`/api/users/${invitee.id}/resend-invitation`);
    expect(foreign.statusCode).toBe(404);
    expect((await clientOf(t, other.superUser.token).post('/api/users/not-an-id/resend-invitation')).statusCode).toBe(404);
  });
});

describe("resetting an operator's password", () => {
  it('sets the new password, ends their sessions, and the old password stops working', async () => {
    const operatorClient = clientOf(t, company.operator.token);
    expect((await operatorClient.get('/api/auth/me')).statusCode).toBe(200);
    const res = await clientOf(t, company.admin.token).post(`/api/users/${company.operator.id}/reset-password`, {
      password: 'Neues#2027',
      confirm: 'Neues#2027',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await operatorClient.get('/api/auth/me')).statusCode).toBe(401);
    await expect(signIn(t, company.operator.login, company.operator.password)).rejects.toThrow(/401/);
    expect(await signIn(t, company.operator.login, 'Neues#2027')).toMatchObject({ role: 'OPERATOR' });
  });

  it('refuses a weak or mismatched password (400), an admin as target (403), missing right (403) and another company (404)', async () => {
    const owner = clientOf(t, company.superUser.token);
    const weak = await owner.post(`/api/users/${company.operator.id}/reset-password`, { password: 'weak', confirm: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.map((d: { path: string }) => d.path)).toContain('password');
    const mismatch = await owner.post(`/api/users/${company.operator.id}/reset-password`, { password: 'Neues#2028', confirm: 'Neues#2029' });
    expect(mismatch.statusCode).toBe(400);
    expect((await owner.post(`/api/users/${company.admin.id}/reset-password`, { password: 'Neues#2028', confirm: 'Neues#2028' })).statusCode).toBe(403);
    const limited = await companyWithTeam(t, { adminChangeRights: ['orders'] });
    const missing = await clientOf(t, limited.admin.token).post(`/api/users/${limited.operator.id}/reset-password`, {
      password: 'Neues#2028',
      confirm: 'Neues#2028',
    });
    expect(missing.json().error.code).toBe('CHANGE_RIGHT_MISSING');
    expect(
      (await clientOf(t, limited.operator.token).post(`/api/users/${limited.operator.id}/reset-password`, { password: 'Neues#2028', confirm: 'Neues#2028' }))
        .statusCode,
    ).toBe(403);
    const foreign = await clientOf(t, other.superUser.token).post(`/api/users/${company.operator.id}/reset-password`, {
      password: 'Neues#2028',
      confirm: 'Neues#2028',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
