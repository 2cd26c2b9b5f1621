import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { foldEvents } from '../shared/decider.js';
import { orderDecider, readyToShipOf, type LiveOrderState } from './order.decider.js';
import type { OrderEvent } from './order.events.js';
import { bikePosition, testOrderDetails } from './order.testing.js';

// docs/shipments.md "Partial shipments", the worked example: 50 ordered, the split child FB000501-1
// finishes with 30 good, a first shipment takes the 30, the parent finishes with the 20 left, a
// second shipment takes those and the order moves with it to Delivered.
const at = '2026-11-30T08:00:00.000Z';
const orderId = '00000000-0000-4000-8000-0000000000c1';
const parent = '00000000-0000-4000-8000-0000000000a1';
const child = '00000000-0000-4000-8000-0000000000a2';
const bike = '00000000-0000-4000-8000-0000000000b1';
const first = '00000000-0000-4000-8000-00000000f001';
const second = '00000000-0000-4000-8000-00000000f002';

const details = testOrderDetails;
const positions = [bikePosition(bike, 50, 10)];

const inProduction: OrderEvent[] = [
  {
    type: 'OrderCreated',
    data: { orderId, kind: 'customer', number: 500, orderNumber: 'FB000500', details, positions, parentOrderId: null, forStock: false, at },
  },
  {
    type: 'ProductionStarted',
    data: { orderId, productionOrders: [{ orderId: parent, orderNumber: 'FB000501', materialId: bike, quantity: 50 }], takenFromStock: [], at },
  },
  {
    type: 'ProductionOrderAdded',
    data: { orderId, productionOrder: { orderId: child, orderNumber: 'FB000501-1', materialId: bike, quantity: 30 }, splitFromOrderId: parent, at },
  },
];
const childDone: OrderEvent = { type: 'ProductionOrderDone', data: { orderId, productionOrderId: child, good: 30, at } };
const parentDone: OrderEvent = { type: 'ProductionOrderDone', data: { orderId, productionOrderId: parent, good: 20, at } };
const readyToShip: OrderEvent = { type: 'OrderReadyToShip', data: { orderId, at } };
const partIn = (shipmentId: string, quantity: number): OrderEvent => ({ type: 'OrderPartAssignedToShipment', data: { orderId, shipmentId, quantity, at } });
const partSent = (shipmentId: string, quantity: number): OrderEvent => ({ type: 'OrderPartDispatched', data: { orderId, shipmentId, quantity, at } });

const given = givenFor(orderDecider);
const readyOf = (...events: OrderEvent[]) => readyToShipOf(foldEvents(orderDecider, events) as LiveOrderState);

describe('a customer order shipped partly (the worked example)', () => {
  it('has the good pieces of its finished production orders ready, split children included', () => {
    expect(readyOf(...inProduction)).toBe(0);
    expect(readyOf(...inProduction, childDone)).toBe(30);
    expect(readyOf(...inProduction, childDone, partIn(first, 30))).toBe(0);
    expect(readyOf(...inProduction, childDone, partIn(first, 30), partSent(first, 30), parentDone, readyToShip)).toBe(20);
  });

  it('ships the 30 ready while the rest is in production: a part, the order keeps its status', () => {
    given(...inProduction, childDone)
      .when({ type: 'AssignToShipment', shipmentId: first, quantity: 30, at })
      .then([partIn(first, 30)]);
    // Ready for dispatch changes nothing on the order; sent, its pieces are gone and the order is free again.
    given(...inProduction, childDone, partIn(first, 30))
      .when({ type: 'MarkReadyToDispatch', shipmentId: first, at })
      .then([]);
    const sent = given(...inProduction, childDone, partIn(first, 30))
      .when({ type: 'Dispatch', shipmentId: first, at })
      .then([partSent(first, 30)]);
    const state = foldEvents(orderDecider, [...inProduction, childDone, partIn(first, 30), ...sent]) as LiveOrderState;
    expect(state.status).toBe('in-progress');
    expect(state.shipmentId).toBeNull();
    // Delivering the first shipment leaves an order with pieces still to go as it is.
    given(...inProduction, childDone, partIn(first, 30), ...sent)
      .when({ type: 'Deliver', shipmentId: first, at })
      .then([]);
  });

  it('ships the remaining 20 later: all that remains moves the order with its shipment, as a whole order does', () => {
    const history = [...inProduction, childDone, partIn(first, 30), partSent(first, 30), parentDone, readyToShip];
    const joined = given(...history)
      .when({ type: 'AssignToShipment', shipmentId: second, quantity: 20, at })
      .then([{ type: 'OrderAssignedToShipment', data: { orderId, shipmentId: second, at } }]);
    const ready = given(...history, ...joined)
      .when({ type: 'MarkReadyToDispatch', shipmentId: second, at })
      .then([{ type: 'OrderReadyForDispatch', data: { orderId, at } }]);
    const dispatched = given(...history, ...joined, ...ready)
      .when({ type: 'Dispatch', shipmentId: second, at })
      .then([{ type: 'OrderDispatched', data: { orderId, at } }]);
    given(...history, ...joined, ...ready, ...dispatched)
      .when({ type: 'Deliver', shipmentId: second, at })
      .then([{ type: 'OrderDelivered', data: { orderId, at } }]);
  });

  it('refuses more than is ready, on quantity', () => {
    given(...inProduction, childDone)
      .when({ type: 'AssignToShipment', shipmentId: first, quantity: 31, at })
      .thenError('VALIDATION_ERROR', [
        { path: 'quantity', message: 'shipments.validation.quantityAboveReady', params: { orderNumber: 'FB000500', ready: 30 } },
      ]);
  });

  it('refuses an order with nothing ready yet', () => {
    given(...inProduction)
      .when({ type: 'AssignToShipment', shipmentId: first, quantity: 1, at })
      .thenError('ORDER_NOT_READY_TO_SHIP');
  });

  it('releases the part when it is taken out or its shipment canceled: the pieces are ready again', () => {
    const out = given(...inProduction, childDone, partIn(first, 30))
      .when({ type: 'LeaveShipment', shipmentId: first, at })
      .then([{ type: 'OrderPartReleased', data: { orderId, shipmentId: first, quantity: 30, at } }]);
    expect(readyOf(...inProduction, childDone, partIn(first, 30), ...out)).toBe(30);
    // A shipment Ready for dispatch gives its orders back first: a part has no status to give back.
    given(...inProduction, childDone, partIn(first, 30))
      .when({ type: 'Release', shipmentId: first, at })
      .then([]);
  });

  it('keeps one open shipment per order', () => {
    given(...inProduction, childDone, partIn(first, 10))
      .when({ type: 'AssignToShipment', shipmentId: second, quantity: 5, at })
      .thenError('ORDER_ALREADY_IN_SHIPMENT');
  });

  it('closes an order short with its last part: production over with scrap, the part that took every good piece dispatches the order', () => {
    const shortDone: OrderEvent = { type: 'ProductionOrderDone', data: { orderId, productionOrderId: parent, good: 0, at } };
    const history = [...inProduction, childDone, partIn(first, 30), shortDone, readyToShip];
    const sent = given(...history)
      .when({ type: 'Dispatch', shipmentId: first, at })
      .then([partSent(first, 30), { type: 'OrderDispatched', data: { orderId, at } }]);
    given(...history, ...sent)
      .when({ type: 'Deliver', shipmentId: first, at })
      .then([{ type: 'OrderDelivered', data: { orderId, at } }]);
  });

  it('keeps the whole-order flow: an order Ready to ship assigned without a quantity moves with its shipment', () => {
    const done = [...inProduction, childDone, parentDone, readyToShip];
    expect(readyOf(...done)).toBe(50);
    given(...done)
      .when({ type: 'AssignToShipment', shipmentId: first, at })
      .then([{ type: 'OrderAssignedToShipment', data: { orderId, shipmentId: first, at } }]);
    // Fewer than all of it is a part, even when all is made.
    given(...done)
      .when({ type: 'AssignToShipment', shipmentId: first, quantity: 49, at })
      .then([partIn(first, 49)]);
  });

  it('reads a production order done before quantities as its planned pieces', () => {
    const legacyDone: OrderEvent = { type: 'ProductionOrderDone', data: { orderId, productionOrderId: parent, at } };
    expect(readyOf(...inProduction.slice(0, 2), legacyDone, readyToShip)).toBe(50);
  });
});
