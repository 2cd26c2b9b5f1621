import { sql } from 'kysely';
import { USER_STREAM_TYPE, userStreamId, type UserEvent } from '../../../domain/identity/identity.events.js';
import type { Locale } from '../../../domain/identity/identity.schema.js';
import type { Role } from '../../../domain/shared/roles.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import type { Tx } from '../../platform/db.js';
import type { UserRow } from './users.queries.js';

/** Records a fact on the user's stream, under the user's company (none for the master). */
export async function recordUserEvent(ctx: CommandContext, user: { id: string; companyId: string | null }, event: UserEvent): Promise<void> {
  await recordEvents(ctx, { id: userStreamId(user.id), type: USER_STREAM_TYPE, companyId: user.companyId }, [event]);
}

export interface NewUser {
  id: string;
  companyId: string | null;
  role: Role;
  email: string | null;
  username: string | null;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  locale: Locale;
  /** The moment the user is created. */
  at: Date;
}

export async function insertUser(tx: Tx, user: NewUser): Promise<UserRow> {
  return tx
    .insertInto('users')
    .values({
      id: user.id,
      company_id: user.companyId,
      role: user.role,
      email: user.email?.toLowerCase() ?? null,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      password_hash: user.passwordHash,
      email_confirmed_at: user.emailConfirmedAt,
      locale: user.locale,
      created_at: user.at,
      updated_at: user.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPassword(tx: Tx, userId: string, passwordHash: string, confirmEmail: boolean, at: Date): Promise<void> {
  await tx
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      updated_at: at,
      ...(confirmEmail ? { email_confirmed_at: sql<Date>`coalesce(email_confirmed_at, ${at})` } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

export async function confirmEmail(tx: Tx, userId: string, at: Date): Promise<void> {
  await tx.updateTable('users').set({ email_confirmed_at: at, updated_at: at }).where('id', '=', userId).execute();
}

export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.deleteFrom('users').where('id', '=', userId).execute();
}
