import { eventCatalogue } from '../shared/decider.js';

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

/** The stream of a shipment's tracking links: apart from the shipment's, so a link does not change the version its form sends. */
export const SHIPMENT_TRACKING_STREAM_TYPE = 'shipment-tracking';

export type TrackingLinkEvent =
  | { type: 'TrackingLinkCreated'; data: { shipmentId: string; linkId: string; expiresAt: string; at: string } }
  | { type: 'TrackingLinkRevoked'; data: { shipmentId: string; linkId: string; at: string } }
  /**
   * A writer asked to email the link to the end customer: the mail goes in `locale` and names `companyName`.
   * `sealedToken` is the link's token sealed for the email job (never readable in the log, left out of the
   * data export and the live feed).
   */
  | {
      type: 'TrackingLinkEmailRequested';
      data: { shipmentId: string; linkId: string; email: string; locale: 'en' | 'de'; companyName: string; sealedToken: string; at: string };
    };

/** The tracking links' events as every reader reads them. */
export const trackingLinkEvents = eventCatalogue<TrackingLinkEvent>({
  streamType: SHIPMENT_TRACKING_STREAM_TYPE,
  types: { TrackingLinkCreated: true, TrackingLinkRevoked: true, TrackingLinkEmailRequested: true },
});
