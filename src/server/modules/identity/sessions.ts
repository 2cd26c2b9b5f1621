import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Role } from '../../../domain/shared/roles.js';
import { SESSION_LIFETIME_SECONDS, type AuthService, type Principal } from '../../platform/auth.js';
import { type Db, type Executor, type Tx } from '../../platform/db.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What login, sign-up confirmation and the company switch answer. */
export interface IssuedSession {
  access_token: string;
  userId: string;
  role: Role;
  /** The company the token acts for (null for a master who has not picked one). */
  companyId: string | null;
}

/**
 * Records a session and signs its token. `ownCompanyId` is the user's company (null for the
 * master), so the session goes when the company goes; `actingFor` is what the token says.
 */
export async function openSession(
  tx: Tx,
  auth: AuthService,
  user: { id: string; role: Role; ownCompanyId: string | null },
  actingFor: string | null,
  /** The station a station login opens the session at (who is signed in where; a revoked station right ends only this session). */
  stationId: string | null = null,
): Promise<IssuedSession> {
  const tokenId = randomUUID();
  // A revoked or expired session refuses its token whether its row is kept or not: drop them here.
  await tx
    .deleteFrom('sessions')
    .where('user_id', '=', user.id)
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<', sql<Date>`now()`)]))
    .execute();
  await tx
    .insertInto('sessions')
    .values({
      id: tokenId,
      company_id: user.ownCompanyId,
      user_id: user.id,
      station_id: stationId,
      expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_LIFETIME_SECONDS})`,
      revoked_at: null,
    })
    .execute();
  const access_token = auth.sign({ userId: user.id, role: user.role, companyId: actingFor, tokenId });
  return { access_token, userId: user.id, role: user.role, companyId: actingFor };
}

export async function revokeSession(db: Executor, tokenId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends the session of this token; answers the station it was opened at (null: a console session, or none open). */
export async function endSession(db: Executor, tokenId: string): Promise<{ stationId: string | null }> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .returning('station_id')
    .executeTakeFirst();
  return { stationId: ended?.station_id ?? null };
}

/** Ends a user's sessions opened at these stations (a revoked station right), not their others. */
export async function revokeStationSessions(db: Executor, userId: string, stationIds: readonly string[]): Promise<void> {
  if (stationIds.length === 0) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('station_id', 'in', [...stationIds])
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends a user's open station sessions (at any station); answers the stations they were open at. */
export async function endStationSessionsOf(db: Executor, userId: string): Promise<string[]> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('station_id', 'is not', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('station_id')
    .execute();
  return ended.flatMap((row) => (row.station_id ? [row.station_id] : []));
}

/** Ends every session opened at this station (the station was deleted). */
export async function revokeSessionsAtStation(db: Executor, stationId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('station_id', '=', stationId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Who is signed in at which station right now, in the transaction's company: station sessions
 * neither ended nor expired, with the user, oldest first.
 */
export async function openStationSessions(db: Executor) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 's.user_id as userId', 's.station_id as stationId', 's.created_at as since', 'u.first_name', 'u.last_name', 'u.username'])
    .where('s.station_id', 'is not', null)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.deactivated_at', 'is', null)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

/** Ends every session of a user, except one (the one changing its own password). */
export async function revokeUserSessions(db: Executor, userId: string, except?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except) query = query.where('id', '<>', except);
  await query.execute();
}

/**
 * The token check behind every authenticated request and the live feed: the session exists, is
 * neither revoked nor expired, its user still exists with the token's role and is not deactivated, and a company user
 * still belongs to the token's company. Users and sessions of a deleted company are gone with it.
 */
export function sessionCheck(db: Db) {
  return async (principal: Principal): Promise<boolean> => {
    if (!uuidPattern.test(principal.tokenId) || !uuidPattern.test(principal.userId)) return false;
    // Every request asks this: one statement on the platform connection, no transaction around it.
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.role', 'u.company_id'])
      .where('s.id', '=', principal.tokenId)
      .where('s.user_id', '=', principal.userId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.deactivated_at', 'is', null)
      .executeTakeFirst();
    if (!row || row.role !== principal.role) return false;
    return row.role === 'MASTER' || row.company_id === principal.companyId;
  };
}
