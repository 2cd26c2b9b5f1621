import type { MaterialType } from '../../../domain/materials/materials.schema.js';
import type { MaterialRow } from './materials.tables.js';

export const csvLanguages = ['en', 'de'] as const;
export type CsvLanguage = (typeof csvLanguages)[number];

const labels: Record<CsvLanguage, { columns: string[]; types: Record<MaterialType, string> }> = {
  en: {
    columns: [
      'Type',
      'Name',
      'Material number',
      'Net price',
      'VAT %',
      'Weight (kg)',
      'Custom tariff',
      'Packaging',
      'Stock',
      'Unit',
      'Description',
      'Supplier',
      'Delivery time (work days)',
      'Minimum order quantity',
    ],
    types: { product: 'Product', manufacturing_part: 'Manufacturing part', purchasing_part: 'Purchasing part' },
  },
  de: {
    columns: [
      'Art',
      'Name',
      'Materialnummer',
      'Nettopreis',
      'MwSt. %',
      'Gewicht (kg)',
      'Zolltarifnummer',
      'Verpackung',
      'Bestand',
      'Einheit',
      'Beschreibung',
      'Lieferant',
      'Lieferzeit (Arbeitstage)',
      'Mindestbestellmenge',
    ],
    types: { product: 'Produkt', manufacturing_part: 'Fertigungsteil', purchasing_part: 'Kaufteil' },
  },
};

/**
 * A text cell: a leading = + - @ (or tab, carriage return) would make a spreadsheet read the
 * cell as a formula, so it gets an apostrophe first; `;`, quotes and line breaks are quoted.
 */
export function textCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number as the spreadsheet of that language reads it: German Excel wants a decimal comma. */
export function numberCell(value: string | number | null, language: CsvLanguage): string {
  if (value === null) return '';
  const text = String(Number(value));
  return language === 'de' ? text.replace('.', ',') : text;
}

/**
 * The material list as CSV for Excel: UTF-8 with a byte order mark (so umlauts survive), `;`
 * between cells (German Excel's list separator), CRLF between rows, a header row first.
 */
export function materialsCsv(rows: readonly MaterialRow[], language: CsvLanguage): string {
  const { columns, types } = labels[language];
  const lines = [columns.map(textCell).join(';')];
  for (const row of rows) {
    const purchasing = row.purchasing;
    lines.push(
      [
        textCell(types[row.type]),
        textCell(row.name),
        textCell(row.material_number),
        numberCell(row.net_price, language),
        numberCell(row.vat, language),
        numberCell(row.weight, language),
        textCell(row.custom_tariff),
        textCell(row.packaging),
        numberCell(row.stock_quantity, language),
        textCell(row.stock_unit),
        textCell(row.description),
        textCell(purchasing?.supplier ?? ''),
        numberCell(purchasing?.deliveryTimeDays ?? null, language),
        numberCell(purchasing?.minimumOrderQuantity ?? null, language),
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
