/** An end customer's tracking link of a shipment; only the token's SHA-256 is kept. */
export interface ShipmentTrackingLinksTable {
  id: string;
  company_id: string;
  shipment_id: string;
  /** Hex SHA-256 of the token: a leaked table opens no page. */
  token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    shipment_tracking_links: ShipmentTrackingLinksTable;
  }
}
