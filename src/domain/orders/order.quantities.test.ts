import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { foldEvents, type EventData } from '../shared/decider.js';
import type { OrderCommand, ProductionLine, ReportedQuantities } from './order.commands.js';
import { orderDecider, quantitiesOf, type LiveOrderState } from './order.decider.js';
import type { OrderEvent } from './order.events.js';
import { bikePosition, noScrapOrRework, quantityReported, testOrderDetails } from './order.testing.js';

const at = '2026-11-29T08:00:00.000Z';
const later = '2026-11-29T09:00:00.000Z';
const orderId = '00000000-0000-4000-8000-000000000001';
const customerId = '00000000-0000-4000-8000-0000000000c1';
const childA = '00000000-0000-4000-8000-0000000000a1';
const childB = '00000000-0000-4000-8000-0000000000a2';
const bike = '00000000-0000-4000-8000-0000000000b1';
const operator = '00000000-0000-4000-8000-0000000000e1';
const saw = '00000000-0000-4000-8000-00000000005a';
const drill = '00000000-0000-4000-8000-00000000005b';
const paint = '00000000-0000-4000-8000-00000000005c';
const scratched = '00000000-0000-4000-8000-0000000000d1';
const burr = '00000000-0000-4000-8000-0000000000d2';
const line: ProductionLine = { stationIds: [saw, drill, paint], startStationId: saw };

const details = testOrderDetails;
const positions = [bikePosition(bike, 50, 10)];

const created = (forStock = false): OrderEvent => ({
  type: 'OrderCreated',
  data: { orderId, kind: 'production', number: 501, orderNumber: 'FB000501', details, positions, parentOrderId: customerId, forStock, at },
});
const startedAt = (stationId: string): OrderEvent => ({ type: 'ProductionOrderStarted', data: { orderId, stationId, at } });
const workStarted = (stationId: string): OrderEvent => ({ type: 'WorkStarted', data: { orderId, stationId, at } });
const inWorkAt = (stationId: string, forStock = false) => [created(forStock), startedAt(stationId), workStarted(stationId)];

const report = (counts: Partial<ReportedQuantities>): ReportedQuantities => ({ ...noScrapOrRework, reworkStationExists: false, ...counts });
const complete = (stationId: string, quantities?: ReportedQuantities): OrderCommand => ({
  type: 'CompleteWork',
  stationId,
  line,
  userId: operator,
  ...(quantities ? { quantities } : {}),
  splitOrderIds: [childA, childB],
  at: later,
});
const reported = (data: Partial<EventData<OrderEvent, 'QuantityReported'>> & { stationId: string }): OrderEvent =>
  quantityReported({ orderId, reportedBy: operator, at: later, ...data });
const completed = (stationId: string, nextStationId: string | null): OrderEvent => ({
  type: 'WorkCompleted',
  data: { orderId, stationId, workStartedAt: at, nextStationId, at: later },
});

const given = givenFor(orderDecider);
const live = (events: OrderEvent[]) => foldEvents(orderDecider, events) as LiveOrderState;

describe('quantities at the station', () => {
  it('a completion without quantities reports every piece at the station good, before the order goes on', () => {
    given(...inWorkAt(saw))
      .when(complete(saw))
      .then([reported({ stationId: saw, good: 50 }), completed(saw, drill)]);
  });

  it('every piece reported: the good ones go on with the order, scrap ends with its reason copied', () => {
    const events: OrderEvent[] = [reported({ stationId: saw, good: 48, scrap: 2, scrapReasonId: scratched, scrapReason: 'Kratzer' }), completed(saw, drill)];
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 48, scrap: 2, scrapReasonId: scratched, scrapReason: 'Kratzer' })))
      .then(events);
    expect(quantitiesOf(live([...inWorkAt(saw), ...events]))).toMatchObject({
      ordered: 50,
      started: 50,
      good: 0,
      scrap: 2,
      rework: 0,
      open: 48,
      stations: [{ stationId: saw, good: 48, scrap: 2, rework: 0 }],
    });
  });

  it('partial completion: the good pieces go on as a split order numbered with a suffix, the rest stays in work', () => {
    const events: OrderEvent[] = [
      reported({ stationId: saw, good: 30, scrap: 2, scrapReasonId: scratched, scrapReason: 'Kratzer' }),
      {
        type: 'OrderSplit',
        data: { orderId, childOrderId: childA, childOrderNumber: 'FB000501-1', quantity: 30, toStationId: drill, reason: 'good', at: later },
      },
    ];
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 30, scrap: 2, scrapReasonId: scratched, scrapReason: 'Kratzer' })))
      .then(events);
    const state = live([...inWorkAt(saw), ...events]);
    expect(state.location).toEqual({ stage: 'station', stationId: saw, arrivedAt: at, workStartedAt: at });
    expect(quantitiesOf(state)).toMatchObject({ open: 18, splitOff: 30, scrap: 2, carried: 0 });
    expect(state.splits).toEqual([{ childOrderId: childA, childOrderNumber: 'FB000501-1', quantity: 30, toStationId: drill, reason: 'good' }]);
  });

  it('"complete the rest" (good absent) closes the station for the order: the rest goes on, the next split numbers on', () => {
    const partial: OrderEvent[] = [
      reported({ stationId: saw, good: 30 }),
      {
        type: 'OrderSplit',
        data: { orderId, childOrderId: childA, childOrderNumber: 'FB000501-1', quantity: 30, toStationId: drill, reason: 'good', at: later },
      },
    ];
    given(...inWorkAt(saw), ...partial)
      .when(complete(saw, report({ rework: 2, reworkReasonId: burr, reworkReason: 'Grat', reworkStationId: paint, reworkStationExists: true })))
      .then([
        reported({ stationId: saw, good: 18, rework: 2, reworkReasonId: burr, reworkReason: 'Grat', reworkStationId: paint }),
        {
          type: 'OrderSplit',
          data: { orderId, childOrderId: childA, childOrderNumber: 'FB000501-2', quantity: 2, toStationId: paint, reason: 'rework', at: later },
        },
        completed(saw, drill),
      ]);
  });

  it('the split order is created from its parent: its pieces, the parent linked, entering the line at the next station', () => {
    const parent = live(inWorkAt(saw));
    given()
      .when({
        type: 'CreateSplitOrder',
        order: { orderId: childA, orderNumber: 'FB000501-1' },
        parent: { ...parent, positions: parent.positions },
        quantity: 30,
        toStationId: drill,
        at: later,
      })
      .then([
        {
          type: 'OrderCreated',
          data: {
            orderId: childA,
            kind: 'production',
            number: 501,
            orderNumber: 'FB000501-1',
            details,
            positions: [{ ...positions[0], quantity: 30 }],
            parentOrderId: customerId,
            forStock: false,
            splitFromOrderId: orderId,
            at: later,
          },
        },
        { type: 'ProductionOrderStarted', data: { orderId: childA, stationId: drill, at: later } },
      ]);
  });

  it('good pieces split off at the last station go straight to WIP, finished (made for stock: into stock)', () => {
    const parent = live(inWorkAt(paint, true));
    const decision = given().when({
      type: 'CreateSplitOrder',
      order: { orderId: childA, orderNumber: 'FB000501-1' },
      parent,
      quantity: 5,
      toStationId: null,
      at: later,
    });
    const decided = decision.then([
      expect.objectContaining({ type: 'OrderCreated' }),
      { type: 'ProductionFinished', data: { orderId: childA, stockAdded: [{ materialId: bike, quantity: 5 }], at: later } },
    ]);
    const child = live(decided);
    expect(child).toMatchObject({ status: 'finished', location: { stage: 'wip' } });
    expect(quantitiesOf(child)).toMatchObject({ ordered: 5, started: 5, good: 5, open: 0 });
  });

  it('finishing at the last station puts only the good pieces into stock', () => {
    given(...inWorkAt(paint, true))
      .when(complete(paint, report({ good: 45, scrap: 5, scrapReasonId: scratched, scrapReason: 'Kratzer' })))
      .then([
        reported({ stationId: paint, good: 45, scrap: 5, scrapReasonId: scratched, scrapReason: 'Kratzer' }),
        completed(paint, null),
        { type: 'ProductionFinished', data: { orderId, stockAdded: [{ materialId: bike, quantity: 45 }], at: later } },
      ]);
  });

  it('all pieces scrapped: the order ends, finished with nothing made', () => {
    const events = given(...inWorkAt(saw)).when(complete(saw, report({ good: 0, scrap: 50, scrapReasonId: scratched, scrapReason: 'Kratzer' }))).result;
    expect(events).toEqual([
      reported({ stationId: saw, scrap: 50, scrapReasonId: scratched, scrapReason: 'Kratzer' }),
      completed(saw, null),
      { type: 'ProductionFinished', data: { orderId, stockAdded: [], at: later } },
    ]);
  });

  it('counts are whole numbers of at least 0', () => {
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 2.5, scrap: -1 })))
      .thenError('VALIDATION_ERROR', [
        { path: 'good', message: 'validation.wholeNumber' },
        { path: 'scrap', message: 'validation.min', params: { min: 0 } },
      ]);
  });

  it('a report never exceeds the pieces at the station, and names at least one piece', () => {
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 49, scrap: 2, scrapReasonId: scratched, scrapReason: 'Kratzer' })))
      .thenError('VALIDATION_ERROR', [{ path: 'good', message: 'orders.validation.quantityExceedsStation', params: { open: 50 } }]);
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 0 })))
      .thenError('VALIDATION_ERROR', [{ path: 'good', message: 'orders.validation.quantityRequired' }]);
    given(...inWorkAt(saw))
      .when(complete(saw, report({ scrap: 51, scrapReasonId: scratched, scrapReason: 'Kratzer' })))
      .thenError('VALIDATION_ERROR', [{ path: 'scrap', message: 'orders.validation.quantityExceedsStation', params: { open: 50 } }]);
  });

  it('scrap needs a scrap reason; rework needs a rework reason and a station that exists', () => {
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 40, scrap: 5, rework: 5 })))
      .thenError('VALIDATION_ERROR', [
        { path: 'scrapReasonId', message: 'orders.validation.scrapReasonRequired' },
        { path: 'reworkReasonId', message: 'orders.validation.reworkReasonRequired' },
        { path: 'reworkStationId', message: 'orders.validation.reworkStationRequired' },
      ]);
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 40, scrap: 5, scrapReasonId: scratched, rework: 5, reworkReasonId: burr, reworkStationId: paint })))
      .thenError('VALIDATION_ERROR', [
        { path: 'scrapReasonId', message: 'orders.validation.unknownReason' },
        { path: 'reworkReasonId', message: 'orders.validation.unknownReason' },
        { path: 'reworkStationId', message: 'stations.validation.unknownStation' },
      ]);
  });

  it('a reason given with no pieces is not recorded', () => {
    given(...inWorkAt(saw))
      .when(complete(saw, report({ good: 50, scrapReasonId: scratched, scrapReason: 'Kratzer' })))
      .then([reported({ stationId: saw, good: 50 }), completed(saw, drill)]);
  });

  it('a customer order tracks a production order split off its own (once)', () => {
    const customer: OrderEvent[] = [
      {
        type: 'OrderCreated',
        data: { orderId: customerId, kind: 'customer', number: 500, orderNumber: 'FB000500', details, positions, parentOrderId: null, forStock: false, at },
      },
      {
        type: 'ProductionStarted',
        data: { orderId: customerId, productionOrders: [{ orderId, orderNumber: 'FB000501', materialId: bike, quantity: 50 }], takenFromStock: [], at },
      },
    ];
    const productionOrder = { orderId: childA, orderNumber: 'FB000501-1', materialId: bike, quantity: 30 };
    const added: OrderEvent = { type: 'ProductionOrderAdded', data: { orderId: customerId, productionOrder, splitFromOrderId: orderId, at: later } };
    given(...customer)
      .when({ type: 'RecordProductionOrderAdded', productionOrder, splitFromOrderId: orderId, at: later })
      .then([added]);
    given(...customer, added)
      .when({ type: 'RecordProductionOrderAdded', productionOrder, splitFromOrderId: orderId, at: later })
      .then([]);
    // The parent's own finish no longer makes the customer order ready while the split order is on the line.
    given(...customer, added)
      .when({ type: 'RecordProductionOrderDone', productionOrderId: orderId, at: later })
      .then([{ type: 'ProductionOrderDone', data: { orderId: customerId, productionOrderId: orderId, at: later } }]);
  });

  it('orders folded before quantities existed read their pieces from where they are', () => {
    const state = live(inWorkAt(saw));
    const { quantities: _q, ...legacy } = state;
    expect(quantitiesOf(legacy as LiveOrderState)).toMatchObject({ ordered: 50, started: 50, open: 50, good: 0 });
    given(...inWorkAt(saw))
      .when(complete(saw))
      .then([reported({ stationId: saw, good: 50 }), completed(saw, drill)]);
  });
});
