import type { MarginsView } from '../../../domain/costing/costing.views.js';
import { csvDocument, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';

const headers: Record<CsvLanguage, readonly string[]> = {
  en: ['Group', 'Customer or material', 'Material number', 'Orders', 'Pieces', 'Net price', 'Actual cost', 'Margin', 'Margin %'],
  de: ['Gruppe', 'Kunde oder Material', 'Materialnummer', 'Aufträge', 'Stück', 'Nettopreis', 'Istkosten', 'Marge', 'Marge %'],
};
const groups: Record<CsvLanguage, { customer: string; material: string }> = {
  en: { customer: 'Customer', material: 'Material' },
  de: { customer: 'Kunde', material: 'Material' },
};

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The margins report as one CSV: a row per customer, then a row per material (columns and labels in en and de). */
export function marginsCsv(margins: MarginsView, language: CsvLanguage): string {
  const money = (value: number) => numberCell(value, language);
  const rows = [
    ...margins.customers.map((row) => [
      textCell(groups[language].customer),
      textCell(row.customer),
      '',
      numberCell(row.orders, language),
      '',
      money(row.netPrice),
      money(row.actualCost),
      money(row.margin),
      numberCell(percent(row.marginRate), language),
    ]),
    ...margins.materials.map((row) => [
      textCell(groups[language].material),
      textCell(row.material),
      textCell(row.materialNumber),
      numberCell(row.orders, language),
      numberCell(row.pieces, language),
      money(row.netPrice),
      money(row.actualCost),
      money(row.margin),
      numberCell(percent(row.marginRate), language),
    ]),
  ];
  return csvDocument(headers[language], rows);
}
