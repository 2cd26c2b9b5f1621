import type { MaterialType } from '../materials/materials.schema.js';
import type { ValueChecks } from '../stations/station.schema.js';
import type { Disposition, NcrMeasurement } from './ncr.events.js';

export type NcrCommand =
  | {
      type: 'OpenNcr';
      ncrId: string;
      number: string;
      order: {
        orderId: string;
        orderNumber: string;
        materialId: string;
        materialName: string;
        materialNumber: string;
        materialType: MaterialType;
        pieces: number;
      };
      station: { stationId: string; stationName: string };
      measurement: NcrMeasurement;
      at: string;
    }
  | {
      type: 'DecideNcr';
      disposition: Disposition;
      note: string;
      /** The chosen rework station as the company has it (null: none chosen or unknown), and which values it checks. */
      reworkStation: { stationId: string; name: string; checks: ValueChecks } | null;
      reworkStationId: string | null;
      /** The chosen scrap reason's name (null: none chosen, or not an active scrap reason). */
      scrapReasonId: string | null;
      scrapReason: string | null;
      decidedBy: string;
      decidedByName: string;
      at: string;
    }
  | { type: 'RecordRemeasurement'; measurement: NcrMeasurement; at: string };
