import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format';

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
