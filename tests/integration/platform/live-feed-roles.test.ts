import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../src/server/platform/db.js';
import { cursorOf, decodeCursor, encodeCursor, readAll, type StoredEvent } from '../../../src/server/platform/event-store.js';
import { compareCursors } from '../../../src/server/platform/live-protocol.js';
import { modules } from '../../../src/server/modules.js';
import { gatherLiveRules } from '../../../src/server/platform/live-visibility.js';
import { seedDemoProduction } from '../../../src/server/seed-orders.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, startMailbox, type Client, type Mailbox, type TestCompany } from '../../support/identity.js';
import { runningClock } from '../../../src/server/platform/clock.js';
import { forgottenClockOut, refusedAddress, restOfTheDay, signedUpCompany } from './live-feed-roles-scenario.js';
import { openClient, type EventMessage, type LiveClient } from './live-feed-support.js';

// The rules of every module, as the app gives them to the live feed.
const liveRules = gatherLiveRules(modules);

// Issue 26, item 1: every subscriber of the live feed gets exactly what the REST reads answer its
// role. A matrix over roles and the event types a company's work produces: for each event of the
// log, the feed of each role is compared with the REST read that answers the same facts to that role.

let t: TestApp;
/** The platform's clock: the system time, set past a working day's end once (`forgottenClockOut`). */
const clock = runningClock();
let mailbox: Mailbox;
let company: TestCompany;
/** Another company, whose owner must receive nothing of the matrix's company. */
let other: TestCompany;
let owner: Client;
/** The product operator switched into the company (a token for it, role MASTER). */
let masterInCompany: { id: string; token: string };
const secrets = {
  dateOfBirth: '1984-02-28',
  emergencyPhone: '+49 170 5550199',
  iban: 'DE89 3704 0044 0532 0130 00',
  taxNumber: '143/123/45678',
  invitedEmail: `gast-${Date.now()}@example.com`,
};

beforeAll(async () => {
  mailbox = await startMailbox({ refuses: refusedAddress });
  // Jobs that fail for good (an export that cannot be written) do so after short retries.
  t = await createTestApp({ SMTP_URL: mailbox.url }, { retry: { attempts: 5, backoffMs: 100 }, clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const master = await signedInMaster(t);
  company = await signedUpCompany(t, mailbox, clientOf(t, master.token));
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
  const switched = await clientOf(t, master.token).post(`/api/auth/regenerate-jwt/${company.companyId}`, {});
  expect(switched.statusCode, switched.body).toBe(200);
  masterInCompany = { id: master.id, token: switched.json().access_token as string };
  // The shop floor's day (stations, materials, orders through the line with splits, scrap,
  // measurements, dispatch and check-in), made through the API as the demo seed makes it.
  const loginOf = (member: { login: string; password: string }) => ({ login: member.login, password: member.password });
  await seedDemoProduction(t.app, {
    owner: loginOf(company.superUser),
    admin: loginOf(company.admin),
    operators: [loginOf(company.operator), loginOf(company.operator)],
  });
  await restOfTheDay(t, company);
  await forgottenClockOut(t, owner, clock);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
  const res = await answer;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body || 'null') as Record<string, unknown>;
};

/** The work that produces the sensitive facts: profiles, absences, an invitation, rights, a suggestion, bank and tax data. */
async function work(round: number) {
  const admin = clientOf(t, company.admin.token);
  const reasonId = (await ok(owner.post('/api/team/master-data/absenceReasons', { name: `Urlaub ${round}` }))).entryId;
  for (const member of [company.admin, company.operator]) {
    const version = ((await ok(owner.get(`/api/team/employees/${member.id}`))).version as number) ?? 0;
    await ok(
      owner.put(`/api/team/employees/${member.id}/profile`, {
        firstName: 'Vera',
        lastName: `Runde ${round}`,
        gender: 'FEMALE',
        dateOfBirth: secrets.dateOfBirth,
        emergencyContact: { name: 'Ivan', phone: secrets.emergencyPhone },
        version,
      }),
    );
    await ok(owner.post(`/api/team/employees/${member.id}/absences`, { from: `2027-0${round}-10`, to: `2027-0${round}-11`, reasonId }));
  }
  await ok(owner.post('/api/users/create-admin-user', { firstName: 'Ina', lastName: `Gast ${round}`, email: `${round}-${secrets.invitedEmail}` }));
  const apiKey = await ok(owner.post('/api/api-keys', { name: `ERP ${round}`, scopes: [{ area: 'orders', access: 'read' }] }));
  await ok(owner.post(`/api/api-keys/${(apiKey.key as { id: string }).id}/revoke`, {}));
  // Machine settings (docs/integration.md, Machine counts over MQTT): the owner's only.
  const [station] = (await ok(owner.get('/api/stations'))).data as { id: string }[];
  await ok(owner.put('/api/machines/broker', { url: 'mqtt://127.0.0.1:1883', username: `linie-${round}`, password: 'Geheim-1' }));
  await ok(owner.put(`/api/machines/links/${station.id}`, { topic: `werk-${round}/saege`, format: 'counter' }));
  await ok(owner.delete(`/api/machines/links/${station.id}`));
  await ok(owner.delete('/api/machines/broker'));
  // A webhook endpoint through its whole life (to a closed loopback port: its deliveries fail and wait).
  const webhook = await ok(owner.post('/api/webhooks', { url: `http://127.0.0.1:9/hook-${round}`, eventTypes: ['shipment.sent'] }));
  const webhookPath = `/api/webhooks/${(webhook.endpoint as { id: string }).id}`;
  await ok(owner.put(`${webhookPath}/event-types`, { eventTypes: ['shipment.sent', 'document.ready'] }));
  await ok(owner.post(`${webhookPath}/test`, {}));
  await ok(owner.post(`${webhookPath}/replay`, { position: 1 }));
  await ok(owner.post(`${webhookPath}/pause`, {}));
  await ok(owner.post(`${webhookPath}/resume`, {}));
  await ok(owner.send({ method: 'DELETE', url: webhookPath }));
  const suggestion = await ok(admin.post('/api/suggestions', { text: `Regale beschriften ${round}` }));
  await ok(owner.post(`/api/suggestions/${String(suggestion.id)}/status`, { status: 'ACCEPTED', version: suggestion.version }));
  const settings = await ok(owner.get('/api/company-account/basic-settings'));
  await ok(
    owner.put('/api/company-account/updateBasicSettings', {
      ...settings,
      bankDetails: { accountHolder: 'Werkstatt GmbH', bank: 'Stadtsparkasse', iban: secrets.iban, bic: 'COBADEFFXXX' },
      taxNumber: secrets.taxNumber,
      // What every role reads of the settings stays as it is, so the feed's old events compare with today's display.
      vat: String(round),
    }),
  );
}

/** The company's whole log, as the database holds it: the reference. */
const logOfCompany = () => withTenant(t.app.db, company.companyId, (tx) => readAll(tx, { companyId: company.companyId, limit: 10_000 }));

/**
 * The REST read that answers an event's facts, and the one that answers the part every role may see
 * (if any). `ownOnly` names the user the read answers about when it answers each caller only their
 * own (the feed then sends it to that user alone). Lists, not one record's read, where a record can
 * be deleted: the event stays readable to whom the list answers.
 */
function restReadsOf(event: StoredEvent, removedUsers: ReadonlySet<string>): { full: string; shown?: string; ownOnly?: string } {
  const data = event.data as Record<string, string>;
  // A removed user's record reads 404 for everyone: who may read user records is then the user list
  // (every user to writers; an operator is refused it).
  const userRead = (one: string) => (removedUsers.has(data.userId) ? '/api/users' : one);
  switch (event.streamType) {
    case 'employee':
      return { full: userRead(`/api/team/employees/${data.userId}`) };
    case 'user':
    case 'user-rights':
      return { full: userRead(`/api/users/account/${data.userId}`) };
    case 'station-authorizations':
      return { full: `/api/users/${data.userId}/station-authorizations` };
    case 'suggestion':
      return { full: '/api/suggestions' };
    case 'company':
      // The logo's type and size: the logo itself, which every user of the company loads.
      if (event.type === 'CompanyLogoReplaced') return { full: '/api/company-account/logo' };
      return { full: '/api/company-account/basic-settings', shown: '/api/company-account/display' };
    case 'import':
      return { full: `/api/imports/runs/${data.importId}` };
    case 'company-export':
      return { full: `/api/company-account/exports/${data.exportId}` };
    case 'master-data':
      return { full: `/api/team/master-data/${data.list}` };
    case 'station':
      // Who signed in at a station: the station sessions (writers; an operator their own user record).
      return event.type === 'OperatorSignedIn' ? { full: userRead(`/api/users/account/${data.userId}`) } : { full: '/api/stations' };
    case 'station-sequence':
      return { full: '/api/stations/sequence' };
    case 'station-interruptions':
      return { full: '/api/interruptions' };
    case 'key-figure-settings':
      return { full: '/api/key-figures/settings' };
    case 'material':
      return { full: '/api/materials' };
    case 'order':
      return { full: `/api/orders/${event.streamId.replace(/^order-/, '')}` };
    case 'order-advertisement':
      return { full: '/api/orders/advertisement' };
    case 'shipment':
      return { full: `/api/shipments/${event.streamId.replace(/^shipment-/, '')}` };
    case 'carrier':
      return { full: '/api/carriers' };
    case 'shipment-tracking':
      return { full: `/api/shipments/${data.shipmentId}/tracking-links` };
    case 'document':
      return { full: `/api/documents/${data.documentId}` };
    case 'client':
      return { full: '/api/clients' };
    case 'labour':
      // Who is on which order at a station: every user of the company reads it (the station's labour panel).
      if (event.type.startsWith('OrderWork')) return { full: `/api/labour/stations/${data.stationId}` };
      // A person's labour time: supervisors read everyone's week, an operator their own (else 403).
      return { full: `/api/labour/times?userId=${data.userId}` };
    case 'api-key':
      return { full: '/api/api-keys' };
    case 'ncr':
      // The quality loop's reports: every user of the company reads them (docs/quality-and-lots.md).
      return { full: `/api/ncrs/${event.streamId.replace(/^ncr-/, '')}` };
    case 'lot':
      // Lots: every user of the company reads them (the station picks the lot it consumes).
      return { full: `/api/lots/${event.streamId.replace(/^lot-/, '')}` };
    case 'costing':
      // Rates and prices: behind the `costs` right (the owner; an admin only when granted, which the test's admin is not).
      return { full: '/api/costs/rates' };
    case 'machines':
      return { full: '/api/machines' };
    case 'webhook-endpoint':
      return { full: '/api/webhooks' };
    case 'first-steps':
      return { full: '/api/home/first-steps', ownOnly: data.userId };
    case 'plan-queue':
      // A supervisor's queue order: the capacity plan follows it (every user of the company reads it).
      return { full: '/api/plan' };
    default:
      throw new Error(`no REST read known for ${event.type} on ${event.streamType}: add one to the matrix`);
  }
}

/**
 * Event types that cannot occur in one company's log, so the matrix cannot meet them: platform
 * facts (rule `nobody`), appended to the platform's stream or with no company.
 */
const notInOneCompanysFeed = new Set([
  // a master user belongs to no company (companyId null)
  'MasterUserCreated',
  // appended by the platform (appendPlatformEvent) about a company, never in its own log
  'CustomerAccountDeleted',
  'DemoDataSeeded',
  // no longer appended (station rights are facts of the user-rights matrix); old logs still hold it
  'StationAuthorizationsSet',
]);

/**
 * Event types no route of a signed-up company produces, compared in the other company's log (made by
 * `companyWithTeam`) at the end of the test: a user created with a password at once (provisioning).
 */
const onlyInTheOtherCompany = new Set(['UserCreated']);

/** Facts REST answers to nobody: sealed codes and link tokens. */
const neverAnswered = new Set(['sealedCode', 'sealedToken']);
/**
 * Facts of one event type that the feed does not send: no REST read answers them anyone (a tracking
 * link's list shows when it was made and whether it works, never where it was emailed: GET
 * /api/shipments/{id}/tracking-links; the users screen shows that an invitation was not sent, never
 * the mail server's answer), or the event does not repeat what the user's record answers (that a
 * reset was asked for, or someone signed up with the address, says only whose account it is).
 */
const neverAnsweredOf: Record<string, readonly string[]> = {
  TrackingLinkEmailRequested: ['email', 'locale', 'companyName'],
  InvitationNotSent: ['reason'],
  PasswordResetRequested: ['email', 'firstName', 'locale'],
  SignUpWithExistingAddressAttempted: ['email', 'firstName', 'locale'],
};
const withoutSealed = (type: string, data: unknown) =>
  Object.fromEntries(Object.entries(data as Record<string, unknown>).filter(([key]) => !neverAnswered.has(key) && !neverAnsweredOf[type]?.includes(key)));

/** Every text and number in a payload. */
const leavesOf = (value: unknown): string[] =>
  value !== null && typeof value === 'object' ? Object.values(value).flatMap(leavesOf) : value === null || value === undefined ? [] : [String(value)];

describe('the live feed answers each role what REST answers it', () => {
  it('on replay from the start and live, for every event type of the work, per role', async () => {
    await work(1);
    const viewers = { MASTER: masterInCompany, SUPER_USER: company.superUser, ADMIN: company.admin, OPERATOR: company.operator };
    const sockets: Record<string, LiveClient> = {};
    let liveAfter = '0.0';
    for (const [role, member] of Object.entries(viewers)) {
      sockets[role] = await openClient(t.app, { token: member.token });
      liveAfter = await sockets[role].subscribe(['company'], '0.0');
    }
    // Another company on the same server, from the start: its owner is the stranger to the matrix's company.
    const othersSockets: Record<string, LiveClient> = {};
    for (const [role, member] of Object.entries({ SUPER_USER: other.superUser, ADMIN: other.admin, OPERATOR: other.operator })) {
      othersSockets[role] = await openClient(t.app, { token: member.token });
      await othersSockets[role].subscribe(['company'], '0.0');
    }
    const stranger = othersSockets.SUPER_USER;
    await work(2);
    const marker = await ok(owner.post('/api/team/master-data/jobTitles', { name: 'Ende' }));

    // The log is read below the horizon, which other transactions of the cluster may hold back a moment.
    const isMarker = (event: StoredEvent) => (event.data as { entryId?: string }).entryId === marker.entryId;
    let log: StoredEvent[] = [];
    await expect.poll(async () => (log = await logOfCompany()).some(isMarker)).toBe(true);
    const replayedAndLive = { replay: 0, live: 0 };
    const markerCursor = encodeCursor(cursorOf(log.find(isMarker)!));
    for (const socket of Object.values(sockets)) {
      await socket.waitFor('the marker', () => socket.events().some((m) => m.cursor === markerCursor));
    }
    // The other company's own marker, after the matrix company's: the stranger has had its chance to receive any of it.
    const strangerMarker = await ok(clientOf(t, other.superUser.token).post('/api/team/master-data/jobTitles', { name: 'Fremd' }));
    for (const socket of Object.values(othersSockets)) {
      await socket.waitFor('its own marker', () => socket.events().some((m) => (m.event.data as { entryId?: string }).entryId === strangerMarker.entryId));
    }

    const types = new Set<string>(log.map((event) => event.type));
    const missing = Object.keys(liveRules).filter((type) => !types.has(type) && !notInOneCompanysFeed.has(type) && !onlyInTheOtherCompany.has(type));
    expect(missing, 'event types the scenario never produced: extend work()').toEqual([]);
    const removedUsers = new Set(log.filter((event) => event.type === 'UserRemoved').map((event) => (event.data as { userId: string }).userId));
    for (const [role, member] of Object.entries(viewers)) {
      const client = clientOf(t, member.token);
      // One answer per read and role: the status is what the comparison needs (lists repeat for many events).
      const answers = new Map<string, Promise<{ statusCode: number; body: string }>>();
      const read = (url: string) => answers.get(url) ?? answers.set(url, client.get(url)).get(url)!;
      const received = new Map<string, EventMessage>(sockets[role].events().map((m) => [m.cursor, m]));
      for (const event of log) {
        types.add(event.type);
        const cursor = encodeCursor(cursorOf(event));
        const fed = received.get(cursor);
        const reads = restReadsOf(event, removedUsers);
        const full = await read(reads.full);
        const label = `${role} ${event.type} (${reads.full}: ${full.statusCode})`;
        if (reads.ownOnly !== undefined && reads.ownOnly !== member.id) {
          // The read answers this viewer only their own: another user's fact is not sent.
          expect(fed, `${label}: another user's own fact`).toBeUndefined();
        } else if (full.statusCode === 200) {
          expect(fed?.event.data, label).toEqual(withoutSealed(event.type, event.data));
        } else if (fed) {
          // Only what the read of the shown part answers this role.
          expect(reads.shown, `${label}: sent though REST refuses it`).toBeDefined();
          const shown = await read(reads.shown!);
          expect(shown.statusCode, label).toBe(200);
          for (const leaf of leavesOf(fed.event.data)) {
            if (leaf !== company.companyId) expect(shown.body, `${label}: ${leaf}`).toContain(leaf);
          }
        } else {
          expect([403, 404], label).toContain(full.statusCode);
        }
        if (fed) replayedAndLive[compareCursors(cursorOf(event), decodeCursor(liveAfter)!) <= 0 ? 'replay' : 'live']++;
      }
    }
    expect(replayedAndLive.replay).toBeGreaterThan(0);
    expect(replayedAndLive.live).toBeGreaterThan(0);
    for (const type of ['EmployeeProfileChanged', 'AbsenceBooked', 'AdminUserInvited', 'ChangeRightsGranted', 'SuggestionSubmitted', 'BasicSettingsUpdated']) {
      expect(types, type).toContain(type);
      expect(liveRules).toHaveProperty(type);
    }

    // What the issue names, plainly: no colleague's date of birth, emergency contact, absences,
    // emails, rights or suggestions reach an operator; the bank and tax data reach neither.
    const transcript = (role: string) => JSON.stringify(sockets[role].events());
    for (const role of ['ADMIN', 'OPERATOR']) {
      expect(transcript(role)).not.toContain(secrets.iban);
      expect(transcript(role)).not.toContain(secrets.taxNumber);
    }
    const operatorTypes = sockets.OPERATOR.events().map((m) => m.event);
    const aboutColleagues = operatorTypes.filter((e) => ['employee', 'user', 'user-rights', 'suggestion'].includes(e.streamType));
    expect(aboutColleagues.every((e) => (e.data as { userId?: string }).userId === company.operator.id)).toBe(true);
    expect(transcript('OPERATOR')).not.toContain(secrets.invitedEmail);
    expect(transcript('OPERATOR')).not.toContain(company.admin.login);
    expect(operatorTypes.filter((e) => e.type === 'EmployeeProfileChanged')).toHaveLength(2);
    // Another company's owner receives nothing of it, of any event type (the live and the replayed alike).
    const cursorsOfCompany = new Set(log.map((event) => encodeCursor(cursorOf(event))));
    expect(
      stranger
        .events()
        .filter((m) => cursorsOfCompany.has(m.cursor))
        .map((m) => m.event.type),
    ).toEqual([]);
    expect(JSON.stringify(stranger.events())).not.toContain(company.companyId);
    expect(stranger.events().length).toBeGreaterThan(0);

    // A user made with a password at once (UserCreated) comes only from provisioning (the demo seed,
    // `companyWithTeam`), never in a signed-up company: compared in the other company's log.
    const othersLog = await withTenant(t.app.db, other.companyId, (tx) => readAll(tx, { companyId: other.companyId, limit: 10_000 }));
    const created = othersLog.filter((event) => onlyInTheOtherCompany.has(event.type));
    expect(created).toHaveLength(3);
    for (const [role, member] of Object.entries({ SUPER_USER: other.superUser, ADMIN: other.admin, OPERATOR: other.operator })) {
      const received = new Map(othersSockets[role].events().map((m) => [m.cursor, m]));
      for (const event of created) {
        const account = await clientOf(t, member.token).get(`/api/users/account/${(event.data as { userId: string }).userId}`);
        const fed = received.get(encodeCursor(cursorOf(event)));
        if (account.statusCode === 200) expect(fed?.event.data, `${role} ${event.type}`).toEqual(event.data);
        else {
          expect(fed, `${role} ${event.type}: sent though REST refuses it`).toBeUndefined();
          expect([403, 404], `${role} ${event.type}`).toContain(account.statusCode);
        }
      }
    }
    for (const socket of [...Object.values(sockets), ...Object.values(othersSockets)]) socket.ws.close();
  });
});
