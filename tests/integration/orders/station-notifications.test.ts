import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDayIn } from '../../../src/domain/company/working-time.rules.js';
import type { CompletionAction } from '../../../src/domain/stations/station.schema.js';
import { completedAtText } from '../../../src/server/modules/orders/orders.emails.js';
import { notifyWorkCompletedJob, ordersDispatchRoutes } from '../../../src/server/modules/orders/orders.jobs.js';
import { dispatchJobId } from '../../../src/server/platform/dispatcher.js';
import type { JobLogger, JobSnapshot } from '../../../src/server/platform/jobs.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { mailTo, startMailbox, type Mailbox } from '../../support/identity.js';
import { createStation, stationBody, type CreatedStation } from '../stations/stations-support.js';
import { act, createOrder, orderBody, orderLine, type Client, type OrderLine } from './support.js';

const publicUrl = 'https://console.example.com';

let t: TestApp;
let mailbox: Mailbox;
let line: OrderLine;
let atSaw: Client;
let atDrill: Client;
let adminEmail: string;
let superUserEmail: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: publicUrl });
  line = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  atDrill = await line.signInAt(1, line.stations.drill.id);
  adminEmail = (await line.admin.get('/api/auth/me')).json().email;
  superUserEmail = (await line.superUser.get('/api/auth/me')).json().email;
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const notify = (userId: string): CompletionAction => ({ action: 'notify-user', element: userId });
const deliveryBill: CompletionAction = { action: 'generate-document', element: 'delivery-bill' };

/** Saves the station's form with these actions after completion, as an admin would. */
async function setActions(station: CreatedStation, actions: CompletionAction[]) {
  const current = await line.admin.get(`/api/stations/${station.id}`);
  const res = await line.admin.put(`/api/stations/${station.id}`, { ...stationBody(station.name, { actions }), version: current.json().version });
  expect(res.statusCode, res.body).toBe(200);
}

/** A production order for stock, started: it waits at SAW. */
async function productionOrderAtSaw() {
  const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }], { kind: 'production' }));
  return act(line.admin, order, 'start-production');
}

type OrderAt = Awaited<ReturnType<typeof productionOrderAtSaw>>;

/** The operator signed in at the station starts and completes the work there. */
async function completeAt(operator: Client, order: OrderAt, stationId: string): Promise<OrderAt> {
  const started = await act(operator, order, 'start-work', { stationId });
  return act(operator, started, 'complete-work', { stationId });
}

/** The last `WorkCompleted` of the order: its time and the id of the notify job it dispatched. */
async function lastCompletion(orderId: string) {
  const { rows } = await sql<{ global_position: string; at: string }>`
    select global_position::text, data->>'at' as at from events
    where stream_id = ${`order-${orderId}`} and type = 'WorkCompleted'
    order by global_position desc limit 1`.execute(t.app.db);
  expect(rows).toHaveLength(1);
  return { at: rows[0].at, jobId: dispatchJobId(ordersDispatchRoutes[0], { globalPosition: Number(rows[0].global_position) }) };
}

/** Waits until the job has run (completed, or failed), so whatever it sent has arrived. */
async function finishedJob(jobId: string): Promise<JobSnapshot> {
  for (let waited = 0; waited < 15_000; waited += 25) {
    const job = await t.app.jobQueue.getJob('email', jobId);
    if (job?.state === 'completed' || job?.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Job ${jobId} did not finish; it is ${JSON.stringify(await t.app.jobQueue.getJob('email', jobId))}`);
}

const mailsTo = (address: string) => mailbox.messages.filter(mailTo(address));

describe("a station's notify-user action", () => {
  it('mails the named administrator once, in English, with the order, the station, what comes next and a link', async () => {
    // Two actions name the same user: one mail.
    await setActions(line.stations.saw, [deliveryBill, notify(line.userIds.admin), notify(line.userIds.admin)]);
    const before = mailsTo(adminEmail).length;
    const order = await productionOrderAtSaw();
    await completeAt(atSaw, order, line.stations.saw.id);

    const { at, jobId } = await lastCompletion(order.id);
    expect((await finishedJob(jobId)).state).toBe('completed');
    const mails = mailsTo(adminEmail).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Order ${order.orderNumber} completed at SAW`);
    expect(mail.text).toContain('Hello Ali,');
    // The company never saved a working time: the time is in WORKING_TIME's zone, Berlin, and says so.
    expect(mail.text).toContain(`Order ${order.orderNumber} was completed at station SAW on ${completedAtText(at, 'en', 'DD.MM.YYYY', 'Europe/Berlin')}.`);
    expect(mail.text).toMatch(/, \d{1,2}:\d{2} [AP]M \(GMT\+[12]\)\./);
    expect(mail.text).toContain('Next: station DRILL.');
    expect(mail.text).toContain(`${publicUrl}/order/details/${order.id}`);
    expect(mail.html).toContain(`href="${publicUrl}/order/details/${order.id}"`);
    // Nobody else was named.
    expect(mailsTo(superUserEmail).filter((m) => m.subject.includes(order.orderNumber))).toEqual([]);
  });

  it('mails a German-speaking user in German, saying that production is finished after the last station', async () => {
    await sql`update users set locale = 'de' where id = ${line.userIds.superUser}`.execute(t.app.db);
    await setActions(line.stations.saw, [deliveryBill]);
    await setActions(line.stations.drill, [notify(line.userIds.superUser)]);
    const order = await productionOrderAtSaw();
    const atDrillNow = await completeAt(atSaw, order, line.stations.saw.id);
    const finished = await completeAt(atDrill, atDrillNow, line.stations.drill.id);
    expect(finished.status).toBe('finished');

    const { at, jobId } = await lastCompletion(order.id);
    expect((await finishedJob(jobId)).state).toBe('completed');
    const mails = mailsTo(superUserEmail).filter((m) => m.subject.includes(order.orderNumber));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Auftrag ${order.orderNumber} an DRILL abgeschlossen`);
    expect(mail.text).toContain('Hallo Sabine,');
    expect(mail.text).toContain(
      `Auftrag ${order.orderNumber} wurde am ${completedAtText(at, 'de', 'DD.MM.YYYY', 'Europe/Berlin')} an der Station DRILL abgeschlossen.`,
    );
    expect(mail.text).toMatch(/, \d{2}:\d{2} \(MES?Z\) an der Station/);
    expect(mail.text).toContain('Die Produktion ist abgeschlossen: Der Auftrag wartet jetzt im WIP.');
    expect(mail.text).toContain(`Auftrag öffnen: ${publicUrl}/order/details/${order.id}`);
    await setActions(line.stations.drill, [deliveryBill]);
  });

  it("writes the date in the company's date format: a company set to YYYY-MM-DD reads the day as YYYY-MM-DD", async () => {
    const settings = (await line.superUser.get('/api/company-account/basic-settings')).json();
    const saved = await line.superUser.put('/api/company-account/updateBasicSettings', { ...settings, dateFormat: 'YYYY-MM-DD' });
    expect(saved.statusCode, saved.body).toBe(200);
    await setActions(line.stations.saw, [notify(line.userIds.admin)]);
    const before = mailsTo(adminEmail).length;
    const order = await productionOrderAtSaw();
    await completeAt(atSaw, order, line.stations.saw.id);

    const { at, jobId } = await lastCompletion(order.id);
    expect((await finishedJob(jobId)).state).toBe('completed');
    const [mail] = mailsTo(adminEmail).slice(before);
    const day = calendarDayIn(at, 'Europe/Berlin');
    expect(mail.text).toContain(`was completed at station SAW on ${day}, `);
    expect(mail.html).toContain(` on ${day}, `);
    await setActions(line.stations.saw, [deliveryBill]);
    const reread = (await line.superUser.get('/api/company-account/basic-settings')).json();
    expect((await line.superUser.put('/api/company-account/updateBasicSettings', { ...reread, dateFormat: 'DD.MM.YYYY' })).statusCode).toBe(200);
  });

  it('sends nothing when the station has no notify-user action', async () => {
    await setActions(line.stations.saw, [deliveryBill, { action: 'set-order-status', element: 'ready-to-use' }]);
    const before = mailbox.messages.length;
    const order = await productionOrderAtSaw();
    await completeAt(atSaw, order, line.stations.saw.id);

    const { jobId } = await lastCompletion(order.id);
    expect((await finishedJob(jobId)).state).toBe('completed');
    expect(mailbox.messages.slice(before)).toEqual([]);
  });

  it('skips an operator (no email) and a user removed after the action was set, without failing, and still mails the others', async () => {
    const ritaEmail = `rita-${randomUUID().slice(0, 8)}@example.com`;
    // The owner manages the team: the line's admin holds the default change rights, not `team`.
    const removed = await line.superUser.post('/api/users/create-admin-user', { firstName: 'Rita', lastName: 'Roth', email: ritaEmail });
    expect(removed.statusCode, removed.body).toBe(201);
    await mailbox.waitFor(mailTo(ritaEmail)); // her invitation
    const removedId = removed.json().id as string;
    await setActions(line.stations.saw, [notify(line.operators[0].id), notify(removedId), notify(line.userIds.admin)]);
    const gone = await line.superUser.delete(`/api/users/${removedId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const before = mailbox.messages.length;
    const order = await productionOrderAtSaw();
    await completeAt(atSaw, order, line.stations.saw.id);

    const { jobId } = await lastCompletion(order.id);
    const job = await finishedJob(jobId);
    expect(job).toMatchObject({ state: 'completed', attemptsMade: 1 });
    expect(job.failedReason).toBeUndefined();
    const sent = mailbox.messages.slice(before);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[[adminEmail], `Order ${order.orderNumber} completed at SAW`]]);
  });

  it('skips a user invited but not joined yet and a deactivated one, and still mails the others', async () => {
    const tag = randomUUID().slice(0, 8);
    const invite = async (firstName: string) => {
      const email = `${firstName.toLowerCase()}-${tag}@example.com`;
      const res = await line.superUser.post('/api/users/create-admin-user', { firstName, lastName: 'Berg', email });
      expect(res.statusCode, res.body).toBe(201);
      await mailbox.waitFor(mailTo(email)); // the invitation
      return res.json().id as string;
    };
    const invitee = await invite('Ina');
    const leaver = await invite('Lea');
    await setActions(line.stations.saw, [notify(invitee), notify(leaver), notify(line.userIds.admin)]);
    const deactivated = await line.superUser.post(`/api/users/${leaver}/deactivate`, {});
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const before = mailbox.messages.length;
    const order = await productionOrderAtSaw();
    await completeAt(atSaw, order, line.stations.saw.id);
    const job = await finishedJob((await lastCompletion(order.id)).jobId);
    expect(job).toMatchObject({ state: 'completed', attemptsMade: 1 });
    expect(mailbox.messages.slice(before).map((mail) => [mail.to, mail.subject])).toEqual([[[adminEmail], `Order ${order.orderNumber} completed at SAW`]]);
  });

  it('sends nothing for a station deleted before the job runs', async () => {
    const extra = await createStation(line.admin, `GONE${Date.now().toString().slice(-8)}`, { actions: [notify(line.userIds.admin)] });
    const current = await line.admin.get(`/api/stations/${extra.id}`);
    const deleted = await line.admin.delete(`/api/stations/${extra.id}?version=${current.json().version}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const order = await productionOrderAtSaw();
    const before = mailbox.messages.length;

    // The job as the worker would run it for a completion at that station.
    const quiet: JobLogger = { info() {}, warn() {}, error() {}, child: () => quiet };
    await notifyWorkCompletedJob.handle(
      { companyId: line.companyId, orderId: order.id, stationId: extra.id, nextStationId: null, completedAt: new Date().toISOString() },
      { ...t.jobs.services, log: quiet, jobId: `deleted-station-${randomUUID()}`, attempt: 1 },
    );
    expect(mailbox.messages.slice(before)).toEqual([]);
  });
});
