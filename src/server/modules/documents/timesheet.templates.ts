import { writeDay } from '../../../domain/company/date-format.rules.js';
import { calendarDayIn, offsetAt } from '../../../domain/company/working-time.rules.js';
import type { DocumentLocale } from '../../../domain/documents/documents.schema.js';
import { escapeHtml as e } from '../../platform/mailer.js';
import type { Sender, TimesheetContent } from './document-content.queries.js';

const texts = {
  en: {
    employee: 'Employee',
    week: 'Week',
    attendances: 'Attendance',
    day: 'Day',
    clockedIn: 'Clock-in',
    clockedOut: 'Clock-out',
    gross: 'Attendance',
    break: 'Break',
    net: 'Net',
    note: 'Note',
    corrected: (times: string) => `Corrected (recorded ${times})`,
    missing: 'Clock-out missing: closed at the end of the working day',
    open: 'Clocked in',
    noAttendance: 'No attendance this week.',
    orders: 'Work on orders',
    order: 'Order',
    station: 'Station',
    hours: 'Hours',
    ofWhichCorrected: 'of which corrected',
    noOrders: 'No work on orders this week.',
    corrections: 'Corrections',
    when: 'When',
    by: 'By',
    what: 'What',
    why: 'Why',
    attendanceCorrection: (before: string, after: string) => `Attendance ${before} → ${after}`,
    workTimeCorrection: (hours: string, order: string, station: string) => `${hours} h on ${order} at ${station}`,
    totals: 'Totals',
    totalNet: 'Net attendance',
    totalBreak: 'Breaks',
    totalWork: 'Work on orders',
    hoursNote: 'Times in hours:minutes, in the time zone',
    none: '—',
  },
  de: {
    employee: 'Mitarbeiter',
    week: 'Woche',
    attendances: 'Anwesenheit',
    day: 'Tag',
    clockedIn: 'Kommen',
    clockedOut: 'Gehen',
    gross: 'Anwesend',
    break: 'Pause',
    net: 'Netto',
    note: 'Hinweis',
    corrected: (times: string) => `Korrigiert (erfasst ${times})`,
    missing: 'Gehen fehlte: zum Ende des Arbeitstags geschlossen',
    open: 'Angemeldet',
    noAttendance: 'Keine Anwesenheit in dieser Woche.',
    orders: 'Arbeit an Aufträgen',
    order: 'Auftrag',
    station: 'Station',
    hours: 'Stunden',
    ofWhichCorrected: 'davon korrigiert',
    noOrders: 'Keine Arbeit an Aufträgen in dieser Woche.',
    corrections: 'Korrekturen',
    when: 'Wann',
    by: 'Von',
    what: 'Was',
    why: 'Warum',
    attendanceCorrection: (before: string, after: string) => `Anwesenheit ${before} → ${after}`,
    workTimeCorrection: (hours: string, order: string, station: string) => `${hours} h an ${order} an ${station}`,
    totals: 'Summen',
    totalNet: 'Netto-Anwesenheit',
    totalBreak: 'Pausen',
    totalWork: 'Arbeit an Aufträgen',
    hoursNote: 'Zeiten in Stunden:Minuten, in der Zeitzone',
    none: '—',
  },
} as const;

/** Seconds as `h:mm` (a correction may be negative). */
export function hoursMinutes(seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  return `${seconds < 0 ? '−' : ''}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The wall-clock time `HH:MM` of an instant in `zone`. */
const clockTime = (iso: string, zone: string) => {
  const ms = Date.parse(iso);
  return new Date(ms + offsetAt(zone, ms)).toISOString().slice(11, 16);
};

const table = (head: string[], rows: string[][], numeric: number[] = []) =>
  `<table><thead><tr>${head.map((cell, index) => `<th${numeric.includes(index) ? ' class="number"' : ''}>${e(cell)}</th>`).join('')}</tr></thead><tbody>` +
  rows.map((row) => `<tr>${row.map((cell, index) => `<td${numeric.includes(index) ? ' class="number"' : ''}>${e(cell)}</td>`).join('')}</tr>`).join('') +
  `</tbody></table>`;

/**
 * The body of a timesheet (docs/labour-and-costs.md, Timesheet): the employee and the week, each
 * attendance (the corrected times with the recorded ones, the break by the company's rule, the flag of a
 * missing clock-out), the work per order and station, the corrections with who and why, the totals.
 */
export function timesheetBody(content: TimesheetContent, locale: DocumentLocale, sender: Sender): { facts: [string, string][]; html: string } {
  const t = texts[locale];
  const { times } = content;
  const zone = sender.timeZone;
  const day = (iso: string) => writeDay(calendarDayIn(iso, zone), sender.dateFormat);
  const span = (from: string, to: string | null) => `${clockTime(from, zone)}–${to ? clockTime(to, zone) : ''}`;
  const lastDay = new Date(Date.parse(`${times.weekEnd}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const attendances = times.attendances.map((row) => [
    day(row.clockedInAt),
    clockTime(row.clockedInAt, zone),
    row.clockedOutAt ? clockTime(row.clockedOutAt, zone) : t.open,
    hoursMinutes(row.grossSeconds),
    hoursMinutes(row.breakSeconds),
    hoursMinutes(row.netSeconds),
    [row.closedAtDayEnd ? t.missing : '', row.corrected ? t.corrected(span(row.recordedClockedInAt, row.recordedClockedOutAt)) : ''].filter(Boolean).join('; '),
  ]);
  const orders = times.orders.map((row) => [
    row.orderNumber,
    row.stationName ?? t.none,
    hoursMinutes(row.seconds),
    row.correctedSeconds ? hoursMinutes(row.correctedSeconds) : '',
  ]);
  const corrections = times.corrections.map((row) => [
    `${day(row.at)} ${clockTime(row.at, zone)}`,
    row.correctedBy.name,
    row.kind === 'attendance' && row.before && row.after
      ? t.attendanceCorrection(
          `${day(row.before.clockedInAt)} ${span(row.before.clockedInAt, row.before.clockedOutAt)}`,
          span(row.after.clockedInAt, row.after.clockedOutAt),
        )
      : t.workTimeCorrection(hoursMinutes(row.seconds ?? 0), row.orderNumber ?? t.none, row.stationName ?? t.none),
    row.reason,
  ]);
  const html =
    `<h2>${e(t.attendances)}</h2>` +
    (attendances.length ? table([t.day, t.clockedIn, t.clockedOut, t.gross, t.break, t.net, t.note], attendances, [3, 4, 5]) : `<p>${e(t.noAttendance)}</p>`) +
    `<h2>${e(t.orders)}</h2>` +
    (orders.length ? table([t.order, t.station, t.hours, t.ofWhichCorrected], orders, [2, 3]) : `<p>${e(t.noOrders)}</p>`) +
    (corrections.length ? `<h2>${e(t.corrections)}</h2>${table([t.when, t.by, t.what, t.why], corrections)}` : '') +
    `<h2>${e(t.totals)}</h2>` +
    table(
      [t.totalNet, t.totalBreak, t.totalWork],
      [[hoursMinutes(times.totals.attendanceSeconds), hoursMinutes(times.totals.breakSeconds), hoursMinutes(times.totals.workSeconds)]],
      [0, 1, 2],
    ) +
    `<p>${e(t.hoursNote)} ${e(zone)}.</p>`;
  return {
    facts: [
      [t.employee, times.user.name],
      [t.week, `${writeDay(times.weekStart, sender.dateFormat)} – ${writeDay(lastDay, sender.dateFormat)}`],
    ],
    html,
  };
}
