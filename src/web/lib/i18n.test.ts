import { describe, expect, it } from 'vitest';
import { browserLanguage, createI18n, hasTexts, publicTexts, textParts } from './i18n';

describe('browserLanguage', () => {
  it('takes the first preferred language the console speaks, by its primary subtag', () => {
    expect(browserLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(browserLanguage(['fr-FR', 'DE', 'en'])).toBe('de');
    expect(browserLanguage(['en-GB', 'de'])).toBe('en');
  });

  it('falls back to English when none is spoken or none is given', () => {
    expect(browserLanguage(['fr-FR', 'it'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('text parts', () => {
  it('merges the parts of a namespace into one: the public codes and the console codes read alike', () => {
    const instance = createI18n('de');
    expect(hasTexts(instance, 'de')).toBe(true);
    expect(hasTexts(instance, 'de', publicTexts)).toBe(true);
    for (const key of [
      'errors.INVALID_CREDENTIALS',
      'errors.ORDER_ON_HOLD',
      'common.appName',
      'common.table.search',
      'validation.required',
      'validation.iban',
    ]) {
      expect(instance.exists(key), key).toBe(true);
    }
  });

  it('names every part of the public texts among the text files', () => {
    expect(textParts).toEqual(expect.arrayContaining(publicTexts));
  });
});
