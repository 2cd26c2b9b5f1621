import type { EventData } from '../shared/decider.js';
import type { LabourEvent, LeaveCause, PauseReason, WorkSplitStatedData } from './labour.events.js';

/** What users (and the end-of-day sweep) ask of one person's labour time; ids and moments arrive on the command. */
export type LabourCommand =
  | { type: 'ClockIn'; attendanceId: string; userId: string; stationId: string | null; at: string; dayEndsAt: string }
  | { type: 'ClockOut'; userId: string; stationId: string | null; at: string }
  /** The sweep at the end of the working day: closes a forgotten clock-out (nothing when none is due). */
  | { type: 'CloseMissedClockOut'; userId: string; at: string }
  | { type: 'JoinOrderWork'; userId: string; orderId: string; stationId: string; at: string }
  | { type: 'PauseOrderWork'; userId: string; orderId: string; stationId: string; reason: PauseReason; at: string }
  | { type: 'ResumeOrderWork'; userId: string; orderId: string; stationId: string; at: string }
  | { type: 'LeaveOrderWork'; userId: string; orderId: string; stationId: string; cause: LeaveCause; at: string }
  | {
      type: 'CorrectAttendance';
      correctionId: string;
      attendanceId: string;
      userId: string;
      clockedInAt: string;
      clockedOutAt: string;
      reason: string;
      correctedBy: string;
      at: string;
    }
  | ({ type: 'CorrectWorkTime' } & EventData<LabourEvent, 'WorkTimeCorrected'>)
  | ({ type: 'StateWorkSplit' } & WorkSplitStatedData);
