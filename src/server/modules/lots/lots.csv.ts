import type { LotRecall } from '../../../domain/lots/lots.views.js';
import { csvDocument, textCell, type CsvLanguage } from '../../platform/csv.js';

const headers: Record<CsvLanguage, readonly string[]> = {
  en: ['Lot', 'Supplier lot / heat', 'Material', 'Customer', 'Customer order', 'Shipment', 'Shipping date', 'Delivery bills', 'Serial numbers'],
  de: ['Charge', 'Lieferantencharge / Schmelze', 'Material', 'Kunde', 'Kundenauftrag', 'Versandauftrag', 'Versanddatum', 'Lieferscheine', 'Seriennummern'],
};

/** The recall list as one CSV: a row per customer order and shipment the lot reached (columns in en and de; every text cell formula-safe). */
export function recallCsv(recall: LotRecall, language: CsvLanguage): string {
  const { lot } = recall;
  const rows = recall.rows.map((row) => [
    textCell(lot.number),
    textCell(lot.supplierLotNumber),
    textCell(lot.materialName),
    textCell(row.customer),
    textCell(row.customerOrderNumber),
    textCell(row.shipmentNumber ?? ''),
    textCell(row.shippingDate ?? ''),
    textCell(row.deliveryBills.join(', ')),
    textCell(row.serials.join(', ')),
  ]);
  return csvDocument(headers[language], rows);
}
