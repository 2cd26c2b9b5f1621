import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentList } from '../../../src/domain/documents/documents.views.js';
import { closeMissedClockOuts } from '../../../src/server/modules/labour/index.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type TestCompany } from '../../support/identity.js';
import { download, finished, request, textOf } from '../documents/support.js';
import { errorOf, orderLine, type Client, type OrderLine } from '../orders/support.js';

// Labour time's exports (docs/labour-and-costs.md, "Timesheet and payroll export"): the timesheet of a
// person's week as CSV and as a PDF document, the payroll export of hours per employee and day. The
// company's working time is the tests' default, Monday to Friday 06:00-22:00 Europe/Berlin (UTC+1).
const clock = settableClock('2026-11-23T06:00:00.000Z');

let t: TestApp;
let line: OrderLine;
let other: TestCompany;
let otherAdmin: Client;
let olgaAtSaw: Client;
let jonasAtSaw: Client;

const at = (time: string, day = '23') => `2026-11-${day}T${time}:00.000Z`;
const olga = () => line.operators[0].id;
const jonas = () => line.operators[1].id;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  other = await companyWithTeam(t, { companyName: 'Andere Stunden GmbH' });
  otherAdmin = clientOf(t, other.admin.token);
  olgaAtSaw = await line.signInAt(0, line.stations.saw.id);
  jonasAtSaw = await line.signInAt(1, line.stations.saw.id);
  const tap = async (client: Client, path: string, time: string) => {
    clock.set(time);
    const res = await client.post(path, { stationId: line.stations.saw.id });
    expect(res.statusCode, res.body).toBe(200);
  };
  // Olga: Monday 07:00-15:00 in Berlin (8 h, 30 min statutory break). Jonas: Tuesday from 07:00, clock-out forgotten.
  await tap(olgaAtSaw, '/api/labour/clock-in', at('06:00'));
  await tap(olgaAtSaw, '/api/labour/clock-out', at('14:00'));
  await tap(jonasAtSaw, '/api/labour/clock-in', at('06:00', '24'));
  clock.set(at('21:01', '24'));
  await closeMissedClockOuts(t.app);
  clock.set(at('09:00', '25'));
});
afterAll(async () => {
  await t?.close();
});

const csvOf = async (answer: Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>) => {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return res.body.slice(1).split('\r\n').filter(Boolean);
};
const refused = async (answer: Promise<{ statusCode: number; body: string }>, status: number, code: string) => {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(status);
  expect(errorOf(res.body).code).toBe(code);
  return errorOf(res.body);
};

describe('the payroll export', () => {
  it('answers hours per employee and day, German column names and decimal commas (the example of the docs)', async () => {
    const rows = await csvOf(line.admin.get('/api/labour/payroll.csv?from=2026-11-23&to=2026-11-29&lang=de'));
    expect(rows).toEqual([
      'Mitarbeiter-ID;Mitarbeiter;Datum;Erstes Kommen (Europe/Berlin);Letztes Gehen (Europe/Berlin);Anwesenheit (Std.);Pause (Std.);Arbeitsstunden (Std.);Gehen fehlte;Korrigiert',
      // By name (first name first), then day. Closed at the end of the working day (22:00 in Berlin): 15 h, 45 min break, flagged.
      `${jonas()};Jonas Weber;2026-11-24;07:00;22:00;15;0,75;14,25;ja;nein`,
      `${olga()};Olga Berg;2026-11-23;07:00;15:00;8;0,5;7,5;nein;nein`,
    ]);
  });

  it('speaks English by default for an English user, and leaves out days outside the range', async () => {
    const rows = await csvOf(line.superUser.get('/api/labour/payroll.csv?from=2026-11-24&to=2026-11-24'));
    expect(rows).toEqual([
      'Employee ID;Employee;Date;First clock-in (Europe/Berlin);Last clock-out (Europe/Berlin);Attendance (h);Break (h);Hours worked (h);Clock-out missing;Corrected',
      `${jonas()};Jonas Weber;2026-11-24;07:00;22:00;15;0.75;14.25;yes;no`,
    ]);
  });

  it('refuses bad input (400), the wrong role (403), no sign-in (401); another company sees none of these people', async () => {
    let error = await refused(line.admin.get('/api/labour/payroll.csv?from=2026-11-29&to=2026-11-23'), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual([expect.objectContaining({ path: 'querystring.to', message: 'labour.validation.toBeforeFrom' })]);
    error = await refused(line.admin.get('/api/labour/payroll.csv?from=2026-01-01&to=2026-12-31'), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual([expect.objectContaining({ path: 'querystring.to', message: 'labour.validation.payrollTooLong' })]);
    await refused(line.admin.get('/api/labour/payroll.csv?from=23.11.2026&to=2026-11-29&lang=fr'), 400, 'VALIDATION_ERROR');
    await refused(olgaAtSaw.get('/api/labour/payroll.csv?from=2026-11-23&to=2026-11-29'), 403, 'FORBIDDEN');
    expect((await clientOf(t).get('/api/labour/payroll.csv?from=2026-11-23&to=2026-11-29')).statusCode).toBe(401);
    expect(await csvOf(otherAdmin.get('/api/labour/payroll.csv?from=2026-11-23&to=2026-11-29&lang=en'))).toHaveLength(1);
  });
});

describe('the timesheet as CSV', () => {
  it("answers one's own week: a row per attendance, the total; supervisors anyone's", async () => {
    const own = await csvOf(olgaAtSaw.get(`/api/labour/timesheet.csv?userId=${olga()}&week=2026-11-25&lang=en`));
    expect(own).toEqual([
      'Employee;Date;Clock-in (Europe/Berlin);Clock-out (Europe/Berlin);Attendance (h);Break (h);Net hours (h);Note',
      'Olga Berg;2026-11-23;07:00;15:00;8;0.5;7.5;',
      'Olga Berg;Total;;;8;0.5;7.5;',
    ]);
    const german = await csvOf(line.admin.get(`/api/labour/timesheet.csv?userId=${jonas()}&week=2026-11-24&lang=de`));
    expect(german[0]).toMatch(/^Mitarbeiter;Datum;/);
    expect(german.slice(1)).toEqual([
      'Jonas Weber;2026-11-24;07:00;22:00;15;0,75;14,25;"Gehen fehlte, zum Ende des Arbeitstags geschlossen"',
      'Jonas Weber;Summe;;;15;0,75;14,25;',
    ]);
  });

  it("refuses another's week to an operator (403), another company's person (404), bad input (400), no sign-in (401)", async () => {
    await refused(olgaAtSaw.get(`/api/labour/timesheet.csv?userId=${jonas()}`), 403, 'FORBIDDEN');
    await refused(otherAdmin.get(`/api/labour/timesheet.csv?userId=${olga()}`), 404, 'NOT_FOUND');
    await refused(line.admin.get('/api/labour/timesheet.csv?userId=nobody'), 400, 'VALIDATION_ERROR');
    await refused(line.admin.get(`/api/labour/timesheet.csv?userId=${olga()}&week=monday`), 400, 'VALIDATION_ERROR');
    expect((await clientOf(t).get(`/api/labour/timesheet.csv?userId=${olga()}`)).statusCode).toBe(401);
  });
});

describe('the timesheet as PDF (a document)', () => {
  it("prints one's week through the documents' PDF job: the attendance, break, net and totals", async () => {
    const requested = await request(olgaAtSaw, { type: 'timesheet', subjectId: olga(), week: '2026-11-26' });
    expect(requested).toMatchObject({ type: 'timesheet', subjectType: 'employee', subjectId: olga(), week: '2026-11-23' });
    const done = await finished(t, olgaAtSaw, requested.id);
    expect(done.status, done.failure ?? '').toBe('generated');
    const text = textOf(await download(olgaAtSaw, done));
    for (const expected of ['Timesheet', requested.documentNumber, 'Olga Berg', '23.11.2026 – 29.11.2026', '07:00', '15:00', '7:30', '0:30', 'Europe/Berlin']) {
      expect(text).toContain(expected);
    }
    // A supervisor lists and downloads it with the person.
    const list = await line.admin.get(`/api/documents?subjectType=employee&subjectId=${olga()}`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as DocumentList).items.map((item) => [item.id, item.week])).toEqual([[requested.id, '2026-11-23']]);
    await download(line.admin, done);
  });

  it("keeps a person's timesheets from colleagues and other companies", async () => {
    const requested = await request(line.admin, { type: 'timesheet', subjectId: olga() });
    // This week in the company's zone (the clock's Wednesday 25 November).
    expect(requested.week).toBe('2026-11-23');
    await refused(jonasAtSaw.post('/api/documents', { type: 'timesheet', subjectId: olga() }), 403, 'FORBIDDEN');
    await refused(jonasAtSaw.get(`/api/documents?subjectType=employee&subjectId=${olga()}`), 403, 'FORBIDDEN');
    await refused(jonasAtSaw.get(`/api/documents/${requested.id}`), 404, 'NOT_FOUND');
    await refused(jonasAtSaw.get(`/api/documents/${requested.id}/file`), 404, 'NOT_FOUND');
    await refused(otherAdmin.post('/api/documents', { type: 'timesheet', subjectId: olga() }), 404, 'NOT_FOUND');
    await refused(line.admin.post('/api/documents', { type: 'timesheet', subjectId: olga(), week: 'soon' }), 400, 'VALIDATION_ERROR');
    expect((await clientOf(t).post('/api/documents', { type: 'timesheet', subjectId: olga() })).statusCode).toBe(401);
    const list = await line.admin.get(`/api/documents?subjectType=employee&subjectId=${olga()}`);
    expect((list.json() as DocumentList).items).toHaveLength(2);
  });
});
