import type { ColumnType } from 'kysely';

type Numeric = ColumnType<string, number, number>;
type Moment = ColumnType<Date, Date | string, Date | string>;
type NullableMoment = ColumnType<Date | null, Date | string | null, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

/** Every rate and price set: counts from `effective_from` until the next one of its target (`effective_to`, null: still). */
export interface CostingRatesTable {
  id: string;
  company_id: string;
  kind: 'machine' | 'labour' | 'material';
  /** `station`, `material`, or a labour rate's `standard`, `jobTitle`, `employee`. */
  target: string;
  target_id: string | null;
  amount: Numeric;
  /** `date`: read back through `to_char`. */
  valid_from: string;
  effective_from: Moment;
  effective_to: NullableMoment;
  set_by: string;
  set_at: Moment;
}

/** Which job title a person held from when to when (`to_at` null: still), from their organization's changes. */
export interface CostingJobTitlesTable {
  company_id: string;
  user_id: string;
  from_at: Moment;
  to_at: NullableMoment;
  job_title_id: string | null;
}

/** A planned step as the costing reads it. */
export interface PlannedStep {
  stationId: string;
  setupMinutes: number | null;
  pieceMinutes: number | null;
}

/** A material as the costing knows it: its bill of materials and planned times, as of its last change. */
export interface CostingMaterialsTable {
  material_id: string;
  company_id: string;
  name: string;
  material_number: string;
  components: Json<{ materialId: string; quantity: number }[]>;
  steps: Json<PlannedStep[]>;
}

/** An order as the costing reads it: pieces, net price, its customer order, the material planned (at creation) and consumed (at the line's start). */
export interface CostingOrdersTable {
  order_id: string;
  company_id: string;
  kind: string;
  order_number: string;
  customer_order_id: string | null;
  client_id: string | null;
  customer: string;
  material_id: string | null;
  pieces: number;
  net_price: Numeric;
  created_at: Moment;
  split_from_order_id: string | null;
  started_at: NullableMoment;
  planned_material: Numeric;
  actual_material: Numeric;
  material_complete: boolean;
  pieces_scrap: number;
}

/** A production order's planned minutes at a station and their cost at the rates valid when it was planned. */
export interface CostingPlannedStationsTable {
  order_id: string;
  station_id: string;
  company_id: string;
  minutes: Numeric;
  labour: Numeric;
  machine: Numeric;
  complete: boolean;
}

/** An order's work at a station (work started to completed): the machine time. */
export interface CostingStationWorkTable {
  order_id: string;
  station_id: string;
  started_at: Moment;
  company_id: string;
  ended_at: NullableMoment;
  seconds: ColumnType<string | null, number | null, number | null>;
}

declare module '../../platform/db.js' {
  interface Tables {
    costing_rates: CostingRatesTable;
    costing_job_titles: CostingJobTitlesTable;
    costing_materials: CostingMaterialsTable;
    costing_orders: CostingOrdersTable;
    costing_planned_stations: CostingPlannedStationsTable;
    costing_station_work: CostingStationWorkTable;
  }
}
