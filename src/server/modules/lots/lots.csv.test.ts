import { describe, expect, it } from 'vitest';
import type { LotRecall } from '../../../domain/lots/lots.views.js';
import { recallCsv } from './lots.csv.js';

const recall: LotRecall = {
  lot: {
    id: '00000000-0000-4000-8000-000000000101',
    number: 'LOT-000001',
    origin: 'received',
    materialId: '00000000-0000-4000-8000-000000000102',
    materialName: 'Rundstahl S355',
    materialNumber: 'S-355',
    unit: 'kg',
    orderId: '00000000-0000-4000-8000-000000000103',
    orderNumber: '000007',
    supplier: 'Stahlhandel Ruhr',
    supplierLotNumber: '=H-48213',
    quantity: 120,
    remaining: 69.5,
    receivedOn: '2026-12-02',
    hasCertificate: true,
    serials: [],
    version: 3,
  },
  rows: [
    {
      customer: '@Nordwerk; GmbH',
      customerOrderId: '00000000-0000-4000-8000-000000000104',
      customerOrderNumber: '000012',
      shipmentId: null,
      shipmentNumber: null,
      shippingDate: null,
      deliveryBills: [],
      serials: ['SN-000001', 'SN-000002'],
    },
  ],
};

describe('the recall CSV', () => {
  it('has German headers and formula-safe text cells', () => {
    const lines = recallCsv(recall, 'de').replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Charge;Lieferantencharge / Schmelze;Material;Kunde;Kundenauftrag;Versandauftrag;Versanddatum;Lieferscheine;Seriennummern');
    expect(lines[1]).toBe(`LOT-000001;'=H-48213;Rundstahl S355;"'@Nordwerk; GmbH";000012;;;;"SN-000001, SN-000002"`);
  });
});
