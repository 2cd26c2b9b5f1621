import { evolveShipment, initialShipmentState, type ShipmentState } from '../../../domain/shipments/shipment.decider';
import type { ShipmentEvent, ShipmentEventType } from '../../../domain/shipments/shipment.events';
import type { ShipmentHistory } from '../../../domain/shipments/shipments.views';

export type ShipmentHistoryEntry = ShipmentHistory['data'][number];

/** Every event type the domain's `evolveShipment` knows; a type a newer server sends is listed but not folded. */
const knownEventTypes: Record<ShipmentEventType, true> = {
  ShipmentCreated: true,
  ShipmentChanged: true,
  ShipmentOrderAssigned: true,
  ShipmentOrderReleased: true,
  ShipmentMarkedReadyForDispatch: true,
  ShipmentSent: true,
  ShipmentDelivered: true,
  ShipmentCanceled: true,
  ShipmentAttachmentAdded: true,
  ShipmentAttachmentRemoved: true,
};

export const isKnownShipmentEvent = (entry: Pick<ShipmentHistoryEntry, 'type'>): boolean => Object.hasOwn(knownEventTypes, entry.type);

/** Every state along the history: `states[i]` is the shipment right after entry `i`, folded by the domain's own `evolveShipment`. */
export function replayShipment(entries: readonly ShipmentHistoryEntry[]): ShipmentState[] {
  const states: ShipmentState[] = [];
  let state = initialShipmentState;
  for (const entry of entries) {
    if (isKnownShipmentEvent(entry)) state = evolveShipment(state, { type: entry.type, data: entry.data } as ShipmentEvent);
    states.push(state);
  }
  return states;
}
