import type { EventData } from '../shared/decider.js';
import type { OrderDetails, OrderEvent, OrderPosition, ScrapAndRework } from './order.events.js';

// Fixtures the order decider's tests share (a test helper beside the domain, never imported by code that ships).

/** What the order form's tests fill in besides the positions: a customer's name, address and WIP place. */
export const testOrderForm = {
  name: 'Fahrradhaus Berg',
  street: 'Hauptstraße',
  houseNumber: '12a',
  zip: '80331',
  place: 'München',
  workInProgress: 'Regal 3',
};

/** An order's details with only a name and an address: what the decider tests need of them. */
export const testOrderDetails: OrderDetails = {
  name: 'Berg',
  street: 'Hauptstraße',
  houseNumber: '1',
  addressSuffix: '',
  zip: '80331',
  place: 'München',
  country: '',
  prioritize: false,
  deliveryDate: null,
  noteForProduction: '',
  shippingMethod: '',
  incoterm: null,
  stockOrder: false,
  comment: '',
  workInProgress: 'WIP',
  packaging: '',
};

/** One position: `quantity` of the product Bike (P-1) at `netPrice` each, from production. */
export const bikePosition = (materialId: string, quantity: number, netPrice: number): OrderPosition => ({
  materialId,
  materialName: 'Bike',
  materialNumber: 'P-1',
  materialType: 'product',
  quantity,
  netPrice,
  useInventory: false,
});

/** A report without scrap or rework. */
export const noScrapOrRework: ScrapAndRework = {
  scrap: 0,
  rework: 0,
  scrapReasonId: null,
  scrapReason: null,
  reworkReasonId: null,
  reworkReason: null,
  reworkStationId: null,
};

type QuantityReportedData = EventData<OrderEvent, 'QuantityReported'>;

/** `QuantityReported` of the order at the station: no good pieces, no scrap or rework, no reporter, unless `data` says otherwise. */
export const quantityReported = (data: Pick<QuantityReportedData, 'orderId' | 'stationId' | 'at'> & Partial<QuantityReportedData>): OrderEvent => ({
  type: 'QuantityReported',
  data: { good: 0, ...noScrapOrRework, reportedBy: '', ...data },
});
