import { describe, expect, it } from 'vitest';
import { stationChecksValue, stationInputSchema, valueChecksSchema } from './station.schema.js';

describe('which values a station checks', () => {
  it('defaults to none, so a station saved without the setting asks for nothing', () => {
    expect(stationInputSchema.parse({ name: 'SAW' }).valueChecks).toEqual({ mode: 'none', names: [] });
    expect(stationChecksValue(undefined, 'Length')).toBe(false);
  });

  it('all: every value of the material; named: only those names, trimmed and in any case', () => {
    expect(stationChecksValue({ mode: 'all', names: [] }, 'Length')).toBe(true);
    const named = valueChecksSchema.parse({ mode: 'named', names: [' length '] });
    expect(named).toEqual({ mode: 'named', names: ['length'] });
    expect(stationChecksValue(named, 'Length')).toBe(true);
    expect(stationChecksValue(named, 'Weight')).toBe(false);
  });

  it('named needs at least one name, each at most 10 characters and none twice', () => {
    const messages = (input: unknown) => valueChecksSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ mode: 'named', names: [] })).toEqual([['names', 'stations.validation.valueNamesRequired']]);
    expect(messages({ mode: 'named', names: ['Length', 'LENGTH'] })).toEqual([['names.1', 'stations.validation.valueNameRepeated']]);
    expect(messages({ mode: 'named', names: ['x'.repeat(11)] })?.[0][0]).toBe('names.0');
    expect(messages({ mode: 'sometimes', names: [] })).toEqual([['mode', 'stations.validation.valueCheckMode']]);
  });

  it('drops the names unless the station checks named values', () => {
    expect(valueChecksSchema.parse({ mode: 'all', names: ['Length'] })).toEqual({ mode: 'all', names: [] });
  });
});
