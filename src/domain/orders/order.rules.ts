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

/** The counts a completion reports, as an operator's tap or a queued one carries them. */
export interface CompletionCounts {
  good?: number;
  scrap?: number;
  rework?: number;
}

/**
 * The counts of a report with "the rest" resolved: `good` absent is every piece at the station not
 * reported as scrap or rework (docs/orders.md, Quantities).
 */
export function reportedCounts(open: number, report: CompletionCounts | undefined): { good: number; scrap: number; rework: number } {
  const scrap = report?.scrap ?? 0;
  const rework = report?.rework ?? 0;
  return { good: report?.good ?? Math.max(0, open - scrap - rework), scrap, rework };
}

/** Whether a completion reporting these counts accounts for every piece at the station; fewer: the rest stays there, in work. */
export function completionTakesAll(open: number, report: CompletionCounts | undefined): boolean {
  const { good, scrap, rework } = reportedCounts(open, report);
  return good + scrap + rework >= open;
}
