import type { EmployeeRecordView } from '../../../domain/team/team.views.js';
import { csvDocument, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';

const labels: Record<CsvLanguage, { columns: string[]; kinds: Record<EmployeeRecordView['kind'], string> }> = {
  en: {
    columns: ['Time (UTC)', 'Activity', 'Order number', 'Station', 'Moved to', 'Cycle time (min)'],
    kinds: { WorkStarted: 'Work started', WorkCompleted: 'Work completed', OrderMovedToStation: 'Order moved' },
  },
  de: {
    columns: ['Zeit (UTC)', 'Tätigkeit', 'Auftragsnummer', 'Station', 'Verschoben nach', 'Durchlaufzeit (min)'],
    kinds: { WorkStarted: 'Arbeit begonnen', WorkCompleted: 'Arbeit abgeschlossen', OrderMovedToStation: 'Auftrag verschoben' },
  },
};

/** An employee's records as CSV for Excel; the cycle time in minutes with one decimal. */
export function recordsCsv(records: readonly EmployeeRecordView[], language: CsvLanguage): string {
  const { columns, kinds } = labels[language];
  return csvDocument(
    columns,
    records.map((record) => [
      textCell(record.at.slice(0, 19).replace('T', ' ')),
      textCell(kinds[record.kind]),
      textCell(record.orderNumber ?? record.orderId),
      textCell(record.stationName ?? ''),
      textCell(record.toStationName ?? ''),
      numberCell(record.cycleTimeSeconds === null ? null : Math.round(record.cycleTimeSeconds / 6) / 10, language),
    ]),
  );
}
