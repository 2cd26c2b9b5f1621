/** A carrier of the company's master data (docs/shipments.md "Carriers"). */
export interface CarriersTable {
  id: string;
  company_id: string;
  name: string;
  /** An http(s) address with `{trackingId}`; null when the carrier has none. */
  tracking_link_template: string | null;
  retired: boolean;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    carriers: CarriersTable;
  }
}
