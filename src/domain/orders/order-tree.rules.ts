import type { ShipmentStatus } from '../shipments/shipment.schema.js';
import type { OrderStatus } from './order.schema.js';

/**
 * Where a customer order stands as a whole, its production orders and its shipment rolled up into
 * one stage: the order details head the tree customer order -> production orders -> shipment with it.
 */
export const orderProgressStages = ['open', 'in-production', 'ready', 'in-shipment', 'sent', 'delivered', 'finished', 'canceled'] as const;
export type OrderProgressStage = (typeof orderProgressStages)[number];

export interface OrderProgress {
  stage: OrderProgressStage;
  /** Production orders done, of all the order made. */
  productionDone: number;
  productionTotal: number;
}

/**
 * A customer order's good pieces against the pieces it ordered to make, once all its production
 * orders (split children included) have ended: `under` fewer (scrap), `over` more, `exact`;
 * `running` while one is still on the line (a shortfall then is not yet a loss).
 */
export const productionBalances = ['running', 'exact', 'under', 'over'] as const;
export type ProductionBalance = (typeof productionBalances)[number];

export function productionBalanceOf(order: { ordered: number; good: number; productionOrders: readonly { done: boolean }[] }): ProductionBalance {
  if (order.productionOrders.some((production) => !production.done)) return 'running';
  if (order.good < order.ordered) return 'under';
  return order.good > order.ordered ? 'over' : 'exact';
}

/** The customer order's tree rolled up: its own status, its production orders' `done`, and its shipment's status. */
export function customerOrderProgressOf(order: {
  status: OrderStatus;
  productionOrders: readonly { done: boolean }[];
  shipment: { status: ShipmentStatus } | null;
}): OrderProgress {
  const productionTotal = order.productionOrders.length;
  const productionDone = order.productionOrders.filter((production) => production.done).length;
  return { stage: stageOf(order.status, order.shipment?.status ?? null), productionDone, productionTotal };
}

function stageOf(status: OrderStatus, shipment: ShipmentStatus | null): OrderProgressStage {
  switch (status) {
    case 'open':
    case 'ordered':
      return 'open';
    case 'in-progress':
      return 'in-production';
    case 'ready-to-ship':
    case 'ready-for-dispatch':
      // A canceled shipment has let its orders go: they are ready again, in no shipment.
      return shipment === 'open' || shipment === 'ready-for-dispatch' ? 'in-shipment' : 'ready';
    case 'ready-to-use':
      return 'ready';
    case 'dispatched':
    case 'sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'finished':
      return 'finished';
    case 'canceled':
      return 'canceled';
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}
