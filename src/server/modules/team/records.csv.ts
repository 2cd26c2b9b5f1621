import type { EmployeeRecordView } from '../../../domain/team/team.views.js';
import { offsetAt } from '../../../domain/company/working-time.rules.js';
import { csvDocument, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';

const labels: Record<CsvLanguage, { columns: string[]; kinds: Record<EmployeeRecordView['kind'], string> }> = {
  en: {
    columns: ['Time', 'Activity', 'Order number', 'Station', 'Moved to', 'Cycle time (min)'],
    kinds: { WorkStarted: 'Work started', WorkCompleted: 'Work completed', OrderMovedToStation: 'Order moved' },
  },
  de: {
    columns: ['Zeit', 'Tätigkeit', 'Auftragsnummer', 'Station', 'Verschoben nach', 'Durchlaufzeit (min)'],
    kinds: { WorkStarted: 'Arbeit begonnen', WorkCompleted: 'Arbeit abgeschlossen', OrderMovedToStation: 'Auftrag verschoben' },
  },
};

/** An instant as the wall-clock time of `zone`, `YYYY-MM-DD HH:MM:SS`. */
const wallClock = (iso: string, zone: string) => {
  const ms = Date.parse(iso);
  return new Date(ms + offsetAt(zone, ms)).toISOString().slice(0, 19).replace('T', ' ');
};

/**
 * An employee's records as CSV for Excel: times in the company's time zone (named in the first
 * column's header), the cycle time in minutes with one decimal.
 */
export function recordsCsv(records: readonly EmployeeRecordView[], language: CsvLanguage, zone: string): string {
  const { columns, kinds } = labels[language];
  const [time, ...rest] = columns;
  return csvDocument(
    [`${time} (${zone})`, ...rest],
    records.map((record) => [
      textCell(wallClock(record.at, zone)),
      textCell(kinds[record.kind]),
      textCell(record.orderNumber ?? record.orderId),
      textCell(record.stationName ?? ''),
      textCell(record.toStationName ?? ''),
      numberCell(record.cycleTimeSeconds === null ? null : Math.round(record.cycleTimeSeconds / 6) / 10, language),
    ]),
  );
}
