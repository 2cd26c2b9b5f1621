import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { mayReadAccount, userRemovalRefusal } from '../../../domain/identity/identity.rules.js';
import type { createAdminUserSchema, createOperationsUserSchema, userListQuerySchema } from '../../../domain/identity/identity.schema.js';
import type { UserView } from '../../../domain/identity/identity.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Principal } from '../../platform/auth.js';
import { withSystem, withTenant } from '../../platform/db.js';
import type { EventMetadata } from '../../platform/event-store.js';
import { seal } from '../../platform/secrets.js';
import { findCompany } from '../company/index.js';
import { appendUserEvent, asPrincipal, isUniqueViolation, userView, type IdentityDeps } from './identity.context.js';
import { hashPassword } from './passwords.js';
import { issueLinkToken } from './user-tokens.js';
import { countByRole, deleteUser, findUserById, insertUser, loginNameTaken, userPage, type UserRow } from './users.queries.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const emailTaken = () => new DomainError('USER_ALREADY_EXISTS', [{ path: 'email', message: 'errors.USER_ALREADY_EXISTS' }]);
const usernameTaken = () =>
  new DomainError('USER_ALREADY_EXISTS', [{ path: 'username', message: 'errors.USER_ALREADY_EXISTS' }], 'A user with this username already exists.');

export async function listUsers(deps: IdentityDeps, companyId: string, query: z.infer<typeof userListQuerySchema>) {
  const { rows, total } = await withTenant(deps.db, companyId, (tx) => userPage(tx, query));
  return { data: rows.map(userView), total, page: query.page, limit: query.limit };
}

export async function usersByRole(deps: IdentityDeps, companyId: string) {
  const counts = await withTenant(deps.db, companyId, (tx) => countByRole(tx));
  return { ...counts, total: counts.SUPER_USER + counts.ADMIN + counts.OPERATOR };
}

/** A user of the caller's company; another company's user answers as if it did not exist. */
export async function userAccount(deps: IdentityDeps, principal: Principal, companyId: string, userId: string): Promise<UserView> {
  const user = uuidPattern.test(userId) ? await withTenant(deps.db, companyId, (tx) => findUserById(tx, userId)) : undefined;
  if (!user) throw new DomainError('USER_NOT_FOUND');
  if (!mayReadAccount(principal, user.id)) throw new DomainError('FORBIDDEN');
  return userView(user);
}

/** An operation user, who signs in by username; usernames are unique across the product. */
export async function createOperationsUser(
  deps: IdentityDeps,
  companyId: string,
  input: z.infer<typeof createOperationsUserSchema>,
  metadata: EventMetadata,
): Promise<UserView> {
  if (await withSystem(deps.db, (tx) => loginNameTaken(tx, { username: input.username }))) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  const user = await withTenant(deps.db, companyId, async (tx) => {
    let row: UserRow;
    try {
      row = await insertUser(tx, {
        id: randomUUID(),
        companyId,
        role: 'OPERATOR',
        email: null,
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        emailConfirmedAt: null,
        locale: 'en',
      });
    } catch (error) {
      throw isUniqueViolation(error) ? usernameTaken() : error;
    }
    await appendUserEvent(
      tx,
      deps.eventStore,
      { id: row.id, companyId },
      {
        type: 'OperationsUserCreated',
        data: { userId: row.id, companyId, role: 'OPERATOR', username: input.username, firstName: input.firstName, lastName: input.lastName },
      },
      metadata,
    );
    return row;
  });
  deps.eventStore.committed();
  return userView(user);
}

/**
 * Invites an administration user: no password yet; the emailed link (72 hours, single use)
 * lets the invitee set one. The email is in the invitee's language, else the inviter's.
 */
export async function inviteAdminUser(
  deps: IdentityDeps,
  principal: Principal,
  companyId: string,
  input: z.infer<typeof createAdminUserSchema>,
  metadata: EventMetadata,
  now: Date,
): Promise<UserView> {
  if (await withSystem(deps.db, (tx) => loginNameTaken(tx, { email: input.email }))) throw emailTaken();
  const inviter = await asPrincipal(deps.db, principal, (tx) => findUserById(tx, principal.userId));
  const locale = input.locale ?? inviter?.locale ?? 'en';
  const user = await withTenant(deps.db, companyId, async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company) throw new DomainError('COMPANY_ACCOUNT_NOT_FOUND');
    let row: UserRow;
    try {
      row = await insertUser(tx, {
        id: randomUUID(),
        companyId,
        role: 'ADMIN',
        email: input.email,
        username: null,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: null,
        emailConfirmedAt: null,
        locale,
      });
    } catch (error) {
      throw isUniqueViolation(error) ? emailTaken() : error;
    }
    const { token, expiresAt } = await issueLinkToken(tx, row, 'INVITATION', now);
    await appendUserEvent(
      tx,
      deps.eventStore,
      { id: row.id, companyId },
      {
        type: 'AdminUserInvited',
        data: {
          userId: row.id,
          companyId,
          role: 'ADMIN',
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          locale,
          companyName: company.company_name,
          sealedToken: seal(deps.sealKey, token),
          expiresAt: expiresAt.toISOString(),
        },
      },
      metadata,
    );
    return row;
  });
  deps.eventStore.committed();
  return userView(user);
}

/** Removes a user of the caller's company; its sessions and links die with it. */
export async function removeUser(deps: IdentityDeps, principal: Principal, companyId: string, userId: string, metadata: EventMetadata) {
  await withTenant(deps.db, companyId, async (tx) => {
    const user = uuidPattern.test(userId) ? await findUserById(tx, userId) : undefined;
    if (!user) throw new DomainError('USER_NOT_FOUND');
    if (userRemovalRefusal(principal, { id: user.id, role: user.role }) || (user.role !== 'ADMIN' && user.role !== 'OPERATOR')) {
      throw new DomainError('FORBIDDEN');
    }
    await deleteUser(tx, user.id);
    await appendUserEvent(tx, deps.eventStore, { id: user.id, companyId }, { type: 'UserRemoved', data: { userId: user.id, companyId, role: user.role } }, metadata);
  });
  deps.eventStore.committed();
}
