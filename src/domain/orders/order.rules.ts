// The order's kinds, statuses and list columns without zod, so a screen that shows orders (the home board)
// reads them without loading zod; order.schema.ts builds the schemas from them and re-exports them.

/** The kinds of order this module keeps; shipping orders come with shipments. */
export const orderKinds = ['customer', 'production', 'logistics'] as const;
export type OrderKind = (typeof orderKinds)[number];

/**
 * The order status labels of spec section 4, defined once: the stations' "set order status"
 * action names the same list. `sent` belongs to shipments; no order kind here reaches it.
 */
export const orderStatuses = [
  'open',
  'ordered',
  'in-progress',
  'ready-to-use',
  'ready-to-ship',
  'ready-for-dispatch',
  'sent',
  'delivered',
  'canceled',
  'finished',
  'dispatched',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Columns the order list sorts by; `-column` sorts descending. */
export const orderSortColumns = ['number', 'orderNumber', 'name', 'status', 'deliveryDate', 'netSum', 'createdAt', 'updatedAt'] as const;
export type OrderSortColumn = (typeof orderSortColumns)[number];
