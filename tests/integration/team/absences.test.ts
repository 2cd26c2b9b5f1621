import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../../support/identity.js';

// The team overview's "who is away": the company's absences touching a date range.
let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: Client;
const clock = settableClock('2026-03-10T09:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  company = await companyWithTeam(t);
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
  const reason = (await owner.post('/api/team/master-data/absenceReasons', { name: 'Vacation' })).json().entryId;
  for (const [userId, from, to] of [
    [company.admin.id, '2026-03-09', '2026-03-11'],
    [company.operator.id, '2026-03-16', '2026-03-18'],
  ]) {
    const booked = await owner.post(`/api/team/employees/${userId}/absences`, { from, to, reasonId: reason });
    expect(booked.statusCode, booked.body).toBe(201);
  }
  const otherReason = (await clientOf(t, other.superUser.token).post('/api/team/master-data/absenceReasons', { name: 'Vacation' })).json().entryId;
  await clientOf(t, other.superUser.token).post(`/api/team/employees/${other.admin.id}/absences`, {
    from: '2026-03-10',
    to: '2026-03-10',
    reasonId: otherReason,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('absences of the company in a date range', () => {
  it('answers those touching the range with the name and reason, and only the own company', async () => {
    const today = await clientOf(t, company.admin.token).get('/api/team/absences?from=2026-03-10&to=2026-03-10');
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json()).toEqual({
      from: '2026-03-10',
      to: '2026-03-10',
      data: [
        {
          absenceId: expect.any(String),
          userId: company.admin.id,
          firstName: expect.any(String),
          lastName: expect.any(String),
          from: '2026-03-09',
          to: '2026-03-11',
          halfDay: false,
          reasonId: expect.any(String),
          reasonName: 'Vacation',
        },
      ],
    });
    const twoWeeks = await owner.get('/api/team/absences?from=2026-03-09&to=2026-03-22');
    expect(twoWeeks.json().data.map((a: { userId: string }) => a.userId)).toEqual([company.admin.id, company.operator.id]);
    const before = await owner.get('/api/team/absences?from=2026-03-01&to=2026-03-08');
    expect(before.json().data).toEqual([]);
  });

  it('refuses bad days, a backwards or over-long range (400) and an operator (403)', async () => {
    expect((await owner.get('/api/team/absences?from=2026-02-30&to=2026-03-02')).statusCode).toBe(400);
    expect((await owner.get('/api/team/absences?from=2026-03-10')).statusCode).toBe(400);
    expect((await owner.get('/api/team/absences?from=2026-03-10&to=2026-03-09')).statusCode).toBe(400);
    expect((await owner.get('/api/team/absences?from=2026-01-01&to=2027-06-01')).statusCode).toBe(400);
    expect((await clientOf(t, company.operator.token).get('/api/team/absences?from=2026-03-10&to=2026-03-10')).statusCode).toBe(403);
  });
});
