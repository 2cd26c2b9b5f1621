import type { Favourites } from './company.schema.js';

/** One picked favourite: an attribute (its options are shown) or a value (its number and unit). */
export interface ChosenFavourite {
  slot: keyof Favourites;
  kind: 'attribute' | 'value';
  name: string;
}

const slots: { slot: keyof Favourites; kind: ChosenFavourite['kind'] }[] = [
  { slot: 'attribute1', kind: 'attribute' },
  { slot: 'attribute2', kind: 'attribute' },
  { slot: 'value1', kind: 'value' },
  { slot: 'value2', kind: 'value' },
];

/** The favourites the company picked, in the order they are shown: attributes 1 and 2, then values 1 and 2. */
export function chosenFavourites(favourites: Favourites): ChosenFavourite[] {
  return slots.flatMap(({ slot, kind }) => {
    const name = favourites[slot];
    return name ? [{ slot, kind, name }] : [];
  });
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The options a material has for the attribute of this name (names compare trimmed, in any case); null when it has none of that name. */
export function attributeOptionsOf(material: { attributes: { name: string; options: string[] }[] }, name: string): string[] | null {
  return material.attributes.find((attribute) => sameName(attribute.name, name))?.options ?? null;
}

/** The material's measured value of this name with its unit; null when it has none of that name. */
export function measuredValueOf(material: { values: { name: string; number: number; unit: string }[] }, name: string): { number: number; unit: string } | null {
  const value = material.values.find((candidate) => sameName(candidate.name, name));
  return value ? { number: value.number, unit: value.unit } : null;
}
