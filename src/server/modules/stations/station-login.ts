import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { loginKindOf } from '../../../domain/identity/identity.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { onlyOperatorsSignIn } from '../../../domain/stations/station.decider.js';
import type { stationLoginSchema } from '../../../domain/stations/station.schema.js';
import { runInTenant } from '../../platform/command.js';
import { withSystem } from '../../platform/db.js';
import {
  endEarlierStationSessions,
  findUserByLogin,
  loginThrottleFor,
  openSession,
  passwordMatches,
  recordLoginFailure,
  rememberSignIn,
  throttleKeys,
} from '../identity/index.js';
import { signInAtStation } from './stations.handlers.js';
import { isAuthorizedForStation } from './stations.queries.js';

/**
 * Station login: an operation user signs in at one station with username and password. Wrong
 * credentials answer like the console login and count towards the same throttle; then only an
 * operator of the station's company who is authorised for it gets a session (a revocable token
 * like any login, recording the station) and the sign-in is recorded on the station's stream; their
 * earlier station sessions end (one station at a time). A deactivated user is refused (403
 * USER_DEACTIVATED) once the password is right.
 */
export async function signInAtStationWithPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  stationId: string,
  credentials: z.infer<typeof stationLoginSchema>,
) {
  // The throttle's moment: its failures are kept even when the sign-in is refused, outside the command's transaction.
  const now = app.clock.now();
  const keys = throttleKeys(credentials.username, request.ip);
  const throttle = await loginThrottleFor(app.db, keys, now);
  if (throttle.blocked) {
    reply.header('retry-after', String(throttle.retryAfterSeconds));
    throw new DomainError('TOO_MANY_REQUESTS', [{ path: '', message: 'errors.TOO_MANY_REQUESTS', params: { retryAfterSeconds: throttle.retryAfterSeconds } }]);
  }
  const user = await withSystem(app.db, (tx) => findUserByLogin(tx, credentials.username, loginKindOf(credentials.username)));
  if (!(await passwordMatches(credentials.password, user?.password_hash)) || !user) {
    await recordLoginFailure(app.db, keys, now);
    throw new DomainError('INVALID_CREDENTIALS');
  }
  await rememberSignIn(app.db, keys, now);
  if (user.deactivated_at) throw new DomainError('USER_DEACTIVATED');
  // Checked before the station is looked up, so a non-operator learns nothing about stations.
  const notOperator = onlyOperatorsSignIn(user.role);
  if (notOperator || !user.company_id) throw notOperator ?? new DomainError('NOT_OPERATOR');
  const companyId = user.company_id;

  const scope = {
    companyId,
    actor: { userId: user.id, role: user.role },
    metadata: { userId: user.id, role: user.role, onBehalfOf: companyId, correlationId: request.id },
  };
  return runInTenant(app, scope, async (ctx) => {
    const authorized = await isAuthorizedForStation(ctx.tx, user.id, stationId);
    const station = await signInAtStation(ctx, stationId, { userId: user.id, username: user.username ?? '', role: user.role }, authorized);
    await endEarlierStationSessions(ctx, user.id);
    const session = await openSession(ctx.tx, app.auth, { id: user.id, role: user.role, ownCompanyId: companyId }, companyId, stationId);
    return {
      access_token: session.access_token,
      userId: user.id,
      role: user.role,
      companyId,
      station: { id: stationId, name: station.name },
      locale: user.locale,
    };
  });
}
