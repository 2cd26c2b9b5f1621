import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestionsDispatchRoutes } from '../../../src/server/modules/suggestions/suggestions.jobs.js';
import { dispatchJobId } from '../../../src/server/platform/dispatcher.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Client, type Mailbox, type TestCompany } from '../../support/identity.js';
import { createStation } from '../stations/stations-support.js';

const publicUrl = 'https://console.example.com';

let t: TestApp;
let mailbox: Mailbox;
let company: TestCompany;
let other: TestCompany;
let owner: Client;
let admin: Client;
let operator: Client;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: publicUrl });
  company = await companyWithTeam(t, { companyName: 'Vogel Stahlbau' });
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
  admin = clientOf(t, company.admin.token);
  operator = clientOf(t, company.operator.token);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

/** Names the suggestion recipient in the company's settings, as the super user saves them. */
async function setRecipient(client: Client, userId: string | null) {
  const settings = (await client.get('/api/company-account/basic-settings')).json();
  const res = await client.put('/api/company-account/updateBasicSettings', { ...settings, suggestionRecipientId: userId });
  expect(res.statusCode, res.body).toBe(200);
}

/** The job the suggestion's `SuggestionSubmitted` event dispatched, once it has run. */
async function notifyJobOf(suggestionId: string) {
  const { rows } = await sql<{ global_position: string }>`
    select global_position::text from events where stream_id = ${`suggestion-${suggestionId}`} and type = 'SuggestionSubmitted'`.execute(t.app.db);
  expect(rows).toHaveLength(1);
  const jobId = dispatchJobId(suggestionsDispatchRoutes[0], { globalPosition: Number(rows[0].global_position) });
  for (let waited = 0; waited < 15_000; waited += 25) {
    const job = await t.app.jobQueue.getJob('email', jobId);
    if (job?.state === 'completed' || job?.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Job ${jobId} did not finish`);
}

describe('improvement suggestions', () => {
  it('are submitted by an operator at a station and emailed to the recipient in their language', async () => {
    const station = await createStation(admin, `SAW${Date.now().toString().slice(-6)}`);
    const adminEmail = (await admin.get('/api/auth/me')).json().email as string;
    await sql`update users set locale = 'de' where id = ${company.admin.id}`.execute(t.app.db);
    await setRecipient(owner, company.admin.id);

    const res = await operator.post('/api/suggestions', { text: '  Regale beschriften  ', stationId: station.id });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      text: 'Regale beschriften',
      status: 'SUBMITTED',
      version: 1,
      submittedBy: { userId: company.operator.id, name: 'Olga Berg' },
      station: { stationId: station.id, name: station.name },
      statusChangedAt: null,
    });

    const mail = await mailbox.waitFor(mailTo(adminEmail, /Verbesserungsvorschlag/));
    expect(mail.subject).toBe('Neuer Verbesserungsvorschlag');
    expect(mail.text).toContain('Hallo Ali,');
    expect(mail.text).toContain(`Olga Berg hat eine Verbesserung vorgeschlagen (Station ${station.name})`);
    expect(mail.text).toContain('Regale beschriften');
    expect(mail.text).toContain(`${publicUrl}/suggestions`);
    expect((await notifyJobOf(created.id))?.state).toBe('completed');
  });

  it('in English for an English recipient, from the console (no station)', async () => {
    const ownerEmail = (await owner.get('/api/auth/me')).json().email as string;
    await setRecipient(owner, company.superUser.id);
    const res = await admin.post('/api/suggestions', { text: 'Move the drill next to the saw' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().station).toBeNull();
    const mail = await mailbox.waitFor(mailTo(ownerEmail, /New improvement suggestion/));
    expect(mail.text).toContain('Hello Sabine,');
    expect(mail.text).toContain('Ali Demir suggested an improvement:');
    expect(mail.html).toContain('Move the drill next to the saw');
  });

  it('are listed anyway when no recipient is set, and nothing is sent', async () => {
    await setRecipient(owner, null);
    const before = mailbox.messages.length;
    const res = await operator.post('/api/suggestions', { text: 'No recipient yet' });
    expect(res.statusCode).toBe(201);
    expect((await notifyJobOf(res.json().id))?.state).toBe('completed');
    expect(mailbox.messages.length).toBe(before);
    const list = (await admin.get('/api/suggestions?limit=100')).json();
    expect(list.data.map((row: { text: string }) => row.text)).toContain('No recipient yet');
  });

  it('go to no invitee who has not accepted yet: refused as recipient (400 on the field, nothing saved), and sent nothing if named before', async () => {
    const invitee = `noch-nicht-${Date.now()}@example.com`;
    const invited = await owner.post('/api/users/create-admin-user', { firstName: 'Ines', lastName: 'Eingeladen', email: invitee });
    expect(invited.statusCode, invited.body).toBe(201);
    const settings = (await owner.get('/api/company-account/basic-settings')).json();
    const refused = await owner.put('/api/company-account/updateBasicSettings', { ...settings, suggestionRecipientId: invited.json().id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'suggestionRecipientId', message: 'validation.suggestionRecipientNotAccepted' }],
    });
    expect((await owner.get('/api/company-account/basic-settings')).json()).toMatchObject({ version: settings.version, suggestionRecipientId: null });

    // Named before this rule (as stored): the suggestion's text does not go to the outside address.
    await sql`update companies set basic_settings = basic_settings || ${JSON.stringify({ suggestionRecipientId: invited.json().id })}::jsonb
      where id = ${company.companyId}`.execute(t.app.db);
    try {
      const res = await admin.post('/api/suggestions', { text: 'Kaufen Sie jetzt' });
      expect(res.statusCode, res.body).toBe(201);
      expect((await notifyJobOf(res.json().id))?.state).toBe('completed');
      expect(mailbox.messages.filter(mailTo(invitee)).map((mail) => mail.subject)).not.toContainEqual(expect.stringMatching(/suggestion/i));
    } finally {
      await setRecipient(owner, null);
    }
  });

  it('refuse bad input with field messages and store nothing', async () => {
    const before = (await admin.get('/api/suggestions')).json().total;
    const empty = await operator.post('/api/suggestions', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([expect.objectContaining({ path: 'text', message: 'validation.required' })]);
    const long = await operator.post('/api/suggestions', { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0]).toMatchObject({ path: 'text', message: 'validation.maxLength', params: { max: 2000 } });
    const foreignStation = await createStation(clientOf(t, other.admin.token), `FOREIGN${Date.now().toString().slice(-6)}`);
    const wrongStation = await operator.post('/api/suggestions', { text: 'At their station', stationId: foreignStation.id });
    expect(wrongStation.statusCode).toBe(400);
    expect(wrongStation.json().error.details).toEqual([{ path: 'stationId', message: 'validation.invalidId' }]);
    expect((await operator.post('/api/suggestions', { text: 'ok', stationId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await admin.get('/api/suggestions')).json().total).toBe(before);
  });

  it('are marked by writers along the allowed transitions, versioned, and filtered by status', async () => {
    const created = (await operator.post('/api/suggestions', { text: 'Paint the floor markings' })).json();
    const accepted = await admin.post(`/api/suggestions/${created.id}/status`, { status: 'ACCEPTED', version: created.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'ACCEPTED', version: 2 });
    expect(accepted.json().statusChangedAt).not.toBeNull();

    const stale = await owner.post(`/api/suggestions/${created.id}/status`, { status: 'REJECTED', version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT_ERROR');

    const implemented = await owner.post(`/api/suggestions/${created.id}/status`, { status: 'IMPLEMENTED', version: 2 });
    expect(implemented.json()).toMatchObject({ status: 'IMPLEMENTED', version: 3 });
    const final = await owner.post(`/api/suggestions/${created.id}/status`, { status: 'REJECTED', version: 3 });
    expect(final.statusCode).toBe(409);
    expect(final.json().error.code).toBe('SUGGESTION_TRANSITION_NOT_ALLOWED');

    const done = (await admin.get('/api/suggestions?status=IMPLEMENTED')).json();
    expect(done.data.map((row: { id: string }) => row.id)).toEqual([created.id]);
    expect(done.total).toBe(1);
    const open = (await admin.get('/api/suggestions?status=SUBMITTED&limit=1&page=1')).json();
    expect(open.limit).toBe(1);
    expect(open.data.every((row: { status: string }) => row.status === 'SUBMITTED')).toBe(true);
    expect((await admin.get('/api/suggestions?status=DONE')).statusCode).toBe(400);
    expect((await admin.post(`/api/suggestions/${created.id}/status`, { status: 'FINISHED', version: 3 })).statusCode).toBe(400);
    expect((await admin.post(`/api/suggestions/${created.id}/status`, { status: 'ACCEPTED' })).statusCode).toBe(400);
  });

  it('are listed and marked by writers only: an operator gets 403', async () => {
    const created = (await operator.post('/api/suggestions', { text: 'More light at the bench' })).json();
    expect((await operator.get('/api/suggestions')).statusCode).toBe(403);
    expect((await operator.post(`/api/suggestions/${created.id}/status`, { status: 'ACCEPTED', version: 1 })).statusCode).toBe(403);
    expect((await clientOf(t).post('/api/suggestions', { text: 'anonymous' })).statusCode).toBe(401);
  });

  it("keep each company's own: another company sees none and marking one answers 404", async () => {
    const created = (await operator.post('/api/suggestions', { text: 'Ours only' })).json();
    const foreign = clientOf(t, other.superUser.token);
    const theirs = (await foreign.get('/api/suggestions?limit=100')).json();
    expect(theirs.data.map((row: { id: string }) => row.id)).not.toContain(created.id);
    const marked = await foreign.post(`/api/suggestions/${created.id}/status`, { status: 'ACCEPTED', version: 1 });
    expect(marked.statusCode).toBe(404);
    expect(marked.json().error.code).toBe('SUGGESTION_NOT_FOUND');
    expect((await foreign.post(`/api/suggestions/${randomUUID()}/status`, { status: 'ACCEPTED', version: 1 })).statusCode).toBe(404);
    const ours = (await admin.get('/api/suggestions?limit=100')).json();
    expect(ours.data.find((row: { id: string }) => row.id === created.id)?.status).toBe('SUBMITTED');
  });
});
