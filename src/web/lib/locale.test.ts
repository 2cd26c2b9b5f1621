import { describe, expect, it } from 'vitest';
import { formatDay, formatNumber, localeOf, setCompanyDateFormat } from './locale';

describe('numbers in the user language', () => {
  it('writes German with a decimal comma and dots between thousands, English the other way round', () => {
    expect(formatNumber(1234.56, 'de', { minimumFractionDigits: 2 })).toBe('1.234,56');
    expect(formatNumber(1234.56, 'en', { minimumFractionDigits: 2 })).toBe('1,234.56');
  });

  it('shows a dash for a number that is not there', () => {
    expect(formatNumber(null, 'de')).toBe('–');
    expect(formatNumber(Number.NaN, 'en')).toBe('–');
  });
});

describe('dates in the user language', () => {
  it('reads a calendar day the same in every time zone, in the language asked for', () => {
    expect(formatDay('2025-02-03', 'en')).toBe('Feb 3, 2025');
    expect(formatDay('2025-02-03', 'de')).toBe('03.02.2025');
    expect(formatDay(null, 'de')).toBe('–');
    expect(localeOf('de')).toBe('de-DE');
    expect(localeOf(undefined)).toBe('en-US');
  });
});

describe("the company's date format", () => {
  it('writes every day in it once set, in any language, and the language style again without it', () => {
    setCompanyDateFormat('YYYY-MM-DD');
    expect(formatDay('2025-02-03', 'de')).toBe('2025-02-03');
    setCompanyDateFormat('MM/DD/YYYY');
    expect(formatDay('2025-02-03', 'de')).toBe('02/03/2025');
    setCompanyDateFormat('DD.MM.YYYY');
    expect(formatDay('2025-02-03', 'en')).toBe('03.02.2025');
    setCompanyDateFormat(null);
    expect(formatDay('2025-02-03', 'en')).toBe('Feb 3, 2025');
  });
});
