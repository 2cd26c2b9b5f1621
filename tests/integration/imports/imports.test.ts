import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, type Client, type TestCompany } from '../../support/identity.js';

// CSV import (issue 31, docs/integration.md "CSV import"): dry run equals the import, all or nothing
// per file, encodings, separators, headers in either language, the mapping remembered, every route's refusals.
let t: TestApp;
let company: TestCompany;
let admin: Client;

const exampleFile = (name: string) => readFileSync(new URL(`../../../docs/import-examples/${name}`, import.meta.url));
const upload = (bytes: Buffer | string, extra: Record<string, unknown> = {}) => ({
  fileName: 'file.csv',
  content: (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).toString('base64'),
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp(process.env.IMPORT_TEST_LOG ? { LOG_LEVEL: 'error' } : {});
  company = await companyWithTeam(t, { companyName: 'Import GmbH' });
  admin = clientOf(t, company.admin.token);
});
afterAll(async () => {
  await t?.close();
});

/** Polls an import until it has finished. */
async function finished(client: Client, importId: string) {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const res = await client.get(`/api/imports/runs/${importId}`);
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().status === 'DONE' || res.json().status === 'FAILED') return res.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${importId} did not finish`);
}

async function importFile(client: Client, kind: string, body: Record<string, unknown>) {
  const started = await client.post(`/api/imports/${kind}`, body);
  expect(started.statusCode, started.body).toBe(202);
  return finished(client, started.json().id as string);
}

const materialsNamed = async (client: Client, q: string) =>
  (await client.get(`/api/materials?limit=100&q=${encodeURIComponent(q)}`)).json().data as Record<string, unknown>[];

describe('importing materials', () => {
  it('imports the documented German example exactly as its dry run says, with the importer in the history', async () => {
    const file = upload(exampleFile('materials.de.csv'), { fileName: 'materials.de.csv' });
    const dry = await admin.post('/api/imports/materials/dry-run', file);
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json();
    expect(plan).toMatchObject({ encoding: 'utf-8', separator: ';', errorCount: 0, okCount: 4 });
    expect(plan.mapping).toMatchObject({ name: 'Name', vat: 'MwSt. %', stockUnit: 'Einheit', attributes: 'Attribute' });
    // Nothing written by the dry run.
    expect(await materialsNamed(admin, 'Lastenrad')).toHaveLength(0);

    const done = await importFile(admin, 'materials', file);
    expect(done).toMatchObject({ status: 'DONE', progress: 100, rowCount: 4, errorCount: 0, reportPath: `/api/imports/runs/${done.id}/report.csv` });
    const report = await admin.get(`${done.reportPath}?lang=de`);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('Zeile;Ergebnis;Datensatz');
    expect(report.body.split('\r\n').filter((line) => line.includes('angelegt'))).toHaveLength(plan.rows.length);
    expect(plan.rows.map((row: { line: number; status: string }) => [row.line, row.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
      [5, 'created'],
    ]);

    const [bike] = await materialsNamed(admin, 'Lastenrad');
    const full = (await admin.get(`/api/materials/${bike.id as string}`)).json();
    expect(full).toMatchObject({
      type: 'product',
      materialNumber: 'LR-100',
      netPrice: 1249.9,
      weight: 32.5,
      stock: { quantity: 2, unit: 'Stk' },
      attributes: [{ name: 'Farbe', options: ['rot', 'grün'] }],
      values: [{ name: 'Länge', number: 2100, unit: 'mm', minTolerance: 2095, maxTolerance: 2105 }],
    });
    const [nut] = await materialsNamed(admin, 'MU-8');
    expect((await admin.get(`/api/materials/${nut.id as string}`)).json()).toMatchObject({
      description: '=Formel bleibt Text',
      purchasing: { supplier: 'Würth', deliveryTimeDays: 5, minimumOrderQuantity: 500 },
    });
    const events = await withTenant(t.app.db, company.companyId, (tx) =>
      tx
        .selectFrom('events')
        .select(['type', 'metadata'])
        .where('stream_id', '=', `material-${bike.id as string}`)
        .execute(),
    );
    expect(events).toEqual([{ type: 'MaterialCreated', metadata: expect.objectContaining({ userId: company.admin.id, role: 'ADMIN' }) }]);
  });

  it('then imports the bill of materials of the second example file by material numbers', async () => {
    const file = upload(exampleFile('bom.en.csv'));
    const dry = (await admin.post('/api/imports/bom/dry-run', file)).json();
    expect(dry).toMatchObject({ separator: ',', errorCount: 0, okCount: 3 });
    expect(await importFile(admin, 'bom', file)).toMatchObject({ status: 'DONE', errorCount: 0 });
    const [fork] = await materialsNamed(admin, 'GA-20');
    const components = (await admin.get(`/api/materials/${fork.id as string}`)).json().components;
    expect(components.map((c: { materialNumber: string; quantity: number }) => [c.materialNumber, c.quantity])).toEqual([
      ['SC-8', 4],
      ['MU-8', 4],
    ]);
    // A line closing a cycle is refused at its line by the materials' own check, and nothing of the file is written.
    const cycle = upload('Material number,Component number,Quantity\r\nSC-8,MU-8,2\r\nGA-20,LR-100,1\r\n');
    const refused = (await admin.post('/api/imports/bom/dry-run', cycle)).json();
    expect(refused.errorCount).toBe(1);
    expect(refused.rows[1]).toMatchObject({ line: 3, status: 'error', errors: [{ column: 'Component number', message: 'errors.BOM_CYCLE' }] });
    expect((await admin.get(`/api/materials/${(await materialsNamed(admin, 'SC-8'))[0].id as string}`)).json().components).toEqual([]);
  });

  it('refuses a file with a broken row whole, naming its line and column; nothing is written', async () => {
    const csv = 'Type,Name,VAT %,Unit\r\nProduct,Good one,19,pcs\r\nProduct,Bad one,120,pcs\r\nGadget,,19,\r\n';
    const dry = (await admin.post('/api/imports/materials/dry-run', upload(csv))).json();
    expect(dry.errorCount).toBe(2);
    expect(dry.rows[1]).toMatchObject({ line: 3, status: 'error', errors: [{ line: 3, column: 'VAT %', field: 'vat', message: 'materials.validation.vat' }] });
    expect(dry.rows[2].errors.map((e: { column: string }) => e.column)).toContain('Type');
    const refused = await admin.post('/api/imports/materials', upload(csv));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('IMPORT_ROWS_INVALID');
    expect(refused.json().error.details[0]).toMatchObject({ path: 'line.3.vat', params: { line: 3, column: 'VAT %' } });
    expect(await materialsNamed(admin, 'Good one')).toHaveLength(0);
  });

  it('reads Windows-1252 umlauts, `,` and `;`, English headers, and un-neutralises our own export', async () => {
    const latin = Buffer.from('Art;Name;MwSt. %;Einheit;Beschreibung\r\nKaufteil;Füße ÄÖÜ ß;19;Stück;Größe\r\n', 'latin1');
    const dry = (await admin.post('/api/imports/materials/dry-run', upload(latin))).json();
    expect(dry).toMatchObject({ encoding: 'windows-1252', separator: ';', errorCount: 0, rows: [{ label: 'Füße ÄÖÜ ß' }] });
    await importFile(admin, 'materials', upload(latin));
    expect((await materialsNamed(admin, 'Füße'))[0]).toMatchObject({ name: 'Füße ÄÖÜ ß', stock: { unit: 'Stück' } });

    await admin.post('/api/materials', { type: 'product', name: '=1+2', materialNumber: '@EX-1', vat: 7, stock: { quantity: 1, unit: '-pcs' } });
    const exported = await admin.get('/api/materials/export.csv?lang=de&q=EX-1');
    expect(exported.body).toContain("'=1+2");
    const other = await companyWithTeam(t, { companyName: 'Round Trip GmbH' });
    const otherAdmin = clientOf(t, other.admin.token);
    await importFile(otherAdmin, 'materials', upload(exported.body));
    expect((await materialsNamed(otherAdmin, 'EX-1'))[0]).toMatchObject({ name: '=1+2', materialNumber: '@EX-1', stock: { unit: '-pcs' } });
  });

  it('remembers the mapping a company chose per kind and uses it for the next file', async () => {
    const csv = 'Bezeichnung,Steuer,ME,Kategorie\r\nProduct,Gemappt,19,pcs\r\n'.replace('Product,Gemappt', 'Gemappt,19').replace(',19,pcs', ',pcs,Product');
    const mapping = { name: 'Bezeichnung', vat: 'Steuer', stockUnit: 'ME', type: 'Kategorie' };
    const dry = (await admin.post('/api/imports/materials/dry-run', upload(csv, { mapping }))).json();
    expect(dry.errorCount, JSON.stringify(dry.rows)).toBe(0);
    await importFile(admin, 'materials', upload(csv, { mapping }));
    expect((await admin.get('/api/imports/mappings/materials')).json().mapping).toMatchObject(mapping);
    const again = (await admin.post('/api/imports/materials/dry-run', upload(csv))).json();
    expect(again).toMatchObject({ errorCount: 0, mapping });
  });

  it('updates stock levels by material number', async () => {
    const done = await importFile(admin, 'stock', upload('Materialnummer;Bestand;Einheit\r\nSC-8;4711,5;Stk\r\n'));
    expect(done.status).toBe('DONE');
    expect((await materialsNamed(admin, 'SC-8'))[0]).toMatchObject({ stock: { quantity: 4711.5, unit: 'Stk' } });
    const unknown = (await admin.post('/api/imports/stock/dry-run', upload('Materialnummer;Bestand\r\nNIX-1;5\r\n'))).json();
    expect(unknown.rows[0].errors[0]).toMatchObject({ column: 'Materialnummer', message: 'imports.validation.unknownMaterial' });
  });
});

describe('the routes refuse', () => {
  const csv = 'Type,Name,VAT %,Unit\r\nProduct,Refused,19,pcs\r\n';
  it('401 without a session, 403 for an operator, 400 for a bad body, 404 for another company’s import', async () => {
    const anonymous = clientOf(t);
    expect((await anonymous.post('/api/imports/materials/dry-run', upload(csv))).statusCode).toBe(401);
    expect((await anonymous.post('/api/imports/materials', upload(csv))).statusCode).toBe(401);
    expect((await anonymous.get('/api/imports')).statusCode).toBe(401);
    const operator = clientOf(t, company.operator.token);
    expect((await operator.post('/api/imports/materials/dry-run', upload(csv))).statusCode).toBe(403);
    expect((await operator.post('/api/imports/materials', upload(csv))).statusCode).toBe(403);
    expect((await operator.get('/api/imports')).statusCode).toBe(403);
    expect((await admin.post('/api/imports/materials', { fileName: 'x.csv' })).statusCode).toBe(400);
    expect((await admin.post('/api/imports/unknown-kind', upload(csv))).statusCode).toBe(400);
    expect((await admin.post('/api/imports/materials', { fileName: 'x.csv', content: '***' })).statusCode).toBe(400);

    const mine = await importFile(admin, 'materials', upload(csv));
    const other = await companyWithTeam(t, { companyName: 'Fremd Import' });
    const foreign = clientOf(t, other.admin.token);
    expect((await foreign.get(`/api/imports/runs/${mine.id as string}`)).statusCode).toBe(404);
    expect((await foreign.get(`/api/imports/runs/${mine.id as string}/report.csv`)).statusCode).toBe(404);
    expect((await foreign.get('/api/imports')).json()).toEqual([]);
    const master = clientOf(t, (await signedInMaster(t)).token);
    expect((await master.get(`/api/imports/runs/${mine.id as string}`)).statusCode).toBeLessThan(500);
  });

  it('hostile files: too large (413), binary garbage and broken quoting (400), formula cells as text; never 5xx', async () => {
    const huge = await admin.post('/api/imports/materials/dry-run', upload(Buffer.alloc(6 * 1024 * 1024, 'a')));
    expect(huge.statusCode).toBe(413);
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const binary = await admin.post('/api/imports/materials/dry-run', upload(garbage));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error.code).toBe('IMPORT_FILE_UNREADABLE');
    for (const hostile of [
      '',
      '\r\n\r\n',
      '"unclosed;quote\r\nx',
      'a;b\r\n"x"y"z;1\r\n',
      `${'A;'.repeat(5000)}\r\n`,
      '=cmd|" /C calc"!A0;@SUM(1+1)\r\n+1;-1\r\n',
    ]) {
      const res = await admin.post('/api/imports/materials/dry-run', upload(hostile));
      expect(res.statusCode, `${hostile.slice(0, 20)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const formulas = (await admin.post('/api/imports/materials/dry-run', upload('Type;Name;VAT %;Unit\r\nProduct;=HYPERLINK("x");19;pcs\r\n'))).json();
    expect(formulas).toMatchObject({ errorCount: 0, rows: [{ label: '=HYPERLINK("x")' }] });
  });

  it('answers the templates in both languages to any signed-in user', async () => {
    const de = await admin.get('/api/imports/materials/template.csv?lang=de');
    expect(de.statusCode).toBe(200);
    expect(de.body).toBe(
      '\uFEFFArt;Name;Materialnummer;Nettopreis;MwSt. %;Gewicht (kg);Zolltarifnummer;Verpackung;Bestand;Einheit;Beschreibung;Lieferant;Lieferzeit (Arbeitstage);Mindestbestellmenge;Attribute;Messwerte\r\n',
    );
    expect((await admin.get('/api/imports/bom/template.csv')).body).toContain('Material number;Component number;Quantity');
    expect((await clientOf(t).get('/api/imports/bom/template.csv')).statusCode).toBe(401);
    expect((await admin.get('/api/imports/nothing/template.csv')).statusCode).toBe(400);
  });
});
