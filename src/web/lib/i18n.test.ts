import { describe, expect, it } from 'vitest';
import { browserLanguage } from './i18n';

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
