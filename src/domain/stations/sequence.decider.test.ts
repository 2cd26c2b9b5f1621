import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { SequenceCommand } from './sequence.commands.js';
import { evolveSequence, initialSequenceState, savedSequenceOf, sequenceDecider } from './sequence.decider.js';
import type { SequenceEvent } from './sequence.events.js';
import { saveSequenceSchema } from './sequence.schema.js';

const at = '2026-11-21T08:00:00.000Z';
const cut = '00000000-0000-4000-8000-00000000000a';
const drill = '00000000-0000-4000-8000-00000000000b';
const paint = '00000000-0000-4000-8000-00000000000c';
const existingStationIds = [cut, drill, paint];

const given = givenFor(sequenceDecider);
const save = (command: Omit<SequenceCommand, 'type' | 'at' | 'existingStationIds'>): SequenceCommand => ({
  type: 'SaveSequence',
  existingStationIds,
  at,
  ...command,
});

const saved = (stationIds: string[], startStationId: string | null): SequenceEvent => ({
  type: 'SequenceSaved',
  data: { stationIds, startStationId, at },
});

describe('saving a sequence', () => {
  it('starts a new sequence at its first station unless told otherwise', () => {
    given()
      .when(save({ stationIds: [cut, drill] }))
      .then([saved([cut, drill], cut)]);
    given()
      .when(save({ stationIds: [cut, drill], startStationId: drill }))
      .then([saved([cut, drill], drill)]);
  });

  it('keeps the saved start station when the editor does not name one', () => {
    given(saved([cut, drill], drill))
      .when(save({ stationIds: [paint, drill, cut] }))
      .then([saved([paint, drill, cut], drill)]);
  });

  it('stationAppearsOnce: a station named twice is refused and pointed at', () => {
    given()
      .when(save({ stationIds: [cut, drill, cut] }))
      .thenError('SEQUENCE_INVALID', [{ path: 'stationIds.2', message: 'stations.validation.duplicateStation' }]);
  });

  it("stationsMustExist: an unknown (or another company's) station is refused", () => {
    const stranger = '00000000-0000-4000-8000-0000000000ff';
    given()
      .when(save({ stationIds: [cut, stranger] }))
      .thenError('SEQUENCE_INVALID', [{ path: 'stationIds.1', message: 'stations.validation.unknownStation' }]);
  });

  it('the start station must be in the sequence', () => {
    given()
      .when(save({ stationIds: [cut], startStationId: paint }))
      .thenError('SEQUENCE_INVALID', [{ path: 'startStationId', message: 'stations.validation.startStationNotInSequence' }]);
  });

  it('a sequence with stations needs a start station', () => {
    given()
      .when(save({ stationIds: [cut], startStationId: null }))
      .thenError('SEQUENCE_INVALID', [{ path: 'startStationId', message: 'stations.validation.startStationRequired' }]);
  });

  it('the start station cannot be removed without naming a new one', () => {
    given(saved([cut, drill], cut))
      .when(save({ stationIds: [drill] }))
      .thenError('START_STATION_NOT_DELETABLE');
    given(saved([cut, drill], cut))
      .when(save({ stationIds: [drill], startStationId: drill }))
      .then([saved([drill], drill)]);
  });

  it('an empty sequence has no start station; it can be emptied by saying so', () => {
    given()
      .when(save({ stationIds: [] }))
      .then([saved([], null)]);
    given(saved([cut], cut))
      .when(save({ stationIds: [], startStationId: null }))
      .then([saved([], null)]);
  });
});

describe('the saved sequence', () => {
  it('is empty before the first save and follows each save', () => {
    expect(savedSequenceOf(initialSequenceState)).toEqual({ stationIds: [], startStationId: null });
    const state = [saved([cut], cut), saved([drill, cut], drill)].reduce(evolveSequence, initialSequenceState);
    expect(savedSequenceOf(state)).toEqual({ stationIds: [drill, cut], startStationId: drill });
  });
});

describe('the save request', () => {
  it('requires station ids as uuids and the version the draft was made on', () => {
    expect(saveSequenceSchema.safeParse({ stationIds: [cut], version: 0 }).success).toBe(true);
    expect(saveSequenceSchema.safeParse({ stationIds: ['not-an-id'], version: 0 }).success).toBe(false);
    expect(saveSequenceSchema.safeParse({ stationIds: [cut] }).success).toBe(false);
  });
});
