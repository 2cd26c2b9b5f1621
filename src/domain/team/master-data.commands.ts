import type { MasterDataEntryInput, MasterDataList } from './master-data.js';

/** Intents on one master-data list. `at` is the ISO time the command was given, `entryId` a new id for an added entry. */
export type MasterDataCommand =
  | { type: 'AddEntry'; list: MasterDataList; entryId: string; input: MasterDataEntryInput; at: string }
  | { type: 'RenameEntry'; list: MasterDataList; entryId: string; input: MasterDataEntryInput; at: string }
  | { type: 'RetireEntry'; list: MasterDataList; entryId: string; at: string }
  | { type: 'ReinstateEntry'; list: MasterDataList; entryId: string; at: string }
  | {
      type: 'DeleteEntry';
      list: MasterDataList;
      entryId: string;
      /** How many records name the entry (profiles, bookings, interruptions), counted by the caller. */
      usageCount: number;
      at: string;
    };
