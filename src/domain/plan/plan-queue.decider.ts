import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import { planQueueEvents, type PlanQueueEvent } from './plan-queue.events.js';

/** A supervisor orders the orders waiting at a station. `at` is the ISO time the command was given. */
export type PlanQueueCommand = {
  type: 'OrderStationQueue';
  stationId: string;
  /** Every order waiting at the station, in the order they are to be worked. */
  orderIds: readonly string[];
  /** The orders waiting at the station now (any order): the queue given must be exactly these. */
  waitingOrderIds: readonly string[];
  setBy: string;
  at: string;
};

/** The queue order last set at a station (empty before the first). */
export interface PlanQueueState {
  orderIds: readonly string[];
}

export const initialPlanQueueState: PlanQueueState = { orderIds: [] };

export function evolvePlanQueue(_state: PlanQueueState, event: PlanQueueEvent): PlanQueueState {
  return { orderIds: event.data.orderIds };
}

/** The waiting orders changed since the screen showed them (one started, another arrived): 409, reload and order again. */
export const queueChanged = () =>
  new DomainError(
    'CONFLICT_ERROR',
    [{ path: 'orderIds', message: 'errors.CONFLICT_ERROR' }],
    'The orders waiting at this station changed meanwhile. Reload the plan and try again.',
  );

export function decidePlanQueue(command: PlanQueueCommand, state: PlanQueueState): PlanQueueEvent[] | DomainError {
  const given = new Set(command.orderIds);
  const waiting = new Set(command.waitingOrderIds);
  if (given.size !== command.orderIds.length) {
    return new DomainError('VALIDATION_ERROR', [{ path: 'orderIds', message: 'validation.invalidValue' }]);
  }
  if (given.size !== waiting.size || command.orderIds.some((orderId) => !waiting.has(orderId))) return queueChanged();
  const unchanged = state.orderIds.length === command.orderIds.length && state.orderIds.every((orderId, index) => orderId === command.orderIds[index]);
  if (unchanged) return [];
  return [{ type: 'StationQueueOrdered', data: { stationId: command.stationId, orderIds: [...command.orderIds], setBy: command.setBy, at: command.at } }];
}

/** The queue order decider in the shape every decider has. */
export const planQueueDecider: Decider<PlanQueueState, PlanQueueCommand, PlanQueueEvent> = {
  events: planQueueEvents,
  initialState: initialPlanQueueState,
  evolve: evolvePlanQueue,
  decide: decidePlanQueue,
};
