import { describe, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { planQueueDecider, type PlanQueueCommand } from './plan-queue.decider.js';
import type { PlanQueueEvent } from './plan-queue.events.js';

const at = '2026-11-23T08:00:00.000Z';
const given = givenFor(planQueueDecider);
const order = (orderIds: string[], waitingOrderIds: string[] = orderIds): PlanQueueCommand => ({
  type: 'OrderStationQueue',
  stationId: 's',
  orderIds,
  waitingOrderIds,
  setBy: 'boss',
  at,
});
const ordered = (orderIds: string[]): PlanQueueEvent => ({ type: 'StationQueueOrdered', data: { stationId: 's', orderIds, setBy: 'boss', at } });

describe("a station's queue order", () => {
  it('records the order a supervisor set for the orders waiting there', () => {
    given()
      .when(order(['b', 'a'], ['a', 'b']))
      .then([ordered(['b', 'a'])]);
    given(ordered(['b', 'a']))
      .when(order(['a', 'b']))
      .then([ordered(['a', 'b'])]);
  });

  it('records nothing when the order is the one already set', () => {
    given(ordered(['b', 'a']))
      .when(order(['b', 'a']))
      .then([]);
  });

  it('refuses a queue that is not exactly the orders waiting there (made on an outdated screen) as a conflict', () => {
    given()
      .when(order(['a', 'b'], ['a', 'b', 'c']))
      .thenError('CONFLICT_ERROR');
    given()
      .when(order(['a', 'x'], ['a', 'b']))
      .thenError('CONFLICT_ERROR');
  });

  it('refuses an order named twice', () => {
    given()
      .when(order(['a', 'a'], ['a']))
      .thenError('VALIDATION_ERROR', [{ path: 'orderIds', message: 'validation.invalidValue' }]);
  });
});
