import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { isEventOf } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { MaterialOnHand, OrderCommand, ProductionLine } from './order.commands.js';
import { availableActions, decideOrder, evolveOrder, initialOrderState, productionPlanOf, type OrderState, orderDecider } from './order.decider.js';
import { orderEvents, type OrderDetails, type OrderEvent, type OrderPosition } from './order.events.js';
import { orderActions, type OrderAction } from './order.machine.js';
import { quantityReported } from './order.testing.js';
import { orderFormSchema, type OrderFormInput, type OrderKind, type OrderStatus } from './order.schema.js';

/** The events a decision appends; a refusal fails the test. */
const decided = (result: OrderEvent[] | DomainError): OrderEvent[] => {
  if (result instanceof DomainError) throw result;
  return result;
};

/** An order event built loosely (a type and a payload), read by the orders' catalogue as the store reads one. */
function anOrderEvent(type: OrderEvent['type'], data: object): OrderEvent {
  const event = orderEvents.read({ type, data });
  if (!event) throw new Error(`not an order event: ${type}`);
  return event;
}

const at = '2026-11-21T08:00:00.000Z';
const orderId = '00000000-0000-4000-8000-000000000001';
const bike = '00000000-0000-4000-8000-0000000000b1';
const wheel = '00000000-0000-4000-8000-0000000000b2';
const screw = '00000000-0000-4000-8000-0000000000b3';
const saw = '00000000-0000-4000-8000-00000000005a';
const drill = '00000000-0000-4000-8000-00000000005b';
const paint = '00000000-0000-4000-8000-00000000005c';
const line: ProductionLine = { stationIds: [saw, drill, paint], startStationId: saw };

const materials: MaterialOnHand[] = [
  { materialId: bike, name: 'City bike', materialNumber: 'P-1', type: 'product', stock: 0 },
  { materialId: wheel, name: 'Wheel', materialNumber: 'F-2', type: 'manufacturing_part', stock: 10 },
  { materialId: screw, name: 'Screw', materialNumber: 'K-3', type: 'purchasing_part', stock: 500 },
];

const position = (materialId: string, quantity: number, extra: Partial<OrderPosition> = {}): OrderPosition => {
  const material = materials.find((m) => m.materialId === materialId)!;
  return {
    materialId,
    materialName: material.name,
    materialNumber: material.materialNumber,
    materialType: material.type,
    quantity,
    netPrice: 10,
    useInventory: false,
    ...extra,
  };
};

const details: OrderDetails = orderFormSchema.parse({
  name: 'Fahrradhaus Berg',
  street: 'Hauptstraße',
  houseNumber: '12',
  zip: '80331',
  place: 'München',
  workInProgress: 'Regal 3',
  deliveryDate: '2026-12-01',
  positions: [{ materialId: bike, quantity: 1, netPrice: 1 }],
}) as OrderDetails & { positions: unknown };
delete (details as Partial<OrderDetails & { positions: unknown }>).positions;
delete (details as Partial<OrderDetails & { clientId: unknown }>).clientId;

const created = (
  kind: OrderKind,
  positions: OrderPosition[] = [position(bike, 2)],
  extra: Partial<Extract<OrderEvent, { type: 'OrderCreated' }>['data']> = {},
): Extract<OrderEvent, { type: 'OrderCreated' }> => ({
  type: 'OrderCreated',
  data: {
    orderId,
    kind,
    number: 7,
    orderNumber: '000007',
    details,
    positions,
    parentOrderId: null,
    forStock: kind === 'production',
    clientId: null,
    at,
    ...extra,
  },
});
const placed: OrderEvent = { type: 'OrderPlaced', data: { orderId, at } };
const atStation = (stationId: string): OrderEvent => ({ type: 'ProductionOrderStarted', data: { orderId, stationId, at } });
const workStarted = (stationId: string): OrderEvent => ({ type: 'WorkStarted', data: { orderId, stationId, at } });

const given = givenFor(orderDecider);

const formOf = (overrides: Partial<OrderFormInput> = {}) =>
  orderFormSchema.parse({
    ...details,
    positions: [{ materialId: bike, quantity: 2, netPrice: 10 }],
    ...overrides,
  });

const numbered = (n: number) => ({
  orderId: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  number: 100 + n,
  orderNumber: String(100 + n).padStart(6, '0'),
});

describe('creating an order', () => {
  it('records the order with its number, the materials copied in and the net sum computed', () => {
    const form = formOf({
      positions: [
        { materialId: bike, quantity: 3, netPrice: 0.1 },
        { materialId: screw, quantity: 2, netPrice: 19.99, useInventory: true },
      ],
    });
    const { state } = given(created('customer', [position(bike, 3, { netPrice: 0.1 }), position(screw, 2, { netPrice: 19.99, useInventory: true })]));
    given()
      .when({ type: 'CreateOrder', order: { orderId, number: 7, orderNumber: '000007' }, kind: 'customer', form, materials, at })
      .then([created('customer', [position(bike, 3, { netPrice: 0.1 }), position(screw, 2, { netPrice: 19.99, useInventory: true })])]);
    expect(state).toMatchObject({ status: 'open', netSum: 40.28, location: null });
  });

  it('positionsNameKnownMaterials: a material the company does not have is refused, naming the position', () => {
    const stranger = '00000000-0000-4000-8000-0000000000ff';
    given()
      .when({
        type: 'CreateOrder',
        order: numbered(1),
        kind: 'customer',
        form: formOf({
          positions: [
            { materialId: bike, quantity: 1, netPrice: 1 },
            { materialId: stranger, quantity: 1, netPrice: 1 },
          ],
        }),
        materials,
        at,
      })
      .thenError('POSITION_MATERIAL_NOT_FOUND', [
        { path: 'positions.1.materialId', message: 'errors.POSITION_MATERIAL_NOT_FOUND', params: { materialId: stranger } },
      ]);
  });

  it('keeps stock order and use-inventory to customer orders', () => {
    const form = formOf({ stockOrder: false, positions: [{ materialId: screw, quantity: 5, netPrice: 1, useInventory: true }] });
    const [event] = decided(decideOrder({ type: 'CreateOrder', order: numbered(1), kind: 'logistics', form, materials, at }, initialOrderState));
    if (!isEventOf(event, 'OrderCreated')) throw new Error(`expected OrderCreated, got ${event.type}`);
    expect(event.data.positions[0].useInventory).toBe(false);
    expect(event.data.forStock).toBe(false);
  });

  it('makes a production order without a customer order for stock', () => {
    const result = decided(decideOrder({ type: 'CreateOrder', order: numbered(1), kind: 'production', form: formOf(), materials, at }, initialOrderState));
    expect(result[0]).toMatchObject({ type: 'OrderCreated', data: { kind: 'production', forStock: true, parentOrderId: null } });
  });

  it('productionOrderWithinLimit: a production order makes at most 999 pieces in all', () => {
    const form = (second: number) =>
      formOf({
        positions: [
          { materialId: bike, quantity: 500, netPrice: 1 },
          { materialId: wheel, quantity: second, netPrice: 1 },
        ],
      });
    expect(decideOrder({ type: 'CreateOrder', order: numbered(1), kind: 'production', form: form(499), materials, at }, initialOrderState)).not.toBeInstanceOf(
      DomainError,
    );
    given()
      .when({ type: 'CreateOrder', order: numbered(1), kind: 'production', form: form(500), materials, at })
      .thenError('PRODUCTION_ORDERS_LIMIT_EXCEEDED', [
        { path: 'positions', message: 'errors.PRODUCTION_ORDERS_LIMIT_EXCEEDED', params: { quantity: 1000, max: 999, materialName: 'City bike' } },
      ]);
    // A customer order is not a production order: its positions are limited one by one.
    expect(decideOrder({ type: 'CreateOrder', order: numbered(1), kind: 'customer', form: form(500), materials, at }, initialOrderState)).not.toBeInstanceOf(
      DomainError,
    );
  });

  it('does not create an order twice', () => {
    given(created('customer'))
      .when({ type: 'CreateOrder', order: numbered(1), kind: 'customer', form: formOf(), materials, at })
      .thenError('CONFLICT_ERROR');
  });
});

describe("the order's client (customer directory)", () => {
  const velo = '00000000-0000-4000-8000-0000000000c1';
  const other = '00000000-0000-4000-8000-0000000000c2';
  const create = (clientFound: boolean): OrderCommand => ({
    type: 'CreateOrder',
    order: { orderId, number: 7, orderNumber: '000007' },
    kind: 'customer',
    form: formOf({ clientId: velo }),
    materials,
    clientFound,
    at,
  });

  it('records the client the order was made for, and folds it', () => {
    given()
      .when(create(true))
      .then([created('customer', [position(bike, 2)], { clientId: velo })]);
    expect(given(created('customer', [position(bike, 2)], { clientId: velo })).state).toMatchObject({ clientId: velo });
  });

  it('orderClientIsKnown: refuses a client the company does not have, naming the field', () => {
    given()
      .when(create(false))
      .thenError('VALIDATION_ERROR', [{ path: 'clientId', message: 'clients.validation.unknown' }]);
    given(created('customer'))
      .when({ type: 'ChangeOrder', form: formOf({ clientId: other }), materials, at })
      .thenError('VALIDATION_ERROR', [{ path: 'clientId', message: 'clients.validation.unknown' }]);
  });

  it('keeps the client it already links after that client was removed, and unlinks on null', () => {
    const linked = created('customer', [position(bike, 2)], { clientId: velo });
    given(linked)
      .when({ type: 'ChangeOrder', form: formOf({ clientId: velo, prioritize: true }), materials, clientFound: false, at })
      .then([expect.objectContaining({ type: 'OrderChanged', data: expect.objectContaining({ clientId: velo }) })]);
    const unlinked = given(linked).when({ type: 'ChangeOrder', form: formOf({ clientId: null }), materials, at });
    unlinked.then([expect.objectContaining({ data: expect.objectContaining({ clientId: null }) })]);
  });

  it('reads an order recorded before the directory (no clientId on its events) as linked to none', () => {
    const { clientId: _none, ...before } = created('customer').data;
    const changedBefore = anOrderEvent('OrderChanged', { orderId, details, positions: [position(bike, 2)], at });
    expect(given(anOrderEvent('OrderCreated', before)).state).toMatchObject({ clientId: null });
    expect(given(created('customer', [position(bike, 2)], { clientId: velo }), changedBefore).state).toMatchObject({ clientId: null });
  });
});

describe('changing an order', () => {
  const change = (overrides: Partial<OrderFormInput> = {}): OrderCommand => ({ type: 'ChangeOrder', form: formOf(overrides), materials, at });

  it('records the new form while the order is open or ordered', () => {
    given(created('customer'))
      .when(change({ prioritize: true }))
      .then([{ type: 'OrderChanged', data: { orderId, details: { ...details, prioritize: true }, positions: [position(bike, 2)], clientId: null, at } }]);
    given(created('logistics'), placed)
      .when(change())
      .then([expect.objectContaining({ type: 'OrderChanged' })]);
  });

  it('orderMustBeEditable: refuses once production started, and a production order once it is on the line', () => {
    const started: OrderEvent = { type: 'ProductionStarted', data: { orderId, productionOrders: [], takenFromStock: [], at } };
    given(created('customer'), started).when(change()).thenError('ORDER_NOT_EDITABLE');
    given(created('production'), atStation(saw)).when(change()).thenError('ORDER_NOT_EDITABLE');
    given(created('customer'), { type: 'OrderCanceled', data: { orderId, at } }).when(change()).thenError('ORDER_NOT_EDITABLE');
  });

  it('keeps the rules of creating', () => {
    given(created('production'))
      .when(
        change({
          positions: [
            { materialId: bike, quantity: 999, netPrice: 1 },
            { materialId: wheel, quantity: 1, netPrice: 1 },
          ],
        }),
      )
      .thenError('PRODUCTION_ORDERS_LIMIT_EXCEEDED');
    given(created('customer')).when({ type: 'ChangeOrder', form: formOf(), materials: [], at }).thenError('POSITION_MATERIAL_NOT_FOUND');
  });

  it('cannot change an order that does not exist', () => {
    given().when(change()).thenError('NOT_FOUND');
  });
});

/**
 * The machine, written out as the spec for every kind: each line is an action allowed from a
 * status. Everything not listed is refused with ORDER_TRANSITION_NOT_ALLOWED.
 */
const allowed = [
  'customer open place',
  'customer open start-production',
  'customer open cancel',
  'customer ordered start-production',
  'customer ordered cancel',
  'customer ready-to-ship ready-to-dispatch',
  'customer ready-for-dispatch dispatch',
  'customer dispatched deliver',
  'customer delivered finish',
  'customer ready-to-use finish',
  'production open start-production',
  'production open cancel',
  'production in-progress start-work',
  'production in-progress complete-work',
  'production in-progress move-to-station',
  'production finished ready-to-use',
  'logistics open place',
  'logistics open cancel',
  'logistics ordered check-in',
  'logistics ordered cancel',
  'logistics delivered finish',
];

/** Events that bring an order of a kind into a status (production orders in progress wait at the saw, in work). */
function historyTo(kind: OrderKind, status: OrderStatus): OrderEvent[] {
  const e = (type: OrderEvent['type'], data: object = {}) => anOrderEvent(type, { orderId, at, ...data });
  const start = created(kind, [position(bike, 2)], kind === 'customer' && status === 'ready-to-use' ? { details: { ...details, stockOrder: true } } : {});
  const paths: Partial<Record<OrderStatus, OrderEvent[]>> = {
    open: [],
    ordered: [placed],
    'in-progress': kind === 'production' ? [atStation(saw), workStarted(saw)] : [e('ProductionStarted', { productionOrders: [], takenFromStock: [] })],
    finished:
      kind === 'production'
        ? [
            atStation(paint),
            workStarted(paint),
            e('WorkCompleted', { stationId: paint, workStartedAt: at, nextStationId: null }),
            e('ProductionFinished', { stockAdded: [] }),
          ]
        : [e('OrderFinished')],
    'ready-to-use': [e('OrderReadyToUse')],
    'ready-to-ship': [e('OrderReadyToShip')],
    'ready-for-dispatch': [e('OrderReadyForDispatch')],
    dispatched: [e('OrderDispatched')],
    delivered: [e('OrderDelivered')],
    canceled: [e('OrderCanceled')],
  };
  return [start, ...(paths[status] ?? [])];
}

/** A command for each action that would pass every rule but the machine's. */
function commandFor(action: OrderAction): OrderCommand {
  const withStock = materials.map((m) => ({ ...m, stock: 1000 }));
  switch (action) {
    case 'place':
      return { type: 'PlaceOrder', at };
    case 'start-production':
      return { type: 'StartProduction', line, productionOrders: [numbered(1)], materials: withStock, at };
    case 'start-work':
      return { type: 'StartWork', stationId: saw, at };
    case 'complete-work':
      return { type: 'CompleteWork', stationId: saw, line, at };
    case 'move-to-station':
      return { type: 'MoveToStation', toStationId: drill, stationExists: true, at };
    case 'ready-to-use':
      return { type: 'MarkReadyToUse', at };
    case 'ready-to-dispatch':
      return { type: 'MarkReadyToDispatch', at };
    case 'dispatch':
      return { type: 'Dispatch', at };
    case 'deliver':
      return { type: 'Deliver', at };
    case 'check-in':
      return { type: 'CheckIn', station: { stationId: saw, incomingGoodsCheckIn: true }, at };
    case 'finish':
      return { type: 'Finish', at };
    case 'cancel':
      return { type: 'Cancel', at };
  }
}

const statusesOf: Record<OrderKind, OrderStatus[]> = {
  customer: ['open', 'ordered', 'in-progress', 'ready-to-ship', 'ready-for-dispatch', 'dispatched', 'delivered', 'ready-to-use', 'finished', 'canceled'],
  production: ['open', 'in-progress', 'finished', 'ready-to-use', 'canceled'],
  logistics: ['open', 'ordered', 'delivered', 'finished', 'canceled'],
};

const expectedStatus: Record<string, OrderStatus> = {
  place: 'ordered',
  'start-production': 'in-progress',
  'ready-to-dispatch': 'ready-for-dispatch',
  dispatch: 'dispatched',
  deliver: 'delivered',
  finish: 'finished',
  cancel: 'canceled',
  'ready-to-use': 'ready-to-use',
  'check-in': 'delivered',
};

describe('the status machine', () => {
  for (const kind of ['customer', 'production', 'logistics'] as const) {
    for (const status of statusesOf[kind]) {
      for (const action of orderActions) {
        const isAllowed = allowed.includes(`${kind} ${status} ${action}`);
        it(`${kind} order, ${status}: ${action} is ${isAllowed ? 'allowed' : 'refused'}`, () => {
          // Work not started yet is where Start applies; everywhere else the order is in work.
          const waiting = action === 'start-work' && kind === 'production' && status === 'in-progress';
          const history = waiting ? [created('production'), atStation(saw)] : historyTo(kind, status);
          const state = history.reduce(evolveOrder, initialOrderState);
          expect(state.status).toBe(status);
          const result = decideOrder(commandFor(action), state);
          if (!isAllowed) {
            expect(result).toBeInstanceOf(DomainError);
            expect((result as DomainError).code).toBe('ORDER_TRANSITION_NOT_ALLOWED');
            expect((result as DomainError).details).toEqual([{ path: '', message: 'errors.ORDER_TRANSITION_NOT_ALLOWED', params: { status, action } }]);
            expect(availableActions(state)).not.toContain(action);
            return;
          }
          if (result instanceof DomainError) throw new Error(`${action} refused: ${result.code} ${JSON.stringify(result.details)}`);
          const after = result.reduce(evolveOrder, state);
          if (expectedStatus[action]) expect(after.status).toBe(expectedStatus[action]);
          else expect(after.status).toBe('in-progress');
        });
      }
    }
  }

  it('offers exactly the allowed actions where the order stands', () => {
    expect(availableActions(given(created('customer')).state)).toEqual(['place', 'start-production', 'cancel']);
    expect(availableActions(given(created('production'), atStation(saw)).state)).toEqual(['start-work', 'move-to-station']);
    expect(availableActions(given(created('production'), atStation(saw), workStarted(saw)).state)).toEqual(['complete-work', 'move-to-station']);
    expect(availableActions(initialOrderState)).toEqual([]);
  });

  it('answers NOT_FOUND for an order that does not exist', () => {
    given().when({ type: 'Cancel', at }).thenError('NOT_FOUND');
  });
});

describe('starting production of a customer order', () => {
  const start = (overrides: Partial<Extract<OrderCommand, { type: 'StartProduction' }>> = {}): OrderCommand => ({
    type: 'StartProduction',
    line,
    productionOrders: [numbered(1), numbered(2)],
    materials,
    at,
    ...overrides,
  });

  it('makes one production order per material to be made and takes use-inventory positions from stock', () => {
    const positions = [
      position(bike, 2),
      position(wheel, 4, { useInventory: true }),
      position(screw, 30),
      position(bike, 3),
      position(wheel, 1, { useInventory: true }),
    ];
    expect(productionPlanOf({ positions }).map((planned) => [planned.materialId, planned.positions.length])).toEqual([
      [bike, 2],
      [screw, 1],
    ]);
    given(created('customer', positions))
      .when(start())
      .then([
        {
          type: 'ProductionStarted',
          data: {
            orderId,
            productionOrders: [
              { ...numbered(1), materialId: bike, quantity: 5 },
              { ...numbered(2), materialId: screw, quantity: 30 },
            ].map(({ number: _n, ...planned }) => planned),
            takenFromStock: [{ materialId: wheel, quantity: 5 }],
            at,
          },
        },
      ]);
  });

  it('refuses a production order above 999 pieces (PRODUCTION_ORDERS_LIMIT_EXCEEDED), naming the position', () => {
    given(created('customer', [position(wheel, 1, { useInventory: true }), position(bike, 999)]))
      .when(start({ productionOrders: [numbered(1)] }))
      .then([expect.objectContaining({ type: 'ProductionStarted' })]);
    given(created('customer', [position(wheel, 1, { useInventory: true }), position(bike, 999), position(bike, 1)]))
      .when(start({ productionOrders: [numbered(1)] }))
      .thenError('PRODUCTION_ORDERS_LIMIT_EXCEEDED', [
        { path: 'positions.1.quantity', message: 'errors.PRODUCTION_ORDERS_LIMIT_EXCEEDED', params: { quantity: 1000, max: 999, materialName: 'City bike' } },
      ]);
  });

  it('stockCoversPositions: refuses when stock does not cover what is taken from it', () => {
    given(created('customer', [position(wheel, 10, { useInventory: true })]))
      .when(start({ productionOrders: [] }))
      .then([expect.objectContaining({ type: 'ProductionStarted' }), expect.objectContaining({ type: 'OrderReadyToShip' })]);
    given(created('customer', [position(wheel, 6, { useInventory: true }), position(wheel, 5, { useInventory: true })]))
      .when(start({ productionOrders: [] }))
      .thenError('STOCK_INSUFFICIENT', [
        { path: 'positions.0.quantity', message: 'errors.STOCK_INSUFFICIENT', params: { materialName: 'Wheel', stock: 10, quantity: 11 } },
      ]);
    given(created('customer', [position(wheel, 1, { useInventory: true })]))
      .when(start({ productionOrders: [], materials: [] }))
      .thenError('POSITION_MATERIAL_NOT_FOUND');
  });

  it('is ready to ship at once when everything comes from stock', () => {
    const state = given(created('customer', [position(screw, 3, { useInventory: true })])).state;
    const events = decided(decideOrder(start({ productionOrders: [] }), state));
    expect(events.map((event) => event.type)).toEqual(['ProductionStarted', 'OrderReadyToShip']);
    expect(events.reduce(evolveOrder, state).status).toBe('ready-to-ship');
  });

  it('startStationIsSaved: needs a sequence with a start station when something is to be made', () => {
    given(created('customer'))
      .when(start({ line: { stationIds: [], startStationId: null }, productionOrders: [numbered(1)] }))
      .thenError('NO_START_STATION');
    given(created('production'))
      .when(start({ line: { stationIds: [], startStationId: null } }))
      .thenError('NO_START_STATION');
  });

  it('sends a production order of its own to the start station', () => {
    given(created('production'))
      .when(start({ line: { stationIds: [saw, drill], startStationId: drill } }))
      .then([atStation(drill)]);
  });
});

describe('a production order made for a customer order', () => {
  it('copies the customer order, keeps the link, and enters the line at the start station', () => {
    const positions = [position(bike, 2), position(bike, 3)];
    given()
      .when({ type: 'CreateProductionOrder', order: numbered(1), parent: { orderId, details, stockOrder: true }, positions, startStationId: saw, at })
      .then([
        {
          type: 'OrderCreated',
          data: { ...numbered(1), kind: 'production', details, positions, parentOrderId: orderId, forStock: true, at },
        },
        { type: 'ProductionOrderStarted', data: { orderId: numbered(1).orderId, stationId: saw, at } },
      ]);
  });
});

describe('operators at the stations', () => {
  const onLine = [created('production'), atStation(saw)];

  it('start work on an order waiting at their station', () => {
    given(...onLine)
      .when({ type: 'StartWork', stationId: saw, at })
      .then([workStarted(saw)]);
  });

  it('orderMustBeAtStation: cannot act on an order at another station', () => {
    given(...onLine)
      .when({ type: 'StartWork', stationId: drill, at })
      .thenError('ORDER_NOT_AT_STATION', [{ path: 'stationId', message: 'errors.ORDER_NOT_AT_STATION', params: { orderNumber: '000007' } }]);
    given(...onLine, workStarted(saw))
      .when({ type: 'CompleteWork', stationId: drill, line, at })
      .thenError('ORDER_NOT_AT_STATION');
  });

  it('do not start work twice, nor complete work never started', () => {
    given(...onLine, workStarted(saw))
      .when({ type: 'StartWork', stationId: saw, at })
      .thenError('ORDER_TRANSITION_NOT_ALLOWED', [
        { path: '', message: 'orders.validation.workAlreadyStarted', params: { status: 'in-progress', action: 'start-work' } },
      ]);
    given(...onLine)
      .when({ type: 'CompleteWork', stationId: saw, line, at })
      .thenError('ORDER_TRANSITION_NOT_ALLOWED', [
        { path: '', message: 'orders.validation.workNotStarted', params: { status: 'in-progress', action: 'complete-work' } },
      ]);
  });

  it('complete work: the order goes on to the next station of the saved sequence', () => {
    const later = '2026-11-21T08:30:00.000Z';
    const { state } = given(...onLine, workStarted(saw));
    const events = decided(decideOrder({ type: 'CompleteWork', stationId: saw, line, at: later }, state));
    expect(events).toEqual([
      quantityReported({ orderId, stationId: saw, good: 2, at: later }),
      { type: 'WorkCompleted', data: { orderId, stationId: saw, workStartedAt: at, nextStationId: drill, at: later } },
    ]);
    expect(events.reduce(evolveOrder, state)).toMatchObject({
      status: 'in-progress',
      location: { stage: 'station', stationId: drill, arrivedAt: later, workStartedAt: null },
    });
  });

  it('complete work at the last station: to WIP, production finished, pieces made for stock added', () => {
    const { state } = given(created('production', [position(bike, 2), position(screw, 3), position(bike, 1)]), atStation(paint), workStarted(paint));
    const events = decided(decideOrder({ type: 'CompleteWork', stationId: paint, line, at }, state));
    expect(events).toEqual([
      quantityReported({ orderId, stationId: paint, good: 6, at: at }),
      { type: 'WorkCompleted', data: { orderId, stationId: paint, workStartedAt: at, nextStationId: null, at } },
      {
        type: 'ProductionFinished',
        data: {
          orderId,
          stockAdded: [
            { materialId: bike, quantity: 3 },
            { materialId: screw, quantity: 3 },
          ],
          at,
        },
      },
    ]);
    expect(events.reduce(evolveOrder, state)).toMatchObject({ status: 'finished', location: { stage: 'wip' } });
  });

  it('pieces made for a customer are not added to stock', () => {
    given(created('production', [position(bike, 2)], { forStock: false, parentOrderId: orderId }), atStation(paint), workStarted(paint))
      .when({ type: 'CompleteWork', stationId: paint, line, at })
      .then([
        quantityReported({ orderId, stationId: paint, good: 2, at: at }),
        { type: 'WorkCompleted', data: { orderId, stationId: paint, workStartedAt: at, nextStationId: null, at } },
        { type: 'ProductionFinished', data: { orderId, stockAdded: [], at } },
      ]);
  });

  it('an order moved off the sequence goes to WIP when work there is done', () => {
    const rework = '00000000-0000-4000-8000-00000000005d';
    given(created('production'), atStation(rework), workStarted(rework))
      .when({ type: 'CompleteWork', stationId: rework, line, at })
      .then([
        expect.objectContaining({ type: 'QuantityReported' }),
        expect.objectContaining({ type: 'WorkCompleted', data: expect.objectContaining({ nextStationId: null }) }),
        expect.objectContaining({ type: 'ProductionFinished' }),
      ]);
  });

  it('move an order to another station, in work or waiting', () => {
    given(...onLine, workStarted(saw))
      .when({ type: 'MoveToStation', toStationId: paint, stationExists: true, at })
      .then([{ type: 'OrderMovedToStation', data: { orderId, fromStationId: saw, toStationId: paint, at } }]);
  });

  it('refuse moving to an unknown station or to where the order is', () => {
    given(...onLine)
      .when({ type: 'MoveToStation', toStationId: paint, stationExists: false, at })
      .thenError('VALIDATION_ERROR', [{ path: 'toStationId', message: 'stations.validation.unknownStation' }]);
    given(...onLine)
      .when({ type: 'MoveToStation', toStationId: saw, stationExists: true, at })
      .thenError('ORDER_TRANSITION_NOT_ALLOWED', [
        { path: '', message: 'orders.validation.alreadyAtStation', params: { status: 'in-progress', action: 'move-to-station' } },
      ]);
  });
});

describe('a customer order waiting for its production orders', () => {
  const first = numbered(1);
  const second = numbered(2);
  const started = (stockOrder = false): OrderEvent[] => [
    created('customer', [position(bike, 1), position(wheel, 2)], stockOrder ? { details: { ...details, stockOrder: true } } : {}),
    {
      type: 'ProductionStarted',
      data: {
        orderId,
        productionOrders: [
          { orderId: first.orderId, orderNumber: first.orderNumber, materialId: bike, quantity: 1 },
          { orderId: second.orderId, orderNumber: second.orderNumber, materialId: wheel, quantity: 2 },
        ],
        takenFromStock: [],
        at,
      },
    },
  ];
  const done = (productionOrderId: string): OrderEvent => ({ type: 'ProductionOrderDone', data: { orderId, productionOrderId, at } });

  it('records each production order done, and is ready to ship after the last', () => {
    given(...started())
      .when({ type: 'RecordProductionOrderDone', productionOrderId: first.orderId, at })
      .then([done(first.orderId)]);
    const last = given(...started(), done(first.orderId));
    last
      .when({ type: 'RecordProductionOrderDone', productionOrderId: second.orderId, at })
      .then([done(second.orderId), { type: 'OrderReadyToShip', data: { orderId, at } }]);
  });

  it('a stock order is ready to use instead', () => {
    given(...started(true), done(first.orderId))
      .when({ type: 'RecordProductionOrderDone', productionOrderId: second.orderId, at })
      .then([done(second.orderId), { type: 'OrderReadyToUse', data: { orderId, at } }]);
  });

  it('records a production order once, and knows only its own', () => {
    given(...started(), done(first.orderId))
      .when({ type: 'RecordProductionOrderDone', productionOrderId: first.orderId, at })
      .then([]);
    given(...started())
      .when({ type: 'RecordProductionOrderDone', productionOrderId: orderId, at })
      .thenError('NOT_FOUND');
  });
});

describe('logistics orders', () => {
  it('check in at an incoming-goods station, adding the goods to stock', () => {
    given(created('logistics', [position(screw, 200), position(screw, 50)]), placed)
      .when({ type: 'CheckIn', station: { stationId: saw, incomingGoodsCheckIn: true }, at })
      .then([{ type: 'OrderCheckedIn', data: { orderId, stationId: saw, stockAdded: [{ materialId: screw, quantity: 250 }], at } }]);
  });

  it('stationChecksInGoods: not at a station without the incoming goods flag', () => {
    given(created('logistics'), placed)
      .when({ type: 'CheckIn', station: { stationId: saw, incomingGoodsCheckIn: false }, at })
      .thenError('STATION_NOT_FOR_INCOMING_GOODS');
  });
});

describe('replaying an order', () => {
  it('folds the whole life of a customer order to the state the server decides on', () => {
    const life: OrderEvent[] = [
      created('customer'),
      placed,
      {
        type: 'ProductionStarted',
        data: { orderId, productionOrders: [{ orderId: numbered(1).orderId, orderNumber: '000101', materialId: bike, quantity: 2 }], takenFromStock: [], at },
      },
      { type: 'ProductionOrderDone', data: { orderId, productionOrderId: numbered(1).orderId, at } },
      { type: 'OrderReadyToShip', data: { orderId, at } },
      { type: 'OrderReadyForDispatch', data: { orderId, at } },
      { type: 'OrderDispatched', data: { orderId, at } },
      { type: 'OrderDelivered', data: { orderId, at } },
      { type: 'OrderFinished', data: { orderId, at: '2026-11-30T10:00:00.000Z' } },
    ];
    const statuses = life.map((_, index) => life.slice(0, index + 1).reduce(evolveOrder, initialOrderState as OrderState).status);
    expect(statuses).toEqual(['open', 'ordered', 'in-progress', 'in-progress', 'ready-to-ship', 'ready-for-dispatch', 'dispatched', 'delivered', 'finished']);
    expect(life.reduce(evolveOrder, initialOrderState)).toMatchObject({
      updatedAt: '2026-11-30T10:00:00.000Z',
      createdAt: at,
      productionOrders: [{ done: true }],
    });
  });
});

describe('an order in a shipment', () => {
  const shipmentId = '00000000-0000-4000-8000-00000000a001';
  const otherShipmentId = '00000000-0000-4000-8000-00000000a002';
  const e = (type: OrderEvent['type'], extra: object = {}) => anOrderEvent(type, { orderId, at, ...extra });
  const readyToShip = [created('customer'), e('ProductionStarted', { productionOrders: [], takenFromStock: [] }), e('OrderReadyToShip')];
  const assigned = e('OrderAssignedToShipment', { shipmentId });
  const inShipment = [...readyToShip, assigned];

  it('orderMayJoinShipment: a customer order Ready to ship joins a shipment, and records it', () => {
    given(...readyToShip)
      .when({ type: 'AssignToShipment', shipmentId, at })
      .then([assigned]);
    expect(given(...inShipment).state).toMatchObject({ status: 'ready-to-ship', shipmentId });
    given(...inShipment)
      .when({ type: 'AssignToShipment', shipmentId, at })
      .then([]);
  });

  it('orderMayJoinShipment: not an order in another shipment, nor one that is not Ready to ship', () => {
    given(...inShipment)
      .when({ type: 'AssignToShipment', shipmentId: otherShipmentId, at })
      .thenError('ORDER_ALREADY_IN_SHIPMENT', [{ path: '', message: 'errors.ORDER_ALREADY_IN_SHIPMENT', params: { orderNumber: '000007', shipmentId } }]);
    given(created('customer'))
      .when({ type: 'AssignToShipment', shipmentId, at })
      .thenError('ORDER_NOT_READY_TO_SHIP', [{ path: '', message: 'errors.ORDER_NOT_READY_TO_SHIP', params: { orderNumber: '000007', status: 'open' } }]);
    given(created('production'), atStation(saw)).when({ type: 'AssignToShipment', shipmentId, at }).thenError('ORDER_NOT_READY_TO_SHIP');
  });

  it('orderInShipmentMovesWithIt: ready to dispatch, dispatch and deliver come from its shipment only', () => {
    given(...inShipment)
      .when({ type: 'MarkReadyToDispatch', at })
      .thenError('ORDER_ALREADY_IN_SHIPMENT');
    given(...inShipment)
      .when({ type: 'MarkReadyToDispatch', shipmentId: otherShipmentId, at })
      .thenError('ORDER_ALREADY_IN_SHIPMENT');
    given(...inShipment)
      .when({ type: 'MarkReadyToDispatch', shipmentId, at })
      .then([e('OrderReadyForDispatch')]);
    given(...inShipment, e('OrderReadyForDispatch'))
      .when({ type: 'Dispatch', at })
      .thenError('ORDER_ALREADY_IN_SHIPMENT');
    given(...inShipment, e('OrderReadyForDispatch'), e('OrderDispatched'))
      .when({ type: 'Deliver', at })
      .thenError('ORDER_ALREADY_IN_SHIPMENT');
    given(...inShipment, e('OrderReadyForDispatch'), e('OrderDispatched'))
      .when({ type: 'Deliver', shipmentId, at })
      .then([e('OrderDelivered')]);
  });

  it('an order in no shipment still takes the actions directly, and no shipment may give them to it', () => {
    given(...readyToShip)
      .when({ type: 'MarkReadyToDispatch', at })
      .then([e('OrderReadyForDispatch')]);
    given(...readyToShip)
      .when({ type: 'MarkReadyToDispatch', shipmentId, at })
      .thenError('ORDER_ALREADY_IN_SHIPMENT');
  });

  it('offers no ready-to-dispatch, dispatch or deliver button while in a shipment', () => {
    expect(availableActions(given(...readyToShip).state)).toEqual(['ready-to-dispatch']);
    expect(availableActions(given(...inShipment).state)).toEqual([]);
    expect(availableActions(given(...inShipment, e('OrderReadyForDispatch'), e('OrderDispatched'), e('OrderDelivered')).state)).toEqual(['finish']);
  });

  it('releaseOnlyFromReadyForDispatch: Ready for dispatch goes back to Ready to ship, for its shipment only', () => {
    const readyForDispatch = [...inShipment, e('OrderReadyForDispatch')];
    given(...readyForDispatch)
      .when({ type: 'Release', shipmentId, at })
      .then([e('OrderReleased', { shipmentId })]);
    expect(given(...readyForDispatch, e('OrderReleased', { shipmentId })).state).toMatchObject({ status: 'ready-to-ship', shipmentId });
    given(...inShipment)
      .when({ type: 'Release', shipmentId, at })
      .thenError('ORDER_TRANSITION_NOT_ALLOWED', [
        { path: '', message: 'errors.ORDER_TRANSITION_NOT_ALLOWED', params: { status: 'ready-to-ship', action: 'release' } },
      ]);
    given(...readyForDispatch)
      .when({ type: 'Release', shipmentId: otherShipmentId, at })
      .thenError('ORDER_TRANSITION_NOT_ALLOWED');
    given(...readyForDispatch, e('OrderDispatched'))
      .when({ type: 'Release', shipmentId, at })
      .thenError('ORDER_TRANSITION_NOT_ALLOWED');
  });

  it('leaves its shipment while Ready to ship, and is free for another one', () => {
    const left = e('OrderLeftShipment', { shipmentId });
    given(...inShipment)
      .when({ type: 'LeaveShipment', shipmentId, at })
      .then([left]);
    expect(given(...inShipment, left).state).toMatchObject({ status: 'ready-to-ship', shipmentId: null });
    given(...inShipment, left)
      .when({ type: 'AssignToShipment', shipmentId: otherShipmentId, at })
      .then([e('OrderAssignedToShipment', { shipmentId: otherShipmentId })]);
    given(...inShipment)
      .when({ type: 'LeaveShipment', shipmentId: otherShipmentId, at })
      .then([]);
    given(...inShipment, e('OrderReadyForDispatch'))
      .when({ type: 'LeaveShipment', shipmentId, at })
      .thenError('ORDER_TRANSITION_NOT_ALLOWED');
  });
});
