import type { ColumnType, Selectable } from 'kysely';
import type { LiveShipmentState } from '../../../domain/shipments/shipment.decider.js';
import type { AttachmentType, ShipmentStatus } from '../../../domain/shipments/shipment.schema.js';

/** One row per shipment stream: the Shipping Orders tab reads it. Written by the inline projection in the append's transaction. */
export interface ShipmentsTable {
  id: string;
  company_id: string;
  number: number;
  shipment_number: string;
  status: ShipmentStatus;
  customer_name: string;
  carrier_id: string | null;
  carrier_name: string;
  tracking_id: string;
  link: string;
  /** `date`: read back as `YYYY-MM-DD` text (see the cast in the queries). */
  shipping_date: ColumnType<string, string, string>;
  order_ids: string[];
  /** The shipment as `evolveShipment` folded it. */
  state: ColumnType<LiveShipmentState, string, string>;
  /** The shipment stream's version: what a client sends back with every change and action. */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** An order in a shipment; `open` while the shipment is Open or Ready for dispatch (one open shipment per order: a unique index). */
export interface ShipmentOrdersTable {
  shipment_id: string;
  order_id: string;
  company_id: string;
  open: boolean;
  /** Pieces of the order in the shipment; null: the whole order (lines made before partial shipments). */
  quantity: number | null;
}

/** An attachment's metadata; the bytes are at `path`, relative to the company's folder under DATA_DIR. */
export interface ShipmentAttachmentsTable {
  id: string;
  shipment_id: string;
  company_id: string;
  file_name: string;
  content_type: AttachmentType;
  size: number;
  path: string;
  created_at: Date;
}

/** The last shipment number a company handed out; the next shipment takes the one after. */
export interface ShipmentCountersTable {
  company_id: string;
  last_number: number;
}

export type ShipmentRow = Selectable<ShipmentsTable>;

declare module '../../platform/db.js' {
  interface Tables {
    shipments: ShipmentsTable;
    shipment_orders: ShipmentOrdersTable;
    shipment_attachments: ShipmentAttachmentsTable;
    shipment_counters: ShipmentCountersTable;
  }
}
