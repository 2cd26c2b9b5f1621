import { describe, expect, it } from 'vitest';
import { isNavItemActive, navItems, visibleNavItems, type NavItem } from './nav-items';

const ids = (session: Parameters<typeof visibleNavItems>[0], changeRights: Parameters<typeof visibleNavItems>[2] = []) =>
  visibleNavItems(session, () => true, changeRights).map((item) => item.id);

describe('sidebar items', () => {
  it('shows a company owner every item but customers, in the spec order', () => {
    expect(ids({ role: 'SUPER_USER', company: 'c-1' })).toEqual(['home', 'order', 'clients', 'material', 'station', 'plan', 'team', 'company']);
  });

  it('shows an operator neither the customer directory, team nor company, which they do not manage', () => {
    expect(ids({ role: 'OPERATOR', company: 'c-1' })).toEqual(['home', 'order', 'material', 'station']);
    expect(ids({ role: 'OPERATOR', company: 'c-1' }, ['companySettings', 'team'])).toEqual(['home', 'order', 'material', 'station']);
  });

  it('hides company from an admin, unless given the company settings right', () => {
    expect(ids({ role: 'ADMIN', company: 'c-1' })).toEqual(['home', 'order', 'clients', 'material', 'station', 'plan', 'team']);
    expect(ids({ role: 'ADMIN', company: 'c-1' }, undefined)).toEqual(['home', 'order', 'clients', 'material', 'station', 'plan', 'team']);
    expect(ids({ role: 'ADMIN', company: 'c-1' }, ['orders', 'companySettings'])).toEqual([
      'home',
      'order',
      'clients',
      'material',
      'station',
      'plan',
      'team',
      'company',
    ]);
  });

  it("adds customers (the accounts) for the master user working in a company, never the company's own customer directory", () => {
    expect(ids({ role: 'MASTER', company: 'c-1' })).toEqual(['home', 'order', 'material', 'station', 'plan', 'team', 'company', 'customers']);
  });

  it('without a selected company shows the master only customers and everyone else nothing', () => {
    expect(ids({ role: 'MASTER', company: null })).toEqual(['customers']);
    expect(ids({ role: 'SUPER_USER', company: null })).toEqual([]);
    expect(ids({ role: 'ADMIN', company: null })).toEqual([]);
    expect(ids(null)).toEqual([]);
  });

  it('hides an item of an optional function the company has not on', () => {
    const withFunction: NavItem = { id: 'home', target: '/somewhere', matches: [], function: 'keyFigures' };
    navItems.push(withFunction);
    try {
      const session = { role: 'SUPER_USER' as const, company: 'c-1' };
      expect(visibleNavItems(session, (name) => name !== 'keyFigures')).not.toContain(withFunction);
      expect(visibleNavItems(session, () => true)).toContain(withFunction);
    } finally {
      navItems.pop();
    }
  });

  it('highlights an item when the path contains its target', () => {
    const item = (id: string) => navItems.find((candidate) => candidate.id === id)!;
    expect(isNavItemActive(item('order'), '/order/add-shipment-order')).toBe(true);
    expect(isNavItemActive(item('order'), '/home')).toBe(false);
    expect(isNavItemActive(item('team'), '/team/operation-user-page')).toBe(true);
    expect(isNavItemActive(item('customers'), '/customers')).toBe(true);
    expect(isNavItemActive(item('customers'), '/customer/edit-customer/7')).toBe(true);
    expect(isNavItemActive(item('company'), '/customers')).toBe(false);
    expect(isNavItemActive(item('clients'), '/clients/edit-client/7')).toBe(true);
    expect(isNavItemActive(item('customers'), '/clients')).toBe(false);
  });
});
