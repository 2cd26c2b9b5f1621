/**
 * Facts of the plain-record carriers and tracking links, recorded on their streams (`carrier-<id>`,
 * `shipment-tracking-<shipmentId>`) as the audit trail. A tracking link's token is never in them:
 * only the hash is stored, and the token is answered once.
 */
export type CarrierEvent =
  | { type: 'CarrierAdded'; data: { carrierId: string; name: string; trackingLinkTemplate: string | null; at: string } }
  | { type: 'CarrierChanged'; data: { carrierId: string; name: string; trackingLinkTemplate: string | null; at: string } }
  | { type: 'CarrierRetired'; data: { carrierId: string; at: string } }
  | { type: 'CarrierReinstated'; data: { carrierId: string; at: string } }
  | { type: 'CarrierDeleted'; data: { carrierId: string; at: string } };

export type TrackingLinkEvent =
  | { type: 'TrackingLinkCreated'; data: { shipmentId: string; linkId: string; expiresAt: string; at: string } }
  | { type: 'TrackingLinkRevoked'; data: { shipmentId: string; linkId: string; at: string } };
