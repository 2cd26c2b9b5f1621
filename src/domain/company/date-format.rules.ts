import { calendarDayIn } from './working-time.rules.js';
import type { dateFormats } from './company.schema.js';

/** A company's date format (Advanced settings): `DD.MM.YYYY`, `DD/MM/YYYY`, `MM/DD/YYYY` or `YYYY-MM-DD`. */
export type DateFormat = (typeof dateFormats)[number];

const two = (value: number) => String(value).padStart(2, '0');

/** A year, month and day written in `pattern` (DD, MM and YYYY replaced). */
export function writeDate(pattern: string, year: number, month: number, day: number): string {
  return pattern.replace('YYYY', String(year)).replace('MM', two(month)).replace('DD', two(day));
}

/**
 * An instant as a date in the company's format. `utc` reads the day in UTC (documents); `local` in
 * the reader's time zone (the console). Emails use `writeInstantDateTime` in the company's zone.
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

/**
 * An instant as a date and time in the company's IANA `timeZone`, with the zone's name or offset:
 * the day in the company's `format`, the time and the zone's name in the reader's `locale`
 * (`en`: `21.11.2026, 9:03 AM (GMT+1)`, `de`: `21.11.2026, 09:03 (MEZ)`). What emails print.
 */
export function writeInstantDateTime(at: Date | string, format: string, locale: string, timeZone: string): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const parts = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).formatToParts(instant);
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const time = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('')
    .trim();
  // Some ICU versions put a narrow no-break space before AM/PM; plain text mail reads better with a space.
  return `${writeDay(calendarDayIn(instant, timeZone), format)}, ${time.replace(/[\u202f\u00a0]/g, ' ')} (${zone})`;
}
