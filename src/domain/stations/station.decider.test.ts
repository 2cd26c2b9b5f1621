import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { SavedSequence } from './sequence.decider.js';
import type { StationCommand } from './station.commands.js';
import { evolveStation, initialStationState, stationCopyIsStale, stationDecider } from './station.decider.js';
import type { StationEvent } from './station.events.js';
import { stationInputSchema, type StationFormValues } from './station.schema.js';

const stationId = '0b9a4c52-5f0e-4c1a-9d55-000000000001';
const otherStationId = '0b9a4c52-5f0e-4c1a-9d55-000000000002';
const at = '2026-11-21T08:00:00.000Z';
const noSequence: SavedSequence = { stationIds: [], startStationId: null };

const input = (values: Partial<StationFormValues> = {}) => stationInputSchema.parse({ name: 'DRILL1', ...values });
/** Parses nothing: lets a test hand the decider input the route schema would have refused. */
const raw = (values: Partial<StationFormValues>) => ({ ...input(), ...values }) as ReturnType<typeof input>;

const created: StationEvent = {
  type: 'StationCreated',
  data: { stationId, name: 'DRILL1', parameters: [], actions: [], incomingGoodsCheckIn: false, at },
};

const given = givenFor(stationDecider);

const create = (values: Partial<StationFormValues>, namesInUse: string[] = []): StationCommand => ({
  type: 'CreateStation',
  stationId,
  input: raw(values),
  namesInUse,
  at,
});

describe('creating a station', () => {
  it('records the station with its parameters, actions and check-in flag', () => {
    const definition = input({
      name: 'LACKIERÜNG1',
      parameters: [{ name: 'Temperature', value: 180, unit: '°C', from: 170, to: 190 }],
      actions: [{ action: 'generate-document', element: 'delivery-bill' }],
      incomingGoodsCheckIn: true,
    });
    // No WIP limit: the event carries none (stations saved before the setting read the same).
    const { wipLimit: _noLimit, ...recorded } = definition;
    given()
      .when({ type: 'CreateStation', stationId, input: definition, namesInUse: [], at })
      .then([{ type: 'StationCreated', data: { stationId, ...recorded, at } }]);
  });

  it('records an optional WIP limit, a whole number from 1 to 999', () => {
    given()
      .when(create({ name: 'PRESS', wipLimit: 8 }))
      .then([expect.objectContaining({ type: 'StationCreated', data: expect.objectContaining({ wipLimit: 8 }) })]);
    for (const [wipLimit, message] of [
      [0, 'validation.min'],
      [1000, 'validation.max'],
      [1.5, 'validation.wholeNumber'],
    ] as const) {
      given()
        .when(create({ name: 'PRESS', wipLimit }))
        .thenErrorIncluding('VALIDATION_ERROR', { path: 'wipLimit', message });
    }
  });

  it('records the orders worked at once, a whole number from 1 to 99, 1 when none is given', () => {
    given()
      .when(create({ name: 'OVEN', capacity: 3 }))
      .then([expect.objectContaining({ type: 'StationCreated', data: expect.objectContaining({ capacity: 3 }) })]);
    given()
      .when({ type: 'CreateStation', stationId, input: input({ name: 'OVEN' }), namesInUse: [], at })
      .then([expect.objectContaining({ type: 'StationCreated', data: expect.objectContaining({ capacity: 1 }) })]);
    for (const [capacity, message] of [
      [0, 'validation.min'],
      [100, 'validation.max'],
      [2.5, 'validation.wholeNumber'],
    ] as const) {
      given()
        .when(create({ name: 'OVEN', capacity }))
        .thenErrorIncluding('VALIDATION_ERROR', { path: 'capacity', message });
    }
  });

  it('accepts a name of 15 characters and refuses 16', () => {
    given()
      .when(create({ name: 'A'.repeat(15) }))
      .then([expect.objectContaining({ type: 'StationCreated' })]);
    given()
      .when(create({ name: 'A'.repeat(16) }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'name', message: 'validation.maxLength' });
  });

  it('requires a name', () => {
    given()
      .when(create({ name: '' }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'name', message: 'validation.required' });
  });

  it("refuses the name 'WIP', which is the work-in-progress stage", () => {
    given()
      .when(create({ name: 'WIP' }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'name', message: 'stations.validation.nameReserved' });
  });

  it('allows only 0-9, A-Z, Ä, Ö, Ü in a name: lowercase, space and other letters are refused', () => {
    given()
      .when(create({ name: 'ÄÖÜ09AZ' }))
      .then([expect.objectContaining({ type: 'StationCreated' })]);
    for (const name of ['drill', 'Drill', 'DRILL 1', 'DRILL-1', 'STRAßE', 'ä']) {
      given().when(create({ name })).thenErrorIncluding('VALIDATION_ERROR', { path: 'name', message: 'stations.validation.nameCharacters' });
    }
  });

  it('refuses a name another station of the company already has', () => {
    given()
      .when(create({ name: 'DRILL1' }, ['DRILL1', 'PAINT']))
      .thenErrorIncluding('STATION_NAME_TAKEN', { path: 'name', message: 'errors.STATION_NAME_TAKEN' });
  });

  it('requires parameter name, value and unit', () => {
    const parameters = [{ name: '', value: undefined, unit: '' }] as unknown as StationFormValues['parameters'];
    const command = create({ parameters });
    given().when(command).thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.name', message: 'validation.required' });
    given().when(command).thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.value', message: 'validation.required' });
    given().when(command).thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.unit', message: 'validation.required' });
  });

  it('takes numbers from 0.00 to 9999999.99 and refuses 10000000 and below zero', () => {
    const parameter = (value: number) => ({ name: 'Pressure', value, unit: 'bar' });
    given()
      .when(create({ parameters: [parameter(0), parameter(9_999_999.99)] }))
      .then([expect.objectContaining({ type: 'StationCreated' })]);
    given()
      .when(create({ parameters: [parameter(10_000_000)] }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.value', message: 'validation.max' });
    given()
      .when(create({ parameters: [parameter(-0.01)] }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.value', message: 'validation.min' });
    given()
      .when(create({ parameters: [parameter(1.234)] }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.value', message: 'stations.validation.decimals' });
  });

  it('refuses From above To, and accepts From equal to To or either alone', () => {
    const ranged = (from?: number, to?: number) => ({ name: 'Speed', value: 5, unit: 'rpm', from, to });
    given()
      .when(create({ parameters: [ranged(6, 5)] }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.from', message: 'stations.validation.fromAboveTo' });
    given()
      .when(create({ parameters: [ranged(5, 5), ranged(1), ranged(undefined, 9)] }))
      .then([expect.objectContaining({ type: 'StationCreated' })]);
    given()
      .when(create({ parameters: [ranged(10_000_000, 1)] }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'parameters.0.from', message: 'validation.max' });
  });

  it('requires action and action element, and the element must fit the action', () => {
    const actions = (action: string, element: string) => [{ action, element }] as StationFormValues['actions'];
    given()
      .when(create({ actions: actions('', 'delivery-bill') }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'actions.0.action', message: 'stations.validation.unknownAction' });
    given()
      .when(create({ actions: actions('generate-document', '') }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'actions.0.element', message: 'validation.required' });
    given()
      .when(create({ actions: actions('generate-document', 'ready-to-ship') }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'actions.0.element', message: 'stations.validation.actionElement' });
    given()
      .when(create({ actions: actions('notify-user', 'somebody') }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'actions.0.element', message: 'stations.validation.actionElement' });
    given()
      .when(
        create({
          actions: [
            { action: 'generate-document', element: 'delivery-bill' },
            { action: 'set-order-status', element: 'ready-to-ship' },
            { action: 'notify-user', element: otherStationId },
          ],
        }),
      )
      .then([expect.objectContaining({ type: 'StationCreated' })]);
  });

  it('does not create a station twice', () => {
    given(created)
      .when(create({ name: 'OTHER' }))
      .thenError('CONFLICT_ERROR');
  });
});

describe('changing a station', () => {
  const change = (values: Partial<StationFormValues>, namesInUse: string[] = []): StationCommand => ({
    type: 'ChangeStation',
    input: raw(values),
    namesInUse,
    at,
  });

  it('records the new definition', () => {
    given(created)
      .when(change({ name: 'DRILL2', incomingGoodsCheckIn: true, valueChecks: { mode: 'named', names: ['Length'] } }))
      .then([
        {
          type: 'StationChanged',
          data: {
            stationId,
            name: 'DRILL2',
            parameters: [],
            actions: [],
            incomingGoodsCheckIn: true,
            valueChecks: { mode: 'named', names: ['Length'] },
            capacity: 1,
            at,
          },
        },
      ]);
  });

  it('keeps the same rules as creating', () => {
    given(created)
      .when(change({ name: 'wip' }))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'name', message: 'stations.validation.nameCharacters' });
    given(created)
      .when(change({ name: 'PAINT' }, ['PAINT']))
      .thenError('STATION_NAME_TAKEN');
  });

  it('cannot change a deleted or unknown station', () => {
    const deleted: StationEvent = { type: 'StationDeleted', data: { stationId, name: 'DRILL1', at } };
    given(created, deleted).when(change({})).thenError('NOT_FOUND');
    given().when(change({})).thenError('NOT_FOUND');
  });
});

describe('recording a maintenance', () => {
  it('records when it was done', () => {
    given(created)
      .when({ type: 'RecordMaintenance', performedAt: '2026-11-20T15:00:00.000Z', at })
      .then([{ type: 'StationMaintenanceRecorded', data: { stationId, performedAt: '2026-11-20T15:00:00.000Z', at } }]);
  });

  it('refuses a maintenance in the future', () => {
    given(created)
      .when({ type: 'RecordMaintenance', performedAt: '2026-11-22T08:00:00.000Z', at })
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'performedAt', message: 'stations.validation.maintenanceInFuture' });
  });

  it('shows the last maintenance in the state', () => {
    const state = [
      created,
      { type: 'StationMaintenanceRecorded', data: { stationId, performedAt: '2026-11-20T15:00:00.000Z', at } } satisfies StationEvent,
    ].reduce(evolveStation, initialStationState);
    expect(state).toMatchObject({ status: 'active', lastMaintenanceAt: '2026-11-20T15:00:00.000Z' });
  });
});

describe('deleting a station', () => {
  const remove = (sequence: SavedSequence): StationCommand => ({ type: 'DeleteStation', sequence, at });

  it('deletes a station that is not in the saved sequence', () => {
    given(created)
      .when(remove({ stationIds: [otherStationId], startStationId: otherStationId }))
      .then([{ type: 'StationDeleted', data: { stationId, name: 'DRILL1', at } }]);
    given(created)
      .when(remove(noSequence))
      .then([expect.objectContaining({ type: 'StationDeleted' })]);
  });

  it('startStationCannotBeDeleted', () => {
    given(created)
      .when(remove({ stationIds: [stationId, otherStationId], startStationId: stationId }))
      .thenError('START_STATION_NOT_DELETABLE');
  });

  it('stationInSequenceCannotBeDeleted', () => {
    given(created)
      .when(remove({ stationIds: [otherStationId, stationId], startStationId: otherStationId }))
      .thenError('PRODUCTION_STATION_USED_IN_SEQUENCE');
  });

  it('cannot delete a station twice', () => {
    given(created, { type: 'StationDeleted', data: { stationId, name: 'DRILL1', at } })
      .when(remove(noSequence))
      .thenError('NOT_FOUND');
  });
});

describe('signing in at a station', () => {
  const signIn = (role: 'OPERATOR' | 'ADMIN' | 'SUPER_USER', authorized: boolean): StationCommand => ({
    type: 'SignInOperator',
    user: { userId: 'u-1', username: 'anna', role },
    authorized,
    at,
  });

  it('signs in an authorised operator', () => {
    given(created)
      .when(signIn('OPERATOR', true))
      .then([{ type: 'OperatorSignedIn', data: { stationId, userId: 'u-1', username: 'anna', at } }]);
  });

  it('onlyOperatorsSignIn: anyone else is not operator', () => {
    given(created).when(signIn('ADMIN', true)).thenError('NOT_OPERATOR');
    given(created).when(signIn('SUPER_USER', false)).thenError('NOT_OPERATOR');
  });

  it('operatorMustBeAuthorized for the station', () => {
    given(created).when(signIn('OPERATOR', false)).thenError('STATION_NOT_AUTHORIZED');
  });

  it('a sign-in leaves the station as it was', () => {
    const before = [created].reduce(evolveStation, initialStationState);
    const after = evolveStation(before, { type: 'OperatorSignedIn', data: { stationId, userId: 'u-1', username: 'anna', at } });
    expect(after).toEqual(before);
  });
});

describe("a client's copy of a station", () => {
  it('is stale after a change, a maintenance or a deletion since it was made', () => {
    expect(stationCopyIsStale(1, 2, [{ type: 'StationChanged' }])).toBe(true);
    expect(stationCopyIsStale(1, 2, [{ type: 'StationMaintenanceRecorded' }])).toBe(true);
    expect(stationCopyIsStale(1, 2, [{ type: 'StationDeleted' }])).toBe(true);
  });

  it('stays current when only operators signed in meanwhile', () => {
    expect(stationCopyIsStale(1, 3, [{ type: 'OperatorSignedIn' }, { type: 'OperatorSignedIn' }])).toBe(false);
    expect(stationCopyIsStale(3, 3, [])).toBe(false);
  });

  it('is refused when it claims a version the station never had', () => {
    expect(stationCopyIsStale(4, 3, [])).toBe(true);
  });
});
