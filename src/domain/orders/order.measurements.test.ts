import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import type { MaterialValue } from '../materials/materials.schema.js';
import type { ValueChecks } from '../stations/station.schema.js';
import type { OrderCommand, ProductionLine } from './order.commands.js';
import { decideOrder, evolveOrder, initialOrderState, type LiveOrderState, type OrderState } from './order.decider.js';
import type { OrderEvent } from './order.events.js';
import { bikePosition, testOrderDetails } from './order.testing.js';

const at = '2026-11-23T08:00:00.000Z';
const later = '2026-11-23T08:05:00.000Z';
const orderId = '00000000-0000-4000-8000-000000000001';
const bike = '00000000-0000-4000-8000-0000000000b1';
const operator = '00000000-0000-4000-8000-0000000000e1';
const saw = '00000000-0000-4000-8000-00000000005a';
const drill = '00000000-0000-4000-8000-00000000005b';
const line: ProductionLine = { stationIds: [saw, drill], startStationId: saw };

const values: MaterialValue[] = [
  { name: 'Length', number: 100, unit: 'mm', minTolerance: 99.5, maxTolerance: 100.5 },
  { name: 'Weight', number: 2, unit: 'kg', minTolerance: 1.9, maxTolerance: 2.1 },
];
const all: ValueChecks = { mode: 'all', names: [] };

const details = testOrderDetails;

const created = (kind: 'production' | 'customer' = 'production'): OrderEvent => ({
  type: 'OrderCreated',
  data: {
    orderId,
    kind,
    number: 1,
    orderNumber: '000001',
    details,
    positions: [bikePosition(bike, 1, 1)],
    parentOrderId: null,
    forStock: kind === 'production',
    at,
  },
});
const startedAt = (stationId: string): OrderEvent => ({ type: 'ProductionOrderStarted', data: { orderId, stationId, at } });
const workStarted = (stationId: string, when = at): OrderEvent => ({ type: 'WorkStarted', data: { orderId, stationId, at: when } });
const inWorkAtSaw = [created(), startedAt(saw), workStarted(saw)];

const fold = (events: readonly OrderEvent[]): OrderState => events.reduce(evolveOrder, initialOrderState);
const live = (state: OrderState) => state as LiveOrderState;

const measure = (valueName: string, measured: number, extra: Partial<Extract<OrderCommand, { type: 'MeasureValue' }>> = {}): OrderCommand => ({
  type: 'MeasureValue',
  stationId: saw,
  checks: all,
  values,
  valueName,
  measured,
  measuredBy: operator,
  at: later,
  ...extra,
});

function decided(events: readonly OrderEvent[], command: OrderCommand): OrderEvent[] {
  const result = decideOrder(command, fold(events));
  if (result instanceof DomainError) throw new Error(`refused: ${result.code} ${JSON.stringify(result.details)}`);
  return result;
}

function refused(events: readonly OrderEvent[], command: OrderCommand): DomainError {
  const result = decideOrder(command, fold(events));
  expect(result).toBeInstanceOf(DomainError);
  return result as DomainError;
}

describe('measuring a value at the station', () => {
  it('records the value with the material value copied in, passed when within tolerance (both ends inclusive)', () => {
    expect(decided(inWorkAtSaw, measure('length', 100.5))).toEqual([
      {
        type: 'ValueMeasured',
        data: {
          orderId,
          stationId: saw,
          valueName: 'Length',
          nominal: 100,
          unit: 'mm',
          minTolerance: 99.5,
          maxTolerance: 100.5,
          measured: 100.5,
          passed: true,
          measuredBy: operator,
          at: later,
        },
      },
    ]);
    const [outside] = decided(inWorkAtSaw, measure('Length', 100.6));
    expect(outside.type === 'ValueMeasured' && outside.data.passed).toBe(false);
  });

  it('is refused unless work on the order is started at that station', () => {
    expect(refused([created(), startedAt(saw)], measure('Length', 100)).details[0].message).toBe('orders.validation.workNotStarted');
    expect(refused(inWorkAtSaw, measure('Length', 100, { stationId: drill })).code).toBe('ORDER_NOT_AT_STATION');
    expect(refused([created()], measure('Length', 100)).code).toBe('ORDER_TRANSITION_NOT_ALLOWED');
    expect(refused([created('customer')], measure('Length', 100)).code).toBe('ORDER_TRANSITION_NOT_ALLOWED');
  });

  it('takes only a value of the material that the station checks', () => {
    expect(refused(inWorkAtSaw, measure('Colour', 1)).details).toEqual([
      { path: 'valueName', message: 'orders.validation.unknownValue', params: { valueName: 'Colour' } },
    ]);
    const onlyWeight: ValueChecks = { mode: 'named', names: ['WEIGHT'] };
    expect(refused(inWorkAtSaw, measure('Length', 100, { checks: onlyWeight })).details[0].message).toBe('orders.validation.valueNotChecked');
    expect(decided(inWorkAtSaw, measure('Weight', 2, { checks: onlyWeight }))).toHaveLength(1);
    expect(refused(inWorkAtSaw, measure('Weight', 2, { checks: { mode: 'none', names: [] } })).details[0].message).toBe('orders.validation.valueNotChecked');
  });

  it('keeps the number within the material value rule (9 digits, 3 decimals)', () => {
    expect(refused(inWorkAtSaw, measure('Length', 1.2345)).details).toEqual([{ path: 'measured', message: 'orders.validation.measuredValue' }]);
    expect(refused(inWorkAtSaw, measure('Length', 1234567890)).details[0].path).toBe('measured');
    expect(decided(inWorkAtSaw, measure('Length', -1.5))).toHaveLength(1);
  });

  it('replaces an earlier measurement of the same value; the flag follows the latest measurements', () => {
    const first = decided(inWorkAtSaw, measure('Length', 101));
    const failed = live(fold([...inWorkAtSaw, ...first]));
    expect(failed.quality).toBe('failed');
    const second = decided([...inWorkAtSaw, ...first], measure('Length', 100));
    const weight = decided([...inWorkAtSaw, ...first, ...second], measure('Weight', 2));
    const state = live(fold([...inWorkAtSaw, ...first, ...second, ...weight]));
    expect(state.measurements?.map((m) => [m.valueName, m.measured])).toEqual([
      ['Length', 100],
      ['Weight', 2],
    ]);
    expect(state.quality).toBe('passed');
    expect(live(fold(inWorkAtSaw)).quality ?? null).toBeNull();
  });
});

describe('completing work with a value outside tolerance', () => {
  const failedLength = () => decided(inWorkAtSaw, measure('Length', 101));
  const complete = (reason?: string): OrderCommand => ({ type: 'CompleteWork', stationId: saw, line, reason, userId: operator, at: later });

  it('needs a reason; nothing is decided without one', () => {
    const error = refused([...inWorkAtSaw, ...failedLength()], complete());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ path: 'reason', message: 'orders.validation.qualityReasonRequired', params: { values: 'Length' } }]);
    expect(refused([...inWorkAtSaw, ...failedLength()], complete('   ')).code).toBe('VALIDATION_ERROR');
  });

  it('with a reason records the accepted failure before the completion, and the order keeps its flag', () => {
    const events = decided([...inWorkAtSaw, ...failedLength()], complete(' Customer accepts 101 mm '));
    expect(events.map((e) => e.type)).toEqual(['QualityFailureAccepted', 'QuantityReported', 'WorkCompleted']);
    expect(events[0].data).toEqual({ orderId, stationId: saw, failedValues: ['Length'], reason: 'Customer accepts 101 mm', acceptedBy: operator, at: later });
    const state = live(fold([...inWorkAtSaw, ...failedLength(), ...events]));
    expect(state.quality).toBe('failed');
    expect(state.qualityFailures).toHaveLength(1);
  });

  it('needs no reason when every value measured lies within tolerance, or the failure was measured in earlier work', () => {
    expect(decided([...inWorkAtSaw, ...decided(inWorkAtSaw, measure('Length', 100))], complete()).map((e) => e.type)).toEqual([
      'QuantityReported',
      'WorkCompleted',
    ]);
    const accepted = decided([...inWorkAtSaw, ...failedLength()], complete('ok'));
    const atDrill = [...inWorkAtSaw, ...failedLength(), ...accepted, workStarted(drill, '2026-11-23T09:00:00.000Z')];
    expect(decided(atDrill, { type: 'CompleteWork', stationId: drill, line, at: '2026-11-23T09:10:00.000Z' }).map((e) => e.type)).toEqual([
      'QuantityReported',
      'WorkCompleted',
      'ProductionFinished',
    ]);
  });

  it('refuses a reason above 200 characters', () => {
    expect(refused([...inWorkAtSaw, ...failedLength()], complete('x'.repeat(201))).details[0]).toMatchObject({
      path: 'reason',
      message: 'validation.maxLength',
    });
  });
});

describe('completing work with a checked value not measured', () => {
  const checkedValues = values.map((value) => value.name);
  const complete = (reason?: string): OrderCommand => ({ type: 'CompleteWork', stationId: saw, line, checkedValues, reason, userId: operator, at: later });

  it('needs a reason naming the values not measured', () => {
    const error = refused([...inWorkAtSaw, ...decided(inWorkAtSaw, measure('Length', 100))], complete());
    expect(error.details).toEqual([{ path: 'reason', message: 'orders.validation.missingValuesReasonRequired', params: { values: 'Weight' } }]);
    expect(refused(inWorkAtSaw, complete(' ')).details[0].params).toEqual({ values: 'Length, Weight' });
  });

  it('names the failed and the missing values apart when both', () => {
    const error = refused([...inWorkAtSaw, ...decided(inWorkAtSaw, measure('Length', 101))], complete());
    expect(error.details).toEqual([
      { path: 'reason', message: 'orders.validation.failedAndMissingReasonRequired', params: { values: 'Length', missing: 'Weight' } },
    ]);
  });

  it('with a reason records the values not measured on the accepted failure, before the completion', () => {
    const events = decided(inWorkAtSaw, complete('Scale broken'));
    expect(events.map((e) => e.type)).toEqual(['QualityFailureAccepted', 'QuantityReported', 'WorkCompleted']);
    expect(events[0].data).toEqual({
      orderId,
      stationId: saw,
      failedValues: [],
      missingValues: ['Length', 'Weight'],
      reason: 'Scale broken',
      acceptedBy: operator,
      at: later,
    });
  });

  it('needs no reason when every checked value was measured in this work (any case), or the station checks none', () => {
    const measured = [...inWorkAtSaw, ...decided(inWorkAtSaw, measure('length', 100)), ...decided(inWorkAtSaw, measure('Weight', 2))];
    expect(decided(measured, complete()).map((e) => e.type)).toEqual(['QuantityReported', 'WorkCompleted']);
    expect(decided(inWorkAtSaw, { type: 'CompleteWork', stationId: saw, line, checkedValues: [], at: later }).map((e) => e.type)).toEqual([
      'QuantityReported',
      'WorkCompleted',
    ]);
  });

  it('counts only measurements of this work at this station', () => {
    const measuredAtSaw = [...inWorkAtSaw, ...decided(inWorkAtSaw, measure('Length', 100)), ...decided(inWorkAtSaw, measure('Weight', 2))];
    const completedAtSaw = decided(measuredAtSaw, complete());
    const atDrill = [...measuredAtSaw, ...completedAtSaw, workStarted(drill, '2026-11-23T09:00:00.000Z')];
    const error = refused(atDrill, { type: 'CompleteWork', stationId: drill, line, checkedValues: ['Weight'], at: '2026-11-23T09:10:00.000Z' });
    expect(error.details[0]).toMatchObject({ message: 'orders.validation.missingValuesReasonRequired', params: { values: 'Weight' } });
  });
});

describe("a station's set-the-order-status action", () => {
  const finishedAtLastStation: OrderEvent[] = [
    created(),
    startedAt(drill),
    workStarted(drill),
    { type: 'WorkCompleted', data: { orderId, stationId: drill, workStartedAt: at, nextStationId: null, at } },
    { type: 'ProductionFinished', data: { orderId, stockAdded: [], at } },
  ];
  const apply = (status: 'ready-to-use' | 'canceled' | 'finished' | 'dispatched', trigger = 't1'): OrderCommand => ({
    type: 'ApplyStatusAction',
    stationId: drill,
    status,
    trigger,
    at: later,
  });

  it("moves the order by the machine's own event and records that the station did it", () => {
    const events = decided(finishedAtLastStation, apply('ready-to-use'));
    expect(events).toEqual([
      { type: 'OrderReadyToUse', data: { orderId, at: later } },
      { type: 'StatusActionApplied', data: { orderId, stationId: drill, fromStatus: 'finished', status: 'ready-to-use', trigger: 't1', at: later } },
    ]);
    expect(fold([...finishedAtLastStation, ...events]).status).toBe('ready-to-use');
  });

  it('records a transition the machine refuses, and the order stays as it is', () => {
    const events = decided(finishedAtLastStation, apply('canceled'));
    expect(events).toEqual([
      {
        type: 'StatusActionRefused',
        data: { orderId, stationId: drill, fromStatus: 'finished', status: 'canceled', reason: 'ORDER_TRANSITION_NOT_ALLOWED', trigger: 't1', at: later },
      },
    ]);
    expect(decided(finishedAtLastStation, apply('dispatched'))[0].type).toBe('StatusActionRefused');
    expect(fold([...finishedAtLastStation, ...events]).status).toBe('finished');
  });

  it('already in the status: recorded as applied, nothing moves', () => {
    expect(decided(finishedAtLastStation, apply('finished')).map((e) => e.type)).toEqual(['StatusActionApplied']);
  });

  it('does nothing for a trigger already handled (a retried job)', () => {
    const once = decided(finishedAtLastStation, apply('ready-to-use'));
    expect(decided([...finishedAtLastStation, ...once], apply('ready-to-use'))).toEqual([]);
    const refusal = decided(finishedAtLastStation, apply('canceled'));
    expect(decided([...finishedAtLastStation, ...refusal], apply('canceled'))).toEqual([]);
    expect(decided([...finishedAtLastStation, ...refusal], apply('ready-to-use', 't2')).map((e) => e.type)).toEqual(['OrderReadyToUse', 'StatusActionApplied']);
  });
});
