import { parse } from 'csv-parse/sync';
import { importColumns, type ImportKind } from '../../../domain/imports/imports.schema.js';
import type { ImportRowResult } from '../../../domain/imports/imports.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { hasForbiddenCharacters } from '../../../domain/shared/validation.js';
import { csvDocument, textCell, untextCell, type CsvLanguage } from '../../platform/csv.js';

export type ImportEncoding = 'utf-8' | 'windows-1252';
export type ImportSeparator = ';' | ',';

/** A file read: its encoding and separator as found, its header row, and each data row with the file's line it starts on. */
export interface ReadFile {
  encoding: ImportEncoding;
  separator: ImportSeparator;
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

const unreadable = (reason: string) => new DomainError('IMPORT_FILE_UNREADABLE', [{ path: 'content', message: 'imports.validation.fileUnreadable' }], reason);

/**
 * The file's text: UTF-8 (a byte order mark is dropped) when its bytes are valid UTF-8, else
 * Windows-1252 (what German Excel writes as "CSV (Trennzeichen-getrennt)"). Binary files are
 * refused: a NUL byte, or text that is mostly control characters.
 */
export function decodeFile(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  if (bytes.includes(0)) throw unreadable('The file holds NUL bytes: not a CSV file.');
  let decoded: { text: string; encoding: ImportEncoding };
  try {
    decoded = { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    decoded = { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
  // eslint-disable-next-line no-control-regex -- counting control characters is the point
  const controls = decoded.text.match(/[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/g)?.length ?? 0;
  if (controls > 0 && controls * 20 > decoded.text.length) throw unreadable('The file is mostly control characters: not a CSV file.');
  if (hasForbiddenCharacters(decoded.text)) throw unreadable('The file holds characters that are no text.');
  return decoded;
}

/** `;` or `,`: whichever occurs more often outside quotes in the header line (German Excel writes `;`). */
export function separatorOf(text: string): ImportSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/** The line breaks inside a cell (most have none: no regular expression for them). */
const lineBreaksIn = (cell: string): number => (cell.includes('\n') || cell.includes('\r') ? (cell.match(/\r\n|\r|\n/g)?.length ?? 0) : 0);

/** Reads a CSV file: decoding, separator, header row, data rows (empty ones skipped), each cell as `textCell` wrote it taken back. */
export function readCsvFile(bytes: Uint8Array, maxRows: number): ReadFile {
  const { text, encoding } = decodeFile(bytes);
  const separator = separatorOf(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    const parsed: unknown = parse(text, { delimiter: separator, bom: true, info: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true });
    records = parsed as typeof records;
  } catch (error) {
    throw unreadable(`The file is not CSV: ${(error as Error).message}`);
  }
  const [header, ...data] = records;
  if (!header || header.record.every((cell) => cell.trim() === '')) throw new DomainError('IMPORT_FILE_EMPTY');
  if (data.length > maxRows)
    throw new DomainError('IMPORT_TOO_MANY_ROWS', [{ path: 'content', message: 'errors.IMPORT_TOO_MANY_ROWS', params: { max: maxRows } }]);
  return {
    encoding,
    separator,
    headers: header.record.map((cell) => untextCell(cell.trim())),
    // `info.lines` is the line a record ends on; a record spans as many lines as its cells' breaks.
    rows: data
      .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
      .map(({ record, info }) => ({
        line: info.lines - record.reduce((breaks, cell) => breaks + lineBreaksIn(cell), 0),
        cells: record.map((cell) => (cell.includes("'") ? untextCell(cell) : cell)),
      })),
  };
}

/** Reads a row's cells by field, as the mapping names their headers (a field without a header: undefined); each header's column found once. */
export function cellsByField(
  headers: readonly string[],
  mapping: Record<string, string | null>,
): (cells: readonly string[]) => Record<string, string | undefined> {
  const columns = Object.entries(mapping).map(([field, header]) => [field, header === null ? -1 : headers.indexOf(header)] as const);
  return (cells) => {
    const byField: Record<string, string | undefined> = {};
    for (const [field, index] of columns) byField[field] = index >= 0 ? cells[index] : undefined;
    return byField;
  };
}

/** The empty file of a kind: its header row in the language asked for (UTF-8 with BOM, `;`, as our exports). */
export function templateCsv(kind: ImportKind, language: CsvLanguage): string {
  return csvDocument(
    importColumns[kind].map((column) => column[language]),
    [],
  );
}

const statusLabels: Record<CsvLanguage, Record<ImportRowResult['status'], string>> = {
  en: { created: 'created', updated: 'updated', error: 'error' },
  de: { created: 'angelegt', updated: 'geändert', error: 'Fehler' },
};
const reportHeaders: Record<CsvLanguage, string[]> = {
  en: ['Line', 'Result', 'Record', 'Column', 'Error'],
  de: ['Zeile', 'Ergebnis', 'Datensatz', 'Spalte', 'Fehler'],
};

/** The report of an import: one line per row (one per error of a refused row), errors as their locale keys with values. */
export function reportCsv(rows: readonly ImportRowResult[], language: CsvLanguage): string {
  const lines = rows.flatMap((row) => {
    const base = [String(row.line), textCell(statusLabels[language][row.status]), textCell(row.label)];
    if (row.errors.length === 0) return [[...base, '', '']];
    return row.errors.map((error) => [
      ...base,
      textCell(error.column ?? ''),
      textCell(error.params ? `${error.message} ${JSON.stringify(error.params)}` : error.message),
    ]);
  });
  return csvDocument(reportHeaders[language], lines);
}
