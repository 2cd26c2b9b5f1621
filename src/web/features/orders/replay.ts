import { initialOrderState, orderDecider, type OrderLocation, type OrderState } from '../../../domain/orders/order.decider';
import { orderEvents, type OrderDetails } from '../../../domain/orders/order.events';
import { foldEvents } from '../../../domain/shared/decider';
import type { OrderHistoryEntry } from './api/types';

/** Whether this code knows the entry's event type (current or upcast); a type a newer server sends is shown but not folded. */
export const isKnownEvent = (entry: OrderHistoryEntry): boolean => orderEvents.read(entry) !== undefined;

/**
 * The order as it was right after the entry at `index` (0 = just created): the domain's own fold
 * (`foldEvents` with the order decider, upcasting older shapes) over the history up to there, the
 * very fold the server decides with.
 */
export function replayTo(entries: readonly OrderHistoryEntry[], index: number): OrderState {
  return foldEvents(orderDecider, entries.slice(0, index + 1));
}

/** Every state along the history: `states[i]` is the order after entry `i`. */
export function replayAll(entries: readonly OrderHistoryEntry[]): OrderState[] {
  const states: OrderState[] = [];
  let state = initialOrderState;
  for (const entry of entries) {
    state = foldEvents(orderDecider, [entry], state);
    states.push(state);
  }
  return states;
}

/** The form fields an entry can change, in the order the form shows them. */
export const detailFields = [
  'name',
  'street',
  'houseNumber',
  'addressSuffix',
  'zip',
  'place',
  'country',
  'prioritize',
  'deliveryDate',
  'noteForProduction',
  'shippingMethod',
  'incoterm',
  'stockOrder',
  'comment',
  'workInProgress',
  'packaging',
] as const satisfies readonly (keyof OrderDetails)[];

export type DetailField = (typeof detailFields)[number];

/** What one event changed on the order, for the timeline: each part only when it changed. */
export interface OrderChange {
  status?: { from: string | null; to: string };
  location?: { from: OrderLocation | null; to: OrderLocation | null };
  fields: DetailField[];
  positionsChanged: boolean;
  netSum?: { from: number; to: number };
}

const sameLocation = (a: OrderLocation | null, b: OrderLocation | null): boolean => {
  if (a === null || b === null) return a === b;
  if (a.stage !== b.stage) return false;
  return a.stage === 'wip' || (b.stage === 'station' && a.stationId === b.stationId && a.workStartedAt === b.workStartedAt);
};

/** The difference between the order before and after an event. */
export function changeBetween(before: OrderState, after: OrderState): OrderChange {
  const change: OrderChange = { fields: [], positionsChanged: false };
  if (after.status === 'absent') return change;
  if (before.status !== after.status) change.status = { from: before.status === 'absent' ? null : before.status, to: after.status };
  if (before.status === 'absent') return change;
  if (!sameLocation(before.location, after.location)) change.location = { from: before.location, to: after.location };
  change.fields = detailFields.filter((field) => before.details[field] !== after.details[field]);
  change.positionsChanged = JSON.stringify(before.positions) !== JSON.stringify(after.positions);
  if (before.netSum !== after.netSum) change.netSum = { from: before.netSum, to: after.netSum };
  return change;
}
