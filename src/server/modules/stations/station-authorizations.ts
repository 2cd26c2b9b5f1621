import { DomainError } from '../../../domain/shared/errors.js';
import {
  STATION_AUTHORIZATIONS_STREAM_TYPE,
  stationAuthorizationsStreamId,
  type StationAuthorizationEvent,
} from '../../../domain/stations/station.events.js';
import type { Executor } from '../../platform/db.js';
import { findUserById } from '../identity/index.js';
import type { CommandContext } from './stations.commands.js';
import { authorizedStationIds, existingStationIds } from './stations.queries.js';

async function requireCompanyUser(db: Executor, userId: string) {
  // The tenant transaction sees only the company's users: another company's user is not found.
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return user;
}

/** The stations the user may sign in at. */
export async function stationAuthorizationsOf(db: Executor, userId: string): Promise<string[]> {
  await requireCompanyUser(db, userId);
  return authorizedStationIds(db, userId);
}

/**
 * Sets the whole set of stations a user may sign in at, as an admin does on the user. Unknown
 * stations are refused and nothing changes; the change is recorded on the user's authorisation stream.
 */
export async function setStationAuthorizations(ctx: CommandContext, userId: string, stationIds: readonly string[]): Promise<string[]> {
  await requireCompanyUser(ctx.tx, userId);
  const existing = new Set(await existingStationIds(ctx.tx));
  const unknown = stationIds.flatMap((id, index) =>
    existing.has(id) ? [] : [{ path: `stationIds.${index}`, message: 'stations.validation.unknownStation' }],
  );
  if (unknown.length > 0) throw new DomainError('VALIDATION_ERROR', unknown);
  const wanted = [...new Set(stationIds)];

  await ctx.tx.deleteFrom('station_authorizations').where('user_id', '=', userId).execute();
  if (wanted.length > 0) {
    await ctx.tx
      .insertInto('station_authorizations')
      .values(wanted.map((stationId) => ({ company_id: ctx.companyId, user_id: userId, station_id: stationId })))
      .execute();
  }
  const event: StationAuthorizationEvent = { type: 'StationAuthorizationsSet', data: { userId, stationIds: wanted, at: ctx.at } };
  await ctx.eventStore.append(ctx.tx, {
    companyId: ctx.companyId,
    streamId: stationAuthorizationsStreamId(userId),
    streamType: STATION_AUTHORIZATIONS_STREAM_TYPE,
    expectedVersion: 'any',
    events: [event],
    metadata: ctx.metadata,
  });
  return authorizedStationIds(ctx.tx, userId);
}
