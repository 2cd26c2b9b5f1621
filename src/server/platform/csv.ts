/** Languages a CSV export is written for: `de` is German Excel's flavour (decimal comma). */
export const csvLanguages = ['en', 'de'] as const;
export type CsvLanguage = (typeof csvLanguages)[number];

/**
 * A text cell: a leading = + - @ (or tab, carriage return) would make a spreadsheet read the
 * cell as a formula, so it gets an apostrophe first, and so does one right after a `;` or `,` or
 * a line break (a program that splits on the other flavour's separator, or ignores quotes, would
 * start a cell there). A cell with either separator, a quote or a line break is quoted.
 */
export function textCell(text: string): string {
  const safe = (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/([;,\r\n])([=+\-@\t])/g, "$1'$2");
  return /[;,"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A text cell as read back from a file: `textCell`'s apostrophe before a formula character (at the
 * start, or after a separator or a line break) is taken off again, so an exported file imports as
 * the text it was. A cell that starts with = + - @ is kept as text: nothing here evaluates it, and
 * the next export defuses it again.
 */
export function untextCell(cell: string): string {
  return cell.replace(/^'([=+\-@\t\r])/, '$1').replace(/([;,\r\n])'([=+\-@\t])/g, '$1$2');
}

/** A number as the spreadsheet of that language reads it: German Excel wants a decimal comma. */
export function numberCell(value: string | number | null, language: CsvLanguage): string {
  if (value === null) return '';
  const text = String(Number(value));
  return language === 'de' ? text.replace('.', ',') : text;
}

/**
 * A CSV document for Excel: UTF-8 with a byte order mark (so umlauts survive), `;` between cells
 * (German Excel's list separator), CRLF between rows, the header row first. Cells come formatted.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header.map(textCell).join(';'), ...rows.map((cells) => cells.join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
