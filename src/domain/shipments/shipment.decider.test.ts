import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { DomainError } from '../shared/errors.js';
import type { CarrierOnHand, OrderOnHand, ShipmentCommand } from './shipment.commands.js';
import {
  availableShipmentActions,
  customerKeyOf,
  decideShipment,
  evolveShipment,
  initialShipmentState,
  orderMovesOf,
  shipmentDecider,
  shipmentTransitions,
  trackingLinkFrom,
  type ShipmentState,
} from './shipment.decider.js';
import type { ShipmentAttachment, ShipmentDetails, ShipmentEvent } from './shipment.events.js';
import { shipmentFormSchema, shipmentLimits, shipmentStatuses, type ShipmentFormInput, type ShipmentStatus } from './shipment.schema.js';

/** The events a decision appends; a refusal fails the test. */
const decided = (result: ShipmentEvent[] | DomainError): ShipmentEvent[] => {
  if (result instanceof DomainError) throw result;
  return result;
};

const at = '2026-11-21T08:00:00.000Z';
const later = '2026-11-22T09:30:00.000Z';
const shipmentId = '00000000-0000-4000-8000-00000000a001';
const otherShipmentId = '00000000-0000-4000-8000-00000000a002';
const dhl = '00000000-0000-4000-8000-00000000c001';
const orderA = '00000000-0000-4000-8000-000000000001';
const orderB = '00000000-0000-4000-8000-000000000002';
const orderC = '00000000-0000-4000-8000-000000000003';

const carrier: CarrierOnHand = { carrierId: dhl, name: 'DHL', trackingLinkTemplate: 'https://track.example/?id={trackingId}' };

const readyOrder = (orderId: string, number: string, extra: Partial<OrderOnHand> = {}): OrderOnHand => ({
  orderId,
  orderNumber: number,
  kind: 'customer',
  status: 'ready-to-ship',
  customerName: 'Fahrradhaus Berg',
  openShipmentId: null,
  readyQuantity: 10,
  ...extra,
});
const a = readyOrder(orderA, '000001');
const b = readyOrder(orderB, '000002');
const c = readyOrder(orderC, '000003');

const formOf = (overrides: Partial<ShipmentFormInput> = {}) =>
  shipmentFormSchema.parse({
    deliveredBy: { source: 'typed', name: 'Spedition Huber' },
    trackingId: 'HU-4711',
    shippingDate: '2026-11-23',
    orderIds: [orderA, orderB],
    ...overrides,
  });

const details: ShipmentDetails = { carrier: { carrierId: null, name: 'Spedition Huber' }, trackingId: 'HU-4711', link: '', shippingDate: '2026-11-23' };

const created: ShipmentEvent = {
  type: 'ShipmentCreated',
  data: { shipmentId, number: 3, shipmentNumber: 'S000003', customerName: 'Fahrradhaus Berg', details, at },
};
const assigned = (order: OrderOnHand, when = at): ShipmentEvent => ({
  type: 'ShipmentOrderAssigned',
  data: { shipmentId, order: { orderId: order.orderId, orderNumber: order.orderNumber, quantity: order.readyQuantity }, at: when },
});
const released = (orderId: string, when = later): ShipmentEvent => ({ type: 'ShipmentOrderReleased', data: { shipmentId, orderId, at: when } });
const readyForDispatch: ShipmentEvent = { type: 'ShipmentMarkedReadyForDispatch', data: { shipmentId, at } };
const sent: ShipmentEvent = { type: 'ShipmentSent', data: { shipmentId, at } };
const delivered: ShipmentEvent = { type: 'ShipmentDelivered', data: { shipmentId, at } };
const canceled: ShipmentEvent = { type: 'ShipmentCanceled', data: { shipmentId, orderIds: [orderA, orderB], at } };
const pdf: ShipmentAttachment = {
  attachmentId: '00000000-0000-4000-8000-00000000f001',
  fileName: 'lieferschein.pdf',
  contentType: 'application/pdf',
  size: 48_000,
};

/** A shipment of orders A and B, in each status. */
const history: Record<ShipmentStatus, ShipmentEvent[]> = {
  open: [created, assigned(a), assigned(b)],
  'ready-for-dispatch': [created, assigned(a), assigned(b), readyForDispatch],
  sent: [created, assigned(a), assigned(b), readyForDispatch, sent],
  delivered: [created, assigned(a), assigned(b), readyForDispatch, sent, delivered],
  canceled: [created, assigned(a), assigned(b), canceled],
};

const given = givenFor(shipmentDecider);

const create = (overrides: Partial<Extract<ShipmentCommand, { type: 'CreateShipment' }>> = {}): ShipmentCommand => ({
  type: 'CreateShipment',
  shipment: { shipmentId, number: 3, shipmentNumber: 'S000003' },
  form: formOf(),
  orders: [a, b],
  carrier: null,
  at,
  ...overrides,
});
const change = (overrides: Partial<Extract<ShipmentCommand, { type: 'ChangeShipment' }>> = {}): ShipmentCommand => ({
  type: 'ChangeShipment',
  form: formOf(),
  orders: [
    { ...a, openShipmentId: shipmentId },
    { ...b, openShipmentId: shipmentId },
  ],
  carrier: null,
  at: later,
  ...overrides,
});

describe('creating a shipment', () => {
  it("records the shipment for the orders' customer and assigns each order, in the form's order", () => {
    given()
      .when(create())
      .then([created, assigned(a), assigned(b)]);
    expect(given(...history.open).state).toMatchObject({
      status: 'open',
      customerName: 'Fahrradhaus Berg',
      orders: [{ orderId: orderA }, { orderId: orderB }],
      attachments: [],
    });
  });

  it('takes a carrier of the master data, its name copied in and the link made from its template', () => {
    const form = formOf({ deliveredBy: { source: 'master-data', carrierId: dhl }, trackingId: 'JJD 0001' });
    const result = decided(decideShipment(create({ form, carrier }), initialShipmentState));
    expect(result[0]).toMatchObject({
      data: { details: { carrier: { carrierId: dhl, name: 'DHL' }, trackingId: 'JJD 0001', link: 'https://track.example/?id=JJD%200001' } },
    });
  });

  it('keeps a link typed in over the template', () => {
    const form = formOf({ deliveredBy: { source: 'master-data', carrierId: dhl }, link: 'https://dhl.example/parcel/1' });
    const result = decided(decideShipment(create({ form, carrier }), initialShipmentState));
    expect(result[0]).toMatchObject({ data: { details: { link: 'https://dhl.example/parcel/1' } } });
  });

  it('carrierIsKnown: a master-data carrier the company does not have is refused', () => {
    const form = formOf({ deliveredBy: { source: 'master-data', carrierId: dhl } });
    given()
      .when(create({ form, carrier: null }))
      .thenError('VALIDATION_ERROR', [{ path: 'deliveredBy.carrierId', message: 'shipments.validation.unknownCarrier', params: { carrierId: dhl } }]);
  });

  it("assignedOrdersExist: an order the company does not have (unknown, or another company's) is refused, naming it", () => {
    given()
      .when(create({ orders: [a] }))
      .thenError('INVALID_ORDER_ID', [{ path: 'orderIds.1', message: 'shipments.validation.unknownOrder', params: { orderId: orderB } }]);
  });

  it('assignedOrdersAreCustomerOrders: production and logistics orders are not shipped', () => {
    given()
      .when(create({ orders: [a, { ...b, kind: 'production' }] }))
      .thenError('VALIDATION_ERROR', [
        { path: 'orderIds.1', message: 'shipments.validation.notCustomerOrder', params: { orderNumber: '000002', kind: 'production' } },
      ]);
  });

  it('assignedOrdersOfOneCustomer: all orders are for one customer (compared without case and extra spaces)', () => {
    given()
      .when(create({ orders: [a, { ...b, customerName: '  fahrradhaus   BERG ' }] }))
      .then([created, assigned(a), assigned(b)]);
    given()
      .when(create({ orders: [a, { ...b, customerName: 'Radsport Lang' }] }))
      .thenError('SHIPMENT_ORDERS_OF_DIFFERENT_CUSTOMERS', [
        {
          path: 'orderIds.1',
          message: 'shipments.validation.otherCustomer',
          params: { orderNumber: '000002', customerName: 'Radsport Lang', expected: 'Fahrradhaus Berg' },
        },
      ]);
  });

  it('assignedOrdersReadyToShip: every order is Ready to ship, or in production with pieces ready', () => {
    given()
      .when(create({ orders: [{ ...a, status: 'in-progress', readyQuantity: 0 }, b] }))
      .thenError('ORDER_NOT_READY_TO_SHIP', [
        { path: 'orderIds.0', message: 'shipments.validation.orderNotReadyToShip', params: { orderNumber: '000001', status: 'in-progress' } },
      ]);
  });

  it('assignedOrdersInNoOtherShipment: an order already in another open shipment is refused', () => {
    given()
      .when(create({ orders: [a, { ...b, openShipmentId: otherShipmentId }] }))
      .thenError('ORDER_ALREADY_IN_SHIPMENT', [
        { path: 'orderIds.1', message: 'shipments.validation.orderInOtherShipment', params: { orderNumber: '000002', shipmentId: otherShipmentId } },
      ]);
  });

  it('does not create a shipment twice', () => {
    given(...history.open)
      .when(create())
      .thenError('CONFLICT_ERROR');
  });
});

describe('changing a shipment', () => {
  it('records changed details only', () => {
    const form = formOf({ trackingId: 'HU-4712' });
    given(...history.open)
      .when(change({ form }))
      .then([{ type: 'ShipmentChanged', data: { shipmentId, details: { ...details, trackingId: 'HU-4712' }, at: later } }]);
    given(...history.open)
      .when(change())
      .then([]);
  });

  it('releases the orders taken out and assigns the ones put in', () => {
    given(...history.open)
      .when(change({ form: formOf({ orderIds: [orderB, orderC] }), orders: [{ ...b, openShipmentId: shipmentId }, c] }))
      .then([released(orderA), assigned(c, later)]);
    const { state } = given(...history.open, released(orderA), assigned(c, later));
    expect(state).toMatchObject({ orders: [{ orderId: orderB }, { orderId: orderC }], updatedAt: later });
  });

  it('keeps the orders it holds even though they moved on with it (Ready for dispatch)', () => {
    given(...history['ready-for-dispatch'])
      .when(
        change({
          form: formOf({ orderIds: [orderA, orderB, orderC] }),
          orders: [{ ...a, status: 'ready-for-dispatch', openShipmentId: shipmentId }, { ...b, status: 'ready-for-dispatch', openShipmentId: shipmentId }, c],
        }),
      )
      .then([assigned(c, later)]);
  });

  it("keeps the rules of creating, against the shipment's customer", () => {
    given(...history.open)
      .when(change({ form: formOf({ orderIds: [orderC] }), orders: [{ ...c, customerName: 'Radsport Lang' }] }))
      .thenError('SHIPMENT_ORDERS_OF_DIFFERENT_CUSTOMERS', [
        {
          path: 'orderIds.0',
          message: 'shipments.validation.otherCustomer',
          params: { orderNumber: '000003', customerName: 'Radsport Lang', expected: 'Fahrradhaus Berg' },
        },
      ]);
    given(...history.open)
      .when(
        change({
          form: formOf({ orderIds: [orderA, orderC] }),
          orders: [
            { ...a, openShipmentId: shipmentId },
            { ...c, openShipmentId: otherShipmentId },
          ],
        }),
      )
      .thenError('ORDER_ALREADY_IN_SHIPMENT');
    given(...history.open)
      .when(change({ form: formOf({ deliveredBy: { source: 'master-data', carrierId: dhl } }), carrier: null }))
      .thenError('VALIDATION_ERROR');
  });

  it('shipmentMustBeEditable: a shipment in status Sent cannot be edited', () => {
    given(...history.sent)
      .when(change())
      .thenError('SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE');
    // The spec's text, 'Shipment with status Sent cannot be edited', is the server's answer (tests/integration/shipments/shipments-api.test.ts).
    expect(new DomainError('SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE').status).toBe(409);
  });

  it('shipmentMustBeEditable: nor once delivered or canceled', () => {
    for (const status of ['delivered', 'canceled'] as const) {
      given(...history[status])
        .when(change())
        .thenError('ORDER_NOT_EDITABLE', [{ path: '', message: 'errors.ORDER_NOT_EDITABLE', params: { status } }]);
    }
  });

  it('cannot change a shipment that does not exist', () => {
    given().when(change()).thenError('SHIPPING_ORDER_NOT_FOUND');
  });
});

describe('the status machine', () => {
  const commands = {
    'ready-to-dispatch': { type: 'MarkReadyToDispatch', at } as const,
    dispatch: { type: 'Dispatch', at } as const,
    deliver: { type: 'Deliver', at } as const,
    cancel: { type: 'Cancel', at } as const,
  };
  const facts = { 'ready-to-dispatch': readyForDispatch, dispatch: sent, deliver: delivered, cancel: canceled };

  for (const status of shipmentStatuses) {
    for (const action of Object.keys(commands) as (keyof typeof commands)[]) {
      const isAllowed = shipmentTransitions[action].from.includes(status);
      it(`${status}: ${action} is ${isAllowed ? 'allowed' : 'refused'}`, () => {
        const then = given(...history[status]).when(commands[action]);
        if (isAllowed) then.then([facts[action]]);
        else then.thenError('ORDER_TRANSITION_NOT_ALLOWED', [{ path: '', message: 'errors.ORDER_TRANSITION_NOT_ALLOWED', params: { status, action } }]);
      });
    }
  }

  it('goes Open -> Ready for dispatch -> Sent -> Delivered, and Canceled from Open or Ready for dispatch', () => {
    expect(Object.fromEntries(shipmentStatuses.map((status) => [status, availableShipmentActions(given(...history[status]).state)]))).toEqual({
      open: ['ready-to-dispatch', 'cancel'],
      'ready-for-dispatch': ['dispatch', 'cancel'],
      sent: ['deliver'],
      delivered: [],
      canceled: [],
    });
    for (const status of shipmentStatuses) expect(given(...history[status]).state.status).toBe(status);
  });

  it('cancels from Ready for dispatch too, naming the orders it frees', () => {
    given(...history['ready-for-dispatch'])
      .when({ type: 'Cancel', at })
      .then([canceled]);
  });

  it('answers SHIPPING_ORDER_NOT_FOUND for a shipment that does not exist', () => {
    given().when({ type: 'Dispatch', at }).thenError('SHIPPING_ORDER_NOT_FOUND');
    expect(availableShipmentActions(initialShipmentState)).toEqual([]);
  });
});

describe('attachments', () => {
  const added: ShipmentEvent = { type: 'ShipmentAttachmentAdded', data: { shipmentId, attachment: pdf, at } };

  it('records an uploaded file, once even when the upload is retried', () => {
    given(...history.open)
      .when({ type: 'AddAttachment', attachment: pdf, at })
      .then([added]);
    given(...history.open, added)
      .when({ type: 'AddAttachment', attachment: pdf, at })
      .then([]);
    expect(given(...history.open, added).state).toMatchObject({ attachments: [pdf] });
  });

  it('removes one, and only one it has', () => {
    given(...history.open, added)
      .when({ type: 'RemoveAttachment', attachmentId: pdf.attachmentId, at })
      .then([{ type: 'ShipmentAttachmentRemoved', data: { shipmentId, attachmentId: pdf.attachmentId, at } }]);
    given(...history.open)
      .when({ type: 'RemoveAttachment', attachmentId: pdf.attachmentId, at })
      .thenError('NOT_FOUND');
    expect(given(...history.open, added, { type: 'ShipmentAttachmentRemoved', data: { shipmentId, attachmentId: pdf.attachmentId, at } }).state).toMatchObject({
      attachments: [],
    });
  });

  it('attachmentIsAccepted: at most the size limit each, and at most the count limit per shipment', () => {
    given(...history.open)
      .when({ type: 'AddAttachment', attachment: { ...pdf, size: shipmentLimits.attachmentBytes + 1 }, at })
      .thenError('PAYLOAD_TOO_LARGE');
    given(...history.open)
      .when({ type: 'AddAttachment', attachment: { ...pdf, size: shipmentLimits.attachmentBytes }, at })
      .then([{ type: 'ShipmentAttachmentAdded', data: { shipmentId, attachment: { ...pdf, size: shipmentLimits.attachmentBytes }, at } }]);
    const full = Array.from({ length: shipmentLimits.attachments }, (_, index): ShipmentEvent => ({
      type: 'ShipmentAttachmentAdded',
      data: { shipmentId, attachment: { ...pdf, attachmentId: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}` }, at },
    }));
    given(...history.open, ...full)
      .when({ type: 'AddAttachment', attachment: pdf, at })
      .thenError('VALIDATION_ERROR', [{ path: 'attachments', message: 'validation.maxItems', params: { max: shipmentLimits.attachments } }]);
  });

  it('shipmentMustBeEditable: no attachment is added to or removed from a Sent shipment', () => {
    given(...history.sent)
      .when({ type: 'AddAttachment', attachment: pdf, at })
      .thenError('SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE');
    given(...history.sent, added)
      .when({ type: 'RemoveAttachment', attachmentId: pdf.attachmentId, at })
      .thenError('SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE');
    given(...history['ready-for-dispatch'])
      .when({ type: 'AddAttachment', attachment: pdf, at })
      .then([added]);
  });
});

describe('how the orders follow their shipment', () => {
  const moves = (before: ShipmentEvent[], ...events: ShipmentEvent[]) => orderMovesOf(given(...before).state, events);

  it('Open: the orders stay Ready to ship, whether assigned or released', () => {
    expect(moves([], created, assigned(a), assigned(b))).toEqual([]);
    expect(moves(history.open, released(orderA), assigned(c))).toEqual([]);
  });

  it('Ready for dispatch, Sent, Delivered: every order with it', () => {
    expect(moves(history.open, readyForDispatch)).toEqual([
      { orderId: orderA, move: 'ready-to-dispatch' },
      { orderId: orderB, move: 'ready-to-dispatch' },
    ]);
    expect(moves(history['ready-for-dispatch'], sent)).toEqual([
      { orderId: orderA, move: 'dispatch' },
      { orderId: orderB, move: 'dispatch' },
    ]);
    expect(moves(history.sent, delivered)).toEqual([
      { orderId: orderA, move: 'deliver' },
      { orderId: orderB, move: 'deliver' },
    ]);
  });

  it('an order put into or taken out of a shipment Ready for dispatch follows it, or goes back to Ready to ship', () => {
    expect(moves(history['ready-for-dispatch'], released(orderA), assigned(c))).toEqual([
      { orderId: orderA, move: 'release' },
      { orderId: orderC, move: 'ready-to-dispatch' },
    ]);
  });

  it('canceled: the orders are free again, back to Ready to ship from Ready for dispatch', () => {
    expect(moves(history.open, canceled)).toEqual([]);
    expect(moves(history['ready-for-dispatch'], canceled)).toEqual([
      { orderId: orderA, move: 'release' },
      { orderId: orderB, move: 'release' },
    ]);
  });

  it('details and attachments move no order', () => {
    expect(
      moves(
        history['ready-for-dispatch'],
        { type: 'ShipmentChanged', data: { shipmentId, details, at } },
        { type: 'ShipmentAttachmentAdded', data: { shipmentId, attachment: pdf, at } },
      ),
    ).toEqual([]);
  });
});

describe('replaying a shipment', () => {
  it('folds the whole life of a shipment to the state the server decides on', () => {
    const life = [
      ...history.open,
      released(orderB),
      { type: 'ShipmentAttachmentAdded', data: { shipmentId, attachment: pdf, at: later } } satisfies ShipmentEvent,
      readyForDispatch,
      sent,
      delivered,
    ];
    const state: ShipmentState = life.reduce(evolveShipment, initialShipmentState);
    expect(state).toEqual({
      status: 'delivered',
      shipmentId,
      number: 3,
      shipmentNumber: 'S000003',
      customerName: 'Fahrradhaus Berg',
      details,
      orders: [{ orderId: orderA, orderNumber: '000001', quantity: 10 }],
      attachments: [pdf],
      createdAt: at,
      updatedAt: at,
    });
  });

  it('ignores facts of a shipment it never saw created', () => {
    expect(evolveShipment(initialShipmentState, sent)).toEqual(initialShipmentState);
  });
});

describe('helpers', () => {
  it('customerKeyOf compares customers without case and extra spaces', () => {
    expect(customerKeyOf('  Fahrradhaus   Berg ')).toBe(customerKeyOf('fahrradhaus berg'));
  });

  it('trackingLinkFrom puts the tracking ID into the template, encoded', () => {
    expect(trackingLinkFrom('https://t.example/{trackingId}?again={trackingId}', 'A/1 2')).toBe('https://t.example/A%2F1%202?again=A%2F1%202');
    expect(trackingLinkFrom(null, 'A1')).toBe('');
    expect(trackingLinkFrom('https://t.example/{trackingId}', '')).toBe('');
  });
});

describe('partial shipments: a quantity per order', () => {
  const inProduction = readyOrder(orderA, '000001', { status: 'in-progress', readyQuantity: 30 });
  const create = (orders: OrderOnHand[], lines: { orderId: string; quantity?: number }[]) =>
    decideShipment(
      {
        type: 'CreateShipment',
        shipment: { shipmentId, number: 3, shipmentNumber: 'S000003' },
        form: formOf({ orderIds: undefined, orders: lines }),
        orders,
        carrier: null,
        at,
      },
      initialShipmentState,
    );

  it('takes the quantity asked for, at most the ready pieces, from an order still in production', () => {
    const events = decided(create([inProduction], [{ orderId: orderA, quantity: 30 }]));
    expect(events[1]).toEqual({ type: 'ShipmentOrderAssigned', data: { shipmentId, order: { orderId: orderA, orderNumber: '000001', quantity: 30 }, at } });
  });

  it('takes all ready pieces when no quantity is given', () => {
    const events = decided(create([inProduction], [{ orderId: orderA }]));
    expect(events[1]).toMatchObject({ data: { order: { quantity: 30 } } });
  });

  it('refuses more than is ready on orders.N.quantity (400), naming what is ready', () => {
    const refused = create([inProduction, b], [{ orderId: orderB }, { orderId: orderA, quantity: 31 }]);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('VALIDATION_ERROR');
    expect((refused as DomainError).details).toEqual([
      { path: 'orders.1.quantity', message: 'shipments.validation.quantityAboveReady', params: { orderNumber: '000001', ready: 30 } },
    ]);
  });

  it('refuses an order in production with nothing ready (409)', () => {
    const nothing = readyOrder(orderA, '000001', { status: 'in-progress', readyQuantity: 0 });
    expect((create([nothing], [{ orderId: orderA, quantity: 1 }]) as DomainError).code).toBe('ORDER_NOT_READY_TO_SHIP');
  });

  it('keeps the pieces an order went in with: another quantity on an edit is refused on orders.N.quantity', () => {
    const held: ShipmentEvent = {
      type: 'ShipmentOrderAssigned',
      data: { shipmentId, order: { orderId: orderA, orderNumber: '000001', quantity: 20 }, at },
    };
    const state = [created, held].reduce(evolveShipment, initialShipmentState);
    const change = (quantity: number) =>
      decideShipment(
        {
          type: 'ChangeShipment',
          form: formOf({ orderIds: undefined, orders: [{ orderId: orderA, quantity }] }),
          orders: [{ ...inProduction, openShipmentId: shipmentId, readyQuantity: 10 }],
          carrier: null,
          at,
        },
        state,
      );
    expect(decided(change(20))).toEqual([]);
    expect((change(25) as DomainError).details).toEqual([
      { path: 'orders.0.quantity', message: 'shipments.validation.quantityFixed', params: { orderNumber: '000001', quantity: 20 } },
    ]);
  });

  it('reads orders and their quantities from the form; orderIds alone ships all that is ready', () => {
    expect(() => shipmentFormSchema.parse({ deliveredBy: { source: 'typed', name: 'X' }, shippingDate: '2026-11-23' })).toThrow(
      /shipments.validation.ordersRequired/,
    );
    const quantityProblem = shipmentFormSchema.safeParse({
      deliveredBy: { source: 'typed', name: 'X' },
      shippingDate: '2026-11-23',
      orders: [{ orderId: orderA, quantity: 0 }],
    });
    expect(quantityProblem.error?.issues[0].path).toEqual(['orders', 0, 'quantity']);
    const fractional = shipmentFormSchema.safeParse({
      deliveredBy: { source: 'typed', name: 'X' },
      shippingDate: '2026-11-23',
      orders: [{ orderId: orderA, quantity: 1.5 }],
    });
    expect(fractional.error?.issues[0].message).toBe('validation.wholeNumber');
  });
});
