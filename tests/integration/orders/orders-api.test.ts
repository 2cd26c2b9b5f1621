import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDecider } from '../../../src/domain/orders/order.decider.js';
import { foldEvents } from '../../../src/domain/shared/decider.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, type OrderLine } from './support.js';

let t: TestApp;
let line: OrderLine;
let other: OrderLine;

beforeAll(async () => {
  // A fixed moment: "today" of the home board and of "delayed" is the same day on every run.
  t = await createTestApp({}, { clock: settableClock('2026-11-23T12:00:00.000Z') });
  line = await orderLine(t);
  other = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

const countOrders = async (l: OrderLine = line) => (await l.admin.get('/api/orders?limit=1')).json().total as number;

describe('creating an order', () => {
  it('answers the order with the next number, the materials named and the net sum computed', async () => {
    const { bike, screw } = line.materials;
    const order = await createOrder(
      line.admin,
      orderBody(
        [
          { materialId: bike, quantity: 3, netPrice: 0.1 },
          { materialId: screw, quantity: 7, netPrice: 19.99, useInventory: true },
        ],
        { prioritize: true, incoterm: 'DAP', noteForProduction: 'Rahmen in RAL 5010' },
      ),
    );
    expect(order).toMatchObject({
      kind: 'customer',
      status: 'open',
      name: 'Fahrradhaus Berg',
      prioritize: true,
      incoterm: 'DAP',
      netSum: 140.23,
      positions: [
        {
          materialId: bike,
          materialName: 'City bike',
          materialNumber: 'P-1',
          materialType: 'product',
          quantity: 3,
          netPrice: 0.1,
          netAmount: 0.3,
          useInventory: false,
        },
        { materialId: screw, materialName: 'Screw M5', quantity: 7, netAmount: 139.93, useInventory: true },
      ],
      editable: true,
      actions: ['place', 'start-production', 'cancel'],
      version: 1,
      delayed: false,
    });
    expect(order.orderNumber).toBe(String(order.number).padStart(6, '0'));
  });

  it('numbers orders consecutively per company, also when created at the same time', async () => {
    const body = orderBody([{ materialId: line.materials.bike, quantity: 1 }]);
    const created = await Promise.all(Array.from({ length: 6 }, () => line.admin.post('/api/orders', body)));
    const numbers = created.map((res) => res.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, index) => numbers[0] + index));
    // Another company counts on its own.
    const first = await createOrder(other.admin, orderBody([{ materialId: other.materials.bike, quantity: 1 }]));
    expect(first.number).toBe(1);
  });

  it.each([
    ['name', 'x'.repeat(51), 'validation.maxLength'],
    ['name', '', 'validation.required'],
    ['street', 'x'.repeat(51), 'validation.maxLength'],
    ['houseNumber', 'x'.repeat(11), 'validation.maxLength'],
    ['zip', 'x'.repeat(11), 'validation.maxLength'],
    ['place', 'x'.repeat(51), 'validation.maxLength'],
    ['addressSuffix', 'x'.repeat(51), 'validation.maxLength'],
    ['noteForProduction', 'x'.repeat(101), 'validation.maxLength'],
    ['workInProgress', 'x'.repeat(51), 'validation.maxLength'],
    ['workInProgress', ' ', 'validation.required'],
  ])('refuses %s = %j at its limit with %s and creates nothing', async (field, value, message) => {
    const before = await countOrders();
    const res = await line.admin.post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }], { [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: field, message }] });
    expect(await countOrders()).toBe(before);
  });

  it('takes every field at its limit', async () => {
    const res = await line.admin.post(
      '/api/orders',
      orderBody([{ materialId: line.materials.bike, quantity: 999, netPrice: 9_999_999.99 }], {
        name: 'n'.repeat(50),
        street: 's'.repeat(50),
        houseNumber: 'h'.repeat(10),
        zip: 'z'.repeat(10),
        place: 'p'.repeat(50),
        addressSuffix: 'a'.repeat(50),
        noteForProduction: 'n'.repeat(100),
        workInProgress: 'w'.repeat(50),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().netSum).toBe(9_989_999_990.01);
  });

  it('refuses positions out of bounds, naming the position', async () => {
    const { bike } = line.materials;
    const cases: [unknown, string, string][] = [
      [[], 'positions', 'orders.validation.positionsRequired'],
      [[{ materialId: bike, quantity: 0, netPrice: 1 }], 'positions.0.quantity', 'validation.min'],
      [[{ materialId: bike, quantity: 1000, netPrice: 1 }], 'positions.0.quantity', 'validation.max'],
      [[{ materialId: bike, quantity: 1 }], 'positions.0.netPrice', 'validation.required'],
      [[{ materialId: bike, quantity: 1, netPrice: 1.005 }], 'positions.0.netPrice', 'orders.validation.netPrice'],
    ];
    const before = await countOrders();
    for (const [positions, path, message] of cases) {
      const res = await line.admin.post('/api/orders', { ...orderBody([]), positions });
      expect(res.statusCode, JSON.stringify(positions)).toBe(400);
      expect(errorOf(res.body).details).toEqual([expect.objectContaining({ path, message })]);
    }
    expect(await countOrders()).toBe(before);
  });

  it('refuses use-inventory on a stock order', async () => {
    const res = await line.admin.post('/api/orders', orderBody([{ materialId: line.materials.wheel, quantity: 1, useInventory: true }], { stockOrder: true }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toEqual([{ path: 'positions.0.useInventory', message: 'orders.validation.stockOrderUseInventory' }]);
  });

  it("refuses another company's material as clearly as an unknown one, and creates nothing", async () => {
    const before = await countOrders();
    const res = await line.admin.post(
      '/api/orders',
      orderBody([
        { materialId: line.materials.bike, quantity: 1 },
        { materialId: other.materials.bike, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      code: 'POSITION_MATERIAL_NOT_FOUND',
      details: [{ path: 'positions.1.materialId', message: 'errors.POSITION_MATERIAL_NOT_FOUND' }],
    });
    expect(await countOrders()).toBe(before);
  });

  it('is for administrators: an operator may read orders but not write them', async () => {
    const operator = line.operators[0].client;
    expect((await operator.post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }]))).statusCode).toBe(403);
    expect((await operator.get('/api/orders')).statusCode).toBe(200);
    expect((await line.superUser.post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }]))).statusCode).toBe(201);
  });

  it('lets the product operator write for the company it switched to, and nothing without one', async () => {
    const master = await signedInMaster(t);
    const masterClient = clientOf(t, master.token);
    expect((await masterClient.post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }]))).statusCode).toBe(403);
    const switched = (await masterClient.post(`/api/auth/regenerate-jwt/${line.companyId}`, {})).json().access_token as string;
    const res = await clientOf(t, switched).post('/api/orders', orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('changing an order', () => {
  it('replaces the form while the order is open, moving the version on', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const res = await line.admin.put(`/api/orders/${order.id}`, {
      ...orderBody([{ materialId: line.materials.wheel, quantity: 4, netPrice: 25 }]),
      version: order.version,
      place: 'Augsburg',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ place: 'Augsburg', netSum: 100, positions: [{ materialName: 'Wheel', quantity: 4 }], version: 2 });
  });

  it('refuses a stale copy with CONFLICT_ERROR and keeps the newer change', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const first = await line.admin.put(`/api/orders/${order.id}`, { ...orderBody([{ materialId: line.materials.bike, quantity: 2 }]), version: 1 });
    expect(first.statusCode).toBe(200);
    const second = await line.superUser.put(`/api/orders/${order.id}`, { ...orderBody([{ materialId: line.materials.bike, quantity: 3 }]), version: 1 });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second.body)).toMatchObject({ code: 'CONFLICT_ERROR', details: [{ path: 'version' }] });
    expect((await orderOf(line.admin, order.id)).positions[0].quantity).toBe(2);
  });

  it('refuses once the order is no longer editable (ORDER_NOT_EDITABLE), nothing changed', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const canceled = await act(line.admin, order, 'cancel');
    const res = await line.admin.put(`/api/orders/${order.id}`, {
      ...orderBody([{ materialId: line.materials.bike, quantity: 5 }]),
      version: canceled.version,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).code).toBe('ORDER_NOT_EDITABLE');
    expect(await orderOf(line.admin, order.id)).toMatchObject({ status: 'canceled', version: canceled.version, positions: [{ quantity: 1 }] });
  });

  it('keeps the rules and the company of materials on a change', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const res = await line.admin.put(`/api/orders/${order.id}`, { ...orderBody([{ materialId: other.materials.wheel, quantity: 1 }]), version: 1 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('POSITION_MATERIAL_NOT_FOUND');
    const tooLong = await line.admin.put(`/api/orders/${order.id}`, {
      ...orderBody([{ materialId: line.materials.bike, quantity: 1 }]),
      zip: '12345678901',
      version: 1,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('actions on an order', () => {
  it('refuses every action the machine does not allow from open, with the status named, nothing changed', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    for (const action of ['ready-to-use', 'ready-to-dispatch', 'dispatch', 'deliver', 'finish']) {
      const res = await line.admin.post(`/api/orders/${order.id}/${action}`, { version: order.version });
      expect(res.statusCode, action).toBe(409);
      expect(errorOf(res.body)).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', details: [{ params: { status: 'open', action } }] });
    }
    const canceled = await act(line.admin, order, 'cancel');
    for (const action of ['cancel', 'place', 'start-production']) {
      const res = await line.admin.post(`/api/orders/${order.id}/${action}`, { version: canceled.version });
      expect(errorOf(res.body)).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', details: [{ params: { status: 'canceled', action } }] });
    }
    expect(await orderOf(line.admin, order.id)).toMatchObject({ status: 'canceled', version: canceled.version });
  });

  it('needs the version the copy was made on, and answers a stale one with CONFLICT_ERROR', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const missing = await line.admin.post(`/api/orders/${order.id}/place`, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body).details).toEqual([{ path: 'version', message: 'validation.required' }]);
    const placed = await act(line.admin, order, 'place');
    const stale = await line.admin.post(`/api/orders/${order.id}/cancel`, { version: order.version });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body).code).toBe('CONFLICT_ERROR');
    expect((await orderOf(line.admin, order.id)).status).toBe(placed.status);
  });

  it('keeps the order actions from operators: 403, nothing changed', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const operator = line.operators[0].client;
    for (const action of ['place', 'start-production', 'cancel', 'ready-to-dispatch', 'dispatch', 'deliver', 'finish', 'ready-to-use']) {
      expect((await operator.post(`/api/orders/${order.id}/${action}`, { version: order.version })).statusCode, action).toBe(403);
    }
    expect((await operator.put(`/api/orders/${order.id}`, { ...orderBody([{ materialId: line.materials.bike, quantity: 2 }]), version: 1 })).statusCode).toBe(
      403,
    );
    expect((await orderOf(line.admin, order.id)).version).toBe(1);
  });
});

describe("another company's order", () => {
  it('answers 404 on every order route, and stays as it was', async () => {
    const theirs = await createOrder(other.admin, orderBody([{ materialId: other.materials.bike, quantity: 1 }]));
    const mine = line.admin;
    expect((await mine.get(`/api/orders/${theirs.id}`)).statusCode).toBe(404);
    expect((await mine.get(`/api/orders/${theirs.id}/history`)).statusCode).toBe(404);
    expect((await mine.put(`/api/orders/${theirs.id}`, { ...orderBody([{ materialId: line.materials.bike, quantity: 1 }]), version: 1 })).statusCode).toBe(404);
    for (const action of ['place', 'start-production', 'cancel', 'dispatch', 'deliver', 'finish', 'ready-to-dispatch', 'ready-to-use']) {
      expect((await mine.post(`/api/orders/${theirs.id}/${action}`, { version: 1 })).statusCode, action).toBe(404);
    }
    expect((await mine.post(`/api/orders/${theirs.id}/move-to-station`, { version: 1, toStationId: line.stations.drill.id })).statusCode).toBe(404);
    expect((await mine.post(`/api/orders/${theirs.id}/check-in`, { version: 1, stationId: line.stations.goods.id })).statusCode).toBe(404);
    expect((await mine.get(`/api/stations/${other.stations.saw.id}/worklist`)).statusCode).toBe(404);
    expect(await orderOf(other.admin, theirs.id)).toMatchObject({ status: 'open', version: 1 });
    const listed = (await mine.get(`/api/orders?q=${theirs.orderNumber}&limit=100`)).json().data as { id: string }[];
    expect(listed.map((o) => o.id)).not.toContain(theirs.id);
  });
});

describe('the order list', () => {
  let list: OrderLine;
  beforeAll(async () => {
    list = await orderLine(t);
    const { bike, screw } = list.materials;
    await createOrder(list.admin, orderBody([{ materialId: bike, quantity: 1 }], { name: 'Alpha Räder', deliveryDate: '2020-01-10' }));
    await createOrder(list.admin, orderBody([{ materialId: bike, quantity: 1 }], { name: 'Beta Bikes', place: 'Köln', deliveryDate: '2099-01-01' }));
    await createOrder(
      list.admin,
      orderBody([{ materialId: screw, quantity: 100 }], { kind: 'logistics', name: 'Schrauben Meier', deliveryDate: '2020-02-01' }),
    );
    const canceled = await createOrder(list.admin, orderBody([{ materialId: bike, quantity: 1 }], { name: 'Gamma', deliveryDate: '2020-03-01' }));
    await act(list.admin, canceled, 'cancel');
    await createOrder(list.admin, orderBody([{ materialId: bike, quantity: 5 }], { kind: 'production', name: 'Lager', deliveryDate: null }));
  });
  const names = async (query: string) => ((await list.admin.get(`/api/orders?${query}`)).json().data as { name: string }[]).map((o) => o.name);

  it('filters by kind and status', async () => {
    expect(await names('kind=logistics')).toEqual(['Schrauben Meier']);
    expect(await names('kind=customer&status=open')).toEqual(['Beta Bikes', 'Alpha Räder']);
    expect(await names('status=canceled,open&kind=customer')).toEqual(['Gamma', 'Beta Bikes', 'Alpha Räder']);
  });

  it('finds text in the number, the name and the place', async () => {
    expect(await names('q=köln')).toEqual(['Beta Bikes']);
    expect(await names('q=RÄDER')).toEqual(['Alpha Räder']);
    expect(await names('q=000001')).toHaveLength(1);
    expect(await names('q=%25')).toEqual([]);
  });

  it('filters delayed orders: delivery date passed and not delivered', async () => {
    expect(await names('delayed=true')).toEqual(['Schrauben Meier', 'Alpha Räder']);
    expect(await names('delayed=false&kind=customer')).toEqual(['Gamma', 'Beta Bikes']);
    const delayed = (await list.admin.get('/api/orders?delayed=true')).json().data as { delayed: boolean }[];
    expect(delayed.every((o) => o.delayed)).toBe(true);
  });

  it('pages and sorts, and says how many match', async () => {
    const page = (await list.admin.get('/api/orders?limit=2&page=2&sort=name')).json();
    expect(page).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page.data.map((o: { name: string }) => o.name)).toEqual(['Gamma', 'Lager']);
    expect((await list.admin.get('/api/orders?limit=2&page=9')).json()).toMatchObject({ data: [], total: 5 });
    expect(await names('sort=deliveryDate')).toEqual(['Alpha Räder', 'Schrauben Meier', 'Gamma', 'Beta Bikes', 'Lager']);
    expect((await list.admin.get('/api/orders?sort=password')).statusCode).toBe(400);
    expect((await list.admin.get('/api/orders?limit=101')).statusCode).toBe(400);
  });

  it('shows the home board: open orders with number, status and delayed, delayed first', async () => {
    const board = (await list.admin.get('/api/orders/board')).json();
    expect(board.data.map((o: { name: string; delayed: boolean; status: string }) => [o.name, o.status, o.delayed])).toEqual([
      ['Alpha Räder', 'open', true],
      ['Schrauben Meier', 'open', true],
      ['Beta Bikes', 'open', false],
      ['Lager', 'open', false],
      // Canceled today: still on the board until tomorrow.
      ['Gamma', 'canceled', false],
    ]);
    expect(board.data[0].orderNumber).toMatch(/^\d{6}$/);
  });
});

describe('looking an order up by its number', () => {
  it('answers the order as GET /api/orders/{id} does, to every user of the company', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }], { name: 'Scan & Co' }));
    const shown = await orderOf(line.admin, order.id);
    for (const client of [line.admin, line.operators[0].client]) {
      const res = await client.get(`/api/orders/by-number/${order.orderNumber}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(shown);
    }
    // A scanner's trailing blank does not matter.
    expect((await line.admin.get(`/api/orders/by-number/${order.orderNumber}%20`)).json().id).toBe(order.id);
  });

  it('answers 404 NOT_FOUND for a well-formed number no order of the company has', async () => {
    const res = await line.admin.get('/api/orders/by-number/987654321');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body).code).toBe('NOT_FOUND');
  });

  it.each(['42', '0000042', 'ABC000042', '00004x', '1234567890'])('answers 400 VALIDATION_ERROR for the malformed number %j', async (orderNumber) => {
    const res = await line.admin.get(`/api/orders/by-number/${orderNumber}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'params.orderNumber', message: 'validation.invalidFormat' }] });
  });

  it("answers 404 for another company's number, never that company's order", async () => {
    const theirs = await createOrder(other.admin, orderBody([{ materialId: other.materials.bike, quantity: 1 }]));
    const empty = await companyWithTeam(t);
    const res = await clientOf(t, empty.admin.token).get(`/api/orders/by-number/${theirs.orderNumber}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body).code).toBe('NOT_FOUND');
    // Numbers count per company: the same number in this company is this company's order, or nothing.
    const same = await line.admin.get(`/api/orders/by-number/${theirs.orderNumber}`);
    expect(same.statusCode === 404 || same.json().id !== theirs.id).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await clientOf(t).get('/api/orders/by-number/000001')).statusCode).toBe(401);
  });
});

describe('history and replay', () => {
  it('lists every event with who, when, type and data; folding it gives the order shown', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const placed = await act(line.superUser, order, 'place');
    await act(line.admin, placed, 'cancel');
    const res = await line.operators[0].client.get(`/api/orders/${order.id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json();
    expect(history.orderNumber).toBe(order.orderNumber);
    expect(history.data.map((e: { type: string; version: number }) => [e.version, e.type])).toEqual([
      [1, 'OrderCreated'],
      [2, 'OrderPlaced'],
      [3, 'OrderCanceled'],
    ]);
    expect(history.data[1].who).toEqual({ userId: expect.any(String), role: 'SUPER_USER', name: 'Sabine Schmidt', apiKey: null, machine: null });
    expect(history.data[2].who).toMatchObject({ role: 'ADMIN', name: 'Ali Demir' });
    expect(Date.parse(history.data[0].at)).not.toBeNaN();
    const replayed = foldEvents(orderDecider, history.data);
    const shown = await orderOf(line.admin, order.id);
    expect(replayed).toMatchObject({ status: shown.status, orderNumber: shown.orderNumber, netSum: shown.netSum, updatedAt: shown.updatedAt });
  });
});

describe('the advertisement line', () => {
  it('is set by administrators, read by everyone, at most 100 characters', async () => {
    expect((await line.admin.get('/api/orders/advertisement')).json()).toMatchObject({ comment: '', updatedAt: null });
    const set = await line.admin.put('/api/orders/advertisement', { comment: '  Werksbesichtigung Freitag 14 Uhr  ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().comment).toBe('Werksbesichtigung Freitag 14 Uhr');
    expect((await line.operators[0].client.get('/api/orders/advertisement')).json().comment).toBe('Werksbesichtigung Freitag 14 Uhr');
    expect((await line.admin.put('/api/orders/advertisement', { comment: 'x'.repeat(100) })).statusCode).toBe(200);
    const tooLong = await line.admin.put('/api/orders/advertisement', { comment: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong.body).details).toEqual([{ path: 'comment', message: 'validation.maxLength', params: { max: 100 } }]);
    expect((await line.operators[0].client.put('/api/orders/advertisement', { comment: 'hi' })).statusCode).toBe(403);
    expect((await other.admin.get('/api/orders/advertisement')).json().comment).toBe('');
  });
});
