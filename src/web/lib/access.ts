import { writerRoles, type Role } from '../../domain/shared/roles';
import { mayChange, type ChangeRight } from '../../domain/team/rights';

/**
 * What the console lets a user do, by role (ARCHITECTURE.md section 7). The server checks the same
 * rules; the console only hides or disables what would be refused.
 *  - `write`: change a company's records (materials, orders, stations, the team); not operators.
 *  - `chooseCompany`: pick the company to act for, see the customers; the master user only.
 *  - `companyAccount`: the company's account (plan, export, deletion); its owner and the master.
 *  - `ownProfile`: read one's own user record; every user but the master, who has none.
 *  - `moveToAnyStation`: move an order to any station; operators only to those they are authorised for.
 *  - `workAtStation`: use the station screen; operators (signed in at a station).
 */
export type Action = 'write' | 'chooseCompany' | 'companyAccount' | 'ownProfile' | 'moveToAnyStation' | 'workAtStation';

const rules: Record<Action, (role: Role) => boolean> = {
  write: (role) => writerRoles.includes(role),
  chooseCompany: (role) => role === 'MASTER',
  companyAccount: (role) => role === 'MASTER' || role === 'SUPER_USER',
  ownProfile: (role) => role !== 'MASTER',
  moveToAnyStation: (role) => role !== 'OPERATOR',
  workAtStation: (role) => role === 'OPERATOR',
};

/** Whether `user` (a session; none while signed out) may do `action`. */
export function can(user: { role: Role } | null | undefined, action: Action): boolean {
  return user ? rules[action](user.role) : false;
}

/**
 * Whether `user` may change `area` (materials, orders, stations, shipments, team, company
 * settings): the owner and the master always, an administration user only with the change right
 * granted, operators never. `granted` is what `useChangeRights` read from the server. The company
 * screen is read by the same rule (`companySettings`): the spec hides it from admins unless granted.
 */
export function canChange(user: { role: Role } | null | undefined, area: ChangeRight, granted: readonly ChangeRight[] | undefined): boolean {
  return user ? mayChange(user.role, granted ?? [], area) : false;
}
