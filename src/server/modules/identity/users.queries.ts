import { sql, type Selectable } from 'kysely';
import { userStatusOf, type UserStatus } from '../../../domain/identity/identity.rules.js';
import { userSortColumns } from '../../../domain/identity/identity.schema.js';
import { parseSort } from '../../../domain/shared/paging.js';
import type { UserView } from '../../../domain/identity/identity.views.js';
import type { HistoryEntry } from '../../../domain/shared/history.views.js';
import { roles, type Role } from '../../../domain/shared/roles.js';
import { likePattern, type Executor } from '../../platform/db.js';
import type { StoredEvent } from '../../platform/event-store.js';
import { pageOfRows } from '../../platform/paging.js';
import type { UsersTable } from './identity.tables.js';

export type UserRow = Selectable<UsersTable>;

/** A user as the API answers it. */
export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    companyId: row.company_id,
    role: row.role,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    status: userStatusOf({
      role: row.role,
      hasPassword: row.password_hash !== null,
      emailConfirmed: row.email_confirmed_at !== null,
      deactivated: row.deactivated_at !== null,
    }),
    invitationNotSent: row.password_hash === null && row.invitation_failed_at !== null,
    locale: row.locale,
    createdAt: row.created_at.toISOString(),
  };
}

/** The user who signs in with this email (lower-cased) or operator username (any case). */
export async function findUserByLogin(db: Executor, usernameOrEmail: string, kind: 'email' | 'username'): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll();
  return kind === 'email'
    ? query.where('email', '=', usernameOrEmail.toLowerCase()).executeTakeFirst()
    : query.where(sql`lower(username)`, '=', usernameOrEmail.toLowerCase()).executeTakeFirst();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return findUserByLogin(db, email, 'email');
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/**
 * Display names of these users, by id, in one round trip: first and last name, or the username
 * when both are empty. Users the transaction does not see (another company's, the master) are absent.
 */
export async function userNamesByIds(db: Executor, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((user) => [user.id, `${user.first_name} ${user.last_name}`.trim() || (user.username ?? '')]));
}

/** The machine an event came from: its station's name then (the topic for events recorded before names were). */
const machineOf = (metadata: StoredEvent['metadata']): string | null => (metadata.machine ? (metadata.machine.name ?? metadata.machine.topic) : null);

/**
 * A record's events as its history route answers them (domain/shared/history.views.ts): each with
 * when, and who caused it by role, display name (looked up once for all) and API key.
 */
export async function historyEntriesOf(db: Executor, events: readonly StoredEvent[]): Promise<HistoryEntry[]> {
  const names = await userNamesByIds(
    db,
    events.flatMap((event) => (event.metadata.userId ? [event.metadata.userId] : [])),
  );
  return events.map((event) => {
    const userId = event.metadata.userId ?? null;
    const role = roles.find((known) => known === event.metadata.role) ?? null;
    const who = {
      userId,
      role,
      name: userId ? (names.get(userId) ?? null) : null,
      apiKey: event.metadata.apiKey?.name ?? null,
      machine: machineOf(event.metadata),
    };
    return { version: event.streamVersion, type: event.type, at: event.recordedAt.toISOString(), who, data: (event.data ?? {}) as Record<string, unknown> };
  });
}

/** Whether an email or username is taken anywhere in the product (needs a platform transaction to see all companies). */
export async function loginNameTaken(db: Executor, login: { email?: string; username?: string }): Promise<boolean> {
  let query = db.selectFrom('users').select('id');
  if (login.email) query = query.where('email', '=', login.email.toLowerCase());
  else if (login.username) query = query.where(sql`lower(username)`, '=', login.username.toLowerCase());
  else return false;
  return (await query.executeTakeFirst()) !== undefined;
}

/** A page of a company's users (the transaction's tenant), filtered by role and by name, email or username. */
const sortColumnOf = { email: 'email', username: 'username', role: 'role', createdAt: 'created_at' } as const;

export async function userPage(
  tx: Executor,
  query: { page: number; limit: number; role?: Role; status?: UserStatus; q?: string; sort?: string },
): Promise<{ rows: UserRow[]; total: number }> {
  let base = tx.selectFrom('users');
  if (query.role) base = base.where('role', '=', query.role);
  // The status is derived (see userStatusOf): deactivated first; invited = no password; unconfirmed = not an operator and email not confirmed.
  if (query.status === 'DEACTIVATED') base = base.where('deactivated_at', 'is not', null);
  else if (query.status) base = base.where('deactivated_at', 'is', null);
  if (query.status === 'INVITED') base = base.where('password_hash', 'is', null);
  if (query.status === 'UNCONFIRMED')
    base = base.where('password_hash', 'is not', null).where('role', '!=', 'OPERATOR').where('email_confirmed_at', 'is', null);
  if (query.status === 'ACTIVE')
    base = base.where('password_hash', 'is not', null).where((eb) => eb.or([eb('role', '=', 'OPERATOR'), eb('email_confirmed_at', 'is not', null)]));
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        eb('first_name', 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('username', 'ilike', pattern),
        eb(sql`first_name || ' ' || last_name`, 'ilike', pattern),
      ]),
    );
  }
  const { column, descending } = parseSort(query.sort ?? '', userSortColumns, 'name');
  const direction = descending ? 'desc' : 'asc';
  return pageOfRows(base, query, (rows) => {
    const selected = rows.selectAll();
    const sorted =
      column === 'name'
        ? selected.orderBy('last_name', direction).orderBy('first_name', direction)
        : selected.orderBy(sortColumnOf[column], (ob) => (descending ? ob.desc().nullsLast() : ob.asc().nullsLast()));
    return sorted.orderBy('id');
  });
}

/** The company's users per role who may sign in (deactivated ones apart), and how many are deactivated. */
export async function countByRole(tx: Executor): Promise<Record<'SUPER_USER' | 'ADMIN' | 'OPERATOR' | 'deactivated', number>> {
  const rows = await tx
    .selectFrom('users')
    .select(['role', sql<boolean>`deactivated_at is not null`.as('deactivated'), (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy(['role', sql`deactivated_at is not null`])
    .execute();
  const counts = { SUPER_USER: 0, ADMIN: 0, OPERATOR: 0, deactivated: 0 };
  for (const row of rows) {
    if (row.deactivated) counts.deactivated += Number(row.count);
    else if (row.role in counts) counts[row.role as 'SUPER_USER' | 'ADMIN' | 'OPERATOR'] = Number(row.count);
  }
  return counts;
}

/** The company's owners (super users) a notice can be mailed to: an address, an accepted account, not deactivated. */
export function companyOwnersWithEmail(tx: Executor) {
  return tx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'locale'])
    .where('role', '=', 'SUPER_USER')
    .where('email', 'is not', null)
    .where('password_hash', 'is not', null)
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();
}
