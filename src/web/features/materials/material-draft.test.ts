import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Material } from '../../../domain/materials/materials.schema';
import { createI18n, languages } from '../../lib/i18n';
import { checkDraft, draftOf, emptyAttribute, emptyDraft, emptyValue, fieldProblem } from './material-draft';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bracket = (): Material => ({
  id: '0b9e2f7c-6a8e-4d3f-9d58-3f1f4c2b7a10',
  type: 'product',
  name: 'Bracket',
  materialNumber: 'B-1',
  netPrice: 1234.56,
  vat: 19,
  weight: 0.25,
  customTariff: '',
  description: '',
  packaging: '',
  stock: { quantity: 12, unit: 'pcs' },
  attributes: [{ name: 'Colour', options: ['red', 'blue'] }],
  values: [{ name: 'Length', number: 120, unit: 'mm', minTolerance: 119.5, maxTolerance: 120.5 }],
  components: [{ materialId: '4a8c3f4e-3c51-4b0e-8b5e-2a9f5c0d6e21', quantity: 4, name: 'Screw', materialNumber: 'S-4', type: 'purchasing_part' }],
  manufacturingSteps: [{ process: 'Bend', material: '', tool: 'Press', time: 2.5, setupTime: null, stationId: null }],
  serialNumbers: true,
  purchasing: null,
  image: null,
  version: 3,
  createdAt: '2026-11-21T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
});

describe('material form draft', () => {
  it('sends a stored material back unchanged, with the version of an edit left to the caller', () => {
    const checked = checkDraft(draftOf(bracket()), 3);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toMatchObject({
      type: 'product',
      name: 'Bracket',
      netPrice: 1234.56,
      components: [{ materialId: '4a8c3f4e-3c51-4b0e-8b5e-2a9f5c0d6e21', quantity: 4 }],
      serialNumbers: true,
      attributes: [{ name: 'Colour', options: ['red', 'blue'] }],
    });
    expect(checked.value).not.toHaveProperty('version');
  });

  it('names the problems of an empty new material on their fields', () => {
    const checked = checkDraft(emptyDraft('purchasing_part'));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.name?.message).toBe('validation.required');
    expect(checked.errors['stock.quantity']?.message).toBe('validation.required');
    expect(checked.errors['stock.unit']?.message).toBe('materials.validation.unitRequired');
    expect(checked.errors.vat?.message).toBe('materials.validation.vat');
  });

  it('refuses a name of 26 characters and accepts 25', () => {
    const draft = { ...emptyDraft('product'), vat: 19, stock: { quantity: 1, unit: 'pcs' } };
    const long = checkDraft({ ...draft, name: 'x'.repeat(26) });
    expect(long.ok ? undefined : long.errors.name).toMatchObject({ message: 'validation.maxLength', params: { max: 25 } });
    expect(checkDraft({ ...draft, name: 'x'.repeat(25) }).ok).toBe(true);
  });

  it('says "already exists" on a repeated attribute or value name and on a missing component', () => {
    const draft = {
      ...emptyDraft('product'),
      name: 'Frame',
      stock: { quantity: 1, unit: 'pcs' },
      attributes: [
        { ...emptyAttribute(), name: 'Colour', options: [{ key: 'a', text: 'red' }] },
        { ...emptyAttribute(), name: ' colour ', options: [{ key: 'b', text: 'blue' }] },
      ],
      values: [
        { ...emptyValue(), name: 'Length', number: 1, unit: 'm', minTolerance: 1, maxTolerance: 1 },
        { ...emptyValue(), name: 'LENGTH', number: 2, unit: 'm', minTolerance: 3, maxTolerance: 2 },
      ],
      components: [{ key: 'c', materialId: null, label: '', quantity: 1000 }],
    };
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors['attributes.1.name']?.message).toBe('errors.DUPLICATE_ATTRIBUTES');
    expect(checked.errors['values.1.name']?.message).toBe('errors.DUPLICATE_VALUES');
    expect(checked.errors['values.1.minTolerance']?.message).toBe('materials.validation.minToleranceAboveValue');
    expect(checked.errors['components.0.materialId']?.message).toBe('materials.validation.componentMaterial');
    expect(checked.errors['components.0.quantity']).toMatchObject({ message: 'validation.max', params: { max: 999 } });
  });

  it('shows a bill-of-materials cycle with the way round', () => {
    const detail = fieldProblem(
      { 'components.0.materialId': { path: 'components.0.materialId', message: 'errors.BOM_CYCLE', params: { cycle: 'A > B > A' } } },
      'components.0.materialId',
    );
    expect(detail).toMatchObject({ message: 'materials.validation.bomCycle', params: { cycle: 'A > B > A' } });
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

// Every `materials.validation.*` key the domain and the server can send has a text in both languages.
const sentKeys = [
  ...new Set(
    ['src/domain/materials', 'src/server/modules/materials'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/['"`](materials\.validation\.[A-Za-z]+)['"`]/g)].map((match) => match[1]),
      ),
    ),
  ),
];

describe.each(languages)('material texts in %s', (language) => {
  it('translate every materials.validation key the schemas and the server send', () => {
    const i18n = createI18n(language);
    expect(sentKeys.length).toBeGreaterThan(10);
    expect(sentKeys.filter((key) => !i18n.exists(key, { lng: language, fallbackLng: [] }))).toEqual([]);
  });
});
