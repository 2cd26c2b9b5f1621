import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, progressOf } from '../../../src/server/modules/imports/index.js';
import { withTenant } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Client, type Mailbox, type TestCompany } from '../../support/identity.js';

// CSV import of customer orders and team members (issue 31, docs/integration.md "CSV import"): the same
// mechanism as materials (dry run = the import rolled back, all or nothing, one job), through the order
// form's and the invitation form's own commands; and the job's progress in steps.
let t: TestApp;
let mailbox: Mailbox;
let company: TestCompany;
let admin: Client;

const upload = (csv: string | Buffer, extra: Record<string, unknown> = {}) => ({
  fileName: 'file.csv',
  content: (typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv).toString('base64'),
  ...extra,
});

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://console.example.com' });
  company = await companyWithTeam(t, { companyName: 'Auftragsimport GmbH' });
  admin = clientOf(t, company.admin.token);
  const address = { street: 'Hafenstraße', houseNumber: '7', zip: '20457', place: 'Hamburg', country: 'Deutschland', addressSuffix: '' };
  for (const client of [{ name: 'Radhaus Nord', deliveryAddress: address }, { name: 'Ohne Adresse KG' }]) {
    const created = await admin.post('/api/clients', client);
    expect(created.statusCode, created.body).toBe(201);
  }
  for (const material of [
    { type: 'product', name: 'Lastenrad', materialNumber: 'LR-100', vat: 19, netPrice: 1249.9, stock: { quantity: 0, unit: 'Stk' } },
    { type: 'product', name: 'Ohne Preis', materialNumber: 'OP-1', vat: 19, stock: { quantity: 0, unit: 'Stk' } },
  ]) {
    const created = await admin.post('/api/materials', material);
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

async function finished(client: Client, importId: string) {
  for (;;) {
    const res = await client.get(`/api/imports/runs/${importId}`);
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().status === 'DONE' || res.json().status === 'FAILED') return res.json();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function imported(client: Client, kind: string, body: Record<string, unknown>) {
  const started = await client.post(`/api/imports/${kind}`, body);
  expect(started.statusCode, started.body).toBe(202);
  return finished(client, started.json().id as string);
}

/** The report's lines as [line, result, record] (the report's own CSV, English). */
async function reportRows(client: Client, reportPath: string) {
  const report = await client.get(reportPath);
  expect(report.statusCode).toBe(200);
  return report.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(';').slice(0, 3));
}

const statusWord = { created: 'created', updated: 'updated', error: 'error' } as const;
const dryRunRows = (rows: { line: number; status: keyof typeof statusWord; label: string }[]) =>
  rows.map((row) => [String(row.line), statusWord[row.status], row.label]);

describe('importing customer orders', () => {
  const header = 'Kunde;Materialnummer;Menge;Liefertermin;Bestellzeichen des Kunden;Priorisieren;Zwischenlager (WIP)\r\n';

  it('creates each row as the order form would (number, client, address, price, events), exactly as its dry run says', async () => {
    const csv = `${header}radhaus nord;LR-100;3;31.12.2026;PO-4711;ja;Regal 3\r\nRadhaus Nord;lr-100;2;;;;Regal 4\r\n`;
    const dry = await admin.post('/api/imports/orders/dry-run', upload(csv));
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ kind: 'orders', errorCount: 0, okCount: 2, mapping: { client: 'Kunde', reference: 'Bestellzeichen des Kunden' } });
    expect((await admin.get('/api/orders')).json().total).toBe(0);

    const done = await imported(admin, 'orders', upload(csv));
    expect(done).toMatchObject({ kind: 'orders', status: 'DONE', progress: 100, rowCount: 2, errorCount: 0 });
    expect(await reportRows(admin, done.reportPath as string)).toEqual(dryRunRows(dry.json().rows));

    const page = (await admin.get('/api/orders?sort=orderNumber')).json();
    expect(page.total).toBe(2);
    const orders = await Promise.all(
      (page.data as { id: string }[]).map(async (order) => (await admin.get(`/api/orders/${order.id}`)).json() as Record<string, unknown>),
    );
    const first = orders.find((order) => order.comment === 'PO-4711');
    expect(first).toMatchObject({
      kind: 'customer',
      status: 'open',
      name: 'Radhaus Nord',
      street: 'Hafenstraße',
      zip: '20457',
      place: 'Hamburg',
      prioritize: true,
      deliveryDate: '2026-12-31',
      workInProgress: 'Regal 3',
      positions: [expect.objectContaining({ quantity: 3, netPrice: 1249.9 })],
    });
    expect(new Set(orders.map((order) => order.orderNumber)).size).toBe(2);
    const events = await withTenant(t.app.db, company.companyId, (tx) =>
      tx.selectFrom('events').select(['type', 'metadata']).where('stream_type', '=', 'order').execute(),
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ type: 'OrderCreated', metadata: expect.objectContaining({ userId: company.admin.id }) });
  });

  it('refuses a file with a broken row whole, naming the line and column; nothing is written', async () => {
    const before = (await admin.get('/api/orders')).json().total as number;
    const csv = `${header}Radhaus Nord;LR-100;1;;;;Regal 1\r\nNiemand AG;LR-100;1;;;;Regal 1\r\nRadhaus Nord;LR-100;1000;32.13.2026;;vielleicht;Regal 1\r\nOhne Adresse KG;OP-1;1;;;;Regal 1\r\n`;
    const dry = (await admin.post('/api/imports/orders/dry-run', upload(csv))).json();
    expect(dry.errorCount).toBe(3);
    expect(dry.rows[1]).toMatchObject({ line: 3, status: 'error', errors: [{ column: 'Kunde', message: 'imports.validation.unknownClient' }] });
    expect(dry.rows[2].errors.map((error: { column: string }) => error.column).sort()).toEqual(['Liefertermin', 'Menge', 'Priorisieren']);
    // The client without an address and the material without a price: the order form's own refusals.
    expect(dry.rows[3].errors.map((error: { column: string }) => error.column)).toContain('Kunde');
    expect(dry.rows[3].errors.map((error: { column: string }) => error.column)).toContain('Nettopreis');

    const refused = await admin.post('/api/imports/orders', upload(csv));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('IMPORT_ROWS_INVALID');
    expect(refused.json().error.details[0]).toMatchObject({ path: 'line.3.client', params: { line: 3, column: 'Kunde' } });
    expect((await admin.get('/api/orders')).json().total).toBe(before);
  });

  it('answers its template in both languages', async () => {
    expect((await admin.get('/api/imports/orders/template.csv?lang=de')).body).toBe(
      '\uFEFFKunde;Materialnummer;Menge;Nettopreis;Liefertermin;Bestellzeichen des Kunden;Priorisieren;Zwischenlager (WIP)\r\n',
    );
    expect((await admin.get('/api/imports/orders/template.csv')).body).toContain(
      "Customer;Material number;Quantity;Net price;Delivery date;Customer's order reference",
    );
  });
});

describe('importing team members', () => {
  it('invites administration users through the invitation form’s command: invited, mailed, and as the dry run said', async () => {
    const owner = clientOf(t, company.superUser.token);
    const csv =
      'First name,Last name,Email,Role,Language\r\nMia,Kurz,mia.kurz@import.example.com,Administration user,German\r\nTom,Lang,tom.lang@import.example.com,Admin,\r\n';
    const dry = (await owner.post('/api/imports/team/dry-run', upload(csv))).json();
    expect(dry).toMatchObject({ kind: 'team', separator: ',', errorCount: 0, rows: [{ line: 2, label: 'Mia Kurz' }, { line: 3 }] });
    const done = await imported(owner, 'team', upload(csv));
    expect(done).toMatchObject({ status: 'DONE', errorCount: 0 });
    expect(await reportRows(owner, done.reportPath as string)).toEqual(dryRunRows(dry.rows));
    const users = (await owner.get('/api/users?q=import.example.com')).json().data as { email: string; role: string; status: string; locale: string }[];
    expect(users.map((user) => [user.email, user.role, user.status]).sort()).toEqual([
      ['mia.kurz@import.example.com', 'ADMIN', 'INVITED'],
      ['tom.lang@import.example.com', 'ADMIN', 'INVITED'],
    ]);
    const mail = await mailbox.waitFor(mailTo('mia.kurz@import.example.com'));
    expect(mail.subject).toContain('Auftragsimport GmbH');
    expect(mail.text).toContain('https://console.example.com/set-admin-password?token=');
  });

  it('refuses operators, taken and repeated emails at their lines', async () => {
    const csv =
      'Vorname;Nachname;E-Mail;Rolle\r\nOla;Op;ola@import.example.com;Bedienbenutzer\r\nAli;Demir;' +
      `${company.admin.login};Verwaltungsbenutzer\r\nEva;Eins;eva@import.example.com;Verwaltungsbenutzer\r\nEva;Zwei;EVA@import.example.com;Verwaltungsbenutzer\r\n`;
    const dry = (await admin.post('/api/imports/team/dry-run', upload(csv))).json();
    expect(dry.rows.map((row: { line: number; status: string; errors: { column: string; message: string }[] }) => [row.line, row.errors])).toEqual([
      [2, [expect.objectContaining({ column: 'Rolle', message: 'imports.validation.roleNotImported' })]],
      [3, [expect.objectContaining({ column: 'E-Mail', message: 'errors.USER_ALREADY_EXISTS' })]],
      [4, []],
      [5, [expect.objectContaining({ column: 'E-Mail', message: 'imports.validation.duplicateEmail', params: { line: 4 } })]],
    ]);
    expect((await admin.post('/api/imports/team', upload(csv))).statusCode).toBe(400);
  });

  it('a limit met only on writing (20 pending invitations) shows in the dry run at its line, and the import ends as the dry run said', async () => {
    const other = await companyWithTeam(t, { companyName: 'Viele Einladungen GmbH' });
    const owner = clientOf(t, other.superUser.token);
    const rows = Array.from({ length: 21 }, (_, index) => `Person,Nr ${index},person${index}.${other.companyId.slice(0, 8)}@import.example.com,Admin`);
    const csv = `First name,Last name,Email,Role\r\n${rows.join('\r\n')}\r\n`;
    const dry = (await owner.post('/api/imports/team/dry-run', upload(csv))).json();
    expect(dry.errorCount).toBe(1);
    expect(dry.rows[20]).toMatchObject({ line: 22, status: 'error', errors: [{ column: null, message: 'errors.INVITATION_LIMIT_REACHED' }] });
    // The file's rows pass the check, so the import starts; its job meets the limit, refuses the whole file and reports what the dry run said.
    const done = await imported(owner, 'team', upload(csv));
    expect(done).toMatchObject({ status: 'FAILED', errorCount: 1 });
    expect(await reportRows(owner, done.reportPath as string)).toEqual(dryRunRows(dry.rows));
    expect((await owner.get('/api/users?q=import.example.com')).json().total).toBe(0);
  });
});

describe('the orders and team routes refuse', () => {
  const orders = 'Customer;Material number;Quantity;Work in progress (WIP)\r\nRadhaus Nord;LR-100;1;Regal 1\r\n';
  const team = 'First name;Last name;Email;Role\r\nA;B;a.b@import.example.com;Admin\r\n';
  it('401 without a session, 403 without the orders or team right, 404 for another company’s import', async () => {
    const anonymous = clientOf(t);
    for (const kind of ['orders', 'team']) {
      expect((await anonymous.post(`/api/imports/${kind}/dry-run`, upload(orders))).statusCode).toBe(401);
      expect((await anonymous.post(`/api/imports/${kind}`, upload(orders))).statusCode).toBe(401);
      expect((await clientOf(t, company.operator.token).post(`/api/imports/${kind}/dry-run`, upload(orders))).statusCode).toBe(403);
    }
    const restricted = await companyWithTeam(t, { companyName: 'Nur Material GmbH', adminChangeRights: ['materials'] });
    const materialsOnly = clientOf(t, restricted.admin.token);
    expect((await materialsOnly.post('/api/imports/orders/dry-run', upload(orders))).statusCode).toBe(403);
    expect((await materialsOnly.post('/api/imports/team', upload(team))).statusCode).toBe(403);
    expect((await materialsOnly.post('/api/imports/materials/dry-run', upload('Type;Name;VAT %;Unit\r\nProduct;X;19;pcs\r\n'))).statusCode).toBe(200);
    expect((await admin.post('/api/imports/orders', { fileName: 'x.csv' })).statusCode).toBe(400);

    const mine = await imported(admin, 'orders', upload(orders));
    expect(mine.status).toBe('DONE');
    const foreign = clientOf(t, restricted.superUser.token);
    expect((await foreign.get(`/api/imports/runs/${mine.id as string}`)).statusCode).toBe(404);
    // The other company's directory knows no "Radhaus Nord": its dry run names the client unknown, never the first company's.
    const theirs = (await foreign.post('/api/imports/orders/dry-run', upload(orders))).json();
    expect(theirs.rows[0].errors.map((error: { message: string }) => error.message)).toContain('imports.validation.unknownClient');
  });
});

describe('the import job’s progress', () => {
  it('is reported in steps while the rows are written, not only at the start and the end', async () => {
    const rows = Array.from({ length: 2500 }, (_, index) => `Product;Schritt ${index};19;pcs`);
    const bytes = new TextEncoder().encode(`Type;Name;VAT %;Unit\r\n${rows.join('\r\n')}\r\n`);
    const reported: number[] = [];
    const scope = { companyId: company.companyId, actor: { userId: company.admin.id, role: 'ADMIN' as const }, metadata: { userId: company.admin.id } };
    const results = await importFile(
      { ...t.app, sealKey: Buffer.alloc(32) },
      scope,
      { kind: 'materials', bytes, mapping: {} },
      {
        onProgress: async (progress) => {
          reported.push(progress);
        },
      },
    );
    expect(results).toHaveLength(2500);
    expect(reported.some((progress) => progress > 0 && progress < 100)).toBe(true);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(reported).toEqual([progressOf(2000, 2500), progressOf(2500, 2500)]);
  });
});
