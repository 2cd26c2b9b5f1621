import { expect } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { clientOf, testLogoPng, testPassword, uploadCompanyLogo, type Client, type TestCompany } from '../../support/identity.js';
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

/** Stations changed, maintained and deleted; an interruption reported and resolved; key-figure targets saved. */
async function stationsDay(admin: Client, owner: Client, atStation: Client, stationId: string) {
  const spare = await ok(admin.post('/api/stations', stationBody('RESERVE')));
  const changed = await ok(admin.put(`/api/stations/${spare.id}`, { ...stationBody('RESERVE2'), version: spare.version }));
  const maintained = await ok(admin.post(`/api/stations/${spare.id}/maintenance`, { version: changed.version, performedAt: '2026-11-20T14:30:00.000Z' }));
  await ok(admin.send({ method: 'DELETE', url: `/api/stations/${spare.id}?version=${maintained.version}` }));

  const reasonId = (await ok<{ entryId: string }>(owner.post('/api/team/master-data/interruptionReasons', { name: 'Material fehlt' }))).entryId;
  const interruption = await ok(atStation.post('/api/interruptions', { stationId, reasonId, note: 'Schrauben leer' }));
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
  await act(atStation, 'start-work', { stationId });
  await act(atStation, 'complete-work', { stationId, good: 1 });
  await act(admin, 'move-to-station', { toStationId: nextStationId });
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
  await ordersDay(admin, atStation, stationId, stations[1].id);
  await finished(t, admin, documentId);
  // The export runs as a job: done before the matrix reads the log.
  const exportStatus = async () => (await ok<{ status: string }>(owner.get(`/api/company-account/exports/${exported.id}`))).status;
  for (let waited = 0; (await exportStatus()) !== 'READY'; waited += 50) {
    if (waited > 30_000) throw new Error('the export did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
