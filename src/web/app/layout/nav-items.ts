import type { CompanyFunction } from '../../../domain/company/company.schema';
import type { Role } from '../../../domain/shared/roles';
import type { ChangeRight } from '../../../domain/team/rights';
import { can, canChange } from '../../lib/access';

export type NavItemId = 'home' | 'order' | 'clients' | 'material' | 'station' | 'plan' | 'team' | 'company' | 'customers';

export interface NavItem {
  id: NavItemId;
  /** Where the item leads. */
  target: string;
  /** Path fragments that highlight the item; spec: "the current path contains its target". */
  matches: string[];
  /** The optional function of the company the item leads to: hidden unless it is on (App function). */
  function?: CompanyFunction;
}

/** The sidebar's items in the spec's order (section 2). */
export const navItems: NavItem[] = [
  { id: 'home', target: '/home', matches: ['/home'] },
  { id: 'order', target: '/order', matches: ['/order'] },
  // The company's customer directory (not in the spec's list: issue 25, item 19); not the master's customers.
  { id: 'clients', target: '/clients', matches: ['/clients'] },
  { id: 'material', target: '/material', matches: ['/material'] },
  { id: 'station', target: '/station', matches: ['/station'] },
  // The capacity plan (not in the spec's list: issue 29), for those who plan (not operators).
  { id: 'plan', target: '/plan', matches: ['/plan'] },
  { id: 'team', target: '/team', matches: ['/team'] },
  { id: 'company', target: '/company', matches: ['/company'] },
  // customer/edit-customer belongs to the customers item as well.
  { id: 'customers', target: '/customers', matches: ['/customers', '/customer/'] },
];

/**
 * The items a user sees: only what their role may open. Team is for those who change records (not
 * operators); company for the owner and the master, and for an admin only with the change right
 * `companySettings` (`changeRights`, as `useChangeRights` read them); customers for the master user
 * only; the company's customer directory (clients) for those who change records, but not the master,
 * whose "Customers" are the customer accounts (one name, one meaning in the sidebar). Without a selected company a master sees only customers and everyone else nothing. An item
 * of an optional function shows only while `isOn` says the company has it on.
 */
export function visibleNavItems(
  session: { role: Role; company: string | null } | null,
  isOn: (name: CompanyFunction) => boolean = () => true,
  changeRights: readonly ChangeRight[] | undefined = [],
): NavItem[] {
  if (!session) return [];
  const isMaster = can(session, 'chooseCompany');
  if (!session.company) return isMaster ? navItems.filter((item) => item.id === 'customers') : [];
  return navItems.filter((item) => {
    if (item.function && !isOn(item.function)) return false;
    if (item.id === 'customers') return isMaster;
    if (item.id === 'team' || item.id === 'plan') return can(session, 'write');
    if (item.id === 'clients') return can(session, 'write') && !isMaster;
    if (item.id === 'company') return canChange(session, 'companySettings', changeRights);
    return true;
  });
}

export function isNavItemActive(item: NavItem, path: string): boolean {
  return item.matches.some((fragment) => path.includes(fragment));
}
