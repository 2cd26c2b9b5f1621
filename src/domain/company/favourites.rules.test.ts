import { describe, expect, it } from 'vitest';
import { favouritesSchema } from './company.schema.js';
import { attributeOptionsOf, chosenFavourites, measuredValueOf } from './favourites.rules.js';

const bike = {
  attributes: [
    { name: 'Colour', options: ['red', 'blue'] },
    { name: 'Frame', options: ['steel'] },
  ],
  values: [{ name: 'Length', number: 1.75, unit: 'm' }],
};

describe('favourites', () => {
  it('are shown attributes first, then values, leaving out what was not picked', () => {
    const picked = favouritesSchema.parse({ attribute2: 'Frame', value1: 'Length' });
    expect(chosenFavourites(picked)).toEqual([
      { slot: 'attribute2', kind: 'attribute', name: 'Frame' },
      { slot: 'value1', kind: 'value', name: 'Length' },
    ]);
    expect(chosenFavourites(favouritesSchema.parse({}))).toEqual([]);
  });

  it("read a material's options and value by name in any case, and nothing when it has none", () => {
    expect(attributeOptionsOf(bike, 'colour')).toEqual(['red', 'blue']);
    expect(attributeOptionsOf(bike, 'Size')).toBeNull();
    expect(measuredValueOf(bike, ' LENGTH ')).toEqual({ number: 1.75, unit: 'm' });
    expect(measuredValueOf(bike, 'Width')).toBeNull();
  });

  it('refuse the same name twice and a name longer than the materials allow', () => {
    const twice = favouritesSchema.safeParse({ attribute1: 'Colour', attribute2: 'colour', value1: 'Length', value2: 'LENGTH' });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['attribute2', 'company.validation.sameFavourite'],
      ['value2', 'company.validation.sameFavourite'],
    ]);
    expect(favouritesSchema.safeParse({ attribute1: 'A very long name' }).success).toBe(false);
    expect(favouritesSchema.safeParse({ value1: '' }).error?.issues[0].message).toBe('validation.required');
  });
});
