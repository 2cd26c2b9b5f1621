import { describe, expect, it } from 'vitest';
import { numberCell, textCell } from './materials.csv.js';

describe('CSV cells', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+49 711', "'+49 711"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['Bolt', 'Bolt'],
    ['a=b', 'a=b'],
  ])('guards %j against running as a formula', (text, cell) => {
    expect(textCell(text)).toBe(cell);
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(textCell('M8; long')).toBe('"M8; long"');
    expect(textCell('Box "big"')).toBe('"Box ""big"""');
    expect(textCell('two\nlines')).toBe('"two\nlines"');
    expect(textCell('=A1;B1')).toBe(`"'=A1;B1"`);
  });

  it('writes numbers with the decimal mark of the language, nothing for none', () => {
    expect(numberCell('1234.50', 'de')).toBe('1234,5');
    expect(numberCell('1234.50', 'en')).toBe('1234.5');
    expect(numberCell(null, 'de')).toBe('');
  });
});
