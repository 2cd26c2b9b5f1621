/** The latest queue order a supervisor set at a station (the `plan-queue-<stationId>` stream's read model). */
export interface PlanStationQueuesTable {
  station_id: string;
  company_id: string;
  /** The orders waiting at the station when it was set, first first. */
  order_ids: string[];
  set_by: string;
  set_at: Date;
  /** The station's queue stream version after the row's last event. */
  version: number;
}

declare module '../../platform/db.js' {
  interface Tables {
    plan_station_queues: PlanStationQueuesTable;
  }
}
