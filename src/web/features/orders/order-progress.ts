import type { OrderKind, OrderStatus } from '../../../domain/orders/order.schema';

/**
 * The steps of the order stepper, named as spec section 4 lists them (Ordered, In Progress,
 * Finished, Dispatched, Open, Ready to Ship), put in the order an order passes them.
 */
export type ProgressStep = 'open' | 'ordered' | 'inProgress' | 'readyToShip' | 'dispatched' | 'finished';

/**
 * Which steps an order of a kind passes. A customer order ships; a stock order (made for stock)
 * and a production order end when they are made; a logistics order ends when its goods are in.
 */
export function stepsOf(kind: OrderKind, stockOrder: boolean): ProgressStep[] {
  switch (kind) {
    case 'customer':
      return stockOrder ? ['open', 'ordered', 'inProgress', 'finished'] : ['open', 'ordered', 'inProgress', 'readyToShip', 'dispatched', 'finished'];
    case 'production':
      return ['open', 'inProgress', 'finished'];
    case 'logistics':
      return ['open', 'ordered', 'finished'];
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
}

/**
 * The step a status belongs to. The domain has more statuses than the stepper has steps: a status
 * between two steps belongs to the step it has reached, and the stepper names the status under it
 * (Ready for dispatch under Ready to Ship, Delivered under Dispatched or, for logistics orders,
 * under Finished, Ready to use under Finished). Canceled and Sent belong to no step.
 */
export function stepOfStatus(status: OrderStatus, kind: OrderKind): ProgressStep | null {
  switch (status) {
    case 'open':
      return 'open';
    case 'ordered':
      return 'ordered';
    case 'in-progress':
      return 'inProgress';
    case 'ready-to-ship':
    case 'ready-for-dispatch':
      return 'readyToShip';
    case 'dispatched':
      return 'dispatched';
    case 'delivered':
      return kind === 'logistics' ? 'finished' : 'dispatched';
    case 'ready-to-use':
    case 'finished':
      return 'finished';
    case 'canceled':
    case 'sent':
      return null;
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}

export interface ProgressStepState {
  step: ProgressStep;
  state: 'done' | 'current' | 'upcoming';
  /** The exact status when it is not the step's own name (e.g. ready-for-dispatch on Ready to Ship). */
  status: OrderStatus | null;
}

/** Statuses the stepper names by its step alone. */
const ownStatusOfStep: Record<ProgressStep, OrderStatus> = {
  open: 'open',
  ordered: 'ordered',
  inProgress: 'in-progress',
  readyToShip: 'ready-to-ship',
  dispatched: 'dispatched',
  finished: 'finished',
};

/**
 * The stepper of an order: the steps before its status are done, its own is current, the rest
 * are upcoming. A canceled order has no current step (the screen says Canceled instead).
 */
export function progressOf(order: { kind: OrderKind; status: OrderStatus; stockOrder: boolean }): ProgressStepState[] {
  const steps = stepsOf(order.kind, order.stockOrder);
  const current = stepOfStatus(order.status, order.kind);
  const currentIndex = current ? steps.indexOf(current) : -1;
  return steps.map((step, index) => ({
    step,
    state: currentIndex < 0 || index > currentIndex ? 'upcoming' : index === currentIndex ? 'current' : 'done',
    status: index === currentIndex && ownStatusOfStep[step] !== order.status ? order.status : null,
  }));
}
