import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signIn, signedInMaster, testPassword, type TeamMember, type TestCompany } from '../../support/identity.js';

let t: TestApp;
let master: TeamMember;

beforeAll(async () => {
  t = await createTestApp();
  master = await signedInMaster(t);
});
afterAll(async () => {
  await t.close();
});

const yesterday = () => new Date(Date.now() - 86_400_000);
const settings = { companyName: 'Still Mine GmbH', dateFormat: 'DD.MM.YYYY', version: 0 };

/** The settings above on the company's current version (a save names the version it was made on). */
const current = async (client: ReturnType<typeof clientOf>) => ({
  ...settings,
  version: (await client.get('/api/company-account/basic-settings')).json().version,
});
/** The version of the customer account the master's edit names. */
const accountVersion = async (companyId: string): Promise<number> =>
  (await clientOf(t, master.token).get(`/api/company-account/byId/${companyId}`)).json().version;

const operatorBody = () => ({
  firstName: 'New',
  lastName: 'Hand',
  username: `hand${Math.random().toString(36).slice(2, 8)}`,
  password: 'Weld#2027',
  confirm: 'Weld#2027',
});

async function expiredTrial(): Promise<TestCompany> {
  return companyWithTeam(t, { plan: 'trial', trialEndsAt: yesterday() });
}

describe('after the trial ends', () => {
  it('the company signs in and reads, but every write answers 402 TRIAL_EXPIRED', async () => {
    const company = await expiredTrial();
    const owner = clientOf(t, (await signIn(t, company.superUser.login, testPassword)).access_token);

    const read = await owner.get('/api/company-account/basic-settings');
    expect(read.statusCode).toBe(200);
    expect(read.json().account).toMatchObject({ plan: 'trial', readOnly: true });
    // Every user of the company learns it, admins and operators too.
    expect((await clientOf(t, company.operator.token).get('/api/company-account/display')).json().readOnly).toBe(true);
    expect((await owner.get('/api/users')).statusCode).toBe(200);

    for (const write of [
      owner.put('/api/company-account/updateBasicSettings', settings),
      owner.post('/api/users/create-operations-user', operatorBody()),
      owner.delete(`/api/users/${company.operator.id}`),
      owner.put(`/api/company-account/update-referral-source/${company.companyId}`, { referralSource: 'OTHER' }),
    ]) {
      const res = await write;
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toEqual({
        code: 'TRIAL_EXPIRED',
        message: 'Your trial has ended. Please contact the operator for billing information.',
        details: [],
      });
    }
  });

  it('still lets users change their password and sign out', async () => {
    const company = await expiredTrial();
    const admin = clientOf(t, company.admin.token);
    expect((await admin.post('/api/auth/change-password', { currentPassword: testPassword, password: 'Other#2027', confirm: 'Other#2027' })).statusCode).toBe(
      200,
    );
    expect((await admin.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('opens again when the master extends the trial, and stays open on a paid plan', async () => {
    const company = await expiredTrial();
    const owner = clientOf(t, company.superUser.token);
    const operator = clientOf(t, master.token);

    const extended = await operator.put(`/api/company-account/byId/${company.companyId}`, {
      version: await accountVersion(company.companyId),
      trialEndsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({ plan: 'trial', readOnly: false });
    expect((await owner.put('/api/company-account/updateBasicSettings', await current(owner))).statusCode).toBe(200);

    await operator.put(`/api/company-account/byId/${company.companyId}`, {
      version: await accountVersion(company.companyId),
      trialEndsAt: yesterday().toISOString(),
    });
    expect((await owner.put('/api/company-account/updateBasicSettings', settings)).statusCode).toBe(402);

    const paid = await operator.put(`/api/company-account/byId/${company.companyId}`, { version: await accountVersion(company.companyId), plan: 'premium' });
    expect(paid.json()).toMatchObject({ plan: 'premium', readOnly: false });
    expect((await owner.put('/api/company-account/updateBasicSettings', await current(owner))).statusCode).toBe(200);
  });

  it('does not stop the master acting for the company', async () => {
    const company = await expiredTrial();
    // The switch ends the token it was asked with, so this test uses a master of its own.
    const own = await signedInMaster(t);
    const switched = await clientOf(t, own.token).post(`/api/auth/regenerate-jwt/${company.companyId}`);
    const actingMaster = clientOf(t, switched.json().access_token);
    expect((await actingMaster.put('/api/company-account/updateBasicSettings', await current(actingMaster))).statusCode).toBe(200);
    expect((await actingMaster.post('/api/users/create-operations-user', operatorBody())).statusCode).toBe(201);
  });

  it('refuses a trial plan without an end date', async () => {
    const company = await companyWithTeam(t, { plan: 'standard' });
    const res = await clientOf(t, master.token).put(`/api/company-account/byId/${company.companyId}`, {
      version: await accountVersion(company.companyId),
      plan: 'trial',
      trialEndsAt: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'trialEndsAt', message: 'validation.trialNeedsEnd' }]);
  });
});
