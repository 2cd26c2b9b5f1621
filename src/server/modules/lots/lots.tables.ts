import type { ColumnType, Selectable } from 'kysely';
import type { LotRecord } from '../../../domain/lots/lot.decider.js';
import type { LotOrigin } from '../../../domain/lots/lot.events.js';

/** The company's last lot number, incremented in the recording transaction (as `ncr_counters`). */
export interface LotCountersTable {
  company_id: string;
  last_number: number;
  /** The company's last serial number (`SN-000001`), taken by the transaction that produces a lot of a serial material. */
  last_serial: ColumnType<number, number | undefined, number>;
}

/** One row per lot stream: the lists' columns, what is left, and the lot as `evolveLot` folded it. */
export interface LotsTable {
  id: string;
  company_id: string;
  number: string;
  origin: LotOrigin;
  material_id: string;
  material_name: string;
  material_number: string;
  order_id: string;
  order_number: string;
  supplier: string;
  supplier_lot_number: string;
  /** numeric: arrives from pg as a string. */
  quantity: ColumnType<string, number, number>;
  remaining: ColumnType<string, number, number>;
  /** `date`: read back as `YYYY-MM-DD` text (cast in the queries). */
  received_on: ColumnType<string, string, string>;
  has_certificate: boolean;
  state: ColumnType<LotRecord, string, string>;
  version: number;
}

/** One row per `LotConsumed`: which production order took how much of which lot (the genealogy's edges). */
export interface LotConsumptionsTable {
  lot_id: string;
  stream_version: number;
  company_id: string;
  order_id: string;
  order_number: string;
  quantity: ColumnType<string, number, number>;
  consumed_at: ColumnType<Date, string, string>;
}

/** One row per serial of a produced lot (`LotSerialsAssigned`); the primary key keeps a serial unique in its company. */
export interface LotSerialsTable {
  company_id: string;
  serial: string;
  lot_id: string;
  position: number;
}

export type LotRow = Selectable<LotsTable>;

declare module '../../platform/db.js' {
  interface Tables {
    lot_counters: LotCountersTable;
    lots: LotsTable;
    lot_consumptions: LotConsumptionsTable;
    lot_serials: LotSerialsTable;
  }
}
