import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialIsInAnOrderInProduction } from '../../../src/server/modules/orders/index.js';
import type { TestApp } from '../../support/app.js';
import { clientOf, create, materialsTestApp, product, purchasingPart, companyWithTeam, type Client, type TestCompany } from './support.js';

let t: TestApp;
let company: TestCompany;
let admin: Client;
let rival: Client;

// The orders module's check (port `inProductionCheck`), and besides it the materials a test puts in production here.
const inAnOrderInProduction = new Set<string>();

beforeAll(async () => {
  t = await materialsTestApp(
    {},
    { replacedPorts: { inProductionCheck: async (tx, id) => inAnOrderInProduction.has(id) || materialIsInAnOrderInProduction(tx, id) } },
  );
  company = await companyWithTeam(t, { companyName: 'Fahrradbau' });
  admin = clientOf(t, company.admin.token);
  rival = clientOf(t, (await companyWithTeam(t, { companyName: 'Konkurrenz' })).admin.token);
});
afterAll(async () => {
  await t?.close();
});

const uses = (materialId: string, quantity = 1) => ({ materialId, quantity });
const part = (name: string, overrides: Record<string, unknown> = {}) =>
  create(admin, { type: 'manufacturing_part', name, materialNumber: `F-${name}`, vat: 19, stock: { quantity: 0, unit: 'pcs' }, ...overrides });

/** Replaces a material's components, keeping everything else, with the version it has now. */
async function setComponents(id: string, components: object[]) {
  const current = (await admin.get(`/api/materials/${id}`)).json();
  const { id: _id, image: _image, createdAt: _c, updatedAt: _u, ...body } = current;
  return admin.put(`/api/materials/${id}`, { ...body, components: components });
}

describe('components', () => {
  it('are other materials of the same company, shown with their names', async () => {
    const screw = await create(admin, purchasingPart());
    const frame = await part('Frame', { components: [uses(screw.id, 8)] });
    expect(frame.components).toEqual([{ materialId: screw.id, quantity: 8, name: 'Screw M5', materialNumber: 'K-5', type: 'purchasing_part' }]);
  });

  it('refuses an unknown material id and saves nothing', async () => {
    const before = (await admin.get('/api/materials?limit=1')).json().total;
    const unknown = randomUUID();
    const res = await admin.post('/api/materials', product({ components: [uses(unknown)] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'COMPONENT_NOT_FOUND', details: [{ path: 'components.0.materialId', params: { materialId: unknown } }] });
    expect((await admin.get('/api/materials?limit=1')).json().total).toBe(before);
  });

  it("refuses another company's material exactly like an unknown one", async () => {
    const foreign = await create(rival, purchasingPart({ name: 'Secret part' }));
    const mine = await part('Fork');
    const res = await setComponents(mine.id, [uses(foreign.id)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('COMPONENT_NOT_FOUND');
    expect(res.body).not.toContain('Secret part');
    expect((await admin.get(`/api/materials/${mine.id}`)).json()).toMatchObject({ version: 1, components: [] });
  });

  it('refuses the same material twice in one bill of materials', async () => {
    const screw = await create(admin, purchasingPart({ name: 'Nut' }));
    const res = await admin.post('/api/materials', product({ components: [uses(screw.id, 1), uses(screw.id, 2)] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual(
      expect.objectContaining({ path: 'components.1.materialId', message: 'materials.validation.duplicateComponent' }),
    );
  });

  it('drops components from a purchasing part: it is bought, not made', async () => {
    const screw = await create(admin, purchasingPart({ name: 'Bolt' }));
    const res = await admin.post('/api/materials', purchasingPart({ name: 'Kit', components: [uses(screw.id)] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().components).toEqual([]);
  });
});

describe('a material can never contain itself', () => {
  it('refuses itself as its own component (depth 1)', async () => {
    const wheel = await part('Wheel');
    const res = await setComponents(wheel.id, [uses(wheel.id, 2)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'BOM_CYCLE',
      message: 'A material cannot contain itself: Wheel > Wheel.',
      details: [{ path: 'components.0.materialId', message: 'errors.BOM_CYCLE', params: { cycle: 'Wheel > Wheel' } }],
    });
    expect((await admin.get(`/api/materials/${wheel.id}`)).json()).toMatchObject({ version: 1, components: [] });
  });

  it('refuses a material that contains it (depth 2)', async () => {
    const hub = await part('Hub');
    const spoke = await part('Spoke', { components: [uses(hub.id)] });
    const res = await setComponents(hub.id, [uses(spoke.id, 32)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BOM_CYCLE', details: [{ params: { cycle: 'Hub > Spoke > Hub' } }] });
  });

  it('refuses a cycle four levels deep and names the whole way round', async () => {
    const d = await part('D');
    const c = await part('C', { components: [uses(d.id)] });
    const b = await part('B', { components: [uses(c.id)] });
    const a = await part('A', { components: [uses(b.id)] });
    const ok = await create(admin, purchasingPart({ name: 'Rivet' }));
    const res = await setComponents(d.id, [uses(ok.id), uses(a.id)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'BOM_CYCLE',
      details: [{ path: 'components.1.materialId', params: { cycle: 'D > A > B > C > D' } }],
    });
    expect((await admin.get(`/api/materials/${d.id}`)).json().components).toEqual([]);
  });

  it('lets only one of two simultaneous edits close a loop (A gets B while B gets A)', async () => {
    const a = await part('Left');
    const b = await part('Right');
    const results = await Promise.all([setComponents(a.id, [uses(b.id)]), setComponents(b.id, [uses(a.id)])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('BOM_CYCLE');
  });

  it('allows the same sub-assembly on two branches', async () => {
    const bolt = await create(admin, purchasingPart({ name: 'Bolt M6' }));
    const left = await part('Left arm', { components: [uses(bolt.id, 2)] });
    const right = await part('Right arm', { components: [uses(bolt.id, 2)] });
    const res = await admin.post('/api/materials', product({ name: 'Crank', components: [uses(left.id), uses(right.id), uses(bolt.id)] }));
    expect(res.statusCode).toBe(201);
  });
});

describe('the exploded bill of materials', () => {
  it('multiplies quantities down every level and rolls up the net price in exact cents', async () => {
    const spoke = await create(admin, purchasingPart({ name: 'Spoke', materialNumber: 'K-SP', netPrice: 0.1 }));
    const rim = await create(admin, purchasingPart({ name: 'Rim', materialNumber: 'K-RI', netPrice: 12.5 }));
    const screw = await create(admin, purchasingPart({ name: 'Frame screw', materialNumber: 'K-FS', netPrice: 0.05 }));
    const wheel = await part('Wheel 28', { components: [uses(spoke.id, 32), uses(rim.id, 1)] });
    const frame = await part('Frame 56', { netPrice: 80, components: [uses(screw.id, 4)] });
    const bike = await create(admin, product({ name: 'Trekking', netPrice: 999, components: [uses(wheel.id, 2), uses(frame.id, 1)] }));

    const res = await admin.get(`/api/materials/${bike.id}/bom`);
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree).toMatchObject({ name: 'Trekking', quantity: 1, totalQuantity: 1, netPrice: 999, rolledUpNetPrice: 31.6, priceComplete: true });
    const [wheelNode, frameNode] = tree.components;
    expect(wheelNode).toMatchObject({ name: 'Wheel 28', quantity: 2, totalQuantity: 2, rolledUpNetPrice: 15.7 });
    expect(wheelNode.components).toEqual([
      expect.objectContaining({ name: 'Spoke', materialNumber: 'K-SP', quantity: 32, totalQuantity: 64, netPrice: 0.1, rolledUpNetPrice: 0.1, components: [] }),
      expect.objectContaining({ name: 'Rim', quantity: 1, totalQuantity: 2, rolledUpNetPrice: 12.5 }),
    ]);
    expect(frameNode).toMatchObject({ name: 'Frame 56', netPrice: 80, rolledUpNetPrice: 0.2, components: [expect.objectContaining({ totalQuantity: 4 })] });
  });

  it('says the rolled-up price is incomplete when a part has no net price', async () => {
    const sample = await create(admin, purchasingPart({ name: 'Sample', netPrice: null }));
    const kit = await create(admin, product({ name: 'Sample kit', components: [uses(sample.id, 3)] }));
    expect((await admin.get(`/api/materials/${kit.id}/bom`)).json()).toMatchObject({ rolledUpNetPrice: 0, priceComplete: false });
  });

  it("answers 404 for another company's material", async () => {
    const foreign = await create(rival, product({ name: 'Foreign bike' }));
    expect((await admin.get(`/api/materials/${foreign.id}/bom`)).statusCode).toBe(404);
    expect((await admin.get(`/api/materials/${randomUUID()}/bom`)).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('refuses a material used as a component, naming every material that uses it', async () => {
    const tube = await create(admin, purchasingPart({ name: 'Tube', materialNumber: 'K-TU' }));
    await part('Handlebar', { materialNumber: 'F-HB', components: [uses(tube.id)] });
    await part('Seat post', { materialNumber: '', components: [uses(tube.id)] });
    const res = await admin.delete(`/api/materials/${tube.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'MATERIAL_IN_USE',
      message: 'Material cannot be deleted as it is used as a component of: Handlebar (F-HB), Seat post.',
    });
    expect(res.json().error.details.map((d: { params: { name: string } }) => d.params.name)).toEqual(['Handlebar', 'Seat post']);
    expect((await admin.get(`/api/materials/${tube.id}`)).statusCode).toBe(200);
  });

  it('deletes it once no material uses it any more', async () => {
    const grip = await create(admin, purchasingPart({ name: 'Grip' }));
    const bar = await part('Bar', { components: [uses(grip.id, 2)] });
    expect((await admin.delete(`/api/materials/${grip.id}`)).statusCode).toBe(409);
    expect((await setComponents(bar.id, [])).statusCode).toBe(200);
    expect((await admin.delete(`/api/materials/${grip.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/materials/${grip.id}`)).statusCode).toBe(404);
  });

  it('deletes an assembly without touching its components', async () => {
    const pedal = await create(admin, purchasingPart({ name: 'Pedal' }));
    const crank = await part('Crankset', { components: [uses(pedal.id, 2)] });
    expect((await admin.delete(`/api/materials/${crank.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/materials/${pedal.id}`)).statusCode).toBe(200);
  });

  it('refuses MATERIAL_IN_PRODUCTION when the orders module says an order in production contains it', async () => {
    const bell = await create(admin, purchasingPart({ name: 'Bell' }));
    const other = await create(admin, purchasingPart({ name: 'Light' }));
    inAnOrderInProduction.add(bell.id);
    const res = await admin.delete(`/api/materials/${bell.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'MATERIAL_IN_PRODUCTION',
      message: 'Material cannot be deleted as it is already included in an order that is in production.',
    });
    expect((await admin.get(`/api/materials/${bell.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/materials/${other.id}`)).statusCode).toBe(204);
  });
});
