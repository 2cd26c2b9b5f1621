import { foldEvents } from '../../../domain/shared/decider';
import { initialShipmentState, shipmentDecider, type ShipmentState } from '../../../domain/shipments/shipment.decider';
import { shipmentEvents } from '../../../domain/shipments/shipment.events';
import type { ShipmentHistory } from '../../../domain/shipments/shipments.views';

export type ShipmentHistoryEntry = ShipmentHistory['data'][number];

/** Whether this code knows the entry's event type (current or upcast); a type a newer server sends is listed but not folded. */
export const isKnownShipmentEvent = (entry: ShipmentHistoryEntry): boolean => shipmentEvents.read(entry) !== undefined;

/** Every state along the history: `states[i]` is the shipment right after entry `i`, folded by the domain's own fold (`foldEvents`, upcasting older shapes). */
export function replayShipment(entries: readonly ShipmentHistoryEntry[]): ShipmentState[] {
  const states: ShipmentState[] = [];
  let state = initialShipmentState;
  for (const entry of entries) {
    state = foldEvents(shipmentDecider, [entry], state);
    states.push(state);
  }
  return states;
}
