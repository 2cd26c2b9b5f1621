import { z } from 'zod';
import { pauseReasons } from './labour.events.js';

const who = z.object({
  userId: z.string(),
  /** The user's name, or the username of an operator; '' when the user is gone. */
  name: z.string(),
});

/** An order a person is clocked onto, as the clocks show it. */
export const orderWorkViewSchema = z.object({
  orderId: z.string(),
  /** The order's number; '' when the order is gone. */
  orderNumber: z.string(),
  stationId: z.string(),
  stationName: z.string().nullable(),
  joinedAt: z.string(),
  /** Set while their work on it pauses. */
  pausedAt: z.string().nullable(),
  pauseReason: z.enum(pauseReasons).nullable(),
});
export type OrderWorkView = z.infer<typeof orderWorkViewSchema>;

/** `GET /api/labour/me` and the answer of every clock command: one's own clock. */
export const labourStatusSchema = z.object({
  userId: z.string(),
  /** The open attendance; null when clocked out. */
  attendance: z
    .object({
      id: z.string(),
      clockedInAt: z.string(),
      stationId: z.string().nullable(),
      /** When a clock-out still missing is closed and flagged. */
      dayEndsAt: z.string(),
    })
    .nullable(),
  orders: z.array(orderWorkViewSchema),
  /** The running work period when it holds several orders at once (a split of it may be stated), else null. */
  workPeriod: z.object({ startedAt: z.string(), stated: z.boolean() }).nullable(),
});
export type LabourStatus = z.infer<typeof labourStatusSchema>;

/** `GET /api/labour/stations/{id}`: the orders in work at a station and who is clocked onto each. */
export const stationLabourSchema = z.object({
  stationId: z.string(),
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      workStartedAt: z.string().nullable(),
      operators: z.array(who.extend({ pausedAt: z.string().nullable(), pauseReason: z.enum(pauseReasons).nullable() })),
    }),
  ),
});
export type StationLabour = z.infer<typeof stationLabourSchema>;

/** `GET /api/labour/present`: who is clocked in now (supervisors). */
export const presentSchema = z.object({
  data: z.array(
    who.extend({
      clockedInAt: z.string(),
      stationId: z.string().nullable(),
      stationName: z.string().nullable(),
      dayEndsAt: z.string(),
      orders: z.array(orderWorkViewSchema),
    }),
  ),
});
export type Present = z.infer<typeof presentSchema>;

/** `GET /api/labour/people`: whose work times one may read (supervisors: every user of the company; others: themselves). */
export const labourPeopleSchema = z.object({ data: z.array(who.extend({ role: z.string() })) });
export type LabourPeople = z.infer<typeof labourPeopleSchema>;

/** A supervisor's correction as the records show it, beside the original. */
export const correctionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['attendance', 'workTime']),
  attendanceId: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  stationId: z.string().nullable(),
  stationName: z.string().nullable(),
  /** Attendance: the times before and after the correction. */
  before: z.object({ clockedInAt: z.string(), clockedOutAt: z.string() }).nullable(),
  after: z.object({ clockedInAt: z.string(), clockedOutAt: z.string() }).nullable(),
  /** Work time: the seconds added (negative: taken away), booked at `bookedAt`. */
  seconds: z.number().nullable(),
  bookedAt: z.string().nullable(),
  reason: z.string(),
  correctedBy: who,
  at: z.string(),
});
export type CorrectionView = z.infer<typeof correctionViewSchema>;

/** One attendance in a week's records: as recorded (`recorded*`) and as it counts now (corrections applied). */
export const attendanceViewSchema = z.object({
  id: z.string(),
  clockedInAt: z.string(),
  clockedOutAt: z.string().nullable(),
  recordedClockedInAt: z.string(),
  recordedClockedOutAt: z.string().nullable(),
  /** The clock-out was missing: closed at the end of the working day, to be reviewed. */
  closedAtDayEnd: z.boolean(),
  corrected: z.boolean(),
  grossSeconds: z.number(),
  breakSeconds: z.number(),
  netSeconds: z.number(),
});
export type AttendanceView = z.infer<typeof attendanceViewSchema>;

/** Work seconds of a person on an order at a station. */
const orderTimeSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  stationId: z.string(),
  stationName: z.string().nullable(),
  seconds: z.number(),
});

/** `GET /api/labour/times?userId&week`: one person's week. Seconds are work seconds (split time counts its share). */
export const workTimesSchema = z.object({
  user: who,
  /** Monday and the Monday after, in the company's zone (`YYYY-MM-DD`). */
  weekStart: z.string(),
  weekEnd: z.string(),
  attendances: z.array(attendanceViewSchema),
  orders: z.array(
    orderTimeSchema.extend({
      /** Of `seconds`, what corrections added or took. */
      correctedSeconds: z.number(),
    }),
  ),
  /**
   * The work periods of several orders at once that began this week: each order's time (split evenly,
   * or as stated; a running period counts until now) and percent, and who stated the split (null: even).
   */
  periods: z.array(
    z.object({
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      statedBy: who.nullable(),
      orders: z.array(orderTimeSchema.extend({ percent: z.number() })),
    }),
  ),
  corrections: z.array(correctionViewSchema),
  totals: z.object({ attendanceSeconds: z.number(), breakSeconds: z.number(), workSeconds: z.number() }),
});
export type WorkTimes = z.infer<typeof workTimesSchema>;
