import { eventCatalogue } from '../shared/decider.js';

/**
 * Stream type of an operator's labour time: one stream per user, `labour-<userId>`, holding their
 * clock-ins and clock-outs, the orders they worked on (joined, paused, resumed, left) and the
 * supervisors' corrections. One stream per person lets the decider keep "no overlapping attendance"
 * and "time split across the orders one works on at once" (docs/labour-and-costs.md).
 */
export const LABOUR_STREAM_TYPE = 'labour';
export const labourStreamId = (userId: string) => `labour-${userId}`;

/** Why work on an order paused: a small fixed set (translated on screen, docs/labour-and-costs.md). */
export const pauseReasons = ['break', 'material', 'machine', 'instruction', 'other'] as const;
export type PauseReason = (typeof pauseReasons)[number];

/** Why an operator stopped working on an order: they left it, the work was completed, they clocked out. */
export const leaveCauses = ['left', 'completed', 'clockedOut', 'canceled'] as const;
export type LeaveCause = (typeof leaveCauses)[number];

/** How a stated split is given: percent of the work period per order, or minutes per order (a closed period). */
export const splitUnits = ['percent', 'minutes'] as const;
export type SplitUnit = (typeof splitUnits)[number];

/** One order's part of a stated split: `amount` in the split's unit. */
export interface SplitShare {
  orderId: string;
  stationId: string;
  amount: number;
}

/** What a stated split records: the work period (by its start), the orders' amounts, who stated it and why. */
export interface WorkSplitStatedData {
  splitId: string;
  userId: string;
  periodStartedAt: string;
  unit: SplitUnit;
  shares: SplitShare[];
  reason: string | null;
  statedBy: string;
  at: string;
}

/**
 * Facts of one person's labour time. Every payload carries `userId` and `at` (ISO), so a reader
 * (the work-time read model, a later costing) needs no fold; shapes are a contract: never edited
 * once landed, a change gets a new type and an upcaster.
 */
export type LabourEvent =
  | {
      type: 'ClockedIn';
      data: {
        attendanceId: string;
        userId: string;
        /** The station tablet clocked in at; null from the console. */
        stationId: string | null;
        at: string;
        /** The end of the company's working day at the clock-in: a forgotten clock-out is closed here. */
        dayEndsAt: string;
      };
    }
  | { type: 'ClockedOut'; data: { attendanceId: string; userId: string; stationId: string | null; clockedInAt: string; at: string } }
  | {
      /** Nobody clocked out by the end of the working day: closed there and flagged for a supervisor's review. */
      type: 'ClockOutMissed';
      data: { attendanceId: string; userId: string; clockedInAt: string; at: string };
    }
  | { type: 'OrderWorkJoined'; data: { userId: string; orderId: string; stationId: string; at: string } }
  | { type: 'OrderWorkPaused'; data: { userId: string; orderId: string; stationId: string; reason: PauseReason; at: string } }
  | { type: 'OrderWorkResumed'; data: { userId: string; orderId: string; stationId: string; pausedAt: string; at: string } }
  | { type: 'OrderWorkLeft'; data: { userId: string; orderId: string; stationId: string; cause: LeaveCause; at: string } }
  | {
      /** A supervisor set an attendance's times; `before` keeps what was recorded, so the original stays visible. */
      type: 'AttendanceCorrected';
      data: {
        correctionId: string;
        attendanceId: string;
        userId: string;
        before: { clockedInAt: string; clockedOutAt: string };
        after: { clockedInAt: string; clockedOutAt: string };
        reason: string;
        correctedBy: string;
        at: string;
      };
    }
  | {
      /**
       * The person (or a supervisor) stated how a work period, the time they ran the same orders at once
       * (from `periodStartedAt` until that set changed), splits across its orders, instead of evenly.
       */
      type: 'WorkSplitStated';
      data: WorkSplitStatedData;
    }
  | {
      /** A supervisor added (or, negative, took away) work time on an order at a station, booked on a day. */
      type: 'WorkTimeCorrected';
      data: {
        correctionId: string;
        userId: string;
        orderId: string;
        stationId: string;
        /** The instant the time is booked at: the start of the corrected day in the company's zone. */
        bookedAt: string;
        seconds: number;
        reason: string;
        correctedBy: string;
        at: string;
      };
    };

export type LabourEventType = LabourEvent['type'];

/** An operator's labour events as every reader reads them. */
export const labourEvents = eventCatalogue<LabourEvent>({
  streamType: LABOUR_STREAM_TYPE,
  types: {
    ClockedIn: true,
    ClockedOut: true,
    ClockOutMissed: true,
    OrderWorkJoined: true,
    OrderWorkPaused: true,
    OrderWorkResumed: true,
    OrderWorkLeft: true,
    AttendanceCorrected: true,
    WorkTimeCorrected: true,
    WorkSplitStated: true,
  },
});
