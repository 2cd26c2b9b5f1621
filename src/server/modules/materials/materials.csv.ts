import { importColumns, materialTypeLabels } from '../../../domain/imports/imports.schema.js';
import type { MaterialType } from '../../../domain/materials/materials.schema.js';
import { csvDocument, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';
import type { MaterialRow } from './materials.tables.js';

export { csvLanguages, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';

/** The export's columns are the first of the import's (same headers), so an exported file imports back as it is. */
const exportedColumns = importColumns.materials.slice(0, 14);
const labels: Record<CsvLanguage, { columns: string[]; types: Record<MaterialType, string> }> = {
  en: { columns: exportedColumns.map((column) => column.en), types: materialTypeLabels.en },
  de: { columns: exportedColumns.map((column) => column.de), types: materialTypeLabels.de },
};

/** The material list as CSV for Excel (`csvDocument`): one row per material under a header row. */
export function materialsCsv(rows: readonly MaterialRow[], language: CsvLanguage): string {
  const { columns, types } = labels[language];
  return csvDocument(
    columns,
    rows.map((row) => {
      const purchasing = row.purchasing;
      return [
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
      ];
    }),
  );
}
