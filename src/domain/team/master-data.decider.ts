import { masterDataEvents } from './master-data.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError, type ErrorDetail } from '../shared/errors.js';
import { issueToDetail } from '../shared/validation.js';
import type { MasterDataCommand } from './master-data.commands.js';
import type { MasterDataEvent } from './master-data.events.js';
import {
  entryInUseCannotBeDeleted,
  entryNameIsUnique,
  masterDataEntryInputSchema,
  type MasterDataEntryInput,
  type MasterDataEntryStatus,
} from './master-data.js';

export interface MasterDataEntry {
  entryId: string;
  name: string;
  status: MasterDataEntryStatus;
}

/** One list of a company: its entries by id (deleted ones are gone). */
export type MasterDataState = { status: 'empty' } | { status: 'listed'; entries: Readonly<Record<string, MasterDataEntry>> };

export const initialMasterDataState: MasterDataState = { status: 'empty' };

const entriesOf = (state: MasterDataState): Readonly<Record<string, MasterDataEntry>> => (state.status === 'listed' ? state.entries : {});

/** The entry `entryId` of the list, or undefined when it does not exist (or was deleted). */
export const entryOf = (state: MasterDataState, entryId: string): MasterDataEntry | undefined => entriesOf(state)[entryId];

/** The entries offered for picking, by name. */
export const activeEntries = (state: MasterDataState): MasterDataEntry[] =>
  Object.values(entriesOf(state))
    .filter((entry) => entry.status === 'active')
    .sort((a, b) => a.name.localeCompare(b.name));

function withEntry(state: MasterDataState, entryId: string, change: (entry: MasterDataEntry | undefined) => MasterDataEntry | undefined): MasterDataState {
  const entries = { ...entriesOf(state) };
  const next = change(entries[entryId]);
  if (next) entries[entryId] = next;
  else delete entries[entryId];
  return { status: 'listed', entries };
}

export function evolveMasterData(state: MasterDataState, event: MasterDataEvent): MasterDataState {
  const { entryId } = event.data;
  switch (event.type) {
    case 'MasterDataEntryAdded':
      return withEntry(state, entryId, () => ({ entryId, name: event.data.name, status: 'active' }));
    case 'MasterDataEntryRenamed':
      return withEntry(state, entryId, (entry) => entry && { ...entry, name: event.data.name });
    case 'MasterDataEntryRetired':
      return withEntry(state, entryId, (entry) => entry && { ...entry, status: 'retired' });
    case 'MasterDataEntryReinstated':
      return withEntry(state, entryId, (entry) => entry && { ...entry, status: 'active' });
    case 'MasterDataEntryDeleted':
      return withEntry(state, entryId, () => undefined);
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * A record may name an active entry of its list (`activeIds`, from `activeEntries`), or keep the
 * one it already names (`keptId`) even when that was retired meanwhile. Returns the problem at
 * `path`, or null.
 */
export function entryMayBePicked(activeIds: readonly string[], entryId: string | null, path: string, keptId: string | null = null): ErrorDetail | null {
  if (entryId === null || entryId === keptId || activeIds.includes(entryId)) return null;
  return { path, message: 'team.validation.unknownEntry' };
}

function nameOf(input: MasterDataEntryInput, state: MasterDataState, exceptId: string | null): string | DomainError {
  const parsed = masterDataEntryInputSchema.safeParse(input);
  if (!parsed.success) return new DomainError('VALIDATION_ERROR', parsed.error.issues.map(issueToDetail));
  const others = Object.values(entriesOf(state)).filter((entry) => entry.entryId !== exceptId);
  return (
    entryNameIsUnique(
      parsed.data.name,
      others.map((entry) => entry.name),
    ) ?? parsed.data.name
  );
}

const entryNotFound = () => new DomainError('NOT_FOUND');

export function decideMasterData(command: MasterDataCommand, state: MasterDataState): MasterDataEvent[] | DomainError {
  const { list, entryId, at } = command;
  const entry = entryOf(state, entryId);
  switch (command.type) {
    case 'AddEntry': {
      if (entry) return new DomainError('CONFLICT_ERROR');
      const name = nameOf(command.input, state, null);
      if (name instanceof DomainError) return name;
      return [{ type: 'MasterDataEntryAdded', data: { list, entryId, name, at } }];
    }
    case 'RenameEntry': {
      if (!entry) return entryNotFound();
      const name = nameOf(command.input, state, entryId);
      if (name instanceof DomainError) return name;
      if (name === entry.name) return [];
      return [{ type: 'MasterDataEntryRenamed', data: { list, entryId, name, previousName: entry.name, at } }];
    }
    case 'RetireEntry':
      if (!entry) return entryNotFound();
      return entry.status === 'retired' ? [] : [{ type: 'MasterDataEntryRetired', data: { list, entryId, at } }];
    case 'ReinstateEntry':
      if (!entry) return entryNotFound();
      return entry.status === 'active' ? [] : [{ type: 'MasterDataEntryReinstated', data: { list, entryId, at } }];
    case 'DeleteEntry': {
      if (!entry) return entryNotFound();
      const refused = entryInUseCannotBeDeleted(command.usageCount);
      if (refused) return refused;
      return [{ type: 'MasterDataEntryDeleted', data: { list, entryId, name: entry.name, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The master-data decider (one list per stream) in the shape every decider has. */
export const masterDataDecider: Decider<MasterDataState, MasterDataCommand, MasterDataEvent> = {
  events: masterDataEvents,
  initialState: initialMasterDataState,
  evolve: evolveMasterData,
  decide: decideMasterData,
};
