import type { ColumnType, Generated } from 'kysely';
import type { CompletionAction, ProductionParameter, ValueChecks } from '../../../domain/stations/station.schema.js';

/** One row per live station: the stations list and detail read model (inline projection). */
export interface StationsTable {
  id: string;
  company_id: string;
  name: string;
  /** jsonb: written as JSON text, since pg would turn a JS array into a PostgreSQL array. */
  parameters: ColumnType<ProductionParameter[], string, string>;
  actions: ColumnType<CompletionAction[], string, string>;
  incoming_goods_check_in: boolean;
  /** jsonb: which values of the order's material operators measure here. */
  value_checks: ColumnType<ValueChecks, string | undefined, string>;
  /** The optional WIP limit the station board marks a column by; null: none. */
  wip_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** Orders worked at the station at once (the capacity plan's places), 1-99. */
  capacity: ColumnType<number, number | undefined, number>;
  last_maintenance_at: Date | null;
  /** Version of the station's stream: what a client sends back on PUT, DELETE and maintenance. */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** One row per company that saved a sequence (inline projection of `sequence-<companyId>`). */
export interface StationSequencesTable {
  company_id: string;
  station_ids: string[];
  start_station_id: string | null;
  version: number;
  saved_at: Date;
}

/** Which users may sign in at which station; set by admins on the user. */
export interface StationAuthorizationsTable {
  company_id: string;
  user_id: string;
  station_id: string;
  created_at: Generated<Date>;
}

/** Orders waiting at a station now. Fed by the orders module once orders flow. */
export interface StationWorklistEntriesTable {
  company_id: string;
  station_id: string;
  order_id: string;
  arrived_at: Date;
}

/** Orders finished at a station: the source of cycle time and finished today. Fed by orders. */
export interface StationCompletionsTable {
  company_id: string;
  station_id: string;
  order_id: string;
  arrived_at: Date;
  finished_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    stations: StationsTable;
    station_sequences: StationSequencesTable;
    station_authorizations: StationAuthorizationsTable;
    station_worklist_entries: StationWorklistEntriesTable;
    station_completions: StationCompletionsTable;
  }
}
