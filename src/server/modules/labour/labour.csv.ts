import { offsetAt } from '../../../domain/company/working-time.rules.js';
import type { WorkTimes } from '../../../domain/labour/labour.views.js';
import { csvDocument, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';

/** One line of the payroll export: a person's attendance on one day (docs/labour-and-costs.md, Payroll export). */
export interface PayrollDay {
  userId: string;
  name: string;
  /** The calendar day (`YYYY-MM-DD`) in the company's zone the attendances began on. */
  day: string;
  firstIn: string;
  lastOut: string;
  grossSeconds: number;
  breakSeconds: number;
  netSeconds: number;
  /** One of the day's attendances was closed at the end of the working day (to be reviewed). */
  clockOutMissing: boolean;
  corrected: boolean;
}

const labels = {
  en: {
    timesheet: ['Employee', 'Date', 'Clock-in', 'Clock-out', 'Attendance (h)', 'Break (h)', 'Net hours (h)', 'Note'],
    payroll: [
      'Employee ID',
      'Employee',
      'Date',
      'First clock-in',
      'Last clock-out',
      'Attendance (h)',
      'Break (h)',
      'Hours worked (h)',
      'Clock-out missing',
      'Corrected',
    ],
    total: 'Total',
    yes: 'yes',
    no: 'no',
    open: 'clocked in',
    missing: 'clock-out missing, closed at the end of the working day',
    corrected: 'corrected',
  },
  de: {
    timesheet: ['Mitarbeiter', 'Datum', 'Kommen', 'Gehen', 'Anwesenheit (Std.)', 'Pause (Std.)', 'Nettostunden (Std.)', 'Hinweis'],
    payroll: [
      'Mitarbeiter-ID',
      'Mitarbeiter',
      'Datum',
      'Erstes Kommen',
      'Letztes Gehen',
      'Anwesenheit (Std.)',
      'Pause (Std.)',
      'Arbeitsstunden (Std.)',
      'Gehen fehlte',
      'Korrigiert',
    ],
    total: 'Summe',
    yes: 'ja',
    no: 'nein',
    open: 'angemeldet',
    missing: 'Gehen fehlte, zum Ende des Arbeitstags geschlossen',
    corrected: 'korrigiert',
  },
} as const satisfies Record<CsvLanguage, unknown>;

/** Seconds as decimal hours with two decimals (what payroll programs read). */
export const decimalHours = (seconds: number) => Math.round(seconds / 36) / 100;

/** An instant as the wall-clock `YYYY-MM-DD` and `HH:MM` of `zone`. */
export function wallClockOf(iso: string, zone: string): { day: string; time: string } {
  const ms = Date.parse(iso);
  const wall = new Date(ms + offsetAt(zone, ms)).toISOString();
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/**
 * One person's week as CSV (docs/labour-and-costs.md, Timesheet): a row per attendance with the person's
 * name (so a sheet stands alone once downloaded) and the times in the company's zone (named in the header)
 * as they count now, hours as decimals, then the week's total.
 */
export function timesheetCsv(times: WorkTimes, name: string, language: CsvLanguage, zone: string): string {
  const t = labels[language];
  const [employee, date, clockIn, clockOut, ...rest] = t.timesheet;
  const hours = (seconds: number) => numberCell(decimalHours(seconds), language);
  const rows = times.attendances.map((row) => {
    const start = wallClockOf(row.clockedInAt, zone);
    const note = [row.closedAtDayEnd ? t.missing : '', row.corrected ? t.corrected : ''].filter(Boolean).join('; ');
    return [
      textCell(name),
      textCell(start.day),
      textCell(start.time),
      textCell(row.clockedOutAt ? wallClockOf(row.clockedOutAt, zone).time : t.open),
      hours(row.grossSeconds),
      hours(row.breakSeconds),
      hours(row.netSeconds),
      textCell(note),
    ];
  });
  const sum = (pick: (row: WorkTimes['attendances'][number]) => number) => times.attendances.reduce((total, row) => total + pick(row), 0);
  rows.push([
    textCell(name),
    textCell(t.total),
    '',
    '',
    hours(sum((row) => row.grossSeconds)),
    hours(sum((row) => row.breakSeconds)),
    hours(sum((row) => row.netSeconds)),
    '',
  ]);
  return csvDocument([employee, date, `${clockIn} (${zone})`, `${clockOut} (${zone})`, ...rest], rows);
}

/** The payroll export (docs/labour-and-costs.md, Payroll export): hours per employee and day. */
export function payrollCsv(days: readonly PayrollDay[], language: CsvLanguage, zone: string): string {
  const t = labels[language];
  const hours = (seconds: number) => numberCell(decimalHours(seconds), language);
  const [id, name, date, firstIn, lastOut, ...rest] = t.payroll;
  return csvDocument(
    [id, name, date, `${firstIn} (${zone})`, `${lastOut} (${zone})`, ...rest],
    days.map((row) => [
      textCell(row.userId),
      textCell(row.name),
      textCell(row.day),
      textCell(wallClockOf(row.firstIn, zone).time),
      textCell(wallClockOf(row.lastOut, zone).time),
      hours(row.grossSeconds),
      hours(row.breakSeconds),
      hours(row.netSeconds),
      textCell(row.clockOutMissing ? t.yes : t.no),
      textCell(row.corrected ? t.yes : t.no),
    ]),
  );
}
