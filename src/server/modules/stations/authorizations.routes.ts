import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../domain/shared/errors.js';
import { writerRoles, type Role } from '../../../domain/shared/roles.js';
import { stationAuthorizationsSchema } from '../../../domain/stations/station.schema.js';
import { stationAuthorizationsViewSchema } from '../../../domain/stations/stations.views.js';
import { principalOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { setStationAuthorizations, type StationRightsWriter } from './stations.handlers.js';
import { stationAuthorizationsOf } from './stations.queries.js';

const userParams = z.object({ id: z.uuid() });

/** Admins read every user's authorisations; everyone else only their own (the station screen's Move to offers those). */
const mayReadAuthorizationsOf = (reader: { userId: string; role: Role }, userId: string) => writerRoles.includes(reader.role) || reader.userId === userId;

/**
 * Per-user station authorisations, read by the user and set by admins on the user: a view of one
 * row of the user-rights matrix, so setting them here and saving the matrix are the same fact.
 */
export async function stationAuthorizationRoutes(app: FastifyInstance, writeStationRights: StationRightsWriter) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const teamChangers = { preHandler: app.requireChangeRight('team') };

  r.get('/api/users/:id/station-authorizations', {
    preHandler: app.authenticate,
    schema: {
      tags: ['stations'],
      summary: 'The stations a user may sign in at and move orders to (operators: only their own)',
      params: userParams,
      response: { 200: stationAuthorizationsViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      if (!mayReadAuthorizationsOf(principalOf(request), request.params.id)) throw new DomainError('FORBIDDEN');
      return runQuery(app, request, async (tx) => ({ userId: request.params.id, stationIds: await stationAuthorizationsOf(tx, request.params.id) }));
    },
  });

  r.put('/api/users/:id/station-authorizations', {
    ...teamChangers,
    schema: {
      tags: ['stations'],
      summary: 'Sets the whole set of stations a user may sign in at',
      params: userParams,
      body: stationAuthorizationsSchema,
      response: { 200: stationAuthorizationsViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => ({
        userId: request.params.id,
        stationIds: await setStationAuthorizations(ctx, request.params.id, request.body.stationIds, writeStationRights),
      })),
  });
}
