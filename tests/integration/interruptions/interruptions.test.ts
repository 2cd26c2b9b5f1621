import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterruptionView } from '../../../src/domain/interruptions/interruptions.views.js';
import { interruptionsDispatchRoutes } from '../../../src/server/modules/interruptions/interruptions.jobs.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { dispatchJobId } from '../../../src/server/platform/dispatcher.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Mailbox, type TestCompany } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';

const publicUrl = 'https://console.example.com';
const clock = settableClock('2026-11-23T08:00:00.000Z');

let t: TestApp;
let mailbox: Mailbox;
let line: OrderLine;
let other: TestCompany;
let atSaw: Client;
let reasonId: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: publicUrl }, { clock });
  line = await orderLine(t);
  other = await companyWithTeam(t, { companyName: 'Andere Andon GmbH' });
  atSaw = await line.signInAt(0, line.stations.saw.id);
  const reason = await line.superUser.post('/api/team/master-data/interruptionReasons', { name: 'Material missing' });
  expect(reason.statusCode, reason.body).toBe(201);
  reasonId = reason.json().entryId;
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const report = (client: Client, body: object) => client.post('/api/interruptions', body);
const openAt = async (client: Client, stationId: string): Promise<InterruptionView[]> => {
  const res = await client.get(`/api/interruptions?open=true&stationId=${stationId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('interruptions (Andon)', () => {
  it('an operator at the station reports one with the order worked on; the supervisors are emailed; it is listed open; resolving closes it', async () => {
    const { saw } = line.stations;
    let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }], { kind: 'production' }));
    order = await act(line.admin, order, 'start-production');
    order = await act(atSaw, order, 'start-work', { stationId: saw.id });

    const res = await report(atSaw, { stationId: saw.id, orderId: order.id, reasonId, note: '  Screws ran out  ' });
    expect(res.statusCode, res.body).toBe(201);
    const reported: InterruptionView = res.json();
    expect(reported).toMatchObject({
      stationId: saw.id,
      stationName: 'SAW',
      orderId: order.id,
      orderNumber: order.orderNumber,
      reason: { id: reasonId, name: 'Material missing' },
      note: 'Screws ran out',
      reportedAt: '2026-11-23T08:00:00.000Z',
      reportedBy: { userId: line.operators[0].id, name: 'Olga Berg' },
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      durationSeconds: 0,
      version: 1,
    });

    // Every user of the company sees it open, operators too; per station and per order.
    expect((await openAt(line.operators[1].client, saw.id)).map((i) => i.id)).toEqual([reported.id]);
    expect((await line.admin.get(`/api/interruptions?orderId=${order.id}`)).json().data).toHaveLength(1);
    expect(await openAt(line.admin, line.stations.drill.id)).toEqual([]);

    // The supervisors (owner and admin) get an email in their language.
    const ownerEmail = (await line.superUser.get('/api/auth/me')).json().email as string;
    const mail = await mailbox.waitFor(mailTo(ownerEmail, /SAW/));
    expect(mail.subject).toBe('Station SAW interrupted: Material missing');
    expect(mail.text).toContain('Olga Berg reported an interruption at station SAW: Material missing.');
    expect(mail.text).toContain(`Order being worked on: ${order.orderNumber}`);
    expect(mail.text).toContain('Screws ran out');
    // 08:00 UTC in the company's time zone (WORKING_TIME's, Berlin) and its date format.
    expect(mail.text).toContain('Reported on 23.11.2026, 9:00 AM (GMT+1).');
    expect(mail.text).toContain(`${publicUrl}/home`);

    clock.advance(12 * 60_000);
    const resolved = await line.admin.post(`/api/interruptions/${reported.id}/resolve`, { note: 'Refilled' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      resolvedAt: '2026-11-23T08:12:00.000Z',
      resolvedBy: { userId: line.userIds.admin, name: 'Ali Demir' },
      resolutionNote: 'Refilled',
      durationSeconds: 720,
      version: 2,
    });
    expect(await openAt(line.admin, saw.id)).toEqual([]);
    expect((await line.admin.get(`/api/interruptions/${reported.id}`)).json().durationSeconds).toBe(720);

    // The events are on the station's interruption stream.
    const { rows } = await sql<{
      type: string;
    }>`select type from events where stream_id = ${`station-interruptions-${saw.id}`} order by stream_version`.execute(t.app.db);
    expect(rows.map((row) => row.type)).toEqual(['InterruptionReported', 'InterruptionResolved']);
  });

  it('one open interruption per station: a second report answers 409; resolving twice answers 409', async () => {
    const { drill } = line.stations;
    const first = await report(line.admin, { stationId: drill.id, reasonId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ orderId: null, note: '' });
    const second = await report(line.superUser, { stationId: drill.id, reasonId, note: 'again' });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second.body).code).toBe('INTERRUPTION_ALREADY_OPEN');

    expect((await line.superUser.post(`/api/interruptions/${first.json().id}/resolve`, { note: 'Fixed' })).statusCode).toBe(200);
    const twice = await line.admin.post(`/api/interruptions/${first.json().id}/resolve`, { note: 'Fixed again' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice.body).code).toBe('INTERRUPTION_ALREADY_RESOLVED');
    // Resolved, the station takes a new report.
    const again = await report(line.admin, { stationId: drill.id, reasonId });
    expect(again.statusCode, again.body).toBe(201);
    expect((await line.admin.post(`/api/interruptions/${again.json().id}/resolve`, { note: 'Done' })).statusCode).toBe(200);

    // The reason is in use now: the master data counts it and refuses its deletion.
    const reasons = (await line.superUser.get('/api/team/master-data/interruptionReasons')).json().data as { id: string; usageCount: number }[];
    expect(reasons.find((entry) => entry.id === reasonId)?.usageCount).toBeGreaterThan(0);
    const removed = await line.superUser.delete(`/api/team/master-data/interruptionReasons/${reasonId}`);
    expect(removed.statusCode).toBe(409);
    expect(errorOf(removed.body).code).toBe('MASTER_DATA_ENTRY_IN_USE');
  });

  it('bad input: a clear 400 on the field, nothing reported', async () => {
    const { goods } = line.stations;
    const cases: [object, string, string][] = [
      [{ stationId: goods.id }, 'reasonId', 'validation.required'],
      [{ stationId: 'not-a-uuid', reasonId }, 'stationId', 'validation.invalidId'],
      [{ stationId: goods.id, reasonId, note: 'x'.repeat(501) }, 'note', 'validation.maxLength'],
      [{ stationId: goods.id, reasonId: goods.id }, 'reasonId', 'interruptions.validation.unknownReason'],
      [{ stationId: goods.id, reasonId, orderId: goods.id }, 'orderId', 'validation.invalidId'],
    ];
    for (const [body, path, message] of cases) {
      const res = await report(line.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body).details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    }
    // A retired reason is not offered any more.
    const retired = await line.superUser.post('/api/team/master-data/interruptionReasons', { name: 'Retired reason' });
    const retiredId = retired.json().entryId as string;
    const retire = await line.superUser.post(`/api/team/master-data/interruptionReasons/${retiredId}/retire`, {});
    expect(retire.statusCode, retire.body).toBe(200);
    expect((await report(line.admin, { stationId: goods.id, reasonId: retiredId })).statusCode).toBe(400);
    // Resolving needs a note.
    const open = await report(line.admin, { stationId: goods.id, reasonId });
    const noNote = await line.admin.post(`/api/interruptions/${open.json().id}/resolve`, { note: '   ' });
    expect(noNote.statusCode).toBe(400);
    expect(errorOf(noNote.body).details).toEqual([expect.objectContaining({ path: 'note', message: 'validation.required' })]);
    expect((await line.admin.post(`/api/interruptions/${open.json().id}/resolve`, { note: 'ok' })).statusCode).toBe(200);
    expect((await line.admin.get('/api/interruptions?open=maybe')).statusCode).toBe(400);
    expect((await line.admin.get('/api/interruptions?limit=101')).statusCode).toBe(400);
  });

  it('wrong role or place: an operator acts only at the station signed in at; signed out is 401', async () => {
    const { saw, drill } = line.stations;
    // Signed in at SAW, not at DRILL.
    const elsewhere = await report(atSaw, { stationId: drill.id, reasonId });
    expect(elsewhere.statusCode).toBe(403);
    expect(errorOf(elsewhere.body).code).toBe('STATION_NOT_SIGNED_IN');
    // An operator's console session (never signed in at a station) reports nowhere.
    const unsigned = await report(line.operators[1].client, { stationId: saw.id, reasonId });
    expect(unsigned.statusCode).toBe(403);
    // Open at DRILL by an admin: the operator at SAW cannot resolve it.
    const open = await report(line.admin, { stationId: drill.id, reasonId });
    expect(open.statusCode, open.body).toBe(201);
    expect((await atSaw.post(`/api/interruptions/${open.json().id}/resolve`, { note: 'not mine' })).statusCode).toBe(403);
    // Once signed in at DRILL, the operator resolves it.
    const atDrill = await line.signInAt(1, drill.id);
    expect((await atDrill.post(`/api/interruptions/${open.json().id}/resolve`, { note: 'Fixed at the drill' })).statusCode).toBe(200);
    expect((await clientOf(t).get('/api/interruptions')).statusCode).toBe(401);
    expect((await clientOf(t).post('/api/interruptions', { stationId: saw.id, reasonId })).statusCode).toBe(401);
  });

  it('a station deleted while stopped is no longer listed as stopped; its record stays', async () => {
    const created = await line.admin.post('/api/stations', { name: 'OLDPRESS', parameters: [], actions: [] });
    expect(created.statusCode, created.body).toBe(201);
    const reported = await report(line.admin, { stationId: created.json().id, reasonId });
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await openAt(line.admin, created.json().id)).map((i) => i.id)).toEqual([reported.json().id]);
    const deleted = await line.admin.delete(`/api/stations/${created.json().id}?version=${created.json().version}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await openAt(line.admin, created.json().id)).toEqual([]);
    expect((await line.admin.get(`/api/interruptions/${reported.json().id}`)).json()).toMatchObject({ stationName: null, resolvedAt: null });
  });

  it('an invited admin who has not accepted yet gets no mail: their address is an outside one, and the note is free text', async () => {
    const invitee = `noch-nicht-${Date.now()}@example.com`;
    const invited = await line.superUser.post('/api/users/create-admin-user', { firstName: 'Ines', lastName: 'Eingeladen', email: invitee });
    expect(invited.statusCode, invited.body).toBe(201);
    await mailbox.waitFor(mailTo(invitee));
    const { goods } = line.stations;
    const res = await report(line.admin, { stationId: goods.id, reasonId, note: 'Kaufen Sie jetzt' });
    expect(res.statusCode, res.body).toBe(201);

    // The job has mailed every supervisor when it completes: the owner and the admin, not the invitee.
    const { rows } = await sql<{ global_position: string }>`
      select global_position::text from events where stream_id = ${`station-interruptions-${goods.id}`} and type = 'InterruptionReported'
      order by global_position desc limit 1`.execute(t.app.db);
    const jobId = dispatchJobId(interruptionsDispatchRoutes[0], { globalPosition: Number(rows[0].global_position) });
    await expect.poll(async () => (await t.app.jobQueue.getJob('email', jobId))?.state).toBe('completed');
    const ownerEmail = (await line.superUser.get('/api/auth/me')).json().email as string;
    expect(mailbox.messages.filter((mail) => mail.text.includes('Kaufen Sie jetzt')).flatMap((mail) => mail.to)).toContain(ownerEmail);
    expect(mailbox.messages.filter((mail) => mailTo(invitee)(mail) && mail.text.includes('Kaufen Sie jetzt'))).toEqual([]);
    expect((await line.admin.post(`/api/interruptions/${res.json().id}/resolve`, { note: 'Done' })).statusCode).toBe(200);
  });

  it("other tenant: another company's station, reason and interruptions are not found", async () => {
    const theirs = clientOf(t, other.superUser.token);
    expect((await theirs.get('/api/interruptions')).json()).toMatchObject({ data: [], total: 0 });
    const mine = (await line.admin.get('/api/interruptions')).json().data as InterruptionView[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await theirs.get(`/api/interruptions/${mine[0].id}`)).statusCode).toBe(404);
    const resolve = await theirs.post(`/api/interruptions/${mine[0].id}/resolve`, { note: 'x' });
    expect(resolve.statusCode).toBe(404);
    expect(errorOf(resolve.body).code).toBe('INTERRUPTION_NOT_FOUND');
    // Their report at our station: not found.
    expect((await report(theirs, { stationId: line.stations.saw.id, reasonId })).statusCode).toBe(404);
    // Our reason at their station: their station is theirs, but the reason is not.
    const station = await theirs.post('/api/stations', { name: 'PRESS', parameters: [], actions: [] });
    expect(station.statusCode, station.body).toBe(201);
    const refused = await report(theirs, { stationId: station.json().id, reasonId });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body).details).toEqual([expect.objectContaining({ path: 'reasonId' })]);
  });
});
