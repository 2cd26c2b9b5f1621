import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MAILS_PER_DAY } from '../../../src/domain/identity/identity.rules.js';
import { publicRateLimits } from '../../../src/server/modules/identity/auth.routes.js';
import { withTenant } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, codeIn, companyWithTeam, mailTo, startMailbox, type Mailbox } from '../../support/identity.js';

let t: TestApp;
let mailbox: Mailbox;
let ip = 0;
/** Each test calls from its own address, so the per-address limits of one test never touch another. */
const newAddress = () => `10.0.1.${++ip}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const uniqueEmail = (name = 'anna') => `${name}.${Math.random().toString(36).slice(2, 10)}@example.com`;

const signUp = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Becker Metallbau',
  firstName: 'Anna',
  lastName: 'Becker',
  email: uniqueEmail(),
  password: 'Welder#2026',
  confirm: 'Welder#2026',
  ...overrides,
});

const post = (url: string, payload: object, remoteAddress = newAddress()) => t.app.inject({ method: 'POST', url, payload, remoteAddress });

/** Signs up and answers the sign-up body and the code from the received mail. */
async function registerAndReadCode(overrides: Record<string, unknown> = {}) {
  const body = signUp(overrides);
  const res = await post('/api/auth/register', body);
  expect(res.statusCode).toBe(201);
  const mail = await mailbox.waitFor(mailTo(String(body.email)));
  return { body, answer: res.json(), mail, code: codeIn(mail) };
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up with a 30-day trial', () => {
  it('creates the company in trial and its unconfirmed super user; the mailed code with the ticket signs the user in', async () => {
    const { answer, mail, code } = await registerAndReadCode({ email: 'Anna.Becker@Example.com' });
    expect(answer).toMatchObject({ email: 'anna.becker@example.com', ticket: expect.any(String) });
    expect(mail.subject).toBe('Your confirmation code');
    expect(mail.text).toContain('https://console.example.com/email-verification-code?email=anna.becker%40example.com');
    expect(mail.html).toContain(code);

    const blocked = await post('/api/auth/authenticate', { usernameOrEmail: 'anna.becker@example.com', password: 'Welder#2026' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('EMAIL_NOT_CONFIRMED');

    const verified = await post('/api/auth/verify-email', { email: 'ANNA.BECKER@example.com', code, ticket: answer.ticket });
    expect(verified.statusCode).toBe(200);
    const { session } = verified.json();
    expect(session).toMatchObject({ userId: answer.userId, role: 'SUPER_USER', company: answer.companyId, access_token: expect.any(String) });

    const settings = await clientOf(t, session.access_token).get('/api/company-account/basic-settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ id: answer.companyId, companyName: 'Becker Metallbau', account: { plan: 'trial', readOnly: false } });
    const daysLeft = (new Date(settings.json().account.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(daysLeft)).toBe(30);

    const login = await post('/api/auth/authenticate', { usernameOrEmail: 'anna.becker@example.com', password: 'Welder#2026' });
    expect(login.statusCode).toBe(200);
  });

  it('then records the survey answer for the own company', async () => {
    const { answer, code } = await registerAndReadCode();
    const { session } = (await post('/api/auth/verify-email', { email: answer.email, code, ticket: answer.ticket })).json();
    const owner = clientOf(t, session.access_token);

    const survey = await owner.put(`/api/company-account/update-referral-source/${answer.companyId}`, { referralSource: 'TRADE_FAIR' });
    expect(survey.statusCode).toBe(200);
    expect((await owner.get('/api/company-account/basic-settings')).json().referralSource).toBe('TRADE_FAIR');

    const noId = await owner.put('/api/company-account/update-referral-source/', { referralSource: 'OTHER' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error).toMatchObject({ code: 'ID_IS_MISSING', message: 'ID is missing' });
    const noIdAtAll = await owner.put('/api/company-account/update-referral-source', { referralSource: 'OTHER' });
    expect(noIdAtAll.json().error.code).toBe('ID_IS_MISSING');

    const unknownAnswer = await owner.put(`/api/company-account/update-referral-source/${answer.companyId}`, { referralSource: 'RADIO' });
    expect(unknownAnswer.statusCode).toBe(400);
    expect(unknownAnswer.json().error.details).toEqual([{ path: 'referralSource', message: 'validation.invalidValue' }]);

    const other = await companyWithTeam(t);
    const foreign = await owner.put(`/api/company-account/update-referral-source/${other.companyId}`, { referralSource: 'OTHER' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('COMPANY_ACCOUNT_NOT_FOUND');
  });

  it('confirms without the ticket but then asks the user to sign in', async () => {
    const { answer, code } = await registerAndReadCode();
    const verified = await post('/api/auth/verify-email', { email: answer.email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ confirmed: true, session: null });
    expect((await post('/api/auth/authenticate', { usernameOrEmail: answer.email, password: 'Welder#2026' })).statusCode).toBe(200);
  });

  it('sends the code in German to a German user', async () => {
    const { mail } = await registerAndReadCode({ locale: 'de' });
    expect(mail.subject).toBe('Ihr Bestätigungscode');
    expect(mail.text).toContain('Geben Sie diesen Code ein');
  });

  it('answers a sign-up with a registered address, in any case, as any other; the owner gets a note, not a code, and nothing is created', async () => {
    const { body, answer } = await registerAndReadCode();
    const companies = async () => Number((await sql<{ n: string }>`select count(*) as n from companies`.execute(t.app.db)).rows[0].n);
    const before = await companies();
    const fresh = await post('/api/auth/register', signUp());
    const again = await post('/api/auth/register', signUp({ email: String(body.email).toUpperCase(), companyName: 'Other GmbH' }));
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(again.json()).toMatchObject({ email: body.email, userId: expect.any(String), companyId: expect.any(String), ticket: expect.any(String) });
    expect(again.json().userId).not.toBe(answer.userId);
    expect(await companies()).toBe(before + 1);

    const note = await mailbox.waitFor((mail) => mailTo(String(body.email))(mail) && mail.subject === 'Someone tried to register with your address');
    expect(note.text).toContain('https://console.example.com/login');
    expect(note.text).toContain('https://console.example.com/forgot-password');
    expect(note.text).not.toMatch(/\b[0-9]{6}\b/);
    // The look-alike ticket opens nothing, and the first code still confirms the real account.
    const guessed = await post('/api/auth/verify-email', { email: body.email, code: '000000', ticket: again.json().ticket });
    expect(guessed.json().error.code).toBe('INVALID_OR_EXPIRED_CODE');
  });

  it('names every invalid field with the spec messages', async () => {
    const res = await post(
      '/api/auth/register',
      signUp({ companyName: '', firstName: '', lastName: ' ', email: 'anna@', password: 'weakpass', confirm: 'other' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message])).toEqual(
      expect.arrayContaining([
        ['companyName', 'validation.required'],
        ['firstName', 'errors.EMPTY_FIRST_NAME'],
        ['lastName', 'errors.EMPTY_LAST_NAME'],
        ['email', 'validation.email'],
        ['password', 'validation.passwordComplexity'],
      ]),
    );
    const mismatch = await post('/api/auth/register', signUp({ confirm: 'Welder#2027' }));
    expect(mismatch.json().error.details).toEqual([{ path: 'confirm', message: 'validation.passwordMismatch' }]);
  });
});

describe('the email code', () => {
  it('answers INVALID_OR_EXPIRED_CODE to a wrong code and to an unknown address', async () => {
    const { answer, code } = await registerAndReadCode();
    const wrong = await post('/api/auth/verify-email', { email: answer.email, code: wrongCodeFor(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_OR_EXPIRED_CODE');
    const unknown = await post('/api/auth/verify-email', { email: uniqueEmail('nobody'), code });
    expect(unknown.json().error.code).toBe('INVALID_OR_EXPIRED_CODE');
    expect((await post('/api/auth/verify-email', { email: answer.email, code })).statusCode).toBe(200);
  });

  it('wants all six digits', async () => {
    const res = await post('/api/auth/verify-email', { email: uniqueEmail(), code: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'code', message: 'validation.fullCode' }]);
  });

  it('dies after 5 wrong tries: even the right code fails then', async () => {
    const { answer, code } = await registerAndReadCode();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/verify-email', { email: answer.email, code: wrongCodeFor(code) })).json().error.code).toBe('INVALID_OR_EXPIRED_CODE');
    }
    const right = await post('/api/auth/verify-email', { email: answer.email, code });
    expect(right.json().error.code).toBe('INVALID_OR_EXPIRED_CODE');
  });

  it('dies after 15 minutes', async () => {
    const { answer, code } = await registerAndReadCode();
    await sql`update user_tokens set expires_at = now() - interval '1 second' where user_id = ${answer.userId} and purpose = 'EMAIL_VERIFICATION'`.execute(
      t.app.db,
    );
    const late = await post('/api/auth/verify-email', { email: answer.email, code });
    expect(late.json().error.code).toBe('INVALID_OR_EXPIRED_CODE');
  });

  it('does not tell that an address is confirmed: verify answers as for an unknown address, resend as for any, and the owner gets the note', async () => {
    const { answer, code } = await registerAndReadCode();
    expect((await post('/api/auth/verify-email', { email: answer.email, code })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { email: answer.email, code });
    const unknown = await post('/api/auth/verify-email', { email: uniqueEmail('nobody'), code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(unknown.json());
    const resend = await post('/api/auth/resend-code', { email: answer.email });
    const resendUnknown = await post('/api/auth/resend-code', { email: uniqueEmail('nobody') });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual(resendUnknown.json());
    const note = await mailbox.waitFor((mail) => mailTo(answer.email)(mail) && mail.subject === 'Someone tried to register with your address');
    expect(note.text).toContain('/forgot-password');
  });

  it('is replaced by a resent one: the new code works, the old one no longer', async () => {
    const { answer, code: first } = await registerAndReadCode();
    const resend = await post('/api/auth/resend-code', { email: answer.email });
    expect(resend.statusCode).toBe(200);
    const mailsTo = () => mailbox.messages.filter(mailTo(answer.email));
    await mailbox.waitFor(() => mailsTo().length >= 2);
    const second = codeIn(mailsTo()[1]);
    if (second !== first) {
      expect((await post('/api/auth/verify-email', { email: answer.email, code: first })).json().error.code).toBe('INVALID_OR_EXPIRED_CODE');
    }
    expect((await post('/api/auth/verify-email', { email: answer.email, code: second })).statusCode).toBe(200);
  });

  it('answers a resend for an unknown address like any other, and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await post('/api/auth/resend-code', { email: nobody });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await t.jobs.dispatcher.catchUp();
    expect(mailbox.messages.some(mailTo(nobody))).toBe(false);
  });

  it('limits resends per address', async () => {
    const address = newAddress();
    const email = uniqueEmail('nobody');
    for (let i = 0; i < publicRateLimits.resendCode.max; i++) {
      expect((await post('/api/auth/resend-code', { email }, address)).statusCode).toBe(200);
    }
    const limited = await post('/api/auth/resend-code', { email }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-ups per address', async () => {
    const address = newAddress();
    for (let i = 0; i < publicRateLimits.register.max; i++) {
      await post('/api/auth/register', signUp({ email: 'bad' }), address);
    }
    const limited = await post('/api/auth/register', signUp(), address);
    expect(limited.statusCode).toBe(429);
  });

  it('keeps the code out of the event log and the database: both hold it sealed or hashed', async () => {
    const { answer, code } = await registerAndReadCode();
    const events = await sql<{ data: string }>`select data::text as data from events where stream_id = ${`user-${answer.userId}`}`.execute(t.app.db);
    expect(events.rows.length).toBeGreaterThan(0);
    for (const row of events.rows) expect(row.data).not.toContain(code);
    const tokens = await sql<{ token_hash: string }>`select token_hash from user_tokens where user_id = ${answer.userId}`.execute(t.app.db);
    for (const row of tokens.rows) expect(row.token_hash).not.toContain(code);
    const ledger = await sql<{ data: string }>`select data::text as data from dispatched_jobs`.execute(t.app.db);
    for (const row of ledger.rows) expect(row.data).not.toContain(code);
  });

  it('signs in with a ticket only once, and never another user', async () => {
    const first = await registerAndReadCode();
    const second = await registerAndReadCode();
    const withForeignTicket = await post('/api/auth/verify-email', { email: second.answer.email, code: second.code, ticket: first.answer.ticket });
    expect(withForeignTicket.json()).toEqual({ confirmed: true, session: null });
  });
});

describe('an invitation that was never accepted', () => {
  it('does not keep the invited address from signing up itself: the invitation is withdrawn from the inviting company, with the reason', async () => {
    const inviting = await companyWithTeam(t, { companyName: 'Einladende GmbH' });
    const owner = clientOf(t, inviting.superUser.token);
    const email = uniqueEmail('ina');
    const invited = await owner.post('/api/users/create-admin-user', { firstName: 'Ina', lastName: 'Gast', email });
    expect(invited.statusCode, invited.body).toBe(201);

    await mailbox.waitFor(mailTo(email)); // the invitation
    const registered = await post('/api/auth/register', signUp({ email, companyName: 'Inas eigene Firma' }));
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().email).toBe(email);
    await mailbox.waitFor((mail) => mailTo(email)(mail) && mail.subject === 'Your confirmation code');
    const team = (await owner.get('/api/users?limit=100')).json().data as { email: string | null }[];
    expect(team.map((user) => user.email)).not.toContain(email);
    const removed = await sql<{ data: { reason?: string } }>`
      select data from events where type = 'UserRemoved' and stream_id = ${`user-${invited.json().id}`}
    `.execute(t.app.db);
    expect(removed.rows.map((row) => row.data.reason)).toEqual(['INVITED_ADDRESS_SIGNED_UP']);
  });

  it('an accepted account stays: the sign-up answers as any other and its owner gets the note', async () => {
    const team = await companyWithTeam(t);
    const res = await post('/api/auth/register', signUp({ email: team.admin.login }));
    expect(res.statusCode).toBe(201);
    await mailbox.waitFor((mail) => mailTo(team.admin.login)(mail) && mail.subject === 'Someone tried to register with your address');
    const signIn = await post('/api/auth/authenticate', { usernameOrEmail: team.admin.login, password: team.admin.password });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('invitation limits', () => {
  it('refuses a 21st invitation not accepted yet, and takes one again once an invitation is removed', async () => {
    const company = await companyWithTeam(t, { companyName: 'Viele Einladungen GmbH' });
    const owner = clientOf(t, company.superUser.token);
    const invite = (index: number) =>
      owner.post('/api/users/create-admin-user', { firstName: 'Gast', lastName: `Nummer ${index}`, email: uniqueEmail(`gast${index}`) });
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) {
      const res = await invite(index);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id as string);
    }
    const refused = await invite(20);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVITATION_LIMIT_REACHED');
    expect((await owner.delete(`/api/users/${ids[0]}`)).statusCode).toBe(200);
    expect((await invite(21)).statusCode).toBe(201);
  });

  // Issue 26, item 9: each invitation (and each resend) mails an outside address a text of the company's choosing.
  it(`sends at most ${INVITATION_MAILS_PER_DAY} invitation emails a company a day, new or resent, then answers 429 and stores nothing`, async () => {
    const company = await companyWithTeam(t, { companyName: 'Einladungsflut GmbH' });
    const owner = clientOf(t, company.superUser.token);
    const invitationsSent = () =>
      withTenant(t.app.db, company.companyId, async (tx) =>
        Number(
          (
            await tx
              .selectFrom('events')
              .select((eb) => eb.fn.countAll<string>().as('sent'))
              .where('type', '=', 'AdminUserInvited')
              .executeTakeFirstOrThrow()
          ).sent,
        ),
      );
    const invited = await owner.post('/api/users/create-admin-user', { firstName: 'Gast', lastName: 'Erster', email: uniqueEmail('erster') });
    expect(invited.statusCode, invited.body).toBe(201);
    const resend = () => owner.post(`/api/users/${invited.json().id as string}/resend-invitation`);
    // Removing and inviting again, or resending, never frees the day's allowance: resends count like invitations.
    for (let sent = await invitationsSent(); sent < INVITATION_MAILS_PER_DAY; sent++) expect((await resend()).statusCode).toBe(200);
    const usersBefore = (await owner.get('/api/users?limit=100')).json().total as number;

    const refusedResend = await resend();
    expect(refusedResend.statusCode).toBe(429);
    expect(refusedResend.json().error.code).toBe('INVITATION_DAILY_LIMIT_REACHED');
    const refusedInvitation = await owner.post('/api/users/create-admin-user', { firstName: 'Gast', lastName: 'Zuviel', email: uniqueEmail('zuviel') });
    expect(refusedInvitation.statusCode).toBe(429);
    expect(refusedInvitation.json().error.code).toBe('INVITATION_DAILY_LIMIT_REACHED');
    expect(await invitationsSent()).toBe(INVITATION_MAILS_PER_DAY);
    expect((await owner.get('/api/users?limit=100')).json().total).toBe(usersBefore);

    // Another company's allowance is its own.
    const other = await companyWithTeam(t, { companyName: 'Andere Firma GmbH' });
    const otherInvitation = await clientOf(t, other.superUser.token).post('/api/users/create-admin-user', {
      firstName: 'Gast',
      lastName: 'Anders',
      email: uniqueEmail('anders'),
    });
    expect(otherInvitation.statusCode).toBe(201);
  });
});
