import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { adminChangeRightsInTests, clientOf, companyWithTeam, grantChangeRights, type Client, type TestCompany } from '../../support/identity.js';
import { orderBody, orderLine, type OrderLine } from '../orders/support.js';

let t: TestApp;
const clock = settableClock('2026-03-10T09:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

type Settings = Record<string, unknown> & { version: number; numbering: Record<string, string> };

/** The stored settings as the form loads them, ready to be changed and saved. */
async function loaded(owner: Client): Promise<Settings> {
  const res = await owner.get('/api/company-account/basic-settings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const save = (owner: Client, settings: object) => owner.put('/api/company-account/updateBasicSettings', settings);

describe('order numbering', () => {
  let line: OrderLine;
  beforeAll(async () => {
    line = await orderLine(t);
  });

  it('gives the next order the company letters and start: AB000500, then AB000501', async () => {
    const before = await loaded(line.superUser);
    expect(before.nextOrderNumber).toBe('000001');
    const saved = await save(line.superUser, { ...before, numbering: { ...before.numbering, orderNumberLetters: 'AB', orderNumber: '500' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().nextOrderNumber).toBe('AB000500');

    const first = await line.admin.post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().orderNumber).toBe('AB000500');
    const second = await line.admin.post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    expect(second.json().orderNumber).toBe('AB000501');
    // The order is found by its new number, as a scanner reads it.
    expect((await line.admin.get('/api/orders/by-number/AB000500')).statusCode).toBe(200);

    const after = await loaded(line.superUser);
    expect(after).toMatchObject({ nextOrderNumber: 'AB000502', numbering: { orderNumberLetters: 'AB', orderNumber: '502' } });
  });

  it('moves a counter only forward: a number already passed is refused on its field and changes nothing', async () => {
    const current = await loaded(line.superUser);
    const back = await save(line.superUser, { ...current, numbering: { ...current.numbering, orderNumber: '501' } });
    expect(back.statusCode).toBe(400);
    expect(back.json().error.details).toEqual([{ path: 'numbering.orderNumber', message: 'validation.numberMovesForward' }]);
    expect((await loaded(line.superUser)).nextOrderNumber).toBe('AB000502');

    const ahead = await save(line.superUser, { ...current, numbering: { ...current.numbering, orderNumber: '1000', invoiceNumber: '70' } });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const next = await loaded(line.superUser);
    expect(next.nextOrderNumber).toBe('AB001000');
    const invoiceBack = await save(line.superUser, { ...next, numbering: { ...next.numbering, invoiceNumber: '69' } });
    expect(invoiceBack.json().error.details).toEqual([{ path: 'numbering.invoiceNumber', message: 'validation.numberMovesForward' }]);
  });
});

describe('settings', () => {
  let company: TestCompany;
  let other: TestCompany;
  let owner: Client;
  beforeAll(async () => {
    company = await companyWithTeam(t, { companyName: 'Vogel Stahlbau' });
    other = await companyWithTeam(t, { companyName: 'Kraus Blech' });
    owner = clientOf(t, company.superUser.token);
  });

  it('refuses a save made on a stale copy (409) and keeps the other save', async () => {
    const copy = await loaded(owner);
    expect((await save(owner, { ...copy, dateFormat: 'YYYY-MM-DD' })).statusCode).toBe(200);
    const stale = await save(owner, { ...copy, companyName: 'Overwritten' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT_ERROR');
    expect(await loaded(owner)).toMatchObject({ companyName: 'Vogel Stahlbau', dateFormat: 'YYYY-MM-DD', version: copy.version + 1 });
  });

  it('checks the IBAN checksum, the BIC and the date format with field details (400)', async () => {
    const copy = await loaded(owner);
    const res = await save(owner, { ...copy, bankDetails: { iban: 'DE88 3704 0044 0532 0130 00', bic: 'COBA' }, dateFormat: 'D.M.YY' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['bankDetails.bic', 'bankDetails.iban', 'dateFormat']);
    const missingVersion = await save(owner, { companyName: 'X', dateFormat: 'DD.MM.YYYY' });
    expect(missingVersion.json().error.details).toEqual([{ path: 'version', message: 'validation.required' }]);
  });

  it('are read and written by the super user only: admins and operators get 403 but see name, logo and date format', async () => {
    for (const member of [company.admin, company.operator]) {
      const client = clientOf(t, member.token);
      expect((await client.get('/api/company-account/basic-settings')).statusCode).toBe(403);
      expect((await save(client, await loaded(owner))).statusCode).toBe(403);
      const display = await client.get('/api/company-account/display');
      expect(display.statusCode).toBe(200);
      expect(display.json()).toMatchObject({ companyName: 'Vogel Stahlbau', dateFormat: 'YYYY-MM-DD', logo: null, readOnly: false });
    }
  });

  it('are read and written by an admin given the company settings right (and stay closed to another company)', async () => {
    const admin = clientOf(t, company.admin.token);
    await grantChangeRights(t, company.companyId, company.superUser.id, company.admin.id, [...adminChangeRightsInTests, 'companySettings']);
    try {
      const read = await admin.get('/api/company-account/basic-settings');
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ id: company.companyId, companyName: 'Vogel Stahlbau' });
      const saved = await save(admin, { ...read.json(), phone: '+49 821 777' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await loaded(owner)).phone).toBe('+49 821 777');
      // The right is held in this company only: the other company's admin still reads nothing.
      expect((await clientOf(t, other.admin.token).get('/api/company-account/basic-settings')).statusCode).toBe(403);
    } finally {
      await grantChangeRights(t, company.companyId, company.superUser.id, company.admin.id, adminChangeRightsInTests);
    }
    expect((await admin.get('/api/company-account/basic-settings')).statusCode).toBe(403);
  });

  it("keep each company's own: another company's save changes nothing here", async () => {
    const foreign = clientOf(t, other.superUser.token);
    const theirs = await loaded(foreign);
    expect(theirs.id).toBe(other.companyId);
    expect((await save(foreign, { ...theirs, dateFormat: 'MM/DD/YYYY', halfVacationDays: true })).statusCode).toBe(200);
    expect(await loaded(owner)).toMatchObject({ id: company.companyId, dateFormat: 'YYYY-MM-DD', halfVacationDays: false });
  });

  it('take a suggestion recipient from the company only', async () => {
    const copy = await loaded(owner);
    const foreignUser = await save(owner, { ...copy, suggestionRecipientId: other.admin.id });
    expect(foreignUser.statusCode).toBe(400);
    expect(foreignUser.json().error.details).toEqual([{ path: 'suggestionRecipientId', message: 'validation.suggestionRecipient' }]);
    expect((await save(owner, { ...copy, suggestionRecipientId: company.admin.id })).json().suggestionRecipientId).toBe(company.admin.id);
  });

  it('refuse a suggestion recipient without an email address (an operator): suggestions would reach no one', async () => {
    const copy = await loaded(owner);
    const refused = await save(owner, { ...copy, suggestionRecipientId: company.operator.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'suggestionRecipientId', message: 'validation.suggestionRecipientEmail' }],
    });
    expect((await loaded(owner)).version).toBe(copy.version);
  });

  it('allow half vacation days once switched on', async () => {
    const admin = clientOf(t, company.admin.token);
    const reason = await admin.post('/api/team/master-data/absenceReasons', { name: 'Vacation' });
    expect(reason.statusCode, reason.body).toBe(201);
    const booking = { from: '2026-04-01', to: '2026-04-01', halfDay: true, reasonId: reason.json().entryId };
    const refused = await admin.post(`/api/team/employees/${company.admin.id}/absences`, booking);
    expect(refused.statusCode).toBe(400);

    const copy = await loaded(owner);
    expect((await save(owner, { ...copy, halfVacationDays: true })).statusCode).toBe(200);
    const booked = await admin.post(`/api/team/employees/${company.admin.id}/absences`, booking);
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await admin.get(`/api/team/employees/${company.admin.id}`)).json().vacations.halfDaysAllowed).toBe(true);
  });
});
