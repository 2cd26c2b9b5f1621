import type { CarrierEvent, TrackingLinkEvent } from '../../../domain/shipments/carrier.events.js';
import type { ShipmentEvent } from '../../../domain/shipments/shipment.events.js';
import { everyone, liveRulesOf, rule } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    shipments: CarrierEvent | TrackingLinkEvent | ShipmentEvent;
  }
}

/** Who of the company receives each event of shipments on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const shipmentsLiveRules = liveRulesOf<CarrierEvent | TrackingLinkEvent | ShipmentEvent>()({
  ShipmentCreated: everyone,
  ShipmentChanged: everyone,
  ShipmentOrderAssigned: everyone,
  ShipmentOrderReleased: everyone,
  ShipmentMarkedReadyForDispatch: everyone,
  ShipmentSent: everyone,
  ShipmentDelivered: everyone,
  ShipmentCanceled: everyone,
  ShipmentAttachmentAdded: everyone,
  ShipmentAttachmentRemoved: everyone,
  CarrierAdded: everyone,
  CarrierChanged: everyone,
  CarrierRetired: everyone,
  CarrierReinstated: everyone,
  CarrierDeleted: everyone,
  TrackingLinkCreated: everyone,
  TrackingLinkRevoked: everyone,
  // that a link was emailed, never the sealed token nor the end customer's address
  TrackingLinkEmailRequested: rule({ to: 'all', keep: ['shipmentId', 'linkId', 'at'] }, { to: 'all', keep: ['shipmentId', 'linkId', 'at'] }),
});
