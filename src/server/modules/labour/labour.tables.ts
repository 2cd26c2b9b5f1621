import type { ColumnType } from 'kysely';
import type { PauseReason } from '../../../domain/labour/labour.events.js';

/** One attendance (clocked in to out) per row: the times as they count now and as first recorded. */
export interface LabourAttendancesTable {
  id: string;
  company_id: string;
  user_id: string;
  clocked_in_at: Date;
  /** null while clocked in. */
  clocked_out_at: Date | null;
  recorded_clocked_in_at: Date;
  recorded_clocked_out_at: Date | null;
  clock_in_station_id: string | null;
  clock_out_station_id: string | null;
  day_ends_at: Date;
  /** The clock-out was missing: closed at the end of the working day, to be reviewed. */
  closed_at_day_end: boolean;
  corrected: boolean;
  /** The person's labour stream version after the row's last event. */
  version: number;
}

/** Who is clocked onto which order at which station now (rows go when they leave). */
export interface LabourAssignmentsTable {
  company_id: string;
  user_id: string;
  order_id: string;
  station_id: string;
  joined_at: Date;
  paused_at: Date | null;
  pause_reason: PauseReason | null;
}

/**
 * The work-time pieces: a person on an order at a station from `started_at` to `ended_at` (null:
 * running), one of `share` orders worked on at once, worth `seconds` (the interval / share, or × the
 * `portion` a stated split gave it, set when it ends); or a correction's seconds (`correction_id`, started = ended = the booked moment). The sum
 * of `seconds` over any person, order, station or interval is that work time (docs/labour-and-costs.md).
 */
export interface LabourWorkPiecesTable {
  id: string;
  company_id: string;
  user_id: string;
  order_id: string;
  station_id: string;
  started_at: Date;
  ended_at: Date | null;
  share: number;
  /** numeric: arrives from pg as a string. */
  seconds: ColumnType<string | null, number | null, number | null>;
  correction_id: string | null;
  /** Its part of the interval by a stated split (numeric, a fraction); null: evenly, 1/share. */
  portion: ColumnType<string | null, number | null | undefined, number | null>;
  /** Who stated the split (the person or a supervisor); null when even. */
  stated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The supervisors' corrections, with who, why and the original. */
export interface LabourCorrectionsTable {
  id: string;
  company_id: string;
  user_id: string;
  kind: 'attendance' | 'workTime';
  attendance_id: string | null;
  order_id: string | null;
  station_id: string | null;
  before_clocked_in_at: Date | null;
  before_clocked_out_at: Date | null;
  after_clocked_in_at: Date | null;
  after_clocked_out_at: Date | null;
  seconds: ColumnType<string | null, number | null, number | null>;
  booked_at: Date | null;
  reason: string;
  corrected_by: string;
  corrected_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    labour_attendances: LabourAttendancesTable;
    labour_assignments: LabourAssignmentsTable;
    labour_work_pieces: LabourWorkPiecesTable;
    labour_corrections: LabourCorrectionsTable;
  }
}
