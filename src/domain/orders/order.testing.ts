import type { OrderDetails, OrderPosition } from './order.events.js';

// Fixtures the order decider's tests share (a test helper beside the domain, never imported by code that ships).

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
