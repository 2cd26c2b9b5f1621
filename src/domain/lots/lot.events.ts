import { eventCatalogue } from '../shared/decider.js';

/** Stream type of a lot, stream `lot-<uuid>` (docs/quality-and-lots.md, Lots). */
export const LOT_STREAM_TYPE = 'lot';
export const lotStreamId = (lotId: string) => `lot-${lotId}`;

/** Where a lot comes from: bought (a goods receipt of a logistics order) or made (a finished production order). */
export const lotOrigins = ['received', 'produced'] as const;
export type LotOrigin = (typeof lotOrigins)[number];

/** The material of a lot as it was named when the lot was recorded. */
export interface LotMaterial {
  materialId: string;
  materialName: string;
  materialNumber: string;
  /** The material's stock unit (`Stk`, `kg`, `m`): the lot's quantities are in it. */
  unit: string;
}

/** The facts of a lot, past tense. Never edit a landed shape: a change gets a new type and an upcaster. */
export type LotEvent =
  /** Bought material arrived: the goods receipt of a logistics order recorded its supplier's lot (heat) number. */
  | {
      type: 'LotReceived';
      data: LotMaterial & {
        lotId: string;
        /** Consecutive per company, `LOT-000001`. */
        number: string;
        /** The logistics order the goods came with, and the supplier (its name). */
        orderId: string;
        orderNumber: string;
        supplier: string;
        /** The supplier's lot or heat number (`Schmelze`), as on the certificate. */
        supplierLotNumber: string;
        quantity: number;
        /** The day the goods arrived, `YYYY-MM-DD`. */
        receivedOn: string;
        at: string;
      };
    }
  /** A production order finished: its good pieces are a lot of their own. */
  | {
      type: 'LotProduced';
      data: LotMaterial & { lotId: string; number: string; orderId: string; orderNumber: string; quantity: number; at: string };
    }
  /** A certificate (PDF, e.g. EN 10204 3.1) was stored with the lot; a later one replaces it. */
  | { type: 'LotCertificateAttached'; data: { lotId: string; certificateId: string; fileName: string; size: number; at: string } }
  /** A production order consumed this much of the lot (scanned or picked at the station). */
  | { type: 'LotConsumed'; data: { lotId: string; orderId: string; orderNumber: string; quantity: number; consumedBy: string; at: string } }
  /** A produced lot of a material with serial numbers: each finished piece got its own (`SN-000001`), in the producing transaction. */
  | { type: 'LotSerialsAssigned'; data: { lotId: string; serials: string[]; at: string } };

export const lotEvents = eventCatalogue<LotEvent>({
  streamType: LOT_STREAM_TYPE,
  types: { LotReceived: true, LotProduced: true, LotCertificateAttached: true, LotConsumed: true, LotSerialsAssigned: true },
});
