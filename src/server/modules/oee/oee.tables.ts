import type { ColumnType } from 'kysely';

type Moment = ColumnType<Date, Date | string, Date | string>;

/** A material's planned minutes at one station, from the steps of its last MaterialCreated/Updated (docs/oee.md). */
export interface OeeMaterialTimesTable {
  material_id: string;
  station_id: string;
  company_id: string;
  setup_minutes: number | null;
  piece_minutes: number | null;
}

/** An order as OEE reads it: its number, its one material (null with several) and its pieces. */
export interface OeeOrdersTable {
  order_id: string;
  company_id: string;
  order_number: string;
  material_id: string | null;
  pieces: number;
}

/** Work started at a station and not yet completed; `reported` once pieces were reported for it. */
export interface OeeStationWorkTable {
  order_id: string;
  station_id: string;
  company_id: string;
  started_at: Moment;
  reported: boolean;
}

/** Pieces reported at a station (a QuantityReported, or an older WorkCompleted counted all good), with the planned time per piece then. */
export interface OeeReportsTable {
  order_id: string;
  stream_version: number;
  company_id: string;
  station_id: string;
  at: Moment;
  work_started_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  good: number;
  scrap: number;
  rework: number;
  scrap_reason_id: string | null;
  scrap_reason: string | null;
  piece_minutes: number | null;
}

/** A production order carrying reworked pieces (split off for rework, or off such an order): its reports are not a first pass. */
export interface OeeReworkOrdersTable {
  order_id: string;
  company_id: string;
}

/** An interruption as downtime: its station, reason, order and span (`to_at` null while open). */
export interface OeeDowntimesTable {
  interruption_id: string;
  company_id: string;
  station_id: string;
  order_id: string | null;
  reason_id: string;
  reason_name: string;
  from_at: Moment;
  to_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

declare module '../../platform/db.js' {
  interface Tables {
    oee_material_times: OeeMaterialTimesTable;
    oee_orders: OeeOrdersTable;
    oee_station_work: OeeStationWorkTable;
    oee_reports: OeeReportsTable;
    oee_downtimes: OeeDowntimesTable;
    oee_rework_orders: OeeReworkOrdersTable;
  }
}
