import { eventCatalogue } from '../shared/decider.js';
import type { MachineFormat, StopReason } from './machines.schema.js';

/** Stream of the company's machine settings (its broker and every station's link) in the event log. */
export const machinesStreamId = (companyId: string) => `machines-${companyId}`;
export const MACHINES_STREAM_TYPE = 'machines';

/**
 * Facts appended beside every change of the plain `machine_brokers` and `machine_links` records
 * (audit trail, live feed). They never carry the broker's password, only whether one is stored.
 * What the machines report becomes the orders' and interruptions' own events.
 */
export type MachineEvent =
  | { type: 'MachineBrokerSet'; data: { url: string; username: string | null; hasPassword: boolean; at: string } }
  | { type: 'MachineBrokerRemoved'; data: { at: string } }
  | {
      type: 'MachineLinkSaved';
      data: {
        stationId: string;
        topic: string;
        format: MachineFormat;
        scrapReasonId: string | null;
        defaultStopReasonId: string | null;
        stopReasons: StopReason[];
        at: string;
      };
    }
  | { type: 'MachineLinkRemoved'; data: { stationId: string; at: string } };

export const machineEvents = eventCatalogue<MachineEvent>({
  streamType: MACHINES_STREAM_TYPE,
  types: { MachineBrokerSet: true, MachineBrokerRemoved: true, MachineLinkSaved: true, MachineLinkRemoved: true },
});
