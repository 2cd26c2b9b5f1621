import type { ColumnType } from 'kysely';

/** The interruptions of every station of the company: one row per interruption, kept by the inline projection. */
export interface InterruptionsTable {
  id: string;
  company_id: string;
  station_id: string;
  order_id: string | null;
  reason_id: string;
  /** The reason's name when it was reported (a renamed or deleted entry keeps the record readable). */
  reason_name: string;
  note: string;
  reported_by: string;
  reported_at: Date;
  resolved_by: string | null;
  resolved_at: Date | null;
  resolution_note: string | null;
  /** When it is expected to be resolved (`InterruptionExpectedEndSet`); null: not known. */
  expected_end_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The station stream's version after the row's last event. */
  version: number;
}

declare module '../../platform/db.js' {
  interface Tables {
    interruptions: InterruptionsTable;
  }
}
