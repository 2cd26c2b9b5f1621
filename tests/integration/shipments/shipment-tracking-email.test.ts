import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEmailLimits } from '../../../src/domain/shipments/shipment-tracking.schema.js';
import type { CreatedTrackingLink } from '../../../src/domain/shipments/shipment-tracking.views.js';
import { shipmentsDispatchRoutes } from '../../../src/server/modules/shipments/shipment-tracking.jobs.js';
import { settableClock, type SettableClock } from '../../../src/server/platform/clock.js';
import { dispatchJobId } from '../../../src/server/platform/dispatcher.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { mailTo, startMailbox, type Client, type Mailbox } from '../../support/identity.js';
import { clientOf, createShipment, errorOf, shippingCompany, type ShippingCompany } from './support.js';

// Emailing a tracking link to the end customer (issue 25, item 12): through the mail job pipeline, in the
// company's document language, the token never readable at rest and forgotten by the queue once sent.
const publicUrl = 'https://console.example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let clock: SettableClock;
let mailbox: Mailbox;
let home: ShippingCompany;
let rival: ShippingCompany;

beforeAll(async () => {
  mailbox = await startMailbox();
  clock = settableClock('2026-11-23T08:00:00.000Z');
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: publicUrl }, { clock });
  home = await shippingCompany(t, 'Keller Feinmechanik');
  rival = await shippingCompany(t, 'Rival Stahl');
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

async function makeLink(company: ShippingCompany): Promise<{ shipmentId: string; link: CreatedTrackingLink }> {
  const shipment = await createShipment(company.admin, [(await company.readyOrder()).id]);
  const res = await company.admin.post(`/api/shipments/${shipment.id}/tracking-links`, {});
  expect(res.statusCode, res.body).toBe(201);
  return { shipmentId: shipment.id, link: res.json() };
}

const emailLink = (client: Client, shipmentId: string, link: { id: string; token: string }, email: string, headers: Record<string, string> = {}) =>
  client.send({ method: 'POST', url: `/api/shipments/${shipmentId}/tracking-links/${link.id}/email`, payload: { token: link.token, email }, headers });

/** The document language the company's owner chooses in its settings. */
async function setDocumentLanguage(company: ShippingCompany, documentLanguage: 'en' | 'de') {
  const owner = clientOf(t, company.company.superUser.token);
  const settings = (await owner.get('/api/company-account/basic-settings')).json();
  const res = await owner.put('/api/company-account/updateBasicSettings', { ...settings, documentLanguage });
  expect(res.statusCode, res.body).toBe(200);
}

/** The id of the job the link's `TrackingLinkEmailRequested` event dispatched (the latest of the shipment's). */
async function emailJobIdOf(shipmentId: string): Promise<string> {
  const { rows } = await sql<{ global_position: string }>`
    select global_position::text from events
    where stream_id = ${`shipment-tracking-${shipmentId}`} and type = 'TrackingLinkEmailRequested'
    order by global_position desc limit 1`.execute(t.app.db);
  expect(rows).toHaveLength(1);
  return dispatchJobId(shipmentsDispatchRoutes[0], { globalPosition: Number(rows[0].global_position) });
}

/** The job's ledger row, once the runner marked it completed. */
async function completedLedgerRow(jobId: string) {
  for (let waited = 0; waited < 15_000; waited += 25) {
    const row = await t.app.db.selectFrom('dispatched_jobs').select(['data', 'completed_at']).where('job_id', '=', jobId).executeTakeFirst();
    if (row?.completed_at) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Job ${jobId} did not complete`);
}

describe('emailing a tracking link to the end customer', () => {
  it('mails the link in the company document language, naming the company; nothing of the token is kept once sent', async () => {
    await setDocumentLanguage(home, 'de');
    const { shipmentId, link } = await makeLink(home);
    const res = await emailLink(home.admin, shipmentId, link, '  Einkauf@Fahrradhaus-Berg.example  ', { 'idempotency-key': `tracking-mail-${link.id}` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ linkId: link.id, email: 'einkauf@fahrradhaus-berg.example' });
    expect(res.body).not.toContain(link.token);

    const mail = await mailbox.waitFor(mailTo('einkauf@fahrradhaus-berg.example'));
    expect(mail.subject).toBe('Ihre Sendung von Keller Feinmechanik');
    expect(mail.text).toContain('Keller Feinmechanik hat eine Sendung für Sie.');
    expect(mail.text).toContain(`${publicUrl}/tracking/${link.token}`);
    expect(mail.html).toContain(`${publicUrl}/tracking/${link.token}`);

    // The job is forgotten once sent: the queue no longer holds it and its ledger row keeps no data.
    const jobId = await emailJobIdOf(shipmentId);
    expect((await completedLedgerRow(jobId)).data).toEqual({});
    expect(await t.app.jobQueue.getJob('email', jobId)).toBeUndefined();
    // Nowhere at rest readable: not in the log (sealed), not in the stored idempotent answer.
    const { rows: readable } = await sql<{ n: number }>`
      select count(*)::int as n from events where data::text like ${`%${link.token}%`}`.execute(t.app.db);
    expect(readable[0].n).toBe(0);
    const { rows: answers } = await sql<{ body: string | null }>`
      select body from idempotency_keys where key = ${`tracking-mail-${link.id}`}`.execute(t.app.db);
    expect(answers).toHaveLength(1);
    expect(answers[0].body).not.toContain(link.token);

    // The same request again with its key: the stored answer, no second mail.
    const again = await emailLink(home.admin, shipmentId, link, '  Einkauf@Fahrradhaus-Berg.example  ', { 'idempotency-key': `tracking-mail-${link.id}` });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual(res.json());
    const { rows: requested } = await sql<{ n: number }>`
      select count(*)::int as n from events where stream_id = ${`shipment-tracking-${shipmentId}`} and type = 'TrackingLinkEmailRequested'`.execute(t.app.db);
    expect(requested[0].n).toBe(1);
  });

  it('is in English for a company that prints its documents in English', async () => {
    await setDocumentLanguage(home, 'en');
    const { shipmentId, link } = await makeLink(home);
    expect((await emailLink(home.admin, shipmentId, link, 'buyer@velo.example')).statusCode).toBe(202);
    const mail = await mailbox.waitFor(mailTo('buyer@velo.example'));
    expect(mail.subject).toBe('Your shipment from Keller Feinmechanik');
    expect(mail.text).toContain(`${publicUrl}/tracking/${link.token}`);
  });

  it('refuses a bad address (400), an operator (403), another company (404) and a wrong or withdrawn link (404), storing nothing', async () => {
    const { shipmentId, link } = await makeLink(home);
    const before = await sql<{ n: number }>`select count(*)::int as n from events where type = 'TrackingLinkEmailRequested'`.execute(t.app.db);

    const bad = await emailLink(home.admin, shipmentId, link, 'not-an-address');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'email', message: 'validation.email' }] });

    const operator = await emailLink(home.operator, shipmentId, link, 'buyer@velo.example');
    expect(operator.statusCode, operator.body).toBe(403);

    const other = await emailLink(rival.admin, shipmentId, link, 'buyer@velo.example');
    expect(other.statusCode, other.body).toBe(404);
    expect(errorOf(other.body).code).toBe('SHIPPING_ORDER_NOT_FOUND');

    const wrongToken = await emailLink(home.admin, shipmentId, { id: link.id, token: 'A'.repeat(43) }, 'buyer@velo.example');
    expect(wrongToken.statusCode, wrongToken.body).toBe(404);
    expect(errorOf(wrongToken.body).code).toBe('TRACKING_LINK_NOT_FOUND');

    expect((await home.admin.delete(`/api/shipments/${shipmentId}/tracking-links/${link.id}`)).statusCode).toBe(200);
    const withdrawn = await emailLink(home.admin, shipmentId, link, 'buyer@velo.example');
    expect(withdrawn.statusCode, withdrawn.body).toBe(404);
    expect(errorOf(withdrawn.body).code).toBe('TRACKING_LINK_NOT_FOUND');

    const after = await sql<{ n: number }>`select count(*)::int as n from events where type = 'TrackingLinkEmailRequested'`.execute(t.app.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it(`sends at most ${trackingEmailLimits.perCompanyPerDay} in 24 hours per company, then 429; another company is not held up`, async () => {
    const busy = await shippingCompany(t, 'Viel Versand');
    const { shipmentId, link } = await makeLink(busy);
    for (let sent = 0; sent < trackingEmailLimits.perCompanyPerDay; sent += 1) {
      const res = await emailLink(busy.admin, shipmentId, link, `kunde-${sent}@busy.example`);
      expect(res.statusCode, res.body).toBe(202);
    }
    const refused = await emailLink(busy.admin, shipmentId, link, 'one-more@busy.example');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorOf(refused.body).code).toBe('TRACKING_EMAIL_LIMIT_REACHED');

    const { shipmentId: rivalShipment, link: rivalLink } = await makeLink(rival);
    expect((await emailLink(rival.admin, rivalShipment, rivalLink, 'kunde@rival.example')).statusCode).toBe(202);

    // A day later the window has moved on.
    clock.set(new Date(clock.now().getTime() + DAY_MS + 1000));
    expect((await emailLink(busy.admin, shipmentId, link, 'next-day@busy.example')).statusCode).toBe(202);
  });
});
