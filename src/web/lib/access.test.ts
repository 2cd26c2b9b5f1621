import { describe, expect, it } from 'vitest';
import { can, canChange } from './access';

describe('can', () => {
  it('lets everyone but operators write', () => {
    expect(can({ role: 'MASTER' }, 'write')).toBe(true);
    expect(can({ role: 'SUPER_USER' }, 'write')).toBe(true);
    expect(can({ role: 'ADMIN' }, 'write')).toBe(true);
    expect(can({ role: 'OPERATOR' }, 'write')).toBe(false);
  });

  it('keeps the company choice to the master, and the company account to the master and the owner', () => {
    expect(can({ role: 'MASTER' }, 'chooseCompany')).toBe(true);
    expect(can({ role: 'SUPER_USER' }, 'chooseCompany')).toBe(false);
    expect(can({ role: 'SUPER_USER' }, 'companyAccount')).toBe(true);
    expect(can({ role: 'ADMIN' }, 'companyAccount')).toBe(false);
    expect(can({ role: 'OPERATOR' }, 'companyAccount')).toBe(false);
  });

  it('allows nothing while signed out', () => {
    expect(can(null, 'write')).toBe(false);
    expect(can(undefined, 'ownProfile')).toBe(false);
  });
});

describe('canChange', () => {
  it('lets the owner and the master change every area, an admin only what was granted, operators nothing', () => {
    expect(canChange({ role: 'SUPER_USER' }, 'team', [])).toBe(true);
    expect(canChange({ role: 'MASTER' }, 'companySettings', undefined)).toBe(true);
    expect(canChange({ role: 'ADMIN' }, 'team', ['materials', 'orders'])).toBe(false);
    expect(canChange({ role: 'ADMIN' }, 'orders', ['materials', 'orders'])).toBe(true);
    expect(canChange({ role: 'ADMIN' }, 'orders', undefined)).toBe(false);
    expect(canChange({ role: 'OPERATOR' }, 'orders', ['orders'])).toBe(false);
    expect(canChange(null, 'orders', ['orders'])).toBe(false);
  });
});
