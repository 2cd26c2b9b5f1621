import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  INVITATION_MAILS_PER_DAY,
  mayReadAccount,
  PENDING_INVITATION_LIMIT,
  userDeactivationRefusal,
  userRemovalRefusal,
} from '../../../domain/identity/identity.rules.js';
import type { createAdminUserSchema, createOperationsUserSchema, userListQuerySchema } from '../../../domain/identity/identity.schema.js';
import type { Locale } from '../../../domain/identity/identity.schema.js';
import type { UserView } from '../../../domain/identity/identity.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { principalOf, type Principal } from '../../platform/auth.js';
import { runCommand, type CommandContext } from '../../platform/command.js';
import { sql } from 'kysely';
import { withSystem, type Executor } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { seal } from '../../platform/secrets.js';
import { findCompany } from '../company/index.js';
import type { IdentitySecrets } from './identity.deps.js';
import { hashPassword } from './passwords.js';
import { readAsPrincipal } from './principal-scope.js';
import { revokeUserSessions } from './sessions.js';
import { issueLinkToken } from './user-tokens.js';
import { countByRole, findUserById, loginNameTaken, userPage, userView, type UserRow } from './users.queries.js';
import { deleteUser, insertUser, recordUserEvent, setPassword, type NewUser } from './users.records.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const emailTaken = () => new DomainError('USER_ALREADY_EXISTS', [{ path: 'email', message: 'errors.USER_ALREADY_EXISTS' }]);
const usernameTaken = () =>
  new DomainError('USER_ALREADY_EXISTS', [{ path: 'username', message: 'errors.USER_ALREADY_EXISTS' }], 'A user with this username already exists.');

export async function listUsers(tx: Executor, query: z.infer<typeof userListQuerySchema>) {
  const { rows, total } = await userPage(tx, query);
  return { data: rows.map(userView), total, page: query.page, limit: query.limit };
}

export async function usersByRole(tx: Executor) {
  const counts = await countByRole(tx);
  return { ...counts, total: counts.SUPER_USER + counts.ADMIN + counts.OPERATOR };
}

/**
 * A user of the caller's company (the spec's account endpoint, so `USER_ACCOUNT_NOT_FOUND`); another
 * company's user answers as if it did not exist.
 */
export async function userAccount(tx: Executor, principal: Principal, userId: string): Promise<UserView> {
  const user = uuidPattern.test(userId) ? await findUserById(tx, userId) : undefined;
  if (!user) throw new DomainError('USER_ACCOUNT_NOT_FOUND');
  if (!mayReadAccount(principal, user.id)) throw new DomainError('FORBIDDEN');
  return userView(user);
}

/** Inserts a user of the context's company; a login name taken meanwhile answers as `taken`. */
async function insertTeamMember(ctx: CommandContext, user: Omit<NewUser, 'companyId' | 'at'>, taken: () => DomainError): Promise<UserRow> {
  try {
    return await insertUser(ctx.tx, { ...user, companyId: ctx.companyId, at: ctx.now });
  } catch (error) {
    throw isUniqueViolation(error) ? taken() : error;
  }
}

/** The language of the user acting (a new user without one of their own takes it); English for the master or an unknown actor. */
async function creatorLocale(ctx: CommandContext): Promise<Locale> {
  const creator = ctx.actor ? await findUserById(ctx.tx, ctx.actor.userId) : undefined;
  return creator?.locale ?? 'en';
}

/**
 * Sets a user's language: their own (`principal` is the user, any role), or, for the team's
 * changers, that of an administration or operation user of the company (the super user sets
 * their own). Recorded as `UserLanguageChanged`; the same language again changes nothing.
 */
export async function setUserLanguage(ctx: CommandContext, principal: Principal, userId: string, locale: Locale): Promise<UserView> {
  const user = await teamMemberOf(ctx, userId);
  if (user.id !== principal.userId && user.role !== 'ADMIN' && user.role !== 'OPERATOR') throw new DomainError('FORBIDDEN');
  if (user.locale === locale) return userView(user);
  const row = await ctx.tx.updateTable('users').set({ locale, updated_at: ctx.now }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
  await recordUserEvent(ctx, { id: user.id, companyId: user.company_id }, { type: 'UserLanguageChanged', data: { userId: user.id, locale } });
  return userView(row);
}

/** An operation user, who signs in by username; usernames are unique across the product. */
export async function createOperationsUser(
  app: FastifyInstance,
  request: FastifyRequest,
  input: z.infer<typeof createOperationsUserSchema>,
): Promise<UserView> {
  if (await withSystem(app.db, (tx) => loginNameTaken(tx, { username: input.username }))) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  const user = await runCommand(app, request, async (ctx) => {
    const row = await insertTeamMember(
      ctx,
      {
        id: randomUUID(),
        role: 'OPERATOR',
        email: null,
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        emailConfirmedAt: null,
        locale: input.locale ?? (await creatorLocale(ctx)),
      },
      usernameTaken,
    );
    const { companyId } = ctx;
    await recordUserEvent(
      ctx,
      { id: row.id, companyId },
      {
        type: 'OperationsUserCreated',
        data: { userId: row.id, companyId, role: 'OPERATOR', username: input.username, firstName: input.firstName, lastName: input.lastName },
      },
    );
    return row;
  });
  return userView(user);
}

/**
 * Invites an administration user: no password yet; the emailed link (72 hours, single use)
 * lets the invitee set one. The email is in the invitee's language, else the inviter's.
 */
export async function inviteAdminUser(
  app: FastifyInstance,
  request: FastifyRequest,
  secrets: IdentitySecrets,
  input: z.infer<typeof createAdminUserSchema>,
): Promise<UserView> {
  if (await withSystem(app.db, (tx) => loginNameTaken(tx, { email: input.email }))) throw emailTaken();
  const principal = principalOf(request);
  const inviter = await readAsPrincipal(app.db, principal, (tx) => findUserById(tx, principal.userId));
  const locale = input.locale ?? inviter?.locale ?? 'en';
  const user = await runCommand(app, request, (ctx) => inviteAdministrationUser(ctx, secrets, { ...input, locale }));
  return userView(user);
}

/**
 * The invitation of an administration user in the context's transaction, once the email is known to
 * be free (`loginNameTaken`): the company's daily invitation mails and pending invitations counted,
 * then `inviteToCompany`. The invitation form's command, and the team import's (modules/imports).
 */
export async function inviteAdministrationUser(
  ctx: CommandContext,
  secrets: Pick<IdentitySecrets, 'sealKey'>,
  input: z.infer<typeof createAdminUserSchema>,
): Promise<UserRow> {
  const company = await companyToInviteFor(ctx);
  if ((await pendingInvitations(ctx.tx)) >= PENDING_INVITATION_LIMIT) throw new DomainError('INVITATION_LIMIT_REACHED');
  const locale = input.locale ?? (await creatorLocale(ctx));
  return inviteToCompany(ctx, secrets, { ...input, role: 'ADMIN', locale, companyName: company.company_name });
}

/**
 * The context's company, locked until the transaction ends, once it may send one more invitation email: at most
 * `INVITATION_MAILS_PER_DAY` in 24 hours (new invitations and resends: each `AdminUserInvited` mails the invitee).
 * The lock makes concurrent invitations count one after the other.
 */
async function companyToInviteFor(ctx: CommandContext) {
  const company = await findCompany(ctx.tx, ctx.companyId, { lock: true });
  if (!company) throw new DomainError('COMPANY_ACCOUNT_NOT_FOUND');
  const { sent } = await ctx.tx
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('company_id', '=', ctx.companyId)
    .where('type', '=', 'AdminUserInvited')
    .where('recorded_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  if (Number(sent) >= INVITATION_MAILS_PER_DAY) throw new DomainError('INVITATION_DAILY_LIMIT_REACHED');
  return company;
}

/** Administration users of the transaction's company invited and not accepted yet (no password set). */
async function pendingInvitations(tx: Executor): Promise<number> {
  const row = await tx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role', '=', 'ADMIN')
    .where('password_hash', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Adds a user of the context's company who signs in by email, without a password: the emailed
 * invitation (72 hours, single use) lets them set one. An administration user invited by the
 * company, or the super user of a customer the product operator adds.
 */
export async function inviteToCompany(
  ctx: CommandContext,
  secrets: Pick<IdentitySecrets, 'sealKey'>,
  input: { role: 'ADMIN' | 'SUPER_USER'; email: string; firstName: string; lastName: string; locale: Locale; companyName: string },
): Promise<UserRow> {
  const { companyId } = ctx;
  const row = await insertTeamMember(
    ctx,
    {
      id: randomUUID(),
      role: input.role,
      email: input.email,
      username: null,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: null,
      emailConfirmedAt: null,
      locale: input.locale,
    },
    emailTaken,
  );
  const { token, expiresAt } = await issueLinkToken(ctx.tx, row, 'INVITATION', ctx.now);
  await recordUserEvent(
    ctx,
    { id: row.id, companyId },
    {
      type: 'AdminUserInvited',
      data: {
        userId: row.id,
        companyId,
        role: input.role,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        locale: input.locale,
        companyName: input.companyName,
        sealedToken: seal(secrets.sealKey, token),
        expiresAt: expiresAt.toISOString(),
      },
    },
  );
  return row;
}

/** Removes a user of the context's company; its sessions and links die with it. */
export async function removeUser(ctx: CommandContext, principal: Principal, userId: string): Promise<void> {
  const user = uuidPattern.test(userId) ? await findUserById(ctx.tx, userId) : undefined;
  if (!user) throw new DomainError('USER_NOT_FOUND');
  if (userRemovalRefusal(principal, { id: user.id, role: user.role }) || (user.role !== 'ADMIN' && user.role !== 'OPERATOR')) {
    throw new DomainError('FORBIDDEN');
  }
  await deleteUser(ctx.tx, user.id);
  await recordUserEvent(
    ctx,
    { id: user.id, companyId: ctx.companyId },
    { type: 'UserRemoved', data: { userId: user.id, companyId: ctx.companyId, role: user.role } },
  );
}

/** A user of the context's company by id; another company's user is not found. */
async function teamMemberOf(ctx: CommandContext, userId: string): Promise<UserRow> {
  const user = uuidPattern.test(userId) ? await findUserById(ctx.tx, userId) : undefined;
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return user;
}

/**
 * Sends an invited administration user a new invitation (72 hours); the earlier link stops
 * working. Someone who has set a password already answers 409 INVITATION_ALREADY_ACCEPTED.
 */
export async function resendInvitation(ctx: CommandContext, secrets: IdentitySecrets, userId: string): Promise<UserView> {
  const user = await teamMemberOf(ctx, userId);
  if (user.role !== 'ADMIN' || !user.email) throw new DomainError('FORBIDDEN');
  if (user.password_hash !== null) throw new DomainError('INVITATION_ALREADY_ACCEPTED');
  const company = await companyToInviteFor(ctx);
  const { token, expiresAt } = await issueLinkToken(ctx.tx, user, 'INVITATION', ctx.now);
  const resent = await ctx.tx.updateTable('users').set({ invitation_failed_at: null }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
  await recordUserEvent(
    ctx,
    { id: user.id, companyId: ctx.companyId },
    {
      type: 'AdminUserInvited',
      data: {
        userId: user.id,
        companyId: ctx.companyId,
        role: 'ADMIN',
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        locale: user.locale,
        companyName: company.company_name,
        sealedToken: seal(secrets.sealKey, token),
        expiresAt: expiresAt.toISOString(),
      },
    },
  );
  return userView(resent);
}

/**
 * The invitation email to an invited user failed for good (the mail job's `failed`): the user shows
 * as "invitation not sent" until a resend. Nothing once they have set a password, are gone, or it is told.
 */
export async function recordInvitationNotSent(ctx: CommandContext, userId: string, reason: string): Promise<void> {
  const marked = await ctx.tx
    .updateTable('users')
    .set({ invitation_failed_at: ctx.now })
    .where('id', '=', userId)
    .where('password_hash', 'is', null)
    .where('invitation_failed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!marked) return;
  await recordUserEvent(
    ctx,
    { id: userId, companyId: ctx.companyId },
    { type: 'InvitationNotSent', data: { userId, companyId: ctx.companyId, reason: reason.slice(0, 500), at: ctx.at } },
  );
}

/**
 * Deactivates (`active` false) or reactivates a user of the context's company; only administration
 * and operation users, never oneself. A deactivated user is refused at sign-in and station login,
 * and every session of theirs (console and station) ends in this transaction, so their screens are
 * signed out (the next request answers 401; the live feed closes at its next heartbeat). Their
 * records and rights stay; reactivated, they sign in with the password they had. Asking for the
 * state the user is in changes nothing.
 */
export async function setUserActive(ctx: CommandContext, principal: Principal, userId: string, active: boolean): Promise<UserView> {
  const user = await teamMemberOf(ctx, userId);
  const { role } = user;
  if (userDeactivationRefusal(principal, { id: user.id, role }) || (role !== 'ADMIN' && role !== 'OPERATOR')) throw new DomainError('FORBIDDEN');
  if ((user.deactivated_at === null) === active) return userView(user);
  const row = await ctx.tx
    .updateTable('users')
    .set({ deactivated_at: active ? null : ctx.now, updated_at: ctx.now })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!active) await revokeUserSessions(ctx.tx, user.id);
  const data = { userId: user.id, companyId: ctx.companyId, role, at: ctx.at };
  await recordUserEvent(ctx, { id: user.id, companyId: ctx.companyId }, active ? { type: 'UserReactivated', data } : { type: 'UserDeactivated', data });
  return userView(row);
}

/** Sets a new password for an operation user of the company (who has no email to reset it); their sessions end at once. */
export async function resetOperatorPassword(ctx: CommandContext, userId: string, passwordHash: string): Promise<void> {
  const user = await teamMemberOf(ctx, userId);
  if (user.role !== 'OPERATOR') throw new DomainError('FORBIDDEN');
  await setPassword(ctx.tx, user.id, passwordHash, false, ctx.now);
  await revokeUserSessions(ctx.tx, user.id);
  await recordUserEvent(ctx, { id: user.id, companyId: ctx.companyId }, { type: 'PasswordReset', data: { userId: user.id } });
}
