import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { MasterDataCommand } from './master-data.commands.js';
import { activeEntries, entryMayBePicked, masterDataDecider } from './master-data.decider.js';
import type { MasterDataEvent } from './master-data.events.js';
import { sameEntryName } from './master-data.js';

const at = '2026-11-21T08:00:00.000Z';
const list = 'jobTitles' as const;
const welderId = '3c6f1d0e-7a2b-4c9d-8e1f-000000000001';
const painterId = '3c6f1d0e-7a2b-4c9d-8e1f-000000000002';

const added = (entryId: string, name: string): MasterDataEvent => ({ type: 'MasterDataEntryAdded', data: { list, entryId, name, at } });
const retired = (entryId: string): MasterDataEvent => ({ type: 'MasterDataEntryRetired', data: { list, entryId, at } });

const given = givenFor(masterDataDecider);

const add = (name: string, entryId = painterId): MasterDataCommand => ({ type: 'AddEntry', list, entryId, input: { name }, at });
const rename = (name: string, entryId = welderId): MasterDataCommand => ({ type: 'RenameEntry', list, entryId, input: { name }, at });

describe('adding an entry', () => {
  it('records the entry with its trimmed name', () => {
    given(added(welderId, 'Welder'))
      .when(add('  Painter '))
      .then([added(painterId, 'Painter')]);
  });

  it('requires a name of at most 50 characters', () => {
    given()
      .when(add(' '))
      .thenError('VALIDATION_ERROR', [{ path: 'name', message: 'validation.required', params: { min: 1 } }]);
    given()
      .when(add('P'.repeat(51)))
      .thenError('VALIDATION_ERROR', [{ path: 'name', message: 'validation.maxLength', params: { max: 50 } }]);
    given()
      .when(add('P'.repeat(50)))
      .then([added(painterId, 'P'.repeat(50))]);
  });

  it('refuses a name the list already has, whatever its case, retired entries included', () => {
    const duplicate = [{ path: 'name', message: 'errors.DUPLICATE_VALUES' }];
    given(added(welderId, 'Welder')).when(add('welder')).thenError('DUPLICATE_VALUES', duplicate);
    given(added(welderId, 'Welder'), retired(welderId)).when(add('WELDER ')).thenError('DUPLICATE_VALUES', duplicate);
    expect(sameEntryName('Dreher', 'Dräher')).toBe(false);
  });

  it('refuses an id that is already taken', () => {
    given(added(painterId, 'Painter')).when(add('Welder')).thenError('CONFLICT_ERROR');
  });
});

describe('renaming an entry', () => {
  it('records the new name beside the old one', () => {
    given(added(welderId, 'Welder'))
      .when(rename('Welder (MIG)'))
      .then([{ type: 'MasterDataEntryRenamed', data: { list, entryId: welderId, name: 'Welder (MIG)', previousName: 'Welder', at } }]);
  });

  it('records nothing for the same name, and lets an entry change only its case', () => {
    given(added(welderId, 'Welder')).when(rename(' Welder')).then([]);
    given(added(welderId, 'Welder'))
      .when(rename('WELDER'))
      .then([{ type: 'MasterDataEntryRenamed', data: { list, entryId: welderId, name: 'WELDER', previousName: 'Welder', at } }]);
  });

  it('refuses the name of another entry, an empty name and an unknown entry', () => {
    const listed = given(added(welderId, 'Welder'), added(painterId, 'Painter'));
    listed.when(rename('painter')).thenError('DUPLICATE_VALUES');
    listed.when(rename('')).thenError('VALIDATION_ERROR', [{ path: 'name', message: 'validation.required', params: { min: 1 } }]);
    given().when(rename('Welder')).thenError('NOT_FOUND');
  });
});

describe('retiring and reinstating an entry', () => {
  it('retires an active entry, which is offered no more', () => {
    const listed = given(added(welderId, 'Welder'), added(painterId, 'Painter'));
    listed.when({ type: 'RetireEntry', list, entryId: welderId, at }).then([retired(welderId)]);
    expect(activeEntries(given(added(welderId, 'Welder'), added(painterId, 'Painter'), retired(welderId)).state).map((entry) => entry.name)).toEqual([
      'Painter',
    ]);
  });

  it('reinstates a retired entry, and does nothing twice', () => {
    given(added(welderId, 'Welder'), retired(welderId))
      .when({ type: 'ReinstateEntry', list, entryId: welderId, at })
      .then([{ type: 'MasterDataEntryReinstated', data: { list, entryId: welderId, at } }]);
    given(added(welderId, 'Welder'), retired(welderId)).when({ type: 'RetireEntry', list, entryId: welderId, at }).then([]);
    given(added(welderId, 'Welder')).when({ type: 'ReinstateEntry', list, entryId: welderId, at }).then([]);
  });

  it('refuses an unknown entry', () => {
    given().when({ type: 'RetireEntry', list, entryId: welderId, at }).thenError('NOT_FOUND');
    given().when({ type: 'ReinstateEntry', list, entryId: welderId, at }).thenError('NOT_FOUND');
  });
});

describe('deleting an entry', () => {
  it('deletes an entry no record names', () => {
    given(added(welderId, 'Welder'))
      .when({ type: 'DeleteEntry', list, entryId: welderId, usageCount: 0, at })
      .then([{ type: 'MasterDataEntryDeleted', data: { list, entryId: welderId, name: 'Welder', at } }]);
  });

  it('refuses an entry in use: it can only be retired', () => {
    given(added(welderId, 'Welder'))
      .when({ type: 'DeleteEntry', list, entryId: welderId, usageCount: 3, at })
      .thenError('MASTER_DATA_ENTRY_IN_USE', [{ path: 'entryId', message: 'team.validation.entryInUse', params: { count: 3 } }]);
  });

  it('refuses an unknown or already deleted entry', () => {
    const deleted: MasterDataEvent = { type: 'MasterDataEntryDeleted', data: { list, entryId: welderId, name: 'Welder', at } };
    given(added(welderId, 'Welder'), deleted).when({ type: 'DeleteEntry', list, entryId: welderId, usageCount: 0, at }).thenError('NOT_FOUND');
  });

  it('frees the name of a deleted entry', () => {
    const deleted: MasterDataEvent = { type: 'MasterDataEntryDeleted', data: { list, entryId: welderId, name: 'Welder', at } };
    given(added(welderId, 'Welder'), deleted)
      .when(add('Welder'))
      .then([added(painterId, 'Welder')]);
  });
});

describe('picking an entry on a record', () => {
  const { state } = given(added(welderId, 'Welder'), added(painterId, 'Painter'), retired(painterId));
  const activeIds = activeEntries(state).map((entry) => entry.entryId);

  it('takes an active entry, or none', () => {
    expect(entryMayBePicked(activeIds, welderId, 'jobTitleId')).toBeNull();
    expect(entryMayBePicked(activeIds, null, 'jobTitleId')).toBeNull();
  });

  it('refuses a retired or unknown entry, unless the record already names it', () => {
    expect(entryMayBePicked(activeIds, painterId, 'jobTitleId')).toEqual({ path: 'jobTitleId', message: 'team.validation.unknownEntry' });
    expect(entryMayBePicked(activeIds, 'nope', 'reasonId')).toEqual({ path: 'reasonId', message: 'team.validation.unknownEntry' });
    expect(entryMayBePicked(activeIds, painterId, 'jobTitleId', painterId)).toBeNull();
  });
});
