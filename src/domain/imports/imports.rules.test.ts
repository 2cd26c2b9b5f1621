import { describe, expect, it } from 'vitest';
import { attributesOfCell, headerKey, isGermanHeader, mappingFor, materialOfRow, numberOfCell, valuesOfCell } from './imports.rules.js';

describe('reading cells', () => {
  it.each([
    ['1234.5', 1234.5],
    ['1234,5', 1234.5],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    [' 19 ', 19],
    ['', null],
    ['zehn', 'zehn'],
  ])('reads %j as %j (either decimal mark; text stays text for the schema to refuse)', (cell, value) => {
    expect(numberOfCell(cell)).toBe(value);
  });

  it('reads attributes and values in their documented shapes', () => {
    expect(attributesOfCell('Farbe: rot | grün; Größe: S|M')).toEqual([
      { name: 'Farbe', options: ['rot', 'grün'] },
      { name: 'Größe', options: ['S', 'M'] },
    ]);
    expect(valuesOfCell('Länge: 12,5 mm (12,4 .. 12,6); Breite: 3 mm')).toEqual([
      { name: 'Länge', number: 12.5, unit: 'mm', minTolerance: 12.4, maxTolerance: 12.6 },
      { name: 'Breite', number: 3, unit: 'mm', minTolerance: 3, maxTolerance: 3 },
    ]);
    expect(valuesOfCell('kaputt')).toEqual([undefined]);
  });
});

describe('mapping headers', () => {
  it('matches German and English headers loosely, keeps a chosen header and a remembered one', () => {
    expect(headerKey(' MwSt. % ')).toBe('mwst');
    const headers = ['ART', 'Name', 'mwst %', 'Einheit', 'Steuer'];
    expect(mappingFor('materials', headers)).toMatchObject({ type: 'ART', name: 'Name', vat: 'mwst %', stockUnit: 'Einheit', weight: null });
    expect(mappingFor('materials', headers, { vat: 'Steuer', name: null })).toMatchObject({ vat: 'Steuer', name: null });
    expect(mappingFor('materials', headers, undefined, { vat: 'Steuer', weight: 'Gone' })).toMatchObject({ vat: 'Steuer', weight: null });
    expect(isGermanHeader('materials', headers)).toBe(true);
  });
});

describe('a materials row', () => {
  it('is checked by the form’s own schema, errors on their fields', () => {
    expect(materialOfRow({ type: 'Kaufteil', name: 'Mutter', vat: '19', stockUnit: 'Stk', supplier: 'Würth' })).toMatchObject({
      material: { type: 'purchasing_part', name: 'Mutter', vat: 19, purchasing: { supplier: 'Würth' } },
    });
    const refused = materialOfRow({ type: 'Produkt', name: '', vat: '120', stockUnit: 'Stk', values: 'kaputt' });
    expect('errors' in refused && refused.errors.map((error) => error.field)).toEqual(['values', 'name', 'vat']);
  });
});
