import { z } from 'zod';
import { changeRights } from './rights.js';

/** The largest matrix one save carries: users (rows) and stations per user. */
export const RIGHTS_MATRIX_MAX_USERS = 1000;
export const RIGHTS_MATRIX_MAX_STATIONS = 500;

const id = z.uuid({ error: 'validation.invalidValue' }).toLowerCase();
/** A set written as a list: repeats are dropped and the order is fixed, so equal sets compare equal. */
const asSet = <T extends string>(values: T[]): T[] => [...new Set(values)].sort();

/** One user's row of the matrix: the stations they may sign in at and the areas they may change. */
export const userRightsRowSchema = z.object({
  userId: id,
  stationIds: z.array(id).max(RIGHTS_MATRIX_MAX_STATIONS).default([]).transform(asSet),
  changeRights: z
    .array(z.enum(changeRights, { error: 'validation.invalidValue' }))
    .max(changeRights.length)
    .default([])
    .transform(asSet),
});
export type UserRightsRow = z.infer<typeof userRightsRowSchema>;

/**
 * The user-rights screen's save: the whole matrix, made on `version` of the company's rights
 * stream. A user left out holds nothing afterwards.
 */
export const saveUserRightsSchema = z.object({
  version: z.number({ error: 'validation.required' }).int().min(0),
  users: z.array(userRightsRowSchema).max(RIGHTS_MATRIX_MAX_USERS),
});
export type SaveUserRightsInput = z.input<typeof saveUserRightsSchema>;
