import { describe, expect, it } from 'vitest';
import { csvDocument, numberCell, textCell, untextCell } from './csv.js';

describe('textCell', () => {
  it('leaves plain text alone', () => {
    expect(textCell('Bohrung 12 mm')).toBe('Bohrung 12 mm');
  });

  it('neutralises a formula at the start of a cell', () => {
    expect(textCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(textCell('+1')).toBe("'+1");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('quotes a cell holding the separator of either flavour, a quote or a line break', () => {
    expect(textCell('Müller; Sohn')).toBe('"Müller; Sohn"');
    expect(textCell('Müller, Sohn')).toBe('"Müller, Sohn"');
    expect(textCell('12" Rohr')).toBe('"12"" Rohr"');
    expect(textCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('neutralises a formula right after a separator or a line break, for readers that split there', () => {
    expect(textCell('a;=cmd|calc')).toBe(`"a;'=cmd|calc"`);
    expect(textCell('a,@SUM(1)')).toBe(`"a,'@SUM(1)"`);
    expect(textCell('first\n+2')).toBe(`"first\n'+2"`);
  });
});

describe('numberCell and csvDocument', () => {
  it('writes a decimal comma for German Excel, a point otherwise', () => {
    expect(numberCell('12.50', 'de')).toBe('12,5');
    expect(numberCell(12.5, 'en')).toBe('12.5');
    expect(numberCell(null, 'en')).toBe('');
  });

  it('starts with a byte order mark, separates with semicolons and ends rows with CRLF', () => {
    expect(csvDocument(['Name', 'Menge'], [['Welle', '3']])).toBe('\uFEFFName;Menge\r\nWelle;3\r\n');
  });
});

describe('untextCell', () => {
  it.each(['=1+2', '+49 711', '-5', '@SUM(A1)', '\tTab', 'a;=cmd|calc', 'first\n+2', 'Bolt', "O'Brien", 'Straße ä ö ü ß'])(
    'reads back %j as textCell wrote it (without the quoting a CSV reader takes off)',
    (text) => {
      const written = textCell(text);
      const unquoted = written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written;
      expect(untextCell(unquoted)).toBe(text);
    },
  );
});
