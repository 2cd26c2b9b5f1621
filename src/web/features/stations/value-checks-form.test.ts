import { describe, expect, it } from 'vitest';
import { stationInputSchema } from '../../../domain/stations/station.schema';
import { emptyStationForm, stationInputOf, valueNamesOf } from './station-form-state';

describe("the station form's value checks", () => {
  it('reads the names typed comma-separated, trimmed, without empty ones', () => {
    expect(valueNamesOf(' Length, ,Weight ,')).toEqual(['Length', 'Weight']);
    expect(valueNamesOf('')).toEqual([]);
  });

  it('sends names only when the station checks named values', () => {
    const form = { ...emptyStationForm(), name: 'SAW', valueNames: 'Length' };
    expect(stationInputOf({ ...form, valueCheckMode: 'named' }).valueChecks).toEqual({ mode: 'named', names: ['Length'] });
    expect(stationInputOf({ ...form, valueCheckMode: 'all' }).valueChecks).toEqual({ mode: 'all', names: [] });
    expect(stationInputSchema.safeParse(stationInputOf({ ...form, valueCheckMode: 'named', valueNames: ' , ' })).error?.issues[0].path).toEqual([
      'valueChecks',
      'names',
    ]);
  });

  it('holds on a value outside tolerance only while it checks values (docs/quality-and-lots.md)', () => {
    const form = { ...emptyStationForm(), name: 'PRÜFEN', holdOutOfTolerance: true };
    expect(stationInputOf({ ...form, valueCheckMode: 'all' }).valueChecks).toEqual({ mode: 'all', names: [], holdOutOfTolerance: true });
    expect(stationInputOf({ ...form, valueCheckMode: 'none' }).valueChecks).toEqual({ mode: 'none', names: [] });
    expect(stationInputSchema.parse(stationInputOf({ ...form, valueCheckMode: 'all' })).valueChecks).toEqual({
      mode: 'all',
      names: [],
      holdOutOfTolerance: true,
    });
    expect(stationInputSchema.parse({ name: 'X', valueChecks: { mode: 'none', names: [], holdOutOfTolerance: true } }).valueChecks).toEqual({
      mode: 'none',
      names: [],
    });
  });
});
