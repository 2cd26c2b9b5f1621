import { describe, expect, it } from 'vitest';
import { changeRights, defaultAdminChangeRights, effectiveChangeRights, mayChange } from './rights.js';
import { saveUserRightsSchema } from './rights.schema.js';

describe('authorizations for changes', () => {
  it('the product operator and the super user may change every area, whatever they were granted', () => {
    for (const area of changeRights) {
      expect(mayChange('MASTER', [], area)).toBe(true);
      expect(mayChange('SUPER_USER', [], area)).toBe(true);
    }
  });

  it('an administration user may change only the areas granted', () => {
    expect(mayChange('ADMIN', ['materials'], 'materials')).toBe(true);
    expect(mayChange('ADMIN', ['materials'], 'orders')).toBe(false);
    expect(effectiveChangeRights('ADMIN', ['team', 'orders'])).toEqual(['orders', 'team']);
    expect(effectiveChangeRights('SUPER_USER', [])).toEqual([...changeRights]);
  });

  it('an operator changes nothing here, even with rights on record', () => {
    expect(changeRights.some((area) => mayChange('OPERATOR', [...changeRights], area))).toBe(false);
  });

  it('a new admin gets the production areas, not team or company settings', () => {
    expect(defaultAdminChangeRights).toEqual(['materials', 'orders', 'stations', 'shipments']);
  });
});

describe('the rights matrix input', () => {
  const userId = '7f1d7c1a-2b3c-4d5e-8f90-000000000001';
  const stationId = '7f1d7c1a-2b3c-4d5e-8f90-0000000000a1';

  it('reads stations and rights as sets: repeats dropped, order fixed', () => {
    expect(
      saveUserRightsSchema.parse({
        version: 3,
        users: [{ userId: userId.toUpperCase(), stationIds: [stationId, stationId], changeRights: ['team', 'orders', 'team'] }],
      }),
    ).toEqual({ version: 3, users: [{ userId, stationIds: [stationId], changeRights: ['orders', 'team'] }] });
  });

  it('refuses a missing version, an id that is no id and a right that does not exist', () => {
    const result = saveUserRightsSchema.safeParse({ users: [{ userId: 'anna', changeRights: ['everything'] }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['version', 'users.0.userId', 'users.0.changeRights.0']);
  });
});
