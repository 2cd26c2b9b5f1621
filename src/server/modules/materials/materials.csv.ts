import type { MaterialType } from '../../../domain/materials/materials.schema.js';
import { csvDocument, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';
import type { MaterialRow } from './materials.tables.js';

export { csvLanguages, numberCell, textCell, type CsvLanguage } from '../../platform/csv.js';

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
