import type { MaterialType } from '../materials/materials.schema.js';
import type { MeasuredValue } from '../orders/order.events.js';
import { eventCatalogue } from '../shared/decider.js';

/** Stream type of a non-conformance report (NCR), stream `ncr-<uuid>` (docs/quality-and-lots.md). */
export const NCR_STREAM_TYPE = 'ncr';
export const ncrStreamId = (ncrId: string) => `ncr-${ncrId}`;

/** What is decided about the pieces an NCR holds. */
export const dispositions = ['use-as-is', 'rework', 'scrap', 'return-to-supplier'] as const;
export type Disposition = (typeof dispositions)[number];

/** One measured value as the order recorded it (`ValueMeasured`), copied with its tolerances. */
export interface NcrMeasurement extends MeasuredValue {
  stationId: string;
  stationName: string;
  /** The operator's user id and name as they were then. */
  measuredBy: string;
  measuredByName: string;
  at: string;
}

/** The facts of an NCR, past tense. Never edit a landed shape: a change gets a new type and an upcaster. */
export type NcrEvent =
  /** A value measured outside tolerance at a station that holds: the order stops there. */
  | {
      type: 'NonConformanceOpened';
      data: {
        ncrId: string;
        /** Consecutive per company, `NCR-000001`. */
        number: string;
        orderId: string;
        orderNumber: string;
        stationId: string;
        stationName: string;
        materialId: string;
        materialName: string;
        materialNumber: string;
        materialType: MaterialType;
        /** The pieces at the station when it opened (held). */
        pieces: number;
        measurement: NcrMeasurement;
        at: string;
      };
    }
  /** A user with the quality right decided; `note` for use as is, the station for rework, the reason for scrap and return. */
  | {
      type: 'NonConformanceDecided';
      data: {
        ncrId: string;
        disposition: Disposition;
        note: string;
        reworkStationId: string | null;
        reworkStationName: string | null;
        scrapReasonId: string | null;
        scrapReason: string | null;
        decidedBy: string;
        decidedByName: string;
        at: string;
      };
    }
  /** A value of the NCR measured again after rework; a failed one holds the order again. */
  | { type: 'NonConformanceRemeasured'; data: { ncrId: string; measurement: NcrMeasurement; at: string } }
  /** Nothing is left to do: decided (use as is, scrap, return) or every value re-measured within tolerance. */
  | { type: 'NonConformanceClosed'; data: { ncrId: string; at: string } };

export const ncrEvents = eventCatalogue<NcrEvent>({
  streamType: NCR_STREAM_TYPE,
  types: {
    NonConformanceOpened: true,
    NonConformanceDecided: true,
    NonConformanceRemeasured: true,
    NonConformanceClosed: true,
  },
});
