import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstSteps } from '../../../src/domain/home/home.views.js';
import { provisionCompany } from '../../../src/server/modules/identity/index.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, identityOf, signIn, testPassword, type Client, type TestCompany } from '../../support/identity.js';
import { stationBody } from '../stations/stations-support.js';

// GET /api/home/first-steps and POST /api/home/first-steps/dismiss: a new company's checklist, from its rows.
let t: TestApp;
let team: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  team = await companyWithTeam(t);
});
afterAll(async () => {
  await t?.close();
});

/** A company as sign-up leaves it: its owner alone, nothing else. */
async function newCompany(): Promise<Client> {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  await provisionCompany(identityOf(t), {
    companyName: 'Neu GmbH',
    plan: 'standard',
    trialEndsAt: null,
    users: [{ role: 'SUPER_USER', firstName: 'Nina', lastName: 'Neu', email, password: testPassword }],
  });
  return clientOf(t, (await signIn(t, email, testPassword)).access_token);
}

const stepsOf = async (client: Client): Promise<FirstSteps> => {
  const res = await client.get('/api/home/first-steps');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const doneOf = (answer: FirstSteps) => Object.fromEntries(answer.steps.map((step) => [step.step, step.done]));

describe('first steps', () => {
  it('lists all five open for a new company and ticks each from its data', async () => {
    const owner = await newCompany();
    expect(await stepsOf(owner)).toEqual({
      steps: ['company', 'stations', 'team', 'material', 'order'].map((step) => ({ step, done: false })),
      dismissed: false,
    });
    expect((await owner.post('/api/stations', stationBody('SAEGE'))).statusCode).toBe(201);
    expect(doneOf(await stepsOf(owner))).toEqual({ company: false, stations: true, team: false, material: false, order: false });
    const material = await owner.post('/api/materials', { type: 'product', name: 'Rad', vat: 19, stock: { quantity: 0, unit: 'Stk' } });
    expect(material.statusCode, material.body).toBe(201);
    expect(doneOf(await stepsOf(owner)).material).toBe(true);
  });

  it('counts a team and an address with street and place', async () => {
    const owner = clientOf(t, team.superUser.token);
    expect(doneOf(await stepsOf(owner))).toMatchObject({ team: true, company: false });
    const address = JSON.stringify({ street: 'Hauptstraße', place: 'München' });
    await sql`update companies set basic_settings = jsonb_set(basic_settings, '{billingAddress}', basic_settings->'billingAddress' || ${address}::jsonb) where id = ${team.companyId}`.execute(
      t.app.db,
    );
    expect(doneOf(await stepsOf(owner)).company).toBe(true);
  });

  it('keeps a dismissal per user: once, and the others still see the list', async () => {
    const owner = clientOf(t, team.superUser.token);
    const first = await owner.post('/api/home/first-steps/dismiss', {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().dismissed).toBe(true);
    expect((await owner.post('/api/home/first-steps/dismiss', {})).json().dismissed).toBe(true);
    expect((await stepsOf(owner)).dismissed).toBe(true);
    expect((await stepsOf(clientOf(t, team.admin.token))).dismissed).toBe(false);
  });

  it('refuses operators (403) and callers without a token (401)', async () => {
    const operator = clientOf(t, team.operator.token);
    expect((await operator.get('/api/home/first-steps')).statusCode).toBe(403);
    expect((await operator.post('/api/home/first-steps/dismiss', {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/home/first-steps' })).statusCode).toBe(401);
  });

  it("reads only the caller's company: another company's station and dismissal change nothing", async () => {
    const other = await newCompany();
    expect((await other.post('/api/stations', stationBody('FREMD'))).statusCode).toBe(201);
    await other.post('/api/home/first-steps/dismiss', {});
    const fresh = await newCompany();
    expect(await stepsOf(fresh)).toEqual({
      steps: ['company', 'stations', 'team', 'material', 'order'].map((step) => ({ step, done: false })),
      dismissed: false,
    });
  });
});
