import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import {
  clientOf,
  companyWithTeam,
  linkTokenIn,
  mailTo,
  signedInMaster,
  startMailbox,
  type Mailbox,
  type TeamMember,
  type TestCompany,
} from '../../support/identity.js';

let t: TestApp;
let mailbox: Mailbox;
let master: TeamMember;
let company: TestCompany;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
  master = await signedInMaster(t);
  company = await companyWithTeam(t, { companyName: 'Schon Da GmbH' });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const asMaster = () => clientOf(t, master.token);

const customer = (email: string, overrides: Record<string, unknown> = {}) => ({
  basicSettings: { companyName: 'Neumann Blechtechnik', phone: '+49 30 123', dateFormat: 'YYYY-MM-DD', deliveryAddress: { place: 'Berlin' } },
  plan: 'standard',
  trialEndsAt: null,
  superUser: { firstName: 'Nora', lastName: 'Neumann', email, locale: 'en' },
  ...overrides,
});

describe('adding a customer', () => {
  it('opens the account with its data and invites its super user, who sets a password and signs in', async () => {
    const email = 'nora@neumann.example';
    const res = await asMaster().post('/api/company-account', customer(email));
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json();
    expect(added).toMatchObject({
      companyName: 'Neumann Blechtechnik',
      superUser: 'Nora Neumann',
      email,
      users: 1,
      plan: 'standard',
      trialEndsAt: null,
      basicSettings: { phone: '+49 30 123', dateFormat: 'YYYY-MM-DD', deliveryAddress: { place: 'Berlin' } },
    });

    const list = (await asMaster().get('/api/company-account/all?page=1&limit=10&companyName=neumann')).json();
    expect(list.data.map((row: { id: string }) => row.id)).toEqual([added.id]);

    const mail = await mailbox.waitFor(mailTo(email));
    expect(mail.subject).toBe('Your invitation to Neumann Blechtechnik');
    const token = linkTokenIn(mail, '/set-admin-password');
    const set = await clientOf(t).post(`/api/auth/create-admin-password?token=${encodeURIComponent(token)}`, {
      password: 'Neumann#2027',
      confirm: 'Neumann#2027',
    });
    expect(set.statusCode, set.body).toBe(200);
    const session = await clientOf(t).post('/api/auth/authenticate', { usernameOrEmail: email, password: 'Neumann#2027' });
    expect(session.statusCode, session.body).toBe(200);
    const settings = await clientOf(t, session.json().access_token).get('/api/company-account/basic-settings');
    expect(settings.json()).toMatchObject({ id: added.id, companyName: 'Neumann Blechtechnik' });
  });

  it('gives a trial its 30 days unless an end is named', async () => {
    const res = await asMaster().post(
      '/api/company-account',
      customer('tim@trial.example', { plan: 'trial', basicSettings: { companyName: 'Trial AG', dateFormat: 'DD.MM.YYYY' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const days = (new Date(res.json().trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('refuses bad input with field details (400) and a taken email on its field (409), adding nothing', async () => {
    const bad = await asMaster().post('/api/company-account', customer('no-email', { basicSettings: { companyName: '', dateFormat: 'DD.MM.YYYY' } }));
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['basicSettings.companyName', 'superUser.email']);

    const taken = await asMaster().post(
      '/api/company-account',
      customer(company.superUser.login, { basicSettings: { companyName: 'Doppelt', dateFormat: 'DD.MM.YYYY' } }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details).toEqual([{ path: 'superUser.email', message: 'errors.USER_ALREADY_EXISTS' }]);
    const list = (await asMaster().get('/api/company-account/all?page=1&limit=10&companyName=Doppelt')).json();
    expect(list.total).toBe(0);
  });

  it('is the product operator’s alone (403 for a super user)', async () => {
    const res = await clientOf(t, company.superUser.token).post('/api/company-account', customer('x@y.example'));
    expect(res.statusCode).toBe(403);
  });
});
