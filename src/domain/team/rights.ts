import type { Role } from '../shared/roles.js';

/**
 * Authorizations for changes (spec section 6): the areas of the product whose records an
 * administration user may write. `stations` covers the stations and their sequence; `team` covers
 * users, their profiles, vacations and rights, and the master data; `quality` the decisions on
 * non-conformance reports (docs/quality-and-lots.md), granted to an admin by hand, never to operators.
 * `costs` is reading and setting rates, prices and the orders' costs and margins
 * (docs/labour-and-costs.md): never operators, an admin only when granted (not by default).
 */
export const changeRights = ['materials', 'orders', 'stations', 'shipments', 'team', 'companySettings', 'quality', 'costs'] as const;
export type ChangeRight = (typeof changeRights)[number];

/**
 * What a new administration user may change: the daily work of production (materials, orders,
 * stations and sequence, shipments). Not `team`, since whoever holds it grants rights and could
 * widen their own; not `companySettings`, which the spec hides from admins (section 6). The super
 * user widens either by hand.
 */
export const defaultAdminChangeRights: readonly ChangeRight[] = ['materials', 'orders', 'stations', 'shipments'];

/**
 * Whether a user of `role` holding `rights` may write in `area`. The product operator (acting for
 * a company) and the company's super user hold every right; an administration user holds what was
 * granted; an operator changes nothing here (their work at a station is governed by station rights).
 */
export function mayChange(role: Role, rights: readonly ChangeRight[], area: ChangeRight): boolean {
  switch (role) {
    case 'MASTER':
    case 'SUPER_USER':
      return true;
    case 'ADMIN':
      return rights.includes(area);
    case 'OPERATOR':
      return false;
    default: {
      const _exhaustive: never = role;
      return _exhaustive;
    }
  }
}

/** The change rights a role holds in effect: all for the owner and the operator, the granted ones for an admin, none for operators. */
export function effectiveChangeRights(role: Role, rights: readonly ChangeRight[]): ChangeRight[] {
  return changeRights.filter((area) => mayChange(role, rights, area));
}

/** The refusal of an admin without the right of the area (403). */
export const CHANGE_RIGHT_MISSING_CODE = 'CHANGE_RIGHT_MISSING' as const;
