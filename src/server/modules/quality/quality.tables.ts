import type { ColumnType } from 'kysely';
import type { NcrRecord } from '../../../domain/quality/ncr.decider.js';
import type { Disposition } from '../../../domain/quality/ncr.events.js';
import type { NcrStatus } from '../../../domain/quality/ncr.schema.js';

/** The company's last NCR number, incremented in the opening transaction (as `order_counters`). */
export interface NcrCountersTable {
  company_id: string;
  last_number: number;
}

/** One row per NCR stream: the list's columns and the NCR as `evolveNcr` folded it. */
export interface NcrsTable {
  id: string;
  company_id: string;
  number: string;
  status: NcrStatus;
  order_id: string;
  order_number: string;
  station_id: string;
  station_name: string;
  material_name: string;
  value_name: string;
  /** The latest decision; null before one. */
  disposition: Disposition | null;
  opened_at: ColumnType<Date, Date | string, Date | string>;
  decided_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  state: ColumnType<NcrRecord, string, string>;
  version: number;
}

declare module '../../platform/db.js' {
  interface Tables {
    ncr_counters: NcrCountersTable;
    ncrs: NcrsTable;
  }
}
