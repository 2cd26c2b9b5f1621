import type { CapacityPlanView } from '../../../../domain/plan/plan.views';

/**
 * The pages of rows read so far as one plan: their stations and queues one after another, an order
 * at stations of several pages once (its operations together), in plan order; the moment, window,
 * totals and working time of the first page.
 */
export function mergedPlan(pages: readonly CapacityPlanView[]): CapacityPlanView {
  const [first] = pages;
  if (pages.length === 1) return first;
  const orders = new Map<string, CapacityPlanView['orders'][number]>();
  for (const page of pages) {
    for (const order of page.orders) {
      const seen = orders.get(order.orderId);
      orders.set(order.orderId, seen ? { ...seen, operations: [...seen.operations, ...order.operations].sort((a, b) => a.step - b.step) } : order);
    }
  }
  const last = pages[pages.length - 1];
  return {
    ...first,
    rows: { offset: first.rows.offset, count: last.rows.offset + last.rows.count - first.rows.offset, total: last.rows.total },
    stations: pages.flatMap((page) => page.stations),
    queues: pages.flatMap((page) => page.queues),
    orders: [...orders.values()].sort((a, b) => a.rank - b.rank),
  };
}
