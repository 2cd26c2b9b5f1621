import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/shared/errors';
import { addStation, chooseStartStation, draftDiffers, draftOf, moveStation, moveStationTo, removeStation, saveInputOf } from './sequence-draft';

const saved = draftOf({ stationIds: ['saw', 'mill', 'paint'], startStationId: 'saw', version: 4 });

describe('the sequence draft', () => {
  it('moves a station up and down, and not past either end', () => {
    expect(moveStation(saved, 'paint', -1).stationIds).toEqual(['saw', 'paint', 'mill']);
    expect(moveStation(saved, 'saw', 1).stationIds).toEqual(['mill', 'saw', 'paint']);
    expect(moveStation(saved, 'saw', -1)).toBe(saved);
    expect(moveStation(saved, 'paint', 1)).toBe(saved);
    expect(moveStationTo(saved, 'paint', 'saw', 'before').stationIds).toEqual(['paint', 'saw', 'mill']);
    expect(moveStationTo(saved, 'saw', 'mill', 'after').stationIds).toEqual(['mill', 'saw', 'paint']);
    expect(moveStationTo(saved, 'saw', 'wip', 'before').stationIds).toEqual(['mill', 'paint', 'saw']);
    expect(moveStationTo(saved, 'saw', 'mill', 'before')).toBe(saved);
  });

  it('adds at the end, and the first station of an empty line becomes its start', () => {
    expect(addStation(saved, 'weld')).toMatchObject({ stationIds: ['saw', 'mill', 'paint', 'weld'], startStationId: 'saw' });
    expect(addStation(saved, 'mill')).toBe(saved);
    const empty = draftOf({ stationIds: [], startStationId: null, version: 0 });
    expect(addStation(empty, 'weld')).toMatchObject({ stationIds: ['weld'], startStationId: 'weld' });
  });

  it('refuses to remove the start station while others remain: You can not delete Start station!', () => {
    const refused = removeStation(saved, 'saw');
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('START_STATION_NOT_DELETABLE');
    expect(removeStation(chooseStartStation(saved, 'mill'), 'saw')).toMatchObject({ stationIds: ['mill', 'paint'], startStationId: 'mill' });
    expect(removeStation(saved, 'mill')).toMatchObject({ stationIds: ['saw', 'paint'], startStationId: 'saw' });
  });

  it('lets the last station go, leaving an empty line without a start', () => {
    const single = draftOf({ stationIds: ['saw'], startStationId: 'saw', version: 1 });
    expect(removeStation(single, 'saw')).toMatchObject({ stationIds: [], startStationId: null });
  });

  it('knows when it differs from the saved sequence and sends the start and the version it was made on', () => {
    expect(draftDiffers(saved, draftOf(saved))).toBe(false);
    expect(draftDiffers(moveStation(saved, 'mill', -1), saved)).toBe(true);
    expect(draftDiffers(chooseStartStation(saved, 'paint'), saved)).toBe(true);
    expect(saveInputOf(chooseStartStation(saved, 'paint'))).toEqual({ stationIds: ['saw', 'mill', 'paint'], startStationId: 'paint', version: 4 });
    expect(saveInputOf(draftOf({ stationIds: [], startStationId: 'gone', version: 2 }))).toEqual({ stationIds: [], startStationId: null, version: 2 });
  });
});
