import { eventCatalogue } from '../shared/decider.js';
import type { MasterDataList } from './master-data.js';

/** Stream type of one of a company's lists, stream `master-data-<list>-<companyId>`. */
export const MASTER_DATA_STREAM_TYPE = 'master-data';
export const masterDataStreamId = (companyId: string, list: MasterDataList) => `master-data-${list}-${companyId}`;

interface Entry {
  list: MasterDataList;
  entryId: string;
  /** ISO time the command was given. */
  at: string;
}

/** Facts of one master-data list. */
export type MasterDataEvent =
  | { type: 'MasterDataEntryAdded'; data: Entry & { name: string } }
  | { type: 'MasterDataEntryRenamed'; data: Entry & { name: string; previousName: string } }
  | { type: 'MasterDataEntryRetired'; data: Entry }
  | { type: 'MasterDataEntryReinstated'; data: Entry }
  | { type: 'MasterDataEntryDeleted'; data: Entry & { name: string } };

export type MasterDataEventType = MasterDataEvent['type'];

/** A master-data list's events as every reader reads them. */
export const masterDataEvents = eventCatalogue<MasterDataEvent>({
  streamType: MASTER_DATA_STREAM_TYPE,
  types: {
    MasterDataEntryAdded: true,
    MasterDataEntryRenamed: true,
    MasterDataEntryRetired: true,
    MasterDataEntryReinstated: true,
    MasterDataEntryDeleted: true,
  },
});
