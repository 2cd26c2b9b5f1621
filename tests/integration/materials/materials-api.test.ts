import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../src/server/platform/db.js';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import type { TestApp } from '../../support/app.js';
import {
  clientOf,
  create,
  materialsTestApp,
  product,
  purchasingPart,
  companyWithTeam,
  masterActingFor,
  masterWithoutCompany,
  type Client,
  type TestCompany,
} from './support.js';

let t: TestApp;
let company: TestCompany;
let admin: Client;
let rival: Client;

beforeAll(async () => {
  t = await materialsTestApp();
  company = await companyWithTeam(t, { companyName: 'Metallbau' });
  admin = clientOf(t, company.admin.token);
  rival = clientOf(t, (await companyWithTeam(t, { companyName: 'Nachbar' })).admin.token);
});
afterAll(async () => {
  await t?.close();
});

/** The editable part of a material as the API answered it, ready to PUT back. */
const editable = (material: Record<string, unknown>) => {
  const { id: _id, image: _image, createdAt: _c, updatedAt: _u, ...body } = material;
  return body;
};

describe('create, read, edit', () => {
  it("refuses a manufacturing step at another company's station (or a station that does not exist) on its field", async () => {
    const foreign = await clientOf(t, (await companyWithTeam(t, { companyName: 'Fremde Werkstatt' })).admin.token).post('/api/stations', {
      name: 'FREMDSÄGE',
      parameters: [],
      actions: [],
      incomingGoodsCheckIn: false,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    for (const stationId of [foreign.json().id as string, randomUUID()]) {
      const res = await admin.post(
        '/api/materials',
        product({ name: 'Fremdteil', manufacturingSteps: [{ process: 'Sawing', tool: 'Saw', time: 5, stationId }] }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details).toEqual([{ path: 'manufacturingSteps.0.stationId', message: 'materials.validation.unknownStation' }]);
    }
  });

  it('creates a material at version 1 and reads it back', async () => {
    const created = await create(admin, product({ name: 'Gate', netPrice: 450, vat: 19, manufacturingSteps: [{ process: 'Welding', tool: 'MIG', time: 45 }] }));
    expect(created).toMatchObject({ type: 'product', name: 'Gate', version: 1, image: null });
    const res = await admin.get(`/api/materials/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
    expect(res.json().manufacturingSteps).toEqual([{ process: 'Welding', material: '', tool: 'MIG', time: 45, setupTime: null, stationId: null }]);
  });

  it('keeps a planned setup time beside the planned time per piece, and refuses a negative one on its field with nothing stored', async () => {
    const created = await create(admin, product({ name: 'Bracket', manufacturingSteps: [{ process: 'Bending', time: 1.5, setupTime: 20 }] }));
    expect(created.manufacturingSteps).toEqual([{ process: 'Bending', material: '', tool: '', time: 1.5, setupTime: 20, stationId: null }]);
    const refused = await admin.put(`/api/materials/${created.id}`, {
      ...editable(created),
      manufacturingSteps: [{ process: 'Bending', time: 1.5, setupTime: -5 }],
      version: created.version,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.details).toEqual([{ path: 'manufacturingSteps.0.setupTime', message: 'validation.notNegative' }]);
    expect((await admin.get(`/api/materials/${created.id}`)).json().manufacturingSteps[0].setupTime).toBe(20);
  });

  it('moves the version on with every edit', async () => {
    const created = await create(admin, product({ name: 'Fence' }));
    const res = await admin.put(`/api/materials/${created.id}`, { ...editable(created), name: 'Fence panel', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Fence panel', version: 2 });
  });

  it('answers CONFLICT_ERROR to an edit made on a stale version and keeps the newer content', async () => {
    const created = await create(admin, product({ name: 'Railing' }));
    const first = await admin.put(`/api/materials/${created.id}`, { ...editable(created), name: 'Railing A', version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await admin.put(`/api/materials/${created.id}`, { ...editable(created), name: 'Railing B', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT_ERROR', details: [{ path: 'version', message: 'errors.CONFLICT_ERROR' }] });
    expect((await admin.get(`/api/materials/${created.id}`)).json()).toMatchObject({ name: 'Railing A', version: 2 });
  });

  it('refuses an edit without a version', async () => {
    const created = await create(admin, product({ name: 'Stairs' }));
    const { version: _v, ...withoutVersion } = editable(created);
    const missing = await admin.put(`/api/materials/${created.id}`, withoutVersion);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toContainEqual(expect.objectContaining({ path: 'version', message: 'validation.required' }));
  });

  it('can turn a product into a purchasing part, which drops its components and steps', async () => {
    const screw = await create(admin, purchasingPart({ name: 'Anchor' }));
    const created = await create(admin, product({ name: 'Bracket', components: [{ materialId: screw.id, quantity: 2 }] }));
    const res = await admin.put(`/api/materials/${created.id}`, {
      ...editable(created),
      type: 'purchasing_part',
      purchasing: { supplier: 'Würth', deliveryTimeDays: 5 },
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'purchasing_part',
      components: [],
      manufacturingSteps: [],
      purchasing: { supplier: 'Würth', deliveryTimeDays: 5, minimumOrderQuantity: null, comment: '' },
    });
  });

  it('deletes with or without the version, refusing a stale one', async () => {
    const created = await create(admin, product({ name: 'Hinge' }));
    expect((await admin.delete(`/api/materials/${created.id}?version=2`)).json().error.code).toBe('CONFLICT_ERROR');
    expect((await admin.delete(`/api/materials/${created.id}?version=1`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/materials/${created.id}`)).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets an operator read but not write', async () => {
    const operator = clientOf(t, company.operator.token);
    const created = await create(admin, product({ name: 'Bench' }));
    expect((await operator.get('/api/materials')).statusCode).toBe(200);
    expect((await operator.get(`/api/materials/${created.id}`)).statusCode).toBe(200);
    expect((await operator.get(`/api/materials/${created.id}/bom`)).statusCode).toBe(200);
    const refused = [
      await operator.post('/api/materials', product()),
      await operator.put(`/api/materials/${created.id}`, { ...editable(created), version: 1 }),
      await operator.delete(`/api/materials/${created.id}`),
    ];
    for (const res of refused) expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await admin.get(`/api/materials/${created.id}`)).json().version).toBe(1);
  });

  it('lets the super user write', async () => {
    expect((await clientOf(t, company.superUser.token).post('/api/materials', product({ name: 'Owner part' }))).statusCode).toBe(201);
  });

  it('lets the product operator act as the company it selected, and nothing before it selects one', async () => {
    const master = clientOf(t, await masterActingFor(t, company.companyId));
    const res = await master.post('/api/materials', product({ name: 'Operator part' }));
    expect(res.statusCode).toBe(201);
    expect((await admin.get(`/api/materials/${res.json().id}`)).json().name).toBe('Operator part');
    const events = await readStoredStream(t.app.db, `material-${res.json().id}`);
    expect(events[0]).toMatchObject({ companyId: company.companyId, metadata: { role: 'MASTER', onBehalfOf: company.companyId } });
    const unselected = clientOf(t, await masterWithoutCompany(t));
    expect((await unselected.get('/api/materials')).json().error.code).toBe('FORBIDDEN');
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/materials' })).statusCode).toBe(401);
    const forged = t.tokenFor({ role: 'ADMIN', companyId: company.companyId });
    expect((await clientOf(t, forged).get('/api/materials')).statusCode).toBe(401);
  });

  it("answers 404 for another company's material on every route", async () => {
    const foreign = await create(rival, product({ name: 'Not yours' }));
    const url = `/api/materials/${foreign.id}`;
    const answers = [
      await admin.get(url),
      await admin.put(url, { ...product(), version: 1 }),
      await admin.delete(url),
      await admin.get(`${url}/bom`),
      await admin.get(`${url}/image`),
      await admin.send({ method: 'DELETE', url: `${url}/image` }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await rival.get(url)).json()).toMatchObject({ name: 'Not yours', version: 1 });
  });

  it('answers 400 to an id that is not a uuid', async () => {
    expect((await admin.get('/api/materials/bolt')).statusCode).toBe(400);
  });
});

describe('the event log', () => {
  it('records created, updated and deleted with who did it, in the same company', async () => {
    const created = await create(admin, product({ name: 'Grill' }));
    await admin.put(`/api/materials/${created.id}`, { ...editable(created), netPrice: 99.5, version: 1 });
    await admin.delete(`/api/materials/${created.id}`);
    const events = await readStoredStream(t.app.db, `material-${created.id}`);
    expect(events.map((e) => e.type)).toEqual(['MaterialCreated', 'MaterialUpdated', 'MaterialDeleted']);
    expect(events.every((e) => e.companyId === company.companyId && e.streamType === 'material')).toBe(true);
    expect(events[0].data).toMatchObject({ material: { id: created.id, name: 'Grill', version: 1 } });
    expect(events[1].data).toMatchObject({ changed: 'fields', material: { netPrice: 99.5, version: 2 } });
    expect(events[2].data).toEqual({ materialId: created.id, type: 'product', name: 'Grill', materialNumber: 'P-1000' });
    expect(events[0].metadata).toMatchObject({ role: 'ADMIN', onBehalfOf: company.companyId });
    expect(events[0].metadata.userId).toEqual(expect.any(String));
  });

  it('appends nothing for a refused change', async () => {
    const created = await create(admin, product({ name: 'Shelf' }));
    await admin.put(`/api/materials/${created.id}`, { ...editable(created), name: 'x'.repeat(26), version: 1 });
    await admin.put(`/api/materials/${created.id}`, { ...editable(created), version: 9 });
    expect((await readStoredStream(t.app.db, `material-${created.id}`)).map((e) => e.type)).toEqual(['MaterialCreated']);
  });

  it("keeps a company's material events out of another company's reach", async () => {
    const created = await create(admin, product({ name: 'Lamp' }));
    const stream = `material-${created.id}`;
    expect(await withTenant(t.app.db, company.companyId, (tx) => readStoredStream(tx, stream))).toHaveLength(1);
    expect(await withTenant(t.app.db, randomUUID(), (tx) => readStoredStream(tx, stream))).toEqual([]);
  });
});

describe('lists', () => {
  let lists: Client;
  beforeAll(async () => {
    lists = clientOf(t, (await companyWithTeam(t, { companyName: 'Listen' })).admin.token);
    for (let i = 1; i <= 12; i++) {
      await create(lists, product({ name: `Chair ${String(i).padStart(2, '0')}`, materialNumber: `ST-${i}`, netPrice: i === 5 ? null : i * 10 }));
    }
    await create(lists, purchasingPart({ name: 'Table leg', materialNumber: 'TL-1', netPrice: 7 }));
    await create(lists, { type: 'manufacturing_part', name: '50% discount plate', materialNumber: 'X_1', vat: 19, stock: { quantity: 0, unit: 'pcs' } });
  });

  const namesOf = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((m) => m.name);

  it('pages by 10 with the total of all matches', async () => {
    const first = await lists.get('/api/materials?type=product');
    expect(first.json()).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(first.json().data).toHaveLength(10);
    const second = await lists.get('/api/materials?type=product&page=2');
    expect(namesOf(second)).toEqual(['Chair 11', 'Chair 12']);
    expect((await lists.get('/api/materials?type=product&page=3')).json()).toMatchObject({ total: 12, data: [] });
  });

  it('filters by type', async () => {
    expect(namesOf(await lists.get('/api/materials?type=purchasing_part'))).toEqual(['Table leg']);
    expect((await lists.get('/api/materials?type=manufacturing_part')).json().total).toBe(1);
    expect((await lists.get('/api/materials?type=service')).statusCode).toBe(400);
  });

  it('searches name and material number, ignoring case, with % and _ taken literally', async () => {
    expect(namesOf(await lists.get('/api/materials?q=chair%2001'))).toEqual(['Chair 01']);
    expect(namesOf(await lists.get('/api/materials?q=tl-'))).toEqual(['Table leg']);
    expect(namesOf(await lists.get('/api/materials?q=50%25'))).toEqual(['50% discount plate']);
    expect(namesOf(await lists.get('/api/materials?q=x_'))).toEqual(['50% discount plate']);
    expect((await lists.get('/api/materials?q=%25')).json().total).toBe(1);
  });

  it('sorts by a column either way, empty prices last', async () => {
    expect(namesOf(await lists.get('/api/materials?type=product&sort=-name&limit=3'))).toEqual(['Chair 12', 'Chair 11', 'Chair 10']);
    const byPrice = namesOf(await lists.get('/api/materials?type=product&sort=netPrice&limit=20'));
    expect(byPrice.slice(0, 2)).toEqual(['Chair 01', 'Chair 02']);
    expect(byPrice.at(-1)).toBe('Chair 05');
    expect(namesOf(await lists.get('/api/materials?type=product&sort=-netPrice&limit=2'))).toEqual(['Chair 12', 'Chair 11']);
    expect((await lists.get('/api/materials?sort=password')).statusCode).toBe(400);
  });

  it('refuses a page size above 100 or a page below 1', async () => {
    expect((await lists.get('/api/materials?limit=101')).statusCode).toBe(400);
    expect((await lists.get('/api/materials?page=0')).statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  let csvClient: Client;
  beforeAll(async () => {
    csvClient = clientOf(t, (await companyWithTeam(t, { companyName: 'Export' })).admin.token);
    await create(csvClient, product({ name: '=HYPERLINK("x")', materialNumber: '+49', description: '@SUM(A1)', netPrice: 1234.5 }));
    await create(csvClient, product({ name: 'Träger; lang', materialNumber: '-5', weight: 0.125, packaging: 'Box "big"' }));
    await create(csvClient, purchasingPart({ name: 'Schraube', purchasing: { supplier: 'Würth', deliveryTimeDays: 3, minimumOrderQuantity: 100 } }));
  });

  it('answers UTF-8 with a byte order mark, a header row and ; between cells', async () => {
    const res = await csvClient.get('/api/materials/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="materials.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Type;Name;Material number;Net price;VAT %;Weight (kg);Custom tariff;Packaging;Stock;Unit;Description;Supplier;Delivery time (work days);Minimum order quantity',
    );
    expect(lines).toHaveLength(4);
  });

  it('escapes cells a spreadsheet would run as formulas, and quotes ; and "', async () => {
    const body = (await csvClient.get('/api/materials/export.csv?sort=name')).body;
    expect(body).toContain(`Product;"'=HYPERLINK(""x"")";'+49;1234.5;19;;;;3;pcs;'@SUM(A1);;;\r\n`);
    expect(body).toContain(`Product;"Träger; lang";'-5;;19;0.125;;"Box ""big""";3;pcs;;;;\r\n`);
  });

  it('exports the current filter, in German with decimal commas on request', async () => {
    const res = await csvClient.get('/api/materials/export.csv?type=purchasing_part&lang=de');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0].startsWith('Art;Name;Materialnummer;Nettopreis')).toBe(true);
    expect(lines.slice(1)).toEqual(['Kaufteil;Schraube;K-5;0,05;19;;;;5000;pcs;;Würth;3;100']);
    expect(res.headers['content-disposition']).toContain('materials-purchasing_part.csv');
    const search = await csvClient.get('/api/materials/export.csv?q=träger&lang=de');
    expect(search.body).toContain('0,125');
    expect(search.body.trimEnd().split('\r\n')).toHaveLength(2);
  });
});
