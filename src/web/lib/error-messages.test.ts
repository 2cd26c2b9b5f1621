import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { describeError, fieldErrorsFromApiError, translateDetail, validateInput } from './error-messages';
import { createI18n } from './i18n';

const en = createI18n('en').t;
const de = createI18n('de').t;

const materialName = z.object({ name: z.string().min(1).max(25), quantity: z.number().int().min(1).max(999) });

describe('translated validation messages', () => {
  it('turns a schema problem into the field message in the user language', () => {
    const result = validateInput(materialName, { name: 'x'.repeat(26), quantity: 1000 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(translateDetail(en, result.errors.name)).toBe('At most 25 characters.');
    expect(translateDetail(de, result.errors.name)).toBe('Höchstens 25 Zeichen.');
    expect(translateDetail(en, result.errors.quantity)).toBe('At most 999.');
  });

  it('says a missing value is required', () => {
    const result = validateInput(materialName, { quantity: 5 });
    expect(result.ok ? null : translateDetail(en, result.errors.name)).toBe('This field is required.');
  });

  it('passes valid input through', () => {
    expect(validateInput(materialName, { name: 'Bracket', quantity: 3 })).toEqual({ ok: true, value: { name: 'Bracket', quantity: 3 } });
  });

  it('shows the server field details by field, and a catalogue code in a detail as its error text', () => {
    const failure = new ApiError(400, 'VALIDATION_ERROR', [
      { path: 'attributes.1.name', message: 'DUPLICATE_ATTRIBUTES' },
      { path: 'name', message: 'validation.required' },
      { path: 'name', message: 'validation.maxLength', params: { max: 25 } },
    ]);
    const errors = fieldErrorsFromApiError(failure);
    expect(Object.keys(errors)).toEqual(['attributes.1.name', 'name']);
    expect(translateDetail(en, errors['attributes.1.name'])).toBe('This value already exists.');
    expect(translateDetail(de, errors.name)).toBe('Dieses Feld ist erforderlich.');
    expect(fieldErrorsFromApiError(new Error('boom'))).toEqual({});
  });

  it('falls back to a generic message for a key it does not know', () => {
    expect(translateDetail(en, { path: 'x', message: 'validation.somethingNew' })).toBe('This value is not valid.');
  });

  it('describes any failure by its catalogue code, anything else as unknown', () => {
    expect(describeError(de, new ApiError(409, 'CONFLICT_ERROR'))).toBe(
      'Dieser Datensatz wurde inzwischen geändert. Laden Sie neu und versuchen Sie es noch einmal.',
    );
    expect(describeError(en, new TypeError('x'))).toBe('An unknown error occurred.');
  });
});
