import { mkdir, rm } from 'node:fs/promises';
import { expect } from 'vitest';
import { exportZipPath } from '../../../src/server/modules/company/company.export.js';
import { closeMissedClockOuts } from '../../../src/server/modules/labour/index.js';
import type { SettableClock } from '../../../src/server/platform/clock.js';
import type { TestApp } from '../../support/app.js';
import { waitUntil } from './live-feed-support.js';
import {
  adminChangeRightsInTests,
  clientOf,
  codeIn,
  grantChangeRights,
  linkTokenIn,
  mailTo,
  signIn,
  testLogoPng,
  testPassword,
  uploadCompanyLogo,
  type Client,
  type Mailbox,
  type TestCompany,
} from '../../support/identity.js';
import { finished, request } from '../documents/support.js';
import { PNG_BYTES } from '../materials/support.js';
import { orderBody } from '../orders/support.js';
import { multipartFile, shipmentBody } from '../shipments/support.js';
import { stationBody } from '../stations/stations-support.js';

// The rest of a company's day for the live-feed role matrix (live-feed-roles.test.ts): what the demo
// production seed does not produce, through the API, so every event type of one company's log occurs.

type Answer = { statusCode: number; body: string };
type Body = { id: string; version: number } & Record<string, unknown>;

/** The answer's body once it succeeded (any 2xx); fails the test otherwise. */
export async function ok<T = Body>(answer: Promise<Answer>): Promise<T> {
  const res = await answer;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body || 'null') as T;
}

/** Waits for a job's outcome read through the routes, as long as a loaded machine may take. */
const until = (label: string, done: () => Promise<boolean>, seen?: () => Promise<unknown>) => waitUntil(label, done, seen, 30_000);

/** The public routes from the scenario's own address (they limit calls per address). */
const anonymous = (t: TestApp, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.26.0.1' });
const passwordPair = (password: string) => ({ password, confirm: password });

/** Addresses whose mail server refuses mail (`startMailbox({ refuses })`): an invitation to one is never sent. */
export const refusedAddress = (address: string) => address.startsWith('unzustellbar-');

/**
 * The matrix's company as a customer makes it, through the public routes and the mails they send:
 * signed up and confirmed with the mailed code (UserRegistered, EmailVerificationCodeIssued,
 * EmailConfirmed), the survey answered (ReferralSourceRecorded), signed up again with the same
 * address (SignUpWithExistingAddressAttempted), the trial turned into the standard plan by the
 * product operator (CustomerAccountUpdated), an admin invited who sets a password from the link and
 * then resets it (AdminPasswordSet, PasswordResetRequested, PasswordReset), an operator who changes
 * their password (PasswordChanged), and an invitation whose mail the server refuses (InvitationNotSent).
 */
export async function signedUpCompany(t: TestApp, mailbox: Mailbox, master: Client): Promise<TestCompany> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const companyName = `Werkstatt ${tag}`;
  const emails = { superUser: `owner-${tag}@example.com`, admin: `admin-${tag}@example.com` };
  const signUp = { companyName, firstName: 'Sabine', lastName: 'Schmidt', email: emails.superUser, locale: 'en', ...passwordPair(testPassword) };
  const signedUp = await ok<{ userId: string; companyId: string; ticket: string }>(anonymous(t, '/api/auth/register', signUp));
  const { companyId } = signedUp;
  const code = codeIn(await mailbox.waitFor(mailTo(emails.superUser)));
  const verified = await ok<{ session: { access_token: string } }>(
    anonymous(t, '/api/auth/verify-email', { email: emails.superUser, code, ticket: signedUp.ticket }),
  );
  const owner = clientOf(t, verified.session.access_token);
  await ok(owner.put(`/api/company-account/update-referral-source/${companyId}`, { referralSource: 'TRADE_FAIR' }));
  await ok(anonymous(t, '/api/auth/register', { ...signUp, companyName: 'Doppelt GmbH' }));

  const edit = await ok<{ version: number }>(master.get(`/api/company-account/byId/${companyId}`));
  await ok(master.put(`/api/company-account/byId/${companyId}`, { plan: 'standard', trialEndsAt: null, version: edit.version }));

  const admin = await ok(owner.post('/api/users/create-admin-user', { firstName: 'Ali', lastName: 'Demir', email: emails.admin }));
  const invitation = linkTokenIn(await mailbox.waitFor(mailTo(emails.admin)), '/set-admin-password');
  await ok(anonymous(t, `/api/auth/create-admin-password?token=${encodeURIComponent(invitation)}`, passwordPair(testPassword)));
  await ok(anonymous(t, '/api/auth/forgot-password', { email: emails.admin }));
  const resetMail = await mailbox.waitFor((mail) => mailTo(emails.admin)(mail) && mail.text.includes('/reset-password?token='));
  const adminPassword = 'Vergessen#2027';
  await ok(anonymous(t, `/api/auth/forgot-password/reset?token=${encodeURIComponent(linkTokenIn(resetMail, '/reset-password'))}`, passwordPair(adminPassword)));
  await grantChangeRights(t, companyId, signedUp.userId, admin.id, adminChangeRightsInTests);

  const username = `op${tag}`;
  const operator = await ok(owner.post('/api/users/create-operations-user', { firstName: 'Olga', lastName: 'Berg', username, ...passwordPair(testPassword) }));
  const operatorPassword = 'Schicht#Wechsel27';
  const firstSession = clientOf(t, (await signIn(t, username, testPassword)).access_token);
  await ok(firstSession.post('/api/auth/change-password', { currentPassword: testPassword, ...passwordPair(operatorPassword) }));

  const unreachable = await ok(owner.post('/api/users/create-admin-user', { firstName: 'Udo', lastName: 'Fern', email: `unzustellbar-${tag}@example.com` }));
  await until(
    'the invitation not sent',
    async () => (await ok<{ invitationNotSent: boolean }>(owner.get(`/api/users/account/${unreachable.id}`))).invitationNotSent,
  );

  const member = async (id: string, login: string, password: string) => ({ id, login, password, token: (await signIn(t, login, password)).access_token });
  return {
    companyId,
    companyName,
    superUser: { id: signedUp.userId, login: emails.superUser, password: testPassword, token: verified.session.access_token },
    admin: await member(admin.id, emails.admin, adminPassword),
    operator: await member(operator.id, username, operatorPassword),
  };
}

/** The team's day: master data changed, records, vacations, absences cancelled, users made, switched off and removed, rights, language. */
async function teamDay(t: TestApp, company: TestCompany, owner: Client) {
  const entry = async (list: string, name: string) => (await ok<{ entryId: string }>(owner.post(`/api/team/master-data/${list}`, { name }))).entryId;
  const welder = await entry('jobTitles', 'Schweißer');
  const department = await entry('departments', 'Montage');
  await ok(owner.put(`/api/team/master-data/departments/${department}`, { name: 'Endmontage' }));
  await ok(owner.post(`/api/team/master-data/departments/${department}/retire`, {}));
  await ok(owner.post(`/api/team/master-data/departments/${department}/reinstate`, {}));
  await ok(owner.send({ method: 'DELETE', url: `/api/team/master-data/jobTitles/${await entry('jobTitles', 'Praktikant')}` }));

  const operatorId = company.operator.id;
  const versionOf = async (userId: string) => (await ok(owner.get(`/api/team/employees/${userId}`))).version;
  await ok(
    owner.put(`/api/team/employees/${operatorId}/organization`, { jobTitleId: welder, inOperationSince: '2024-01-01', version: await versionOf(operatorId) }),
  );
  await ok(owner.put(`/api/team/employees/${operatorId}/vacations/2027`, { annualLeaveDays: 30, version: await versionOf(operatorId) }));
  const reasonId = await entry('absenceReasons', 'Krank');
  const booked = await ok<{ absenceId: string }>(owner.post(`/api/team/employees/${operatorId}/absences`, { from: '2027-03-16', to: '2027-03-17', reasonId }));
  await ok(owner.send({ method: 'DELETE', url: `/api/team/employees/${operatorId}/absences/${booked.absenceId}` }));

  // An operator made, given a station in the rights matrix, switched off and on, then removed.
  const made = await ok(
    owner.post('/api/users/create-operations-user', {
      firstName: 'Olaf',
      lastName: 'Matrix',
      username: `olaf-${company.companyId.slice(0, 8)}`,
      password: testPassword,
      confirm: testPassword,
    }),
  );
  const stations = (await ok<{ data: { id: string }[] }>(owner.get('/api/stations'))).data;
  type Matrix = { version: number; users: { userId: string; changeRights: string[]; stationIds: string[] }[] };
  let matrix = await ok<Matrix>(owner.get('/api/team/user-rights'));
  const rightsOf = (change: (row: Matrix['users'][number]) => Matrix['users'][number]) =>
    ok(owner.put('/api/team/user-rights', { version: matrix.version, users: matrix.users.map(change) }));
  // The admin gets a change right, the new operator two stations ...
  await rightsOf((row) =>
    row.userId === company.admin.id
      ? { ...row, changeRights: [...row.changeRights, 'companySettings'] }
      : row.userId === made.id
        ? { ...row, stationIds: [stations[0].id, stations[1].id] }
        : row,
  );
  // ... and each loses one again.
  matrix = await ok<Matrix>(owner.get('/api/team/user-rights'));
  await rightsOf((row) =>
    row.userId === made.id
      ? { ...row, stationIds: [stations[0].id] }
      : row.userId === company.admin.id
        ? { ...row, changeRights: row.changeRights.filter((right) => right !== 'companySettings') }
        : row,
  );
  await ok(owner.put(`/api/users/${made.id}/station-authorizations`, { stationIds: [stations[0].id] }));
  await ok(owner.post(`/api/users/${made.id}/deactivate`, {}));
  await ok(owner.post(`/api/users/${made.id}/reactivate`, {}));
  await ok(owner.send({ method: 'DELETE', url: `/api/users/${made.id}` }));

  await ok(clientOf(t, company.operator.token).put('/api/users/me/language', { locale: 'de' }));
  await ok(clientOf(t, company.admin.token).post('/api/home/first-steps/dismiss', {}));
  await ok(owner.post('/api/home/first-steps/dismiss', {}));
}

/** Stations changed, maintained and deleted; an interruption reported, its expected end given, and resolved; key-figure targets saved. */
async function stationsDay(admin: Client, owner: Client, atStation: Client, stationId: string) {
  const spare = await ok(admin.post('/api/stations', stationBody('RESERVE')));
  const changed = await ok(admin.put(`/api/stations/${spare.id}`, { ...stationBody('RESERVE2'), version: spare.version }));
  const maintained = await ok(admin.post(`/api/stations/${spare.id}/maintenance`, { version: changed.version, performedAt: '2026-11-20T14:30:00.000Z' }));
  await ok(admin.send({ method: 'DELETE', url: `/api/stations/${spare.id}?version=${maintained.version}` }));

  const reasonId = (await ok<{ entryId: string }>(owner.post('/api/team/master-data/interruptionReasons', { name: 'Material fehlt' }))).entryId;
  const interruption = await ok(atStation.post('/api/interruptions', { stationId, reasonId, note: 'Schrauben leer' }));
  await ok(atStation.post(`/api/interruptions/${interruption.id}/expected-end`, { expectedEndAt: new Date(Date.now() + 3_600_000).toISOString() }));
  await ok(admin.post(`/api/interruptions/${interruption.id}/resolve`, { note: 'Nachgefüllt' }));

  const settings = await ok<{ targets: Record<string, unknown>; homeFigures: string[]; version: number }>(owner.get('/api/key-figures/settings'));
  await ok(
    owner.put('/api/key-figures/settings', { targets: { ...settings.targets, punctuality: 95 }, homeFigures: settings.homeFigures, version: settings.version }),
  );
}

/** The customer directory, a material's media, and a material deleted. */
async function recordsDay(admin: Client) {
  const velo = { name: 'Velo Süd GmbH', contactPerson: 'Jana Roth', email: 'einkauf@velo-sued.example', phone: '+49 89 123456' };
  const client = await ok(admin.post('/api/clients', velo));
  await ok(admin.put(`/api/clients/${client.id}`, { ...velo, contactPerson: 'Jan Roth', version: client.version }));
  const gone = await ok(admin.post('/api/clients', { ...velo, name: 'Velo Nord GmbH' }));
  await ok(admin.send({ method: 'DELETE', url: `/api/clients/${gone.id}` }));

  const material = await ok(
    admin.post('/api/materials', { type: 'purchasing_part', name: 'Kettenöl', materialNumber: 'K-900', vat: 19, stock: { quantity: 5, unit: 'l' } }),
  );
  // The station field first (the server reads it before the file), then the file.
  const boundary = 'matrix-media';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="stationId"\r\n\r\nall\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="oel.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const medium = await ok(
    admin.send({
      method: 'POST',
      url: `/api/materials/${material.id}/media`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }),
  );
  await ok(admin.send({ method: 'DELETE', url: `/api/materials/${material.id}/media/${medium.id}` }));
  await ok(admin.send({ method: 'DELETE', url: `/api/materials/${material.id}` }));
  await importsDay(admin);
}

/** CSV imports: one that completes, and a bill of materials that closes a cycle, refused by the job (ImportFailed). */
async function importsDay(admin: Client) {
  const file = (csv: string) => ({ fileName: 'import.csv', content: Buffer.from(csv, 'utf8').toString('base64') });
  const finished = async (started: Body) => {
    const status = async () => (await ok<{ status: string }>(admin.get(`/api/imports/runs/${started.id as string}`))).status;
    await until('the import job', async () => ['DONE', 'FAILED'].includes(await status()), status);
  };
  await finished(
    await ok(
      admin.post(
        '/api/imports/materials',
        file('Art;Name;Materialnummer;MwSt. %;Einheit\r\nFertigungsteil;Speiche;IM-1;19;Stk\r\nProdukt;Laufrad;IM-2;19;Stk\r\n'),
      ),
    ),
  );
  await finished(await ok(admin.post('/api/imports/bom', file('Materialnummer;Komponentennummer;Menge\r\nIM-1;IM-2;1\r\nIM-2;IM-1;1\r\n'))));
}

/** Shipments of ready orders: attachments, sent, delivered, one canceled, parts of an order; carriers; tracking links emailed and revoked; documents. */
async function shippingDay(admin: Client) {
  const product = await ok(
    admin.post('/api/materials', { type: 'product', name: 'Klingel', materialNumber: 'P-900', vat: 19, stock: { quantity: 99, unit: 'Stk' } }),
  );
  const ready = async (name: string, quantity = 1) => {
    const order = await ok(admin.post('/api/orders', orderBody([{ materialId: product.id, quantity, useInventory: true }], { name })));
    return ok(admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  };
  const act = (shipment: Body, action: string) => ok(admin.post(`/api/shipments/${shipment.id}/${action}`, { version: shipment.version }));

  const carrier = await ok(admin.post('/api/carriers', { name: 'Spedition Huber', trackingLinkTemplate: 'https://huber.example/t/{trackingId}' }));
  await ok(admin.put(`/api/carriers/${carrier.id}`, { name: 'Spedition Huber & Sohn', trackingLinkTemplate: 'https://huber.example/t/{trackingId}' }));
  const spare = await ok(admin.post('/api/carriers', { name: 'Kurier Blitz', trackingLinkTemplate: 'https://huber.example/t/{trackingId}' }));
  await ok(admin.post(`/api/carriers/${spare.id}/retire`, {}));
  await ok(admin.post(`/api/carriers/${spare.id}/reinstate`, {}));
  await ok(admin.send({ method: 'DELETE', url: `/api/carriers/${spare.id}` }));

  const [first, second, third] = [await ready('Radhaus Ost'), await ready('Radhaus Ost'), await ready('Radhaus Ost')];
  let shipment = await ok(admin.post('/api/shipments', shipmentBody([first.id, second.id])));
  // A changed shipment (another tracking id) releases an order and takes another.
  shipment = await ok(
    admin.put(`/api/shipments/${shipment.id}`, { ...shipmentBody([first.id, third.id], { trackingId: 'HU-4712' }), version: shipment.version }),
  );
  shipment = await ok(
    admin.send({
      method: 'POST',
      url: `/api/shipments/${shipment.id}/attachments`,
      ...multipartFile(Buffer.from('%PDF-1.4 matrix'), 'Lieferschein.pdf', 'application/pdf'),
    }),
  );
  const attachments = shipment.attachments as { id: string }[];
  shipment = await ok(
    admin.send({
      method: 'POST',
      url: `/api/shipments/${shipment.id}/attachments`,
      ...multipartFile(Buffer.from('%PDF-1.4 zwei'), 'Zweit.pdf', 'application/pdf'),
    }),
  );
  shipment = await ok(
    admin.send({ method: 'DELETE', url: `/api/shipments/${shipment.id}/attachments/${attachments[0].id}`, payload: { version: shipment.version } }),
  );
  const link = await ok<{ id: string; token: string }>(admin.post(`/api/shipments/${shipment.id}/tracking-links`, {}));
  await ok(admin.post(`/api/shipments/${shipment.id}/tracking-links/${link.id}/email`, { token: link.token, email: 'kunde@radhaus.example' }));
  await ok(admin.send({ method: 'DELETE', url: `/api/shipments/${shipment.id}/tracking-links/${link.id}` }));
  shipment = await act(shipment, 'ready-to-dispatch');
  shipment = await act(shipment, 'dispatch');
  await act(shipment, 'deliver');
  const dropped = await ok(admin.post('/api/shipments', shipmentBody([second.id])));
  // Canceled once ready for dispatch: its order is released back to Ready to ship.
  await act(await act(dropped, 'ready-to-dispatch'), 'cancel');
  // Parts of an order of three pieces: one put in and released with its canceled shipment, then two sent.
  const partly = await ready('Radhaus Süd', 3);
  const part = (quantity: number) => ok(admin.post('/api/shipments', shipmentBody([], { orderIds: undefined, orders: [{ orderId: partly.id, quantity }] })));
  await act(await part(1), 'cancel');
  await act(await act(await part(2), 'ready-to-dispatch'), 'dispatch');

  const document = await request(admin, { type: 'delivery-bill', subjectId: shipment.id });
  return document.id;
}

/**
 * Orders changed, moved to a station, and a customer order's production order split.
 */
async function ordersDay(admin: Client, atStation: Client, stationId: string, nextStationId: string) {
  const part = await ok(
    admin.post('/api/materials', { type: 'product', name: 'Sattel', materialNumber: 'P-901', vat: 19, stock: { quantity: 0, unit: 'Stk' } }),
  );
  let order = await ok(admin.post('/api/orders', orderBody([{ materialId: part.id, quantity: 3 }], { name: 'Sattlerei Ost' })));
  order = await ok(
    admin.put(`/api/orders/${order.id}`, { ...orderBody([{ materialId: part.id, quantity: 4 }], { name: 'Sattlerei Ost' }), version: order.version }),
  );
  const started = await ok(admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  let production = await ok(admin.get(`/api/orders/${(started.productionOrders as { id: string }[])[0].id}`));
  const act = async (client: Client, action: string, body: object = {}) =>
    (production = await ok(client.post(`/api/orders/${production.id}/${action}`, { version: production.version, ...body })));
  // 1 of 4 good goes on as its own order (a production order added to the customer order); the rest is moved on.
  // The operator is clocked in (restOfTheDay): starting the work clocks them onto the order, completing it off.
  await act(atStation, 'start-work', { stationId });
  await ok(atStation.post(`/api/labour/orders/${production.id}/pause`, { stationId, reason: 'material' }));
  await ok(atStation.post(`/api/labour/orders/${production.id}/resume`, { stationId }));
  // A colleague (the admin, clocked in at the console) works on it too: every user reads who is on it at the station.
  await ok(admin.post('/api/labour/clock-in', {}));
  await ok(admin.post(`/api/labour/orders/${production.id}/join`, { stationId }));
  await ok(admin.post(`/api/labour/orders/${production.id}/pause`, { stationId, reason: 'instruction' }));
  await ok(admin.post(`/api/labour/orders/${production.id}/resume`, { stationId }));
  // A second order in work at once: the operator runs both and states how that time splits (WorkSplitStated).
  const second = await ok(admin.post('/api/orders', orderBody([{ materialId: part.id, quantity: 1 }], { name: 'Sattlerei West' })));
  const secondStarted = await ok(admin.post(`/api/orders/${second.id}/start-production`, { version: second.version }));
  let secondProduction = await ok(admin.get(`/api/orders/${(secondStarted.productionOrders as { id: string }[])[0].id}`));
  secondProduction = await ok(atStation.post(`/api/orders/${secondProduction.id}/start-work`, { version: secondProduction.version, stationId }));
  const me = await ok<{ userId: string; workPeriod: { startedAt: string } }>(atStation.get('/api/labour/me'));
  const shares = [
    { orderId: production.id, stationId, amount: 60 },
    { orderId: secondProduction.id, stationId, amount: 40 },
  ];
  await ok(atStation.post(`/api/labour/users/${me.userId}/work-splits`, { periodStartedAt: me.workPeriod.startedAt, unit: 'percent', shares }));
  await act(atStation, 'complete-work', { stationId, good: 1 });
  await ok(admin.post('/api/labour/clock-out', {}));
  await act(admin, 'move-to-station', { toStationId: nextStationId });

  // The station's actions after a completion (all pieces good): a status the order has then
  // (StatusActionApplied), one the order machine refuses (StatusActionRefused), and the delivery bill
  // of an order in no shipment (DocumentRefused).
  const station = await ok<Body & { name: string; parameters: unknown; incomingGoodsCheckIn: boolean; valueChecks: unknown; wipLimit: unknown }>(
    admin.get(`/api/stations/${stationId}`),
  );
  const { name, parameters, incomingGoodsCheckIn, valueChecks, wipLimit } = station;
  const actions = [
    { action: 'set-order-status', element: 'in-progress' },
    { action: 'set-order-status', element: 'canceled' },
    { action: 'generate-document', element: 'delivery-bill' },
  ];
  await ok(admin.put(`/api/stations/${stationId}`, { name, parameters, incomingGoodsCheckIn, valueChecks, wipLimit, actions, version: station.version }));
  production = secondProduction;
  await act(atStation, 'complete-work', { stationId });
  // The actions' jobs append to the order and to a document of their own: done before the matrix reads the log.
  type History = { data: { type: string }[] };
  const historyTypes = async () => (await ok<History>(admin.get(`/api/orders/${production.id}/history`))).data.map((entry) => entry.type);
  await until(
    'the status actions',
    async () => {
      const types = await historyTypes();
      return ['StatusActionApplied', 'StatusActionRefused'].every((type) => types.includes(type));
    },
    historyTypes,
  );
  type Documents = { items: { status: string }[] };
  const documentsOfOrder = async () => (await ok<Documents>(admin.get(`/api/documents?subjectType=order&subjectId=${production.id}`))).items;
  await until('the refused document', async () => (await documentsOfOrder()).some((document) => document.status === 'failed'), documentsOfOrder);
  expect((await documentsOfOrder()).map((document) => document.status)).toEqual(['failed']);
}

/** A supervisor's queue order in the capacity plan: a new production order waits at its first station, put first there. */
async function planDay(admin: Client) {
  const part = await ok(
    admin.post('/api/materials', { type: 'product', name: 'Lenker', materialNumber: 'P-902', vat: 19, stock: { quantity: 0, unit: 'Stk' } }),
  );
  const order = await ok(admin.post('/api/orders', orderBody([{ materialId: part.id, quantity: 2 }], { name: 'Sattlerei Nord' })));
  await ok(admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  type Plan = { orders: { orderId: string; operations: { stationId: string; step: number; inProgress: boolean }[] }[] };
  const plan = await ok<Plan>(admin.get('/api/plan'));
  const waitingAt = (stationId: string) =>
    plan.orders
      .filter((planned) => planned.operations.some((op) => op.step === 0 && !op.inProgress && op.stationId === stationId))
      .map((planned) => planned.orderId);
  const first = plan.orders.flatMap((planned) => planned.operations).find((op) => op.step === 0 && !op.inProgress);
  if (!first) throw new Error('no order waits at a station: the plan day cannot order a queue');
  await ok(admin.put(`/api/plan/stations/${first.stationId}/queue`, { orderIds: waitingAt(first.stationId).reverse() }));
}

/**
 * The quality loop (docs/quality-and-lots.md): the station holds on a value outside tolerance, the NCR
 * opens, the owner decides rework there, the value measured again closes it. The station's checks are
 * put back afterwards, so the rest of the day completes as before.
 */
async function qualityDay(owner: Client, admin: Client, atStation: Client, stationId: string) {
  const bearing = await ok(
    admin.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Lager',
      materialNumber: 'L-20',
      vat: 19,
      stock: { quantity: 0, unit: 'Stk' },
      values: [{ name: 'Bohrung', number: 20, unit: 'mm', minTolerance: 19.9, maxTolerance: 20.1 }],
    }),
  );
  type StationBody = Body & { name: string; parameters: unknown; incomingGoodsCheckIn: boolean; valueChecks: unknown; wipLimit: unknown; actions: unknown };
  const station = await ok<StationBody>(admin.get(`/api/stations/${stationId}`));
  const { name, parameters, incomingGoodsCheckIn, valueChecks, wipLimit, actions } = station;
  // No actions after completion meanwhile: their jobs would still run while the matrix reads the log.
  const save = async (checks: unknown, afterCompletion: unknown) => {
    const current = await ok<StationBody>(admin.get(`/api/stations/${stationId}`));
    await ok(
      admin.put(`/api/stations/${stationId}`, {
        name,
        parameters,
        incomingGoodsCheckIn,
        valueChecks: checks,
        wipLimit,
        actions: afterCompletion,
        version: current.version,
      }),
    );
  };
  await save({ mode: 'all', names: [], holdOutOfTolerance: true }, []);
  const order = await ok(admin.post('/api/orders', orderBody([{ materialId: bearing.id, quantity: 2 }], { kind: 'production', name: 'Lagerbau' })));
  let production = await ok(admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  const act = async (client: Client, action: string, body: object = {}) =>
    (production = await ok(client.post(`/api/orders/${production.id}/${action}`, { version: production.version, ...body })));
  const location = production.location as { stationId?: string } | null;
  if (location?.stationId !== stationId) await act(admin, 'move-to-station', { toStationId: stationId });
  await act(atStation, 'start-work', { stationId });
  await act(atStation, 'measure', { stationId, valueName: 'Bohrung', measured: 20.5 });
  const hold = production.hold as { ncrId: string };
  const ncr = await ok(owner.get(`/api/ncrs/${hold.ncrId}`));
  await ok(owner.post(`/api/ncrs/${hold.ncrId}/decide`, { version: ncr.version, disposition: 'rework', reworkStationId: stationId }));
  await act(atStation, 'measure', { stationId, valueName: 'Bohrung', measured: 20 });
  await act(atStation, 'complete-work', { stationId });
  await save(valueChecks, actions);
}

/**
 * Lots (docs/quality-and-lots.md, Lots): the goods of a logistics order the demo day checked in are
 * received as a lot with its heat number and certificate, and a new production order consumes some of it.
 * (The production orders the day finished got their own lots: `LotProduced`.)
 */
async function lotsDay(admin: Client, atStation: Client) {
  type Delivered = { data: { id: string; positions: { materialId: string }[] }[] };
  const delivered = await ok<Delivered>(admin.get('/api/orders?kind=logistics&status=delivered,finished'));
  const [order] = delivered.data;
  if (!order) throw new Error('the demo day checked in no logistics order: the lots day cannot receive a lot');
  const lot = await ok(
    admin.post('/api/lots', {
      orderId: order.id,
      materialId: order.positions[0].materialId,
      supplierLotNumber: 'H-1001',
      quantity: 50,
      receivedOn: '2026-12-02',
    }),
  );
  const { payload, headers } = multipartFile(Buffer.from('%PDF-1.4\n%%EOF\n'), 'zeugnis-3.1.pdf', 'application/pdf');
  await ok(admin.send({ method: 'POST', url: `/api/lots/${lot.id}/certificate`, payload, headers }));
  const production = await ok(
    admin.post('/api/orders', orderBody([{ materialId: order.positions[0].materialId, quantity: 1 }], { kind: 'production', name: 'Chargenbau' })),
  );
  await ok(atStation.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 2.5 }));
}

/**
 * Serial numbers (docs/quality-and-lots.md): a production order of a material with serial numbers, moved to the
 * last station of the line and completed there by the operator signed in at it, finishes with a lot of its
 * pieces, each with its serial (`LotProduced`, `LotSerialsAssigned`).
 */
async function serialsDay(t: TestApp, company: TestCompany, admin: Client) {
  const { stationIds } = await ok<{ stationIds: string[] }>(admin.get('/api/stations/sequence'));
  const last = stationIds.at(-1);
  if (!last) throw new Error('the demo day has no station line: the serials day cannot finish an order');
  const axle = await ok(
    admin.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Achse',
      materialNumber: 'A-30',
      vat: 19,
      stock: { quantity: 0, unit: 'Stk' },
      serialNumbers: true,
    }),
  );
  const order = await ok(admin.post('/api/orders', orderBody([{ materialId: axle.id, quantity: 2 }], { kind: 'production', name: 'Achsbau' })));
  let production = await ok(admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  if ((production.location as { stationId?: string } | null)?.stationId !== last) {
    production = await ok(admin.post(`/api/orders/${production.id}/move-to-station`, { version: production.version, toStationId: last }));
  }
  const session = await ok<{ access_token: string }>(
    t.app.inject({ method: 'POST', url: `/api/stations/${last}/login`, payload: { username: company.operator.login, password: company.operator.password } }),
  );
  const atLast = clientOf(t, session.access_token);
  production = await ok(atLast.post(`/api/orders/${production.id}/start-work`, { version: production.version, stationId: last }));
  await ok(atLast.post(`/api/orders/${production.id}/complete-work`, { version: production.version, stationId: last }));
}

/** Stops the job dispatcher while `work` runs: the jobs of its events start after it, and find what it left. */
async function withJobsHeld<T>(t: TestApp, work: () => Promise<T>): Promise<T> {
  await t.jobs.dispatcher.stop();
  try {
    return await work();
  } finally {
    t.jobs.dispatcher.start();
  }
}

/** Waits until the company export has the status. */
async function exportReaches(owner: Client, exportId: string, status: 'READY' | 'FAILED') {
  const statusOf = async () => (await ok<{ status: string }>(owner.get(`/api/company-account/exports/${exportId}`))).status;
  await until(`the export ${status}`, async () => (await statusOf()) === status);
}

/**
 * What fails for good: a material label whose material is deleted before it is printed (DocumentFailed),
 * and an export whose zip cannot take its place, a folder standing there on every attempt (CompanyExportFailed).
 * The export comes after the ready one: a later ready export would remove it.
 */
async function failuresDay(t: TestApp, companyId: string, owner: Client, admin: Client) {
  const label = await withJobsHeld(t, async () => {
    const material = await ok(
      admin.post('/api/materials', { type: 'purchasing_part', name: 'Kurzlebig', materialNumber: 'K-901', vat: 19, stock: { quantity: 1, unit: 'Stk' } }),
    );
    const requested = await request(admin, { type: 'material-label', subjectId: material.id });
    await ok(admin.send({ method: 'DELETE', url: `/api/materials/${material.id}` }));
    return requested;
  });
  expect(await finished(t, admin, label.id)).toMatchObject({ status: 'failed', failure: 'no-pdf' });

  const blocked = await withJobsHeld(t, async () => {
    const requested = await ok(owner.post('/api/company-account/exports', {}));
    const zip = exportZipPath(t.config.dataDir, companyId, requested.id);
    await mkdir(zip, { recursive: true });
    return { id: requested.id, zip };
  });
  await exportReaches(owner, blocked.id, 'FAILED');
  await rm(blocked.zip, { recursive: true, force: true });
}

/** The operator clocks out; the owner corrects the attendance and a work time (labour time, docs/labour-and-costs.md). */
async function labourCorrections(owner: Client, atStation: Client, stationId: string) {
  const status = await ok<{ userId: string; attendance: { id: string; clockedInAt: string } }>(atStation.get('/api/labour/me'));
  await ok(atStation.post('/api/labour/clock-out', { stationId }));
  const out = new Date(Date.parse(status.attendance.clockedInAt) + 60_000).toISOString();
  await ok(
    owner.post(`/api/labour/attendances/${status.attendance.id}/corrections`, { clockedInAt: status.attendance.clockedInAt, clockedOutAt: out, reason: 'Tor' }),
  );
  const times = await ok<{ orders: { orderId: string; stationId: string }[] }>(owner.get(`/api/labour/times?userId=${status.userId}`));
  const [worked] = times.orders;
  await ok(
    owner.post(`/api/labour/users/${status.userId}/work-time-corrections`, {
      orderId: worked.orderId,
      stationId: worked.stationId,
      day: new Date().toISOString().slice(0, 10),
      minutes: 5,
      reason: 'Nachtrag',
    }),
  );
}

/** The owner sets a machine rate, the standard labour rate and a material's purchase price (job costing, docs/labour-and-costs.md). */
async function costingDay(owner: Client, stationId: string) {
  const { today } = await ok<{ today: string }>(owner.get('/api/costs/rates'));
  await ok(owner.post('/api/costs/machine-rates', { stationId, hourlyRate: 60, validFrom: today }));
  await ok(owner.post('/api/costs/labour-rates', { target: 'standard', hourlyRate: 40, validFrom: today }));
  const materials = await ok<{ data: { id: string }[] }>(owner.get('/api/materials'));
  await ok(owner.post('/api/costs/material-prices', { materialId: materials.data[0].id, price: 4.5, validFrom: today }));
}

/** Everything the demo production day leaves out; the documents' ids to wait for. */
export async function restOfTheDay(t: TestApp, company: TestCompany) {
  const owner = clientOf(t, company.superUser.token);
  const admin = clientOf(t, company.admin.token);
  const stations = (await ok<{ data: { id: string }[] }>(owner.get('/api/stations'))).data;
  const stationId = stations[0].id;
  const session = await ok<{ access_token: string }>(
    t.app.inject({
      method: 'POST',
      url: `/api/stations/${stationId}/login`,
      payload: { username: company.operator.login, password: company.operator.password },
    }),
  );
  const atStation = clientOf(t, session.access_token);
  await teamDay(t, company, owner);
  await stationsDay(admin, owner, atStation, stationId);
  await recordsDay(admin);
  const documentId = await shippingDay(admin);
  await uploadCompanyLogo(t, company.superUser.token, testLogoPng);
  const exported = await ok(owner.post('/api/company-account/exports', {}));
  await ok(atStation.post('/api/labour/clock-in', { stationId }));
  await ordersDay(admin, atStation, stationId, stations[1].id);
  await planDay(admin);
  await qualityDay(owner, admin, atStation, stationId);
  await lotsDay(admin, atStation);
  await labourCorrections(owner, atStation, stationId);
  await costingDay(owner, stationId);
  await finished(t, admin, documentId);
  // A person's timesheet (a document about an employee): theirs and the supervisors', nobody else's.
  const timesheet = await request(owner, { type: 'timesheet', subjectId: company.admin.id });
  await finished(t, owner, timesheet.id);
  // The export runs as a job: done before the matrix reads the log.
  await exportReaches(owner, exported.id, 'READY');
  await serialsDay(t, company, admin);
  await failuresDay(t, company.companyId, owner, admin);
}

/**
 * The owner clocks in at the console and forgets to clock out: with the platform clock past the end of
 * the working day, the sweep closes the attendance (`ClockOutMissed`, labour time); then the clock runs
 * with the system time again (the tokens of the matrix's reads were issued by it).
 */
export async function forgottenClockOut(t: TestApp, owner: Client, clock: SettableClock) {
  const status = await ok<{ attendance: { dayEndsAt: string } | null }>(owner.post('/api/labour/clock-in', {}));
  expect(status.attendance).not.toBeNull();
  clock.set(new Date(Date.parse(status.attendance?.dayEndsAt ?? '') + 60_000));
  try {
    expect(await closeMissedClockOuts(t.app)).toBeGreaterThanOrEqual(1);
  } finally {
    clock.set(new Date());
  }
  expect((await ok<{ attendance: unknown }>(owner.get('/api/labour/me'))).attendance).toBeNull();
}
