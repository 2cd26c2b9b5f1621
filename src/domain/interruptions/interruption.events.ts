import { eventCatalogue } from '../shared/decider.js';
/**
 * Stream type of a station's interruptions (Andon): one stream per station,
 * `station-interruptions-<stationId>`, holding every interruption reported there. One stream per
 * station lets its decider keep the rule "one open interruption per station" (docs/interruptions.md).
 * Live-feed topic of every board: `type:station-interruptions`.
 */
export const INTERRUPTION_STREAM_TYPE = 'station-interruptions';
export const interruptionStreamId = (stationId: string) => `station-interruptions-${stationId}`;

/**
 * Facts of a station's interruptions. Every payload carries `interruptionId`, `stationId`, the
 * order (null when the station as a whole stopped) and `at`, the ISO time the command was given,
 * so a replay needs no clock and a reader (key figures, boards, the order history) needs no fold.
 * Shapes are a contract: never edited once landed; a change gets a new type and an upcaster.
 */
export type InterruptionEvent =
  | {
      type: 'InterruptionReported';
      data: {
        interruptionId: string;
        stationId: string;
        /** The order being worked on, when the operator named it. */
        orderId: string | null;
        /** The interruption reason (master data `interruptionReasons`) and its name at the time. */
        reasonId: string;
        reasonName: string;
        note: string;
        /** The user id of who reported it. */
        reportedBy: string;
        at: string;
      };
    }
  | {
      type: 'InterruptionResolved';
      data: {
        interruptionId: string;
        stationId: string;
        orderId: string | null;
        /** When it was reported: with `at`, the interruption's time without a fold. */
        reportedAt: string;
        note: string;
        resolvedBy: string;
        at: string;
      };
    }
  /**
   * When an open interruption is expected to be resolved, given with its report or later while it is
   * open (the capacity plan stops its station until then); `expectedEndAt` null: no longer known.
   */
  | {
      type: 'InterruptionExpectedEndSet';
      data: {
        interruptionId: string;
        stationId: string;
        /** ISO time, after `at`; null clears it. */
        expectedEndAt: string | null;
        /** The user id of who gave it. */
        setBy: string;
        at: string;
      };
    };

export type InterruptionEventType = InterruptionEvent['type'];

/** A station's interruption events as every reader reads them. */
export const interruptionEvents = eventCatalogue<InterruptionEvent>({
  streamType: INTERRUPTION_STREAM_TYPE,
  types: {
    InterruptionReported: true,
    InterruptionResolved: true,
    InterruptionExpectedEndSet: true,
  },
});
