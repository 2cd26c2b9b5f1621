import type { OrderKind, OrderStatus } from './order.schema.js';

/** What users and operators do to an order: `POST /api/orders/{id}/{action}`. */
export const orderActions = [
  'place',
  'start-production',
  'start-work',
  'complete-work',
  'move-to-station',
  'ready-to-use',
  'ready-to-dispatch',
  'dispatch',
  'deliver',
  'check-in',
  'finish',
  'cancel',
] as const;
export type OrderAction = (typeof orderActions)[number];

/** Actions done at a station, by an operator signed in there. */
export const stationActions: readonly OrderAction[] = ['start-work', 'complete-work', 'move-to-station', 'check-in'];

/**
 * The status machine: for each kind, the statuses an action is allowed from and the status it
 * leads to (`same` when the status stays, as between stations). Automatic steps are in
 * `automaticTransitions`. docs/orders.md draws the same table.
 */
export const orderTransitions: Record<OrderKind, Partial<Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus | 'same' }>>> = {
  customer: {
    place: { from: ['open'], to: 'ordered' },
    'start-production': { from: ['open', 'ordered'], to: 'in-progress' },
    'ready-to-dispatch': { from: ['ready-to-ship'], to: 'ready-for-dispatch' },
    dispatch: { from: ['ready-for-dispatch'], to: 'dispatched' },
    deliver: { from: ['dispatched'], to: 'delivered' },
    finish: { from: ['delivered', 'ready-to-use'], to: 'finished' },
    cancel: { from: ['open', 'ordered'], to: 'canceled' },
  },
  production: {
    'start-production': { from: ['open'], to: 'in-progress' },
    'start-work': { from: ['in-progress'], to: 'same' },
    'complete-work': { from: ['in-progress'], to: 'same' },
    'move-to-station': { from: ['in-progress'], to: 'same' },
    'ready-to-use': { from: ['finished'], to: 'ready-to-use' },
    cancel: { from: ['open'], to: 'canceled' },
  },
  logistics: {
    place: { from: ['open'], to: 'ordered' },
    'check-in': { from: ['ordered'], to: 'delivered' },
    finish: { from: ['delivered'], to: 'finished' },
    cancel: { from: ['open', 'ordered'], to: 'canceled' },
  },
};

/** Steps no one clicks: they follow from other events. */
export const automaticTransitions = [
  { kind: 'customer', from: 'in-progress', to: 'ready-to-ship', when: 'its last production order finished (customer order)' },
  { kind: 'customer', from: 'in-progress', to: 'ready-to-use', when: 'its last production order finished (stock order)' },
  { kind: 'production', from: 'in-progress', to: 'finished', when: 'work completed at the last station of the sequence' },
] as const;

/** Whether `action` is allowed on an order of `kind` in `status` (the machine's table, nothing else). */
export const actionAllowed = (kind: OrderKind, status: OrderStatus, action: OrderAction): boolean =>
  orderTransitions[kind][action]?.from.includes(status) ?? false;

/** Statuses in which the order form may still be changed (PUT). */
export const editableStatuses: Record<OrderKind, readonly OrderStatus[]> = {
  customer: ['open', 'ordered'],
  production: ['open'],
  logistics: ['open', 'ordered'],
};

export const isEditable = (kind: OrderKind, status: OrderStatus) => editableStatuses[kind].includes(status);

/** Statuses in which an order is in production: its materials cannot be deleted (MATERIAL_IN_PRODUCTION). */
export const inProductionStatuses: readonly OrderStatus[] = ['in-progress'];

/**
 * Statuses of a customer order whose goods have left the house: its production orders' pieces went
 * with it, so they are no longer waiting in WIP (the station board's WIP column leaves them out).
 */
export const goodsLeftStatuses: readonly OrderStatus[] = ['dispatched', 'delivered', 'finished'];

/** Statuses in which an order is settled: delivered, used, finished or canceled. Such an order is never delayed. */
export const settledStatuses: readonly OrderStatus[] = ['delivered', 'ready-to-use', 'finished', 'canceled', 'sent'];

/**
 * Delayed: the delivery date has passed (it is before `today`, both `YYYY-MM-DD`, today the
 * company's day in its time zone: `calendarDayIn`) and the order is not delivered (or otherwise settled) yet.
 */
export const isDelayed = (order: { status: OrderStatus; deliveryDate: string | null }, today: string): boolean =>
  order.deliveryDate !== null && order.deliveryDate < today && !settledStatuses.includes(order.status);
