import type { dateFormats } from './company.schema.js';

/** A company's date format (Advanced settings): `DD.MM.YYYY`, `DD/MM/YYYY`, `MM/DD/YYYY` or `YYYY-MM-DD`. */
export type DateFormat = (typeof dateFormats)[number];

const two = (value: number) => String(value).padStart(2, '0');

/** A year, month and day written in `pattern` (DD, MM and YYYY replaced). */
export function writeDate(pattern: string, year: number, month: number, day: number): string {
  return pattern.replace('YYYY', String(year)).replace('MM', two(month)).replace('DD', two(day));
}

/**
 * An instant as a date in the company's format. `utc` reads the day in UTC (the server's emails
 * and documents: companies have no time zone yet, so they say UTC); `local` in the reader's time
 * zone (the console).
 */
export function writeInstantDate(at: Date | string, format: string, zone: 'utc' | 'local'): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  return zone === 'utc'
    ? writeDate(format, instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate())
    : writeDate(format, instant.getFullYear(), instant.getMonth() + 1, instant.getDate());
}

/** A calendar day (`YYYY-MM-DD`, e.g. a delivery date) in the company's format; a day has no time zone. */
export function writeDay(day: string, format: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return writeDate(format, year, month, date);
}
