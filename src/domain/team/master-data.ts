import { z } from 'zod';
import { DomainError } from '../shared/errors.js';
import { requiredText } from '../shared/validation.js';

/**
 * The company's lists other screens pick from: job titles and departments (employee
 * organization), absence reasons (vacation bookings), interruption reasons (stations), scrap and
 * rework reasons (quantities reported at a station).
 */
export const masterDataLists = ['jobTitles', 'departments', 'absenceReasons', 'interruptionReasons', 'scrapReasons', 'reworkReasons'] as const;
export type MasterDataList = (typeof masterDataLists)[number];

/** An entry's name: required, at most 50 characters. */
export const MASTER_DATA_NAME_MAX_LENGTH = 50;
export const masterDataNameSchema = requiredText(MASTER_DATA_NAME_MAX_LENGTH);

export const masterDataListSchema = z.enum(masterDataLists, { error: 'validation.invalidValue' });

/** Adding or renaming an entry: its name. */
export const masterDataEntryInputSchema = z.object({ name: masterDataNameSchema });
export type MasterDataEntryInput = z.input<typeof masterDataEntryInputSchema>;

/** An active entry is offered for picking; a retired one stays on the records that name it but is offered no more. */
export type MasterDataEntryStatus = 'active' | 'retired';

/** How names compare for duplicates: case and surrounding spaces make no new entry ('Welder' = ' welder'); accents do ('Dreher' ≠ 'Dräher'). */
export const sameEntryName = (a: string, b: string): boolean => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;

/** A name is unique within its list, retired entries included (reinstate one instead of adding it again). */
export function entryNameIsUnique(name: string, namesInList: readonly string[]): DomainError | null {
  return namesInList.some((other) => sameEntryName(other, name))
    ? new DomainError('DUPLICATE_VALUES', [{ path: 'name', message: 'errors.DUPLICATE_VALUES' }])
    : null;
}

/** The refusal to delete an entry that records still name (409); the detail carries how many. */
export const MASTER_DATA_ENTRY_IN_USE_CODE = 'MASTER_DATA_ENTRY_IN_USE' as const;

/** An entry that records still name cannot be deleted; retire it instead. `usageCount` is counted by the caller. */
export const entryInUseCannotBeDeleted = (usageCount: number): DomainError | null =>
  usageCount > 0
    ? new DomainError(MASTER_DATA_ENTRY_IN_USE_CODE, [{ path: 'entryId', message: 'team.validation.entryInUse', params: { count: usageCount } }])
    : null;
